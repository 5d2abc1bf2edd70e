/** Presentation rules shared by the testimonial marquee (static HTML) and the flip carousel island. */
import { fillSlots } from './brand';

/** Six pastel card backgrounds; a card takes one by its id, so neighbours differ and colours cycle. */
export const CARD_COLOURS = ['#fde2e4', '#e2ece9', '#dbeafe', '#fef3c7', '#ede9fe', '#fce7f3'] as const;

export function cardColour(id: number): string {
  const index = ((Math.trunc(id) % CARD_COLOURS.length) + CARD_COLOURS.length) % CARD_COLOURS.length;
  return CARD_COLOURS[index] ?? CARD_COLOURS[0];
}

/** A testimonial as the carousel island receives it: plain data, the logo and photo already resolved to URLs. */
export interface TestimonialCard {
  id: number;
  name: string;
  /** The kind of business, with its city when it has one: "Yoga Studio · Chennai". */
  category: string;
  quote: string;
  author: string;
  result?: string;
  logo: { src: string; width: number; height: number };
  alt: string;
  photo?: { src: string; width: number; height: number };
  /** The customer's own page: its address, what the link shows and its name for a screen reader. */
  link?: CustomerLink;
}

/** A link to a customer's own page as a card shows it. */
export interface CustomerLink {
  href: string;
  /** The address as the card shows it: "sthirayoga.in", "instagram.com/sthirayoga". */
  text: string;
  /** Its accessible name: says whose page it is and where it goes, the shown address included. */
  label: string;
}

/** The kind of business and the city, as one line under the name. */
export function categoryLine(category: string, city?: string): string {
  return city ? `${category} · ${city}` : category;
}

/**
 * The link to a customer's page: the address shown without https://, www. or a trailing slash, and a name from the
 * `linkLabel` pattern (ui.json, "{name}: {address}, opens in a new tab"), which holds the shown address.
 */
export function customerLink(href: string, name: string, linkLabel: string): CustomerLink {
  const text = href
    .replace(/^https:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/$/, '');
  return { href, text, label: fillSlots(linkLabel, { name, address: text }) };
}

/** Cards in a row of the desktop grid: three when they fill whole rows of three, two when they fill rows of two. */
export function gridColumns(count: number): 2 | 3 {
  return count % 3 !== 0 && count % 2 === 0 ? 2 : 3;
}
