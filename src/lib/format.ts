/** Formatting shared by pages and islands. */

/**
 * A long date: "March 20, 2024" (month-first, as the legal pages print it) or "20 March 2024" (day-month-year, as
 * the blog prints it). Always in UTC so the build machine's time zone does not shift the day.
 */
export function formatLongDate(date: Date, order: 'month-first' | 'day-first' = 'day-first'): string {
  return new Intl.DateTimeFormat(order === 'month-first' ? 'en-US' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** Rupees with Indian digit grouping: 4599900 -> "₹45,99,900". */
export function formatRupees(amount: number, options: { decimals?: number } = {}): string {
  const { decimals = 0 } = options;
  return `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}
