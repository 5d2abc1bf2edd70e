/**
 * Content writes the brand's names as slots, so that what is set in configuration appears everywhere: "{brand}" for
 * the brand name and "{supportEmail}" for the support address. A few labels hold other named slots ("Show the quote
 * from {name}"). Pure functions: src/data/content.ts fills the brand in where content is read; components fill the
 * other slots.
 */
export interface BrandSlots {
  brand: string;
  supportEmail: string;
}

const BRAND_SLOT_NAMES = ['brand', 'supportEmail'] as const;

function fillText(text: string, slots: BrandSlots): string {
  if (!text.includes('{')) return text;
  return BRAND_SLOT_NAMES.reduce((out, name) => out.replaceAll(`{${name}}`, slots[name]), text);
}

/**
 * Returns `value` with every brand slot in its strings (in nested plain objects and arrays too) filled in. Parts with
 * nothing to fill are returned as they are (an image's metadata keeps every property it has).
 */
export function fillBrand<T>(value: T, slots: BrandSlots): T {
  if (typeof value === 'string') return fillText(value, slots) as T;
  if (Array.isArray(value)) {
    const items = value.map((item) => fillBrand(item, slots));
    return (items.some((item, i) => item !== value[i]) ? items : value) as T;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value);
    const filled = entries.map(([key, item]) => [key, fillBrand(item, slots)] as const);
    return (filled.some(([, item], i) => item !== entries[i]?.[1]) ? Object.fromEntries(filled) : value) as T;
  }
  return value;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Markup (rendered Markdown) with the brand slots filled in, escaped for HTML. A slot inside a link's address arrives
 * percent-encoded ("mailto:%7BsupportEmail%7D") and is filled with the percent-encoded value.
 */
export function fillBrandHtml(html: string, slots: BrandSlots): string {
  return BRAND_SLOT_NAMES.reduce(
    (out, name) =>
      out
        .replaceAll(`%7B${name}%7D`, escapeHtml(encodeURI(slots[name])))
        .replaceAll(`{${name}}`, escapeHtml(slots[name])),
    html,
  );
}

/** A label with its named slots filled: fillSlots("Show the quote from {name}", { name: "Ashtanga House" }). */
export function fillSlots(text: string, slots: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in slots ? String(slots[key]) : match));
}
