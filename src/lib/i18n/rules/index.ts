/** Each language's copy rules, by locale: the checks take an entry's from its locale, never from its folder. */
import type { Locale } from '../locales';
import { en } from './en';
import { hi } from './hi';
import type { LanguageRules } from './types';

export type { LanguageRules } from './types';

export const LANGUAGE_RULES: Readonly<Record<Locale, LanguageRules>> = { en, hi };

export const rulesOf = (locale: Locale): LanguageRules => LANGUAGE_RULES[locale];
