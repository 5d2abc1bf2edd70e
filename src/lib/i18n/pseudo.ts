/**
 * The pseudo-locale's transform: every word of content and labels accented and bracketed ("Book a Free Demo" becomes
 * "⟦ƁōōĶ ā Ƒŕēē Đēɱō⟧"), so that a page rendered from it shows at a glance, and to a check, every word that did not
 * come from content. Slots ("{brand}"), addresses, ids, icon names and markup are left as they are: they are no words.
 */

import { isWords } from './overlay';

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

/** The facts' lists of the words a claim is recognised by: read by the build's checks, never shown. */
const MATCHED_WORDS = 'words';

/**
 * Words a translation gives too, but which the components read as codes or show as addresses, so the pseudo-locale
 * keeps them: the comparison table's "yes", "no" and "add-on", and a host name such as "sukhayoga.in".
 */
const KEPT_VALUE = /^(yes|no|add-on|[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?)$/;

/**
 * A value that is no text: what a translation leaves as the English has it (isWords: an id, a one-word code of a field
 * of codes, a URL, a date; "/year" after a price and "Built in 40 seconds" in a status field are words), and the
 * kept values above.
 */
const isCode = (value: string, key: string) => key === MATCHED_WORDS || !isWords(value, key) || KEPT_VALUE.test(value);

/** `value` with every string a visitor reads marked (pseudo), its ids, addresses and codes kept. */
export function pseudoData<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (isCode(value, key) ? value : pseudo(value)) as T;
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
