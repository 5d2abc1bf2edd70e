/**
 * The words the build's copy rules read, in one language: the checks of plan copy and of claims take the table of an
 * entry's language (as the table of where content lives names it), so that a Hindi file is held to the same rules as
 * an English one, in its own words.
 */
export interface LanguageRules {
  /** Where a text is cut into sentences (after the mark, before the space). */
  sentenceEnd: RegExp;
  /** A sentence about a plan's fee or what billing saves: a percentage in it is a fee or a saving. */
  feeOrSaving: RegExp;
  /** ...but a clause about a payment gateway states the gateway's charges, not a plan's. */
  gateway: RegExp;
  /** A sentence about a free trial, a free trial said, and a number of days (group 1) written in it. */
  trial: RegExp;
  freeTrial: RegExp;
  days: RegExp;
  /** A figure joined to the next or the one before into a range ("2 to 2.5%"). */
  rangeAfter: RegExp;
  rangeBefore: RegExp;
  /** "Coming soon" written by hand. */
  comingSoon: RegExp;
  /** The word for a plan, found as a whole word ("plan", "plans"). */
  planWord: RegExp;
  /** Words used as plan names elsewhere: before the word for a plan they must be the name of one of ours. */
  planLikeNames: readonly string[];
  /** `words` as a whole word of this language's text, in any case. */
  wordPattern: (words: string) => RegExp;
  /** Ways this language writes a fact out beside the facts' own words, by the statement's id ("24 घंटे": support). */
  factWords: Readonly<Record<string, readonly string[]>>;
  /** Ways this language names a feature beside the facts' own words, by the feature's id ("कस्टम डोमेन": customDomain). */
  featureWords: Readonly<Record<string, readonly string[]>>;
  /** The claims we do not make, as this language writes them, by the facts' English words ("no credit card"). */
  neverSay: Readonly<Record<string, readonly string[]>>;
  /** Reading speed behind a post's "{minutes} min read". */
  wordsPerMinute: number;
  /** A long date's parts, in the language's words, ordered month first (the legal pages' form), where it has one. */
  monthFirst?: (parts: { day: string; month: string; year: string }) => string;
}
