/** The shape of a language's rules table (the English one is EN_RULES). */
export interface LanguageRules {
  feeOrSaving: RegExp;
  gateway: RegExp;
  comingSoon: RegExp;
  oneSpelling: { pattern: RegExp; write: string; why: string }[];
  wordsPerMinute: number;
  /** A long date's parts, in the language's words, ordered month first. */
  monthFirst: (parts: { day: string; month: string; year: string }) => string;
}
