import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type SearchFile,
  blogSearch,
  postsBuilt,
  writeCheckedIndex,
  writeSearchFiles,
} from '../../src/integrations/blog-search';
import { checkSearchIndex } from '../../src/integrations/search-index-check';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// Real indexes, built by Pagefind: from three posts in two categories (so it has fragments, a word index and a
// filter), and from none, as a blog without posts or a build during an API outage gets it.
let files: SearchFile[];
let emptyFiles: SearchFile[];
beforeAll(async () => {
  try {
    const { index } = await pagefind.createIndex({});
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
    const { index: empty } = await pagefind.createIndex({});
    const site = mkdtempSync(join(tmpdir(), 'no-posts-'));
    folders.push(site);
    const added = await empty!.addDirectory({ path: site, glob: 'blog/**/*.html' });
    expect(added.page_count).toBe(0);
    ({ files: emptyFiles } = await empty!.getFiles());
  } finally {
    await pagefind.close();
  }
}, 30_000);

async function written(index = files): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'search-index-'));
  folders.push(root);
  const dir = join(root, 'pagefind');
  await writeSearchFiles(dir, index);
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
    expect(checkSearchIndex(dir, 3)).toEqual([]);
  });

  it('refuses an index that holds fewer pages than the posts built', async () => {
    expect(checkSearchIndex(await written(), 4)).toEqual([
      { file: 'pagefind-entry.json', problem: 'counts 3 pages, not the 4 posts built' },
    ]);
  });

  it('names an empty, an unparsable or a missing entry', async () => {
    const dir = await written();
    truncateSync(join(dir, 'pagefind-entry.json'), 0);
    expect(checkSearchIndex(dir, 3)).toEqual([{ file: 'pagefind-entry.json', problem: 'is empty (0 bytes)' }]);
    writeFileSync(join(dir, 'pagefind-entry.json'), '{"version":"1.5.2","languages":{"en":');
    expect(checkSearchIndex(dir, 3)).toEqual([{ file: 'pagefind-entry.json', problem: 'is not valid JSON' }]);
    writeFileSync(join(dir, 'pagefind-entry.json'), '{"version":"1.5.2","languages":{}}');
    expect(checkSearchIndex(dir, 3)).toEqual([
      { file: 'pagefind-entry.json', problem: 'names no language index, though 3 posts were built' },
    ]);
    writeFileSync(join(dir, 'pagefind-entry.json'), '{"version":"1.5.2"}');
    expect(checkSearchIndex(dir, 3)).toEqual([
      { file: 'pagefind-entry.json', problem: 'has no list of language indexes' },
    ]);
    writeFileSync(join(dir, 'pagefind-entry.json'), '{"languages":{"en":{"hash":"../../etc/passwd"}}}');
    expect(checkSearchIndex(dir, 3)).toEqual([
      { file: 'pagefind-entry.json', problem: 'has an unreadable entry for the language "en"' },
      { file: 'pagefind-entry.json', problem: 'counts 0 pages, not the 3 posts built' },
    ]);
    unlinkSync(join(dir, 'pagefind-entry.json'));
    expect(checkSearchIndex(dir, 3)).toEqual([{ file: 'pagefind-entry.json', problem: 'is missing' }]);
  });

  it("names a missing language's meta index, fragment, index chunk, filter chunk or WebAssembly file", async () => {
    for (const pick of [
      (dir: string) => readdirSync(dir).find((f) => f.endsWith('.pf_meta'))!,
      (dir: string) => named(dir, 'fragment')[1]!,
      (dir: string) => named(dir, 'index')[0]!,
      (dir: string) => named(dir, 'filter')[0]!,
      () => 'wasm.en.pagefind',
      () => 'pagefind.js',
    ]) {
      const dir = await written();
      const file = pick(dir);
      unlinkSync(join(dir, file));
      expect(checkSearchIndex(dir, 3)).toEqual([{ file, problem: 'is missing' }]);
    }
  });

  it('names a zero-byte or cut-short file, whether the search reads it or not', async () => {
    const dir = await written();
    const fragment = named(dir, 'fragment')[0]!;
    const meta = readdirSync(dir).find((f) => f.endsWith('.pf_meta'))!;
    truncateSync(join(dir, fragment), 0);
    truncateSync(join(dir, 'wasm.unknown.pagefind'), 0); // written by Pagefind, not read by an English site
    truncateSync(join(dir, 'wasm.en.pagefind'), 4096); // a write stopped at a page boundary
    expect(checkSearchIndex(dir, 3)).toEqual([
      {
        file: 'wasm.en.pagefind',
        problem: "does not decompress (unexpected end of file): it is cut short or not Pagefind's",
      },
      { file: fragment, problem: 'is empty (0 bytes)' },
      { file: 'wasm.unknown.pagefind', problem: 'is empty (0 bytes)' },
    ]);
    truncateSync(join(dir, meta), 0);
    expect(checkSearchIndex(dir, 3).map((p) => p.file)).toContain(meta);
  });
});

describe('checkSearchIndex on the index of a blog without posts', () => {
  const entry = (dir: string) => join(dir, 'pagefind-entry.json');

  it('passes the whole entry Pagefind writes when no page was indexed: no language, and so no meta or fragment', async () => {
    const dir = await written(emptyFiles);
    expect(JSON.parse(readFileSync(entry(dir), 'utf8'))).toMatchObject({ languages: {} });
    expect(readdirSync(dir).filter((f) => /\.pf_|^(fragment|index|filter)$/.test(f))).toEqual([]);
    expect(checkSearchIndex(dir, 0)).toEqual([]);
  });

  it('refuses it when posts were built: their pages are missing from the index', async () => {
    expect(checkSearchIndex(await written(emptyFiles), 2)).toEqual([
      { file: 'pagefind-entry.json', problem: 'names no language index, though 2 posts were built' },
    ]);
  });

  it('refuses an index of posts when none were built', async () => {
    expect(checkSearchIndex(await written(), 0)).toEqual([
      { file: 'pagefind-entry.json', problem: 'counts 3 pages, not the 0 posts built' },
    ]);
  });

  it('refuses it truncated: an entry cut short, emptied or missing, the module missing', async () => {
    const dir = await written(emptyFiles);
    const whole = readFileSync(entry(dir));
    writeFileSync(entry(dir), whole.subarray(0, whole.indexOf('"languages"') + 12)); // cut after "languages":
    expect(checkSearchIndex(dir, 0)).toEqual([{ file: 'pagefind-entry.json', problem: 'is not valid JSON' }]);
    writeFileSync(entry(dir), whole.subarray(0, whole.length - 1)); // only its last brace lost
    expect(checkSearchIndex(dir, 0)).toEqual([{ file: 'pagefind-entry.json', problem: 'is not valid JSON' }]);
    truncateSync(entry(dir), 0);
    expect(checkSearchIndex(dir, 0)).toEqual([{ file: 'pagefind-entry.json', problem: 'is empty (0 bytes)' }]);
    unlinkSync(entry(dir));
    expect(checkSearchIndex(dir, 0)).toEqual([{ file: 'pagefind-entry.json', problem: 'is missing' }]);

    const other = await written(emptyFiles);
    unlinkSync(join(other, 'pagefind.js'));
    truncateSync(join(other, 'wasm.unknown.pagefind'), 0);
    expect(checkSearchIndex(other, 0)).toEqual([
      { file: 'pagefind.js', problem: 'is missing' },
      { file: 'wasm.unknown.pagefind', problem: 'is empty (0 bytes)' },
    ]);
  });

  it('refuses an entry that is JSON but no list of languages', async () => {
    const dir = await written(emptyFiles);
    writeFileSync(entry(dir), '{"version":"1.5.2","languages":[]}');
    expect(checkSearchIndex(dir, 0)).toEqual([
      { file: 'pagefind-entry.json', problem: 'has no list of language indexes' },
    ]);
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

  it('writes the empty index of a blog without posts, and says nothing', async () => {
    const dir = join(await written(), '..', 'again');
    const log = logger();
    await writeCheckedIndex(dir, emptyFiles, 0, log);
    expect(checkSearchIndex(dir, 0)).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  it('stops the build when posts were built and the index is empty', async () => {
    const dir = join(await written(), '..', 'again');
    const log = logger();
    await expect(writeCheckedIndex(dir, emptyFiles, 2, log)).rejects.toThrow(
      `The search index is broken: ${join(dir, 'pagefind-entry.json')} names no language index, though 2 posts were built`,
    );
    expect(log.warnings).toHaveLength(1);
  });
});

describe('postsBuilt', () => {
  it("counts the post pages among the build's pages, not the lists of posts", () => {
    const pages = ['index', 'blog/a', 'blogs', 'blogs/2', 'blogs/category/yoga', 'blog/caf\u00e9', '404', 'blog-x'];
    expect(postsBuilt(pages.map((pathname) => ({ pathname })))).toBe(2);
    expect(postsBuilt([{ pathname: 'blogs' }])).toBe(0);
  });
});

describe('the build step (blogSearch), over real Pagefind', () => {
  type BuildDone = NonNullable<AstroIntegration['hooks']['astro:build:done']>;
  const post = (n: number, body = 'data-pagefind-body') =>
    `<html lang="en"><body><article ${body}><h1>Post ${n}</h1><p>Members pay for the community.</p></article></body></html>`;

  /** Runs the step on a built site of `files` whose build wrote `pages`; the step's log lines. */
  async function build(files: Record<string, string>, pages: string[]) {
    const root = mkdtempSync(join(tmpdir(), 'built-site-'));
    folders.push(root);
    for (const [path, html] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), html);
    }
    const log = { info: [] as string[], warn: [] as string[] };
    const logger = { info: (m: string) => log.info.push(m), warn: (m: string) => log.warn.push(m) };
    const done = blogSearch().hooks['astro:build:done'] as BuildDone;
    const run = done({
      dir: pathToFileURL(`${root}/`),
      pages: pages.map((pathname) => ({ pathname })),
      logger,
    } as unknown as Parameters<BuildDone>[0]);
    return { root, log, run };
  }
  const lists = { 'index.html': '<html lang="en"><body>Home</body></html>', 'blogs.html': '<p>No blogs found</p>' };

  it('passes a build without posts (an API outage, a new blog) and writes its empty index', async () => {
    const { root, log, run } = await build(lists, ['index', 'blogs']);
    await run;
    expect(log.warn).toEqual([]);
    expect(log.info).toEqual([expect.stringMatching(/^0 posts indexed for search in pagefind\//)]);
    expect(checkSearchIndex(join(root, 'pagefind'), 0)).toEqual([]);
  }, 30_000);

  it('indexes every post a build wrote', async () => {
    const { root, log, run } = await build({ ...lists, 'blog/post-1.html': post(1), 'blog/post-2.html': post(2) }, [
      'index',
      'blogs',
      'blog/post-1',
      'blog/post-2',
    ]);
    await run;
    expect(log.warn).toEqual([]);
    expect(log.info).toEqual([expect.stringMatching(/^2 posts indexed for search/)]);
    expect(readdirSync(join(root, 'pagefind', 'fragment'))).toHaveLength(2);
  }, 30_000);

  it('stops a build whose post Pagefind left out of the index', async () => {
    // Pagefind leaves out a page without data-pagefind-body once another page has one.
    const { run } = await build(
      { ...lists, 'blog/post-1.html': post(1), 'blog/post-2.html': post(2), 'blog/post-3.html': post(3, '') },
      ['index', 'blogs', 'blog/post-1', 'blog/post-2', 'blog/post-3'],
    );
    await expect(run).rejects.toThrow(/pagefind-entry\.json counts 2 pages, not the 3 posts built$/);
  }, 30_000);

  it("stops a build whose post page Pagefind never found: the count is the build's, not what Pagefind read", async () => {
    const { run } = await build({ ...lists, 'blog/post-1.html': post(1), 'post-2.html': post(2) }, [
      'index',
      'blogs',
      'blog/post-1',
      'blog/post-2',
    ]);
    await expect(run).rejects.toThrow(/pagefind-entry\.json counts 1 pages, not the 2 posts built$/);
  }, 30_000);
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
    expect(checkSearchIndex(dir, 3)).toEqual([]);
  });
});
