/**
 * The static paths of a page of each entry of a collection in each language its entry is in: English at "/<id>" with
 * its aliases, a translation at "/<locale>/<id>" with none (the route's `locale` parameter).
 */
import type { CollectionEntry } from 'astro:content';
import { withAliases } from '../lib/routes';
import { readEntries } from './content';
import { localeParam, SITE_LOCALES } from './locales';

export async function entryRoutes<C extends 'features' | 'landing' | 'legal'>(collection: C, param: string) {
  const pages = await Promise.all(
    SITE_LOCALES.map(async (locale) =>
      (await readEntries(collection, undefined, locale)).map((entry) => ({
        params: { locale: localeParam(locale), [param]: entry.id } as Record<string, string | undefined>,
        props: { data: entry.data as CollectionEntry<C>['data'] },
      })),
    ),
  );
  const [english = [], ...translations] = pages;
  return [...withAliases(param, english), ...translations.flat()];
}
