/**
 * Each language's rules, by locale. A locale without a table has no rules to check its copy by, and the build says
 * so rather than hold it to another language's words.
 */
import type { Locale } from '../locales';
import { EN_RULES } from './en';
import type { LanguageRules } from './types';

export type { LanguageRules } from './types';

const RULES: Partial<Record<Locale, LanguageRules>> = { en: EN_RULES };

/** The rules of `locale`'s language; a locale with none fails, naming it. */
export function rulesFor(locale: Locale): LanguageRules {
  const rules = RULES[locale];
  if (!rules) throw new Error(`No language rules for "${locale}": add a table of its rules beside the English one`);
  return rules;
}
