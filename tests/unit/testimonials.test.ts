import { describe, expect, it } from 'vitest';
import { CARD_COLOURS, cardColour } from '../../src/lib/testimonials';

describe('testimonial card colours', () => {
  it('has six pastel colours and cycles through them by id', () => {
    expect(CARD_COLOURS).toHaveLength(6);
    expect(new Set([1, 2, 3, 4, 5, 6].map(cardColour)).size).toBe(6);
    expect(cardColour(7)).toBe(cardColour(1));
    expect(cardColour(12)).toBe(cardColour(6));
  });
});
