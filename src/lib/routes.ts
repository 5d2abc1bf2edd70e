/**
 * The route table: the site's paths that are not a page file of their own (aliases, the thank-you page), the
 * pricing pages' paths per price list, and the pages left out of the sitemap and search engines (UNLISTED).
 *
 * ALIASES: paths that answer with another page, each pointing at its canonical path: the route table's own spellings
 * (/Yoga, /ai-Web-builder) and the WhatsApp landing page's extra routes. This table is the only place an alias is
 * written: the pages' getStaticPaths add the aliases of every path they build (withAliases), BaseLayout gives an alias
 * its page's canonical URL, the sitemap leaves aliases out, and the budgets follow the canonical page.
 */
import { VARIANTS_FOLDER } from './experiments/wire';
import { priceLists, type PriceList } from './pricing/periods';
import { DEFAULT_LOCALE, LOCALES, splitLocale, type PageLocale } from './i18n/locales';

export const ALIASES: Readonly<Record<string, string>> = {
  '/Yoga': '/yoga',
  '/ai-Web-builder': '/ai-web-builder',
  '/whatsapp-business-api': '/business-whatsapp-api',
  '/business-whatsapp-management': '/business-whatsapp-api',
  '/business-whatsapp-managements': '/business-whatsapp-api',
  '/whatsapp-business-management': '/business-whatsapp-api',
};

/** Where every lead form goes after a confirmed success. */
export const THANK_YOU_PATH = '/thank-you';

/** The canonical path of a path: its page's for an alias, itself otherwise. */
export function canonicalPath(path: string): string {
  return ALIASES[path] ?? path;
}

/** The aliases of a canonical path, e.g. "/yoga" -> ["/Yoga"]. */
export function aliasesOf(path: string): string[] {
  return Object.entries(ALIASES)
    .filter(([, canonical]) => canonical === path)
    .map(([alias]) => alias);
}

/**
 * A page's static paths plus one for each alias of each of them, with the same props. `param` is the route's
 * parameter, a single segment after the locale (as in the feature pages' route).
 */
export function withAliases<P extends { params: Record<string, string | undefined>; props?: unknown }>(
  param: string,
  paths: P[],
): P[] {
  return paths.flatMap((entry) => [
    entry,
    ...aliasesOf(`/${entry.params[param]}`).map((alias) => ({
      ...entry,
      params: { ...entry.params, [param]: alias.slice(1) },
    })),
  ]);
}

/** The sitemap's filter: canonical, listed pages only, in every language (an experiment's variant page is none). */
export function inSitemap(url: string): boolean {
  const path = pagePath(new URL(url).pathname);
  return !(path in ALIASES) && !UNLISTED.includes(splitLocale(path).path) && !path.startsWith(`${VARIANTS_FOLDER}/`);
}

/** The sitemap's languages: each locale's code (its folder) and its hreflang. */
export const sitemapLocales = {
  defaultLocale: DEFAULT_LOCALE,
  locales: Object.fromEntries(Object.entries(LOCALES).map(([code, row]) => [code, row.hreflang])),
};

/**
 * A sitemap entry in the one URL form, its versions in other languages too, English named again as the default
 * (x-default), as each page's own alternates name them.
 */
export function sitemapEntry<T extends { url: string; links?: { url: string; lang: string }[] | undefined }>(
  item: T,
): T {
  const links = item.links?.map((link) => ({ ...link, url: pageUrl(link.url) }));
  const english = links?.find((link) => link.lang === LOCALES[DEFAULT_LOCALE].hreflang);
  return {
    ...item,
    url: pageUrl(item.url),
    ...(links ? { links: english ? [...links, { url: english.url, lang: 'x-default' }] : links } : {}),
  };
}

/**
 * The one URL form of a page (build.format 'file', trailingSlash 'never'): no trailing slash, no `.html`, no `index`,
 * each segment percent-encoded as encodeURIComponent does, the form links, the feed and the sitemap use. During the
 * build Astro.url.pathname names the file ("/pricing.html", "/blog/caf%C3%A9.html"): canonical URLs and the header's
 * current link are computed from it through this.
 */
export function pagePath(pathname: string): string {
  const path = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '/')
    .replace(/\/+$/, '');
  const encode = (segment: string) => {
    try {
      return encodeURIComponent(decodeURIComponent(segment));
    } catch {
      return segment;
    }
  };
  return path.split('/').map(encode).join('/') || '/';
}

/** A page URL (a sitemap entry) in the one URL form of pagePath, on its own origin. */
export function pageUrl(url: string): string {
  const parsed = new URL(url);
  return parsed.origin + pagePath(parsed.pathname);
}

/** Route of each pricing page per price list: the regional pages live under /mr/. */
export const pricingPaths: Record<PriceList, { community: string; whatsapp: string }> = {
  main: { community: '/pricing', whatsapp: '/business-whatsapp-pricing' },
  mr: { community: '/mr/pricing', whatsapp: '/mr/business-whatsapp-pricing' },
};

/**
 * Pages that are not for search engines: left out of the sitemap, and BaseLayout marks them noindex. The regional price
 * lists are among them: they are offered by the sales team to the customers it signs up (each says so under its
 * heading), and are no page a search should land a visitor on.
 */
export const UNLISTED: readonly string[] = ['/thank-you', '/404', pricingPaths.mr.community, pricingPaths.mr.whatsapp];

/** The props of a page built once per price list. */
export interface PriceListProps {
  priceList: PriceList;
}

/**
 * getStaticPaths of a pricing page: the main price list in each of `locales` (the plans' languages), under the
 * language's folder (none for English), and each regional price list in English under its own folder (/mr/: a price
 * list, not a language). The route's parameter, `edition`, is that folder.
 */
export function priceListRoutes(
  locales: readonly PageLocale[] = [DEFAULT_LOCALE],
): { params: { edition: string | undefined }; props: PriceListProps }[] {
  return [
    ...locales.map((locale) => ({
      params: { edition: locale === DEFAULT_LOCALE ? undefined : locale },
      props: { priceList: 'main' as const },
    })),
    ...priceLists
      .filter((priceList) => priceList !== 'main')
      .map((priceList) => ({ params: { edition: priceList }, props: { priceList } })),
  ];
}
