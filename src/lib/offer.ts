/**
 * The home popup's offer in time, at build time: its validity note states the deadline's day, taken from the deadline
 * itself so the two never disagree, and the build warns once the deadline has passed. What the page decides at visit
 * time (offerRuns) and the countdown's digits are ./countdown.ts.
 */
import { fillSlots } from './brand';
import { offerRuns } from './countdown';
import { formatLongDate } from './format';
import { pageDate } from './i18n/dates';
import { DEFAULT_LOCALE, type PageLocale } from './i18n/locales';
import type { Offer } from './schemas/offer';

/** The deadline's calendar day as a date at midnight UTC, which the long date formats in UTC. */
const deadlineDate = (deadline: string) => new Date(`${deadline.slice(0, 10)}T00:00:00Z`);

/**
 * The deadline's own calendar day, written out: "2027-03-31T23:59:59+05:30" -> "March 31, 2027" (the day where the
 * offer runs, in its own offset, whatever the zone of the machine that builds the site).
 */
export function deadlineDay(deadline: string): string {
  return formatLongDate(deadlineDate(deadline), 'month-first');
}

/**
 * The popup's validity note: `validityNote` with its {deadline} filled in the page's language ("Offer valid until
 * March 31, 2027"; on a Hindi page "31 मार्च 2027").
 */
export function validityNote(
  offer: Pick<Offer, 'validityNote' | 'deadline'>,
  locale: PageLocale = DEFAULT_LOCALE,
): string {
  return fillSlots(offer.validityNote, { deadline: pageDate(locale, deadlineDate(offer.deadline), 'month-first') });
}

/** The build's warning for an offer whose deadline has passed at `now`, naming the file and the field; else null. */
export function expiredOfferWarning(file: string, offer: Pick<Offer, 'deadline'>, now: Date): string | null {
  if (offerRuns(new Date(offer.deadline), now)) return null;
  return `${file}, field deadline: the offer ended on ${deadlineDay(offer.deadline)} (${offer.deadline}), so the home popup no longer opens. Give it a deadline that is still ahead.`;
}
