/** Presentation rules shared by the testimonial marquee (static HTML) and the flip carousel island. */

/** Six pastel card backgrounds; a card takes one by its id, so neighbours differ and colours cycle. */
export const CARD_COLOURS = ['#fde2e4', '#e2ece9', '#dbeafe', '#fef3c7', '#ede9fe', '#fce7f3'] as const;

export function cardColour(id: number): string {
  const index = ((Math.trunc(id) % CARD_COLOURS.length) + CARD_COLOURS.length) % CARD_COLOURS.length;
  return CARD_COLOURS[index] ?? CARD_COLOURS[0];
}

/** A testimonial as the carousel island receives it: plain data, the logo already resolved to a URL. */
export interface TestimonialCard {
  id: number;
  name: string;
  category: string;
  quote: string;
  author: string;
  logo: { src: string; width: number; height: number };
  alt: string;
}

/** Cards in a row of the desktop grid: three when they fill whole rows of three, two when they fill rows of two. */
export function gridColumns(count: number): 2 | 3 {
  return count % 3 !== 0 && count % 2 === 0 ? 2 : 3;
}
