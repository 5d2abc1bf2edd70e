/**
 * The table of where content lives: every content file on disk is an entry it names, and reads back to the same path;
 * a translation's file is the table's too; and no module of the site writes a content file's path of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentFiles } from '../../src/data/content-files';
import { CONTENT_ROOT, contentEntryOf, contentPath } from '../../src/lib/content-paths';

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name).split('\\').join('/'))
    .sort();

describe('the table of where content lives', () => {
  it('names every JSON and Markdown file of the content folder, and reads each back to its own path', () => {
    const onDisk = filesUnder(CONTENT_ROOT).filter((path) => /\.(json|md)$/.test(path));
    const read = readContentFiles(process.cwd()).map((file) => file.path);
    expect(read.sort()).toEqual(onDisk);
    for (const path of onDisk) {
      const ref = contentEntryOf(path);
      expect(ref, path).not.toBeNull();
      expect(contentPath(ref!.collection, ref!.id, ref!.locale)).toBe(path);
    }
  });

  it("puts a translation in its locale's folder inside the collection's, and reads its locale from there", () => {
    expect(contentPath('home', 'home')).toBe('src/content/home/home.json');
    expect(contentPath('home', 'home', 'hi')).toBe('src/content/home/hi/home.json');
    expect(contentEntryOf('src/content/legal/hi/privacy-policy.md')).toEqual({
      collection: 'legal',
      locale: 'hi',
      id: 'privacy-policy',
    });
    expect(contentEntryOf('src/content/blog/categories.json')).toEqual({
      collection: 'blogCategories',
      locale: 'en',
      id: 'categories',
    });
  });

  it('knows no file outside it: a folder that is no locale, a collection of one language, another extension', () => {
    expect(contentEntryOf('src/content/home/mr/home.json')).toBeNull();
    expect(contentEntryOf('src/content/experiments/hi/home-headline.json')).toBeNull();
    expect(contentEntryOf('src/content/legal/privacy-policy.json')).toBeNull();
    expect(contentEntryOf('src/assets/home/dashboard.svg')).toBeNull();
  });

  it('is the only module of the site that writes a path to a content file', () => {
    const code = ['src', 'worker']
      .flatMap(filesUnder)
      .filter((path) => /\.(ts|tsx|mjs|astro)$/.test(path) && !path.endsWith('src/lib/content-paths.ts'));
    const writers = code.filter((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .some((line) => !/^\s*(\/\/|\/?\*)/.test(line) && /['"`]src\/content\b/.test(line)),
    );
    expect(writers).toEqual([]);
  });
});
