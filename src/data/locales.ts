/**
 * Which languages a page is in. English always; another language where the page's entry has a file in that language
 * (the table of where content lives names it). Nothing falls back to the English copy: a page whose entry has no
 * translation has no URL in that language, no language link and no alternates.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contentPath, type ContentCollection } from '../lib/content-paths';
import { DEFAULT_LOCALE, LOCALES, localePath, PSEUDO_LOCALE, type Locale, type PageLocale } from '../lib/i18n/locales';
import { site } from '../config/site';
import { parseContentFile } from './content-files';

const ROOT = process.cwd();

/** Whether `collection`'s entry `id` has a file in `locale`. */
export function hasTranslation(collection: ContentCollection, id: string, locale: Locale): boolean {
  return locale === DEFAULT_LOCALE || existsSync(join(ROOT, contentPath(collection, id, locale)));
}

/** The translation's file of an entry, parsed; a missing one fails with the path it should have. */
export function translationFile(collection: ContentCollection, id: string, locale: Locale) {
  if (!hasTranslation(collection, id, locale)) throw new Error(`${contentPath(collection, id, locale)} is missing`);
  return parseContentFile(ROOT, collection, id, locale);
}

/** The languages of the page drawn from `collection`'s entry `id`: English first. */
export function pageLocales(collection: ContentCollection, id: string): Locale[] {
  return (Object.keys(LOCALES) as Locale[]).filter((locale) => hasTranslation(collection, id, locale));
}

/** The value of a page's `[...locale]` route parameter: none for English (at the root), the code for another. */
export const localeParam = (locale: PageLocale): string | undefined => (locale === DEFAULT_LOCALE ? undefined : locale);

/**
 * The locales the pages of `locales` (a page's languages) are built in: those languages, or in the pseudo-locale build
 * the pseudo-locale alone, every page of the English site once under /qps with every word of its content marked.
 */
export const builtLocales = (locales: readonly Locale[]): PageLocale[] =>
  site.pseudoLocale ? [PSEUDO_LOCALE] : [...locales];

/** The pages drawn from one entry, by their English path (a page of each entry of BY_ID is at "/<id>"). */
const FIXED: Readonly<Record<string, readonly [ContentCollection, string]>> = {
  '/': ['home', 'home'],
  '/pricing': ['plans', 'plans'],
  '/business-whatsapp-pricing': ['plans', 'plans'],
  '/business-whatsapp-api': ['whatsapp', 'landing'],
  '/about-us': ['about', 'about-us'],
  '/blogs': ['blogPage', 'blogs'],
  '/thank-you': ['pages', 'thank-you'],
  '/404': ['pages', 'not-found'],
};
const BY_ID: readonly ContentCollection[] = ['features', 'landing', 'legal'];

/** The entry a page of the English site is drawn from, by its path ("/pricing": plans), or null. */
export function entryOfPath(path: string): readonly [ContentCollection, string] | null {
  const fixed = FIXED[path];
  if (fixed) return fixed;
  const id = /^\/([a-z0-9-]+)$/.exec(path)?.[1];
  const collection = id && BY_ID.find((c) => existsSync(join(ROOT, contentPath(c, id))));
  return collection && id ? [collection, id] : null;
}

/**
 * The languages of the page at `path` (a path of the English site, without a language's prefix): English, and those
 * its entry is translated into. A page of no entry (an alias, a regional price list, a post) is English only here.
 */
export function pathLocales(path: string): Locale[] {
  const entry = entryOfPath(path);
  return entry ? pageLocales(...entry) : [DEFAULT_LOCALE];
}

/** The path of a page of the English site as a page in `locale` links to it: in `locale` where it is, else English. */
export function linkIn(locale: string, to: string): string {
  if (locale === DEFAULT_LOCALE || !Object.hasOwn(LOCALES, locale)) return to;
  const [path = '', hash] = to.split('#');
  if (!path.startsWith('/') || !pathLocales(path).includes(locale as Locale)) return to;
  return `${localePath(locale as Locale, path)}${hash === undefined ? '' : `#${hash}`}`;
}

/** Every language of the site, English first. */
export const SITE_LOCALES = Object.keys(LOCALES) as Locale[];

/** The route parameters of a page of one entry in each locale it is built in: `{ locale }` (none for English). */
export function localeRoutes(collection: ContentCollection, id: string) {
  return builtLocales(pageLocales(collection, id)).map((locale) => ({ params: { locale: localeParam(locale) } }));
}

/** Fields of content that hold a link to a page of the site. */
// A link's address is its `to` or `href`; `links` lists addresses alone (the Products menu's groups name their links
// by address).
const LINK_FIELDS = new Set(['to', 'href', 'links']);

/**
 * `data` (an entry in `locale`) with each link to a page of the site going to that page in `locale` where it is
 * there ("/pricing" on a Hindi page is "/hi/pricing"), so that a reader stays in the language they chose.
 */
export function linksIn<T>(locale: Locale, data: T, key = ''): T {
  if (locale === DEFAULT_LOCALE) return data;
  if (typeof data === 'string') return (LINK_FIELDS.has(key) ? linkIn(locale, data) : data) as T;
  if (Array.isArray(data)) return data.map((item) => linksIn(locale, item, key)) as T;
  if (data && typeof data === 'object' && !(data instanceof Date)) {
    return Object.fromEntries(Object.entries(data).map(([k, item]) => [k, linksIn(locale, item, k)])) as T;
  }
  return data;
}
