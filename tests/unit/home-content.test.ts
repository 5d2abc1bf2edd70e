import { describe, expect, it } from 'vitest';
import { withBrand } from '../../src/lib/brand';
import { CARD_COLOURS, cardColour } from '../../src/lib/testimonials';

describe('withBrand', () => {
  it('fills "{brand}" in strings nested in objects and arrays, leaving other values alone', () => {
    const copy = { heading: 'Join {brand} revolution', list: ['{brand} and {brand}'], n: 4, ok: true };
    expect(withBrand(copy, 'Acme')).toEqual({
      heading: 'Join Acme revolution',
      list: ['Acme and Acme'],
      n: 4,
      ok: true,
    });
  });
});

describe('testimonial card colours', () => {
  it('has six pastel colours and cycles through them by id', () => {
    expect(CARD_COLOURS).toHaveLength(6);
    expect(new Set([1, 2, 3, 4, 5, 6].map(cardColour)).size).toBe(6);
    expect(cardColour(7)).toBe(cardColour(1));
    expect(cardColour(12)).toBe(cardColour(6));
  });
});
