import { mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SearchFile, writeCheckedIndex, writeSearchFiles } from '../../src/integrations/blog-search';
import { checkSearchIndex } from '../../src/integrations/search-index-check';

// A real index, built by Pagefind from three posts in two categories (so it has fragments, a word index and a filter).
let files: SearchFile[];
beforeAll(async () => {
  const { index } = await pagefind.createIndex({});
  try {
    for (const [n, category] of [
      [1, 'yoga'],
      [2, 'yoga'],
      [3, 'coaching'],
    ] as const) {
      await index!.addHTMLFile({
        url: `/blog/post-${n}/`,
        content: `<html lang="en"><body><article data-pagefind-body><h1>Post ${n}</h1>
          <span data-pagefind-filter="category">${category}</span><p>Members pay for the community ${n}.</p>
          </article></body></html>`,
      });
    }
    ({ files } = await index!.getFiles());
  } finally {
    await pagefind.close();
  }
}, 30_000);

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
async function written(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'search-index-'));
  folders.push(root);
  const dir = join(root, 'pagefind');
  await writeSearchFiles(dir, files);
  return dir;
}
const named = (dir: string, sub: string) => readdirSync(join(dir, sub)).map((f) => `${sub}/${f}`);

describe('checkSearchIndex', () => {
  it('passes the index Pagefind built, written whole, and every file it names', async () => {
    const dir = await written();
    for (const file of files) expect(readFileSync(join(dir, file.path)).equals(Buffer.from(file.content))).toBe(true);
    expect(named(dir, 'fragment')).toHaveLength(3);
    expect(named(dir, 'index').length).toBeGreaterThan(0);
    expect(named(dir, 'filter').length).toBeGreaterThan(0);
    expect(checkSearchIndex(dir)).toEqual([]);
    expect(checkSearchIndex(dir, 3)).toEqual([]);
  });

  it('refuses an index that holds fewer pages than were indexed', async () => {
    expect(checkSearchIndex(await written(), 4)).toEqual([
      { file: 'pagefind-entry.json', problem: 'counts 3 pages, not the 4 indexed' },
    ]);
  });

  it('names an empty, an unparsable or a missing entry', async () => {
    const dir = await written();
    truncateSync(join(dir, 'pagefind-entry.json'), 0);
    expect(checkSearchIndex(dir)).toEqual([{ file: 'pagefind-entry.json', problem: 'is empty (0 bytes)' }]);
    writeFileSync(join(dir, 'pagefind-entry.json'), '{"version":"1.5.2","languages":{"en":');
    expect(checkSearchIndex(dir)).toEqual([{ file: 'pagefind-entry.json', problem: 'is not valid JSON' }]);
    writeFileSync(join(dir, 'pagefind-entry.json'), '{"version":"1.5.2","languages":{}}');
    expect(checkSearchIndex(dir)).toEqual([{ file: 'pagefind-entry.json', problem: 'names no language index' }]);
    writeFileSync(join(dir, 'pagefind-entry.json'), '{"languages":{"en":{"hash":"../../etc/passwd"}}}');
    expect(checkSearchIndex(dir)).toEqual([
      { file: 'pagefind-entry.json', problem: 'has an unreadable entry for the language "en"' },
    ]);
    unlinkSync(join(dir, 'pagefind-entry.json'));
    expect(checkSearchIndex(dir)).toEqual([{ file: 'pagefind-entry.json', problem: 'is missing' }]);
  });

  it('names a missing fragment, index chunk, filter chunk or WebAssembly file the index needs', async () => {
    for (const pick of [
      (dir: string) => named(dir, 'fragment')[1]!,
      (dir: string) => named(dir, 'index')[0]!,
      (dir: string) => named(dir, 'filter')[0]!,
      () => 'wasm.en.pagefind',
      () => 'pagefind.js',
    ]) {
      const dir = await written();
      const file = pick(dir);
      unlinkSync(join(dir, file));
      expect(checkSearchIndex(dir)).toEqual([{ file, problem: 'is missing' }]);
    }
  });

  it('names a zero-byte or cut-short file, whether the search reads it or not', async () => {
    const dir = await written();
    const fragment = named(dir, 'fragment')[0]!;
    const meta = readdirSync(dir).find((f) => f.endsWith('.pf_meta'))!;
    truncateSync(join(dir, fragment), 0);
    truncateSync(join(dir, 'wasm.unknown.pagefind'), 0); // written by Pagefind, not read by an English site
    truncateSync(join(dir, 'wasm.en.pagefind'), 4096); // a write stopped at a page boundary
    expect(checkSearchIndex(dir)).toEqual([
      {
        file: 'wasm.en.pagefind',
        problem: "does not decompress (unexpected end of file): it is cut short or not Pagefind's",
      },
      { file: fragment, problem: 'is empty (0 bytes)' },
      { file: 'wasm.unknown.pagefind', problem: 'is empty (0 bytes)' },
    ]);
    truncateSync(join(dir, meta), 0);
    expect(checkSearchIndex(dir).map((p) => p.file)).toContain(meta);
  });
});

describe('writeCheckedIndex', () => {
  const logger = () => {
    const warnings: string[] = [];
    return { warnings, warn: (message: string) => void warnings.push(message) };
  };

  it('writes the index and says nothing when it is whole', async () => {
    const dir = join(await written(), '..', 'again');
    const log = logger();
    await writeCheckedIndex(dir, files, 3, log);
    expect(checkSearchIndex(dir, 3)).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  it('writes once more, and says so, when the first write left a file empty', async () => {
    const dir = join(await written(), '..', 'again');
    const log = logger();
    let writes = 0;
    await writeCheckedIndex(dir, files, 3, log, async (to, all) => {
      await writeSearchFiles(to, all);
      if (++writes === 1) truncateSync(join(to, 'pagefind-entry.json'), 0);
    });
    expect(writes).toBe(2);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain(`${join(dir, 'pagefind-entry.json')} is empty (0 bytes)`);
    expect(checkSearchIndex(dir, 3)).toEqual([]);
  });

  it('stops the build, naming the file, when the second write is broken too', async () => {
    const dir = join(await written(), '..', 'again');
    const log = logger();
    const broken = async (to: string, all: SearchFile[]) => {
      await writeSearchFiles(to, all);
      truncateSync(join(to, 'wasm.en.pagefind'), 0);
    };
    await expect(writeCheckedIndex(dir, files, 3, log, broken)).rejects.toThrow(
      `The search index is broken: ${join(dir, 'wasm.en.pagefind')} is empty (0 bytes)`,
    );
    expect(log.warnings).toHaveLength(1);
  });
});

describe('writeSearchFiles', () => {
  it('replaces what the folder held and writes nothing outside it', async () => {
    const dir = await written();
    writeFileSync(join(dir, 'stale.pf_fragment'), '');
    await writeSearchFiles(dir, files);
    expect(readdirSync(dir)).not.toContain('stale.pf_fragment');
    await expect(writeSearchFiles(dir, [{ path: '../outside.js', content: new Uint8Array([1]) }])).rejects.toThrow(
      'Pagefind named a file outside its folder: ../outside.js',
    );
    expect(readdirSync(join(dir, '..'))).toEqual(['pagefind']);
    expect(checkSearchIndex(dir)).toEqual([]);
  });
});
