/**
 * The one place content is read. Pages and layouts ask here for a collection's entries; components get plain props
 * from them and never read a collection. Every "{brand}" (and "{supportEmail}") in the data is filled in here from configuration, at
 * read time (not in the schemas: Astro keeps parsed entries between builds, and a brand changed in the environment
 * must show at once).
 */
import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { site } from '../config/site';
import { fillBrand, fillBrandHtml } from '../lib/brand';
import type { Ui } from '../lib/schemas/ui';

/** What fills the brand slots of content: the brand name and the support address from configuration. */
const slots = { brand: site.brand, supportEmail: site.supportEmail };

const FOLDERS: Partial<Record<CollectionKey, string>> = {
  ui: 'src/content/ui.json',
  blogPage: 'src/content/blog-page',
};

/** One entry's data, brand filled in. A missing entry fails the build, naming the file that should hold it. */
export async function readEntry<C extends CollectionKey>(
  collection: C,
  id: string,
): Promise<CollectionEntry<C>['data']> {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`${FOLDERS[collection] ?? `src/content/${collection}`}/${id} is missing`);
  return fillBrand(entry.data, slots);
}

/** Every entry of a collection (or those `filter` keeps), with its id, brand filled in. */
export async function readEntries<C extends CollectionKey>(
  collection: C,
  filter?: (entry: CollectionEntry<C>) => boolean,
): Promise<CollectionEntry<C>[]> {
  const entries = (await getCollection(collection, filter)) as CollectionEntry<C>[];
  return entries.map((entry) => ({ ...entry, data: fillBrand(entry.data, slots) }));
}

/** The site-wide labels of src/content/ui.json. */
export function readUi(): Promise<Ui> {
  return readEntry('ui', 'ui') as Promise<Ui>;
}

/** A Markdown entry's front matter and its rendered HTML, brand filled in (escaped for HTML in the text). */
export async function readMarkdown<C extends CollectionKey>(collection: C, id: string) {
  const entry = await getEntry(collection, id);
  const html = entry?.rendered?.html;
  if (!entry || html === undefined) throw new Error(`src/content/${collection}/${id}.md is missing`);
  return { data: fillBrand(entry.data, slots) as CollectionEntry<C>['data'], html: fillBrandHtml(html, slots) };
}
