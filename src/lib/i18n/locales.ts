/**
 * The site's languages: English at the root as it has always been, Hindi under /hi. A page exists in a language when
 * its content has an entry in that language; nothing falls back to another language's copy.
 */
export const LOCALES = {
  en: { tag: 'en-IN', hreflang: 'en-IN', ogLocale: 'en_IN', name: 'English', prefix: '' },
  hi: { tag: 'hi-IN', hreflang: 'hi-IN', ogLocale: 'hi_IN', name: 'हिन्दी', prefix: '/hi' },
} as const;

export type Locale = keyof typeof LOCALES;

export const DEFAULT_LOCALE: Locale = 'en';

/** Whether a value from outside (a form field, a stored row, a URL segment) names one of the site's languages. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALES, value);
}
