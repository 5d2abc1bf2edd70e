import { describe, expect, it } from 'vitest';
import { CARD_COLOURS, cardColour, categoryLine, customerLink, gridColumns } from '../../src/lib/testimonials';

describe('testimonial card colours', () => {
  it('has six pastel colours and cycles through them by id', () => {
    expect(CARD_COLOURS).toHaveLength(6);
    expect(new Set([1, 2, 3, 4, 5, 6].map(cardColour)).size).toBe(6);
    expect(cardColour(7)).toBe(cardColour(1));
    expect(cardColour(12)).toBe(cardColour(6));
  });
});

describe('testimonial grid columns', () => {
  it('fills whole rows: four cards in two rows of two, six in two rows of three', () => {
    expect(gridColumns(4)).toBe(2);
    expect(gridColumns(2)).toBe(2);
    expect(gridColumns(6)).toBe(3);
    expect(gridColumns(3)).toBe(3);
    expect(gridColumns(9)).toBe(3);
  });

  it('takes rows of three when no width fills every row', () => {
    expect(gridColumns(5)).toBe(3);
    expect(gridColumns(7)).toBe(3);
  });
});

describe("a customer's city and link", () => {
  it('puts the city after the kind of business, and leaves the kind alone without one', () => {
    expect(categoryLine('Yoga Studio', 'Chennai')).toBe('Yoga Studio · Chennai');
    expect(categoryLine('Online Yoga Studio')).toBe('Online Yoga Studio');
  });

  it('shows the address without https, www. or a closing slash, and names the link with it', () => {
    const label = '{name}: {address}, opens in a new tab';
    expect(customerLink('https://www.sthirayoga.in/', 'Sthira Yoga Studio', label)).toEqual({
      href: 'https://www.sthirayoga.in/',
      text: 'sthirayoga.in',
      label: 'Sthira Yoga Studio: sthirayoga.in, opens in a new tab',
    });
    expect(customerLink('https://instagram.com/paisapathshala', 'Paisa Pathshala', label).text).toBe(
      'instagram.com/paisapathshala',
    );
  });
});
