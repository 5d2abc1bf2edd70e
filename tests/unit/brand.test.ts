import { describe, expect, it } from 'vitest';
import { fillBrand } from '../../src/lib/brand';

describe('fillBrand', () => {
  it('replaces every {brand} in a string', () => {
    expect(fillBrand('Run on {brand}; {brand} does the rest.', 'Acme')).toBe('Run on Acme; Acme does the rest.');
  });

  it('reaches strings inside nested objects and arrays and keeps other values', () => {
    const image = { src: '/_astro/hero.svg', width: 560, height: 480, format: 'svg' };
    const input = { heading: 'Before {brand}', count: 8, open: true, pairs: [{ after: 'With {brand}' }], image };
    expect(fillBrand(input, 'Acme')).toEqual({
      heading: 'Before Acme',
      count: 8,
      open: true,
      pairs: [{ after: 'With Acme' }],
      image,
    });
  });

  it('leaves the original untouched', () => {
    const input = { heading: '{brand}' };
    fillBrand(input, 'Acme');
    expect(input.heading).toBe('{brand}');
  });
});
