/**
 * Content writes the brand's names as slots, so that what is set in configuration appears everywhere: "{brand}" for
 * the brand name and "{supportEmail}" for the support address; and a plan's name, price or fee as a plan slot
 * ("{plan.plus.monthly}", src/lib/pricing/plan-copy.ts), so that the plans file is the one source of each. A few labels hold
 * other named slots ("Show the quote from {name}"). Pure functions: src/data/content.ts fills the brand and plan slots
 * in where content is read; components fill the other slots.
 */
export type ContentSlots = Readonly<Record<string, string>>;

/** A slot of content: "{brand}", "{plan.plus.fee}". A slot `slots` does not hold is left as it is. */
const CONTENT_SLOT = /\{([A-Za-z][\w.]*)\}/g;
const ENCODED_SLOT = /%7B([A-Za-z][\w.]*)%7D/g;

function fillText(text: string, slots: ContentSlots): string {
  if (!text.includes('{')) return text;
  return text.replace(CONTENT_SLOT, (slot, name: string) => (Object.hasOwn(slots, name) ? slots[name]! : slot));
}

/**
 * Returns `value` with every slot of `slots` in its strings (in nested plain objects and arrays too) filled in. Parts with
 * nothing to fill are returned as they are (an image's metadata keeps every property it has).
 */
export function fillBrand<T>(value: T, slots: ContentSlots): T {
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
 * Markup (rendered Markdown) with the slots of `slots` filled in, escaped for HTML. A slot inside a link's address arrives
 * percent-encoded ("mailto:%7BsupportEmail%7D") and is filled with the percent-encoded value.
 */
export function fillBrandHtml(html: string, slots: ContentSlots): string {
  const known = (name: string) => Object.hasOwn(slots, name);
  return html
    .replace(ENCODED_SLOT, (slot, name: string) => (known(name) ? escapeHtml(encodeURI(slots[name]!)) : slot))
    .replace(CONTENT_SLOT, (slot, name: string) => (known(name) ? escapeHtml(slots[name]!) : slot));
}

/** A label with its named slots filled: fillSlots("Show the quote from {name}", { name: "Ashtanga House" }). */
export function fillSlots(text: string, slots: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in slots ? String(slots[key]) : match));
}
