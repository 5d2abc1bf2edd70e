/**
 * The content files as they are on disk, each parsed and named by the table of where content lives: its collection,
 * its language and its id. The build's checks of copy (prices, facts, names), the content admin's configuration and
 * the unit tests read them here, the same files the content layer loads, found the same way.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, DEFAULT_LOCALE, type Locale } from '../lib/i18n/locales';
import {
  CONTENT_COLLECTIONS,
  CONTENT_PLACES,
  contentFolder,
  contentPath,
  type ContentCollection,
  type ContentFile,
} from '../lib/content-paths';
import { splitFrontmatter } from './blog/embedded';

/** The locales a collection's files may be in: English, and the others where a folder of the locale holds files. */
function localesOf(collection: ContentCollection): Locale[] {
  return CONTENT_PLACES[collection].translated === false ? [DEFAULT_LOCALE] : (Object.keys(LOCALES) as Locale[]);
}

/** One file, parsed: JSON, or a Markdown file's front matter and body. A file that is no JSON names its path. */
export function parseContentFile(root: string, collection: ContentCollection, id: string, locale: Locale): ContentFile {
  const path = contentPath(collection, id, locale);
  const text = readFileSync(join(root, path), 'utf8');
  const ref = { path, collection, locale, id };
  if (path.endsWith('.md')) return { ...ref, ...splitFrontmatter(text, path) };
  try {
    return { ...ref, data: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** The ids of a collection's entries in `locale` under the project at `root`, sorted; none when there is no folder. */
export function contentIds(root: string, collection: ContentCollection, locale: Locale = DEFAULT_LOCALE): string[] {
  const { ext, only } = CONTENT_PLACES[collection];
  const folder = join(root, contentFolder(collection, locale));
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((file) => file.isFile() && file.name.endsWith(`.${ext}`))
    .map((file) => file.name.slice(0, -(ext.length + 1)))
    .filter((id) => only === undefined || id === only)
    .sort();
}

/** Every content file of `collections` (all of them unless given), in every locale, parsed. */
export function readContentFiles(
  root: string,
  collections: readonly ContentCollection[] = CONTENT_COLLECTIONS,
): ContentFile[] {
  return collections.flatMap((collection) =>
    localesOf(collection).flatMap((locale) =>
      contentIds(root, collection, locale).map((id) => parseContentFile(root, collection, id, locale)),
    ),
  );
}
