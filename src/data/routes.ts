/**
 * The static paths of a page of each entry of a collection in each locale it is built in: English at "/<id>" with its
 * aliases, a translation (or the pseudo-locale's copy) at "/<locale>/<id>" with none (the route's `locale` parameter).
 */
import type { CollectionEntry } from 'astro:content';
import { withAliases } from '../lib/routes';
import { readEntries } from './content';
import { builtLocales, localeParam, SITE_LOCALES } from './locales';
import { DEFAULT_LOCALE } from '../lib/i18n/locales';

export async function entryRoutes<C extends 'features' | 'landing' | 'legal'>(collection: C, param: string) {
  const locales = builtLocales(SITE_LOCALES);
  const pages = await Promise.all(
    locales.map(async (locale) =>
      (await readEntries(collection, undefined, locale)).map((entry) => ({
        params: { locale: localeParam(locale), [param]: entry.id } as Record<string, string | undefined>,
        props: { data: entry.data as CollectionEntry<C>['data'] },
      })),
    ),
  );
  // Only the English pages have aliases: a translation, and the pseudo-locale's copy, answer at one path.
  const [first = [], ...translations] = pages;
  return [...(locales[0] === DEFAULT_LOCALE ? withAliases(param, first) : first), ...translations.flat()];
}
