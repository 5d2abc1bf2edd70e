/** Formatting shared by pages and islands. */

/**
 * A long date: "March 20, 2024" (month-first, as the legal pages print it) or "20 March 2024" (day-month-year, as
 * the blog prints it). Always in UTC so the build machine's time zone does not shift the day.
 */
export function formatLongDate(
  date: Date,
  order: 'month-first' | 'day-first' = 'day-first',
  /** A page in another language: its `Intl` tag ("hi-IN": "20 मार्च 2024", the order its language writes). */
  tag?: string,
): string {
  return tag ? dateIn(tag).format(date) : longDate[order].format(date);
}

const dates = new Map<string, Intl.DateTimeFormat>();
function dateIn(tag: string): Intl.DateTimeFormat {
  let format = dates.get(tag);
  if (!format) dates.set(tag, (format = new Intl.DateTimeFormat(tag, longDateOptions)));
  return format;
}

// Built once: a new Intl.DateTimeFormat costs ~75 µs, formatting with an existing one ~1 µs, and the build formats
// one date per blog post page and one per card of the blog list.
const longDateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
const longDate = {
  'month-first': new Intl.DateTimeFormat('en-US', longDateOptions),
  'day-first': new Intl.DateTimeFormat('en-GB', longDateOptions),
};

/** Rupees with Indian digit grouping: 4599900 -> "₹45,99,900". */
export function formatRupees(amount: number, options: { decimals?: number } = {}): string {
  const { decimals = 0 } = options;
  return `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}
