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

/**
 * The site's language a page's `lang` attribute names: its primary subtag, in any case (`hi`, `hi-IN`, `HI`), when it
 * is one of LOCALES; else the default. What the browser reads from `<html lang>` to say which language a lead or an
 * event came from.
 */
export function localeOfLang(lang: string | null | undefined): Locale {
  const primary = (lang ?? '').trim().split('-')[0]!.toLowerCase();
  return isLocale(primary) ? primary : DEFAULT_LOCALE;
}

/**
 * The language a URL path is in: the locale whose prefix starts it (`/hi` and `/hi/...`, case as written), else the
 * default, whose prefix is empty.
 */
export function localeOfPath(pathname: string): Locale {
  for (const [locale, { prefix }] of Object.entries(LOCALES)) {
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) return locale as Locale;
  }
  return DEFAULT_LOCALE;
}
