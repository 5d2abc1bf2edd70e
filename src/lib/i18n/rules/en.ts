/** The copy rules' words in English: the site's first language, whose rules the others follow. */
import type { LanguageRules } from './types';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const en: LanguageRules = {
  sentenceEnd: /(?<=[.!?])\s+/,
  feeOrSaving: /\b(fees?|commission|sav(?:e|es|ed|ing|ings)|discount|billing|billed)\b/i,
  gateway: /\bgateways?\b/i,
  trial: /\btrials?\b/i,
  freeTrial: /\bfree trials?\b/i,
  days: /(?<![\d.,])(\d+)[\s-]*days?\b/gi,
  rangeAfter: /^\s*(?:to|-|–|—)\s*[₹\d]/,
  rangeBefore: /\d\s*%?\s*(?:to|-|–|—)\s*$/,
  comingSoon: /\bcoming soon\b/i,
  planWord: /\bplans?\b/gi,
  planLikeNames: [
    'starter',
    'basic',
    'lite',
    'light',
    'plus',
    'pro',
    'premium',
    'standard',
    'advance',
    'advanced',
    'professional',
    'business',
    'enterprise',
    'gold',
    'silver',
    'platinum',
    'diamond',
    'elite',
    'ultimate',
    'unlimited',
    'lifetime',
    'essential',
    'essentials',
  ],
  // "24/7" but not "124/7".
  wordPattern: (words) => new RegExp(`(?<![A-Za-z0-9])${escape(words)}(?![A-Za-z0-9])`, 'i'),
  factWords: {},
  featureWords: {},
  neverSay: {},
  // An adult's silent reading of non-fiction, 238 words a minute on average (Brysbaert 2019, a review of 190 studies).
  wordsPerMinute: 238,
  monthFirst: ({ day, month, year }) => `${month} ${day}, ${year}`,
};
