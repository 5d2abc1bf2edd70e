/**
 * A long date as a page shows it: in its language's words and order (formatLongDate with the locale's tag), and on a
 * page of the pseudo-locale marked as its content is, so that its check tells a date the page formatted from English
 * written into code. For pages and their build only: the islands format with their tag.
 */
import { formatLongDate } from '../format';
import { localeInfo, PSEUDO_LOCALE, type PageLocale } from './locales';
import { pseudo } from './pseudo';

export function pageDate(locale: PageLocale, date: Date, order: 'month-first' | 'day-first' = 'day-first'): string {
  const text = formatLongDate(date, order, localeInfo(locale).tag);
  return locale === PSEUDO_LOCALE ? pseudo(text) : text;
}
