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

/**
 * The pseudo-locale of the test build: the English site again under /qps, every word of its content and labels marked
 * (the pseudo-locale's transform), so that a word still written into code shows unmarked. Never in the site's build,
 * the sitemap or the language links.
 */
export const PSEUDO_LOCALE = 'qps';
export const PSEUDO = { tag: 'en-IN', hreflang: null, ogLocale: 'en_IN', name: 'Pseudo', prefix: '/qps' } as const;

/** The language a page is rendered in: one of the site's, or the test build's pseudo-locale. */
export type PageLocale = Locale | typeof PSEUDO_LOCALE;

/** A page locale's row: its `Intl` tag, its `lang`, its URL prefix. */
export const localeInfo = (locale: PageLocale) => (locale === PSEUDO_LOCALE ? PSEUDO : LOCALES[locale]);

/** The `lang` of a page in `locale` ("en", "hi"; the pseudo-locale is English marked: "en"). */
export const langOf = (locale: PageLocale): string => (locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale);

/**
 * The locale of a page by its path, the test build's pseudo-locale included: the locale whose prefix opens it, else
 * the default (English, at the root).
 */
export function pageLocaleOfPath(pathname: string): PageLocale {
  const all: [PageLocale, string][] = [
    ...(Object.entries(LOCALES) as [Locale, { prefix: string }][]).map(([code, row]): [PageLocale, string] => [
      code,
      row.prefix,
    ]),
    [PSEUDO_LOCALE, PSEUDO.prefix],
  ];
  const found = all.find(([, prefix]) => prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`)));
  return found ? found[0] : DEFAULT_LOCALE;
}

/** `path` (a path of the English site) as it is in `locale`: "/pricing" is "/hi/pricing", "/" is "/hi". */
export function localePath(locale: PageLocale, path: string): string {
  const { prefix } = localeInfo(locale);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** A path of the site without its language's prefix ("/hi/pricing": "/pricing", "/hi": "/"), and that language. */
export function splitLocale(path: string): { locale: Locale; path: string } {
  for (const [code, { prefix }] of Object.entries(LOCALES) as [Locale, { prefix: string }][]) {
    if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) {
      return { locale: code, path: path.slice(prefix.length) || '/' };
    }
  }
  return { locale: DEFAULT_LOCALE, path };
}

/**
 * The `Intl` tag a page formats dates and numbers with when its language is not English ("hi-IN"), or undefined: the
 * English site and the pseudo-locale keep the formats they have.
 */
export const otherLanguageTag = (locale: PageLocale): string | undefined =>
  locale === DEFAULT_LOCALE || locale === PSEUDO_LOCALE ? undefined : LOCALES[locale].tag;
