/**
 * The pseudo-locale's transform: every word of content and labels accented and bracketed ("Book a Free Demo" becomes
 * "⟦ƁōōĶ ā Ƒŕēē Đēɱō⟧"), so that a page rendered from it shows at a glance, and to a check, every word that did not
 * come from content. Slots ("{brand}"), addresses, ids, icon names and markup are left as they are: they are no words.
 */

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'āƀçđēƒğħīĵķĺɱńōƥʠŕşţūṽŵẋŷžĀƁÇĐĒƑĞĦĪĴĶĹṀŃŌƤɊŔŞŢŪṼŴẊŶŽ'][i]!,
  ]),
);

/** Slots, HTML tags and entities inside a text: kept as they are. */
const KEPT = /(\{[^{}]*\}|<[^>]*>|&[#\w]+;)/;

/** A text marked: its letters accented (slots, tags and entities kept) and the whole bracketed; a text with no letter
 * is left alone. */
export function pseudo(text: string): string {
  if (!/[A-Za-z]/.test(text.replace(new RegExp(KEPT.source, 'g'), ''))) return text;
  const accented = text
    .split(KEPT)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter)))
    .join('');
  return `${PSEUDO_OPEN}${accented}${PSEUDO_CLOSE}`;
}

/** Fields that hold no words: ids, addresses, pictures, icons, the names of kinds and settings. */
const NOT_WORDS = new Set([
  'id',
  'to',
  'href',
  'src',
  'links',
  'logo',
  'photo',
  'image',
  'icon',
  'kind',
  'group',
  'look',
  'message',
  'defaultPeriod',
  'status',
  'goal',
  'field',
  'when',
  'plan',
  'period',
  'page',
  'deadline',
  'words',
  'address',
]);

/** A value that is an address, a path, a date or a code word of the data ("yes", "add-on"), not text. */
const CODE_VALUE = /^(\/|#|\.{1,2}\/|https?:|mailto:|tel:|\d{4}-\d\d-\d\d|yes$|no$|add-on$)/;

/** `value` with every string a visitor reads marked (pseudo), its ids, addresses and codes kept. */
export function pseudoData<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (NOT_WORDS.has(key) || CODE_VALUE.test(value) ? value : pseudo(value)) as T;
  if (Array.isArray(value)) return value.map((item) => pseudoData(item, key)) as T;
  // A picture the content layer resolved (its address, size and format) is no text.
  if (value && typeof value === 'object' && 'src' in value && 'format' in value) return value;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, pseudoData(item, k)])) as T;
  }
  return value;
}

/** Rendered HTML with every text between its tags marked. */
export function pseudoHtml(html: string): string {
  return html.replace(/>([^<]+)</g, (whole, text: string) => (/[A-Za-z]/.test(text) ? `>${pseudo(text)}<` : whole));
}
