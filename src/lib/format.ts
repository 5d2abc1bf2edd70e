/**
 * Formatting shared by pages and islands, through `Intl` with the page locale's BCP 47 tag (the table of languages:
 * English is en-IN, Indian digit grouping and the day before the month). A page passes its tag; an island gets it as
 * a prop.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './i18n/locales';
import { rulesOf, type LanguageRules } from './i18n/rules';

/** The tag of the default locale, for what formats before a page's locale is known (content's slots). */
export const DEFAULT_TAG: string = LOCALES[DEFAULT_LOCALE].tag;

/** The date order rules of each language's tag (its month-first form). */
const MONTH_FIRST: Record<string, LanguageRules['monthFirst']> = { [DEFAULT_TAG]: rulesOf(DEFAULT_LOCALE).monthFirst };

/**
 * A long date: "March 20, 2024" (month-first, as the legal pages print it) or "20 March 2024" (day-month-year, as
 * the blog prints it), in the words of `tag`'s language. Always in UTC so the build machine's time zone does not shift
 * the day.
 */
export function formatLongDate(
  date: Date,
  order: 'month-first' | 'day-first' = 'day-first',
  tag: string = DEFAULT_TAG,
): string {
  const format = longDate(tag);
  const monthFirst = MONTH_FIRST[tag];
  if (order === 'day-first' || !monthFirst) return format.format(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(date).find((p) => p.type === type)!.value;
  return monthFirst({ day: part('day'), month: part('month'), year: part('year') });
}

// Built once per tag: a new Intl.DateTimeFormat costs ~75 µs, formatting with an existing one ~1 µs, and the build
// formats one date per blog post page and one per card of the blog list.
const longDateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
const longDates = new Map<string, Intl.DateTimeFormat>();
function longDate(tag: string): Intl.DateTimeFormat {
  let format = longDates.get(tag);
  if (!format) longDates.set(tag, (format = new Intl.DateTimeFormat(tag, longDateOptions)));
  return format;
}

/** The tag of a locale of the site ("en-IN"). */
export const tagOf = (locale: Locale): string => LOCALES[locale].tag;

/** A count with the digit grouping of `tag`'s language: 125000 -> "1,25,000". */
export function formatNumber(value: number, tag: string = DEFAULT_TAG): string {
  return value.toLocaleString(tag);
}

/** Rupees with Indian digit grouping: 4599900 -> "₹45,99,900". */
export function formatRupees(amount: number, options: { decimals?: number; tag?: string } = {}): string {
  const { decimals = 0, tag = DEFAULT_TAG } = options;
  return `₹${amount.toLocaleString(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}
