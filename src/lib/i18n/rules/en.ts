/**
 * The English site's language rules: the words the build's checks of copy look for, how fast a reader reads, how a
 * date is ordered. Another language brings its own table beside this one, and a check uses the table of the entry's
 * locale (the table of where content lives names it), never the entry's folder.
 */
import type { LanguageRules } from './types';

export const EN_RULES: LanguageRules = {
  /** A sentence about what a plan costs in fees or what billing saves. */
  feeOrSaving: /\b(fees?|commission|sav(?:e|es|ed|ing|ings)|discount|billing|billed)\b/i,
  /** ...but a clause about a payment gateway states the gateway's charges (the spec's "2 to 2.5%"), not a plan's. */
  gateway: /\bgateways?\b/i,
  /** "Coming soon" written by hand, which the facts say of a feature. */
  comingSoon: /\bcoming soon\b/i,
  /**
   * One spelling of each term across the site, the spec's where it gives one: each pattern finds the other spellings,
   * `write` is the one kept. An address (/white-labeling, the spec's route) and an id ("white-labeling-1") are not
   * words.
   */
  oneSpelling: [
    {
      pattern: /(?<![\w/-])white(?: label(?:l)?ing|-labeling|label(?:l)?ing)(?![\w-])/i,
      write: 'white-labelling',
      why: "the spec's spelling and the product facts' name for it; only the page's address, /white-labeling, keeps one l",
    },
    {
      pattern: /\bBook a Demo\b/,
      write: 'Book a Free Demo',
      why: "every button to the demo booking says the hero's words, so one label means one action",
    },
  ],
  /**
   * Reading speed behind a post's "{minutes} min read": an adult's silent reading of non-fiction, 238 words a minute
   * on average (Brysbaert 2019, a review of 190 studies).
   */
  wordsPerMinute: 238,
  /** A long date with the month first, as the legal pages print it: "March 20, 2024". */
  monthFirst: ({ day, month, year }) => `${month} ${day}, ${year}`,
};
