/**
 * Every content file against its collection's schema, through the table the build loads them with
 * (src/lib/schemas/collections.ts), and a broken file: the schema names the field at fault. (The build adds the file's
 * path: Astro's file loader reports which entry failed.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { aliasesOf } from '../../src/lib/routes';
import { FILE_COLLECTIONS } from '../../src/lib/schemas/collections';
import { checkEntry } from '../content-check';

const root = process.cwd();

type Collection = (typeof FILE_COLLECTIONS)[keyof typeof FILE_COLLECTIONS];

/**
 * The files a collection reads, as the glob loader matches its pattern: a name, or "*" and an extension, or such
 * patterns in braces with a folder ("{*,hi/*}.md": the English files and those of a language's folder).
 */
function filesOf({ base, pattern }: Collection): string[] {
  const braces = /^\{([^}]*)\}(\..+)$/.exec(pattern);
  if (braces) {
    return braces[1]!.split(',').flatMap((part) => {
      const slash = part.lastIndexOf('/');
      const folder = slash < 0 ? base : `${base}/${part.slice(0, slash)}`;
      return filesOf({ base: folder, pattern: `${part.slice(slash + 1)}${braces[2]}` } as Collection);
    });
  }
  const dir = join(root, base);
  const matches = pattern.startsWith('*.')
    ? readdirSync(dir).filter((file) => extname(file) === pattern.slice(1))
    : readdirSync(dir).filter((file) => file === pattern);
  return matches.map((file) => join(dir, file));
}

/** A file's data as the loader hands it to the schema: the JSON, or a Markdown file's front matter. */
function dataOf(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  if (extname(file) === '.json') return JSON.parse(text);
  return parseYaml(/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '');
}

function check(collection: Collection, file: string, data = dataOf(file)) {
  return checkEntry(collection as Parameters<typeof checkEntry>[0], file, data);
}

describe('content schemas', () => {
  for (const [name, collection] of Object.entries(FILE_COLLECTIONS)) {
    it(`every ${name} file meets its schema`, () => {
      const files = filesOf(collection);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const result = check(collection, file);
        expect(result.success ? [] : result.error.issues, file.slice(root.length + 1)).toEqual([]);
      }
    });
  }

  it('a feature page without its hero is refused, naming the field', () => {
    const file = join(root, 'src/content/features/payment-link.json');
    const broken = dataOf(file) as Record<string, unknown>;
    delete broken.hero;
    const result = check(FILE_COLLECTIONS.features, file, broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['hero'], message: 'Invalid input: expected object, received undefined' }),
    );
  });

  it('an image the content names but the folder lacks is refused', () => {
    const file = join(root, 'src/content/features/payment-link.json');
    const data = dataOf(file) as { hero: { image: Record<string, unknown> } };
    const image = { ...data.hero.image, src: '../../assets/features/payment-link/missing.svg' };
    const result = check(FILE_COLLECTIONS.features, file, { ...data, hero: { ...data.hero, image } });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['hero', 'image', 'src'], message: 'no such image' }),
    ]);
  });
});

describe('page collections', () => {
  /** The top-level paths a folder builds: one per file, named after it. */
  const paths = (folder: string, ext: string) =>
    readdirSync(join(root, folder))
      .filter((file) => extname(file) === ext && !file.startsWith('['))
      .map((file) => `/${basename(file, ext)}`);

  it('the feature, landing and legal routes (with their aliases) and the page files never build the same path', () => {
    const routed = [
      ...paths('src/content/features', '.json'),
      ...paths('src/content/landing', '.json'),
      ...paths('src/content/legal', '.md'),
    ];
    const all = [...routed, ...routed.flatMap(aliasesOf), ...paths('src/pages', '.astro')];
    expect(all.filter((path, i) => all.indexOf(path) !== i)).toEqual([]);
    expect(all).toEqual(expect.arrayContaining(['/member-management', '/ai-Web-builder', '/Yoga', '/privacy-policy']));
  });
});
