import { describe, expect, it } from 'vitest';
import { fillBrand, fillBrandHtml, fillSlots } from '../../src/lib/brand';

const ACME = { brand: 'Acme', supportEmail: 'help@acme.example' };

describe('fillBrand', () => {
  it('replaces every {brand} in a string', () => {
    expect(fillBrand('Run on {brand}; {brand} does the rest.', ACME)).toBe('Run on Acme; Acme does the rest.');
  });

  it('reaches strings inside nested objects and arrays and keeps other values', () => {
    const image = { src: '/_astro/hero.svg', width: 560, height: 480, format: 'svg' };
    const input = { heading: 'Before {brand}', count: 8, open: true, pairs: [{ after: 'With {brand}' }], image };
    expect(fillBrand(input, ACME)).toEqual({
      heading: 'Before Acme',
      count: 8,
      open: true,
      pairs: [{ after: 'With Acme' }],
      image,
    });
  });

  it('fills the plan slots it is given beside the brand, and leaves every other slot to its component', () => {
    const slots = { ...ACME, 'plan.plus.name': 'Plus', 'plan.plus.monthly': '₹2,499' };
    expect(fillBrand('{brand} {plan.plus.name} at {plan.plus.monthly} per {period}, {plan.gold.name}', slots)).toBe(
      'Acme Plus at ₹2,499 per {period}, {plan.gold.name}',
    );
  });

  it('writes a value as it is, even one that looks like a replacement pattern', () => {
    expect(fillBrand('Run on {brand}.', { ...ACME, brand: "A$&B$'" })).toBe("Run on A$&B$'.");
  });

  it('leaves the original untouched', () => {
    const input = { heading: '{brand}' };
    fillBrand(input, ACME);
    expect(input.heading).toBe('{brand}');
  });
});

describe('fillBrand keeps what it does not change', () => {
  it('returns the same objects where nothing holds {brand}', () => {
    const image = { src: '/_astro/hero.svg', width: 560, height: 480, format: 'svg' };
    Object.defineProperty(image, 'fsPath', { value: '/src/assets/hero.svg', enumerable: false });
    const input = { heading: 'With {brand}', image, list: ['a', 'b'] };
    const filled = fillBrand(input, ACME);
    expect(filled.image).toBe(image);
    expect(filled.list).toBe(input.list);
    expect(fillBrand(input.list, ACME)).toBe(input.list);
  });
});

describe('fillBrandHtml', () => {
  it('escapes the brand for HTML text', () => {
    expect(fillBrandHtml('<p>Welcome to {brand}.</p>', { ...ACME, brand: 'A & <B>' })).toBe(
      '<p>Welcome to A &#38; &#60;B&#62;.</p>',
    );
  });
  it('escapes a plan slot for HTML text too', () => {
    expect(fillBrandHtml('<p>{plan.x.name}</p>', { ...ACME, 'plan.x.name': 'X & <Y>' })).toBe(
      '<p>X &#38; &#60;Y&#62;</p>',
    );
  });
  it('fills the support address in link text and in a percent-encoded mailto address', () => {
    expect(fillBrandHtml('<a href="mailto:%7BsupportEmail%7D">{supportEmail}</a>', ACME)).toBe(
      '<a href="mailto:help@acme.example">help@acme.example</a>',
    );
  });
});

describe('fillSlots', () => {
  it('fills named slots and leaves unknown ones', () => {
    expect(fillSlots('{position} of {count}: {name}', { position: 2, count: 5, name: 'Lotus' })).toBe('2 of 5: Lotus');
    expect(fillSlots('Hello {who}', {})).toBe('Hello {who}');
  });
});
