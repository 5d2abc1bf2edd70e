import {
  cpSync,
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
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blogSearch, postsBuilt, postsByLang } from '../../src/integrations/blog-search';
import { checkSearchIndex } from '../../src/integrations/search-index-check';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// Real indexes, built and written by Pagefind: from three posts in two categories (so it has fragments, a word index
// and a filter), and from none, as a blog without posts or a build during an API outage gets it. Each test works on a
// copy.
const built = mkdtempSync(join(tmpdir(), 'search-indexes-'));
const full = join(built, 'full');
const empty = join(built, 'empty');
afterAll(() => rmSync(built, { recursive: true, force: true }));
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
    expect((await index!.writeFiles({ outputPath: full })).errors).toEqual([]);
    const { index: none } = await pagefind.createIndex({});
    const site = mkdtempSync(join(tmpdir(), 'no-posts-'));
    folders.push(site);
    const added = await none!.addDirectory({ path: site, glob: 'blog/**/*.html' });
    expect(added.page_count).toBe(0);
    expect((await none!.writeFiles({ outputPath: empty })).errors).toEqual([]);
  } finally {
    await pagefind.close();
  }
}, 30_000);

/** A copy of the index `from`, in a folder of its own. */
function written(from = full): string {
  const root = mkdtempSync(join(tmpdir(), 'search-index-'));
  folders.push(root);
  const dir = join(root, 'pagefind');
  cpSync(from, dir, { recursive: true });
  return dir;
}
const named = (dir: string, sub: string) => readdirSync(join(dir, sub)).map((f) => `${sub}/${f}`);

describe('checkSearchIndex', () => {
  it('passes the index Pagefind wrote, and every file it names', () => {
    const dir = written();
    expect(named(dir, 'fragment')).toHaveLength(3);
    expect(named(dir, 'index').length).toBeGreaterThan(0);
    expect(named(dir, 'filter').length).toBeGreaterThan(0);
    expect(checkSearchIndex(dir, 3)).toEqual([]);
  });

  it('refuses an index that holds fewer pages than the posts built', () => {
    expect(checkSearchIndex(written(), 4)).toEqual([
      { file: 'pagefind-entry.json', problem: 'counts 3 pages, not the 4 posts built' },
    ]);
  });

  it('names an empty, an unparsable or a missing entry', () => {
    const dir = written();
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

  it("names a missing language's meta index, fragment, index chunk, filter chunk or WebAssembly file", () => {
    for (const pick of [
      (dir: string) => readdirSync(dir).find((f) => f.endsWith('.pf_meta'))!,
      (dir: string) => named(dir, 'fragment')[1]!,
      (dir: string) => named(dir, 'index')[0]!,
      (dir: string) => named(dir, 'filter')[0]!,
      () => 'wasm.en.pagefind',
      () => 'pagefind.js',
    ]) {
      const dir = written();
      const file = pick(dir);
      unlinkSync(join(dir, file));
      expect(checkSearchIndex(dir, 3)).toEqual([{ file, problem: 'is missing' }]);
    }
  });

  it('names a zero-byte or cut-short file, whether the search reads it or not', () => {
    const dir = written();
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

  it('passes the whole entry Pagefind writes when no page was indexed: no language, and so no meta or fragment', () => {
    const dir = written(empty);
    expect(JSON.parse(readFileSync(entry(dir), 'utf8'))).toMatchObject({ languages: {} });
    expect(readdirSync(dir).filter((f) => /\.pf_|^(fragment|index|filter)$/.test(f))).toEqual([]);
    expect(checkSearchIndex(dir, 0)).toEqual([]);
  });

  it('refuses it when posts were built: their pages are missing from the index', () => {
    expect(checkSearchIndex(written(empty), 2)).toEqual([
      { file: 'pagefind-entry.json', problem: 'names no language index, though 2 posts were built' },
    ]);
  });

  it('refuses an index of posts when none were built', () => {
    expect(checkSearchIndex(written(), 0)).toEqual([
      { file: 'pagefind-entry.json', problem: 'counts 3 pages, not the 0 posts built' },
    ]);
  });

  it('refuses it truncated: an entry cut short, emptied or missing, the module missing', () => {
    const dir = written(empty);
    const whole = readFileSync(entry(dir));
    writeFileSync(entry(dir), whole.subarray(0, whole.indexOf('"languages"') + 12)); // cut after "languages":
    expect(checkSearchIndex(dir, 0)).toEqual([{ file: 'pagefind-entry.json', problem: 'is not valid JSON' }]);
    writeFileSync(entry(dir), whole.subarray(0, whole.length - 1)); // only its last brace lost
    expect(checkSearchIndex(dir, 0)).toEqual([{ file: 'pagefind-entry.json', problem: 'is not valid JSON' }]);
    truncateSync(entry(dir), 0);
    expect(checkSearchIndex(dir, 0)).toEqual([{ file: 'pagefind-entry.json', problem: 'is empty (0 bytes)' }]);
    unlinkSync(entry(dir));
    expect(checkSearchIndex(dir, 0)).toEqual([{ file: 'pagefind-entry.json', problem: 'is missing' }]);

    const other = written(empty);
    unlinkSync(join(other, 'pagefind.js'));
    truncateSync(join(other, 'wasm.unknown.pagefind'), 0);
    expect(checkSearchIndex(other, 0)).toEqual([
      { file: 'pagefind.js', problem: 'is missing' },
      { file: 'wasm.unknown.pagefind', problem: 'is empty (0 bytes)' },
    ]);
  });

  it('refuses an entry that is JSON but no list of languages', () => {
    const dir = written(empty);
    writeFileSync(entry(dir), '{"version":"1.5.2","languages":[]}');
    expect(checkSearchIndex(dir, 0)).toEqual([
      { file: 'pagefind-entry.json', problem: 'has no list of language indexes' },
    ]);
  });
});

describe('postsBuilt', () => {
  it("counts the post pages among the build's pages, not the lists of posts", () => {
    const pages = ['index', 'blog/a', 'blogs', 'blogs/2', 'blogs/category/yoga', 'blog/caf\u00e9', '404', 'blog-x'];
    expect(postsBuilt(pages.map((pathname) => ({ pathname })))).toBe(2);
    expect(postsBuilt([{ pathname: 'blogs' }])).toBe(0);
  });

  it("counts each language's posts by its folder: /hi/blog/… is Hindi, /hi/blogs is a list", () => {
    const pages = ['blog/a', 'blog/b', 'hi/blog/c', 'hi/blogs', 'hi/blogs/2', 'hi', 'hi/pricing'];
    expect(postsByLang(pages.map((pathname) => ({ pathname })))).toEqual({ en: 2, hi: 1 });
    expect(postsBuilt(pages.map((pathname) => ({ pathname })))).toBe(3);
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
    const log = { info: [] as string[] };
    const logger = { info: (m: string) => log.info.push(m) };
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
    expect(log.info).toEqual([expect.stringMatching(/^2 posts indexed for search/)]);
    expect(readdirSync(join(root, 'pagefind', 'fragment'))).toHaveLength(2);
    expect(checkSearchIndex(join(root, 'pagefind'), 2)).toEqual([]);
  }, 30_000);

  it('stops a build whose post Pagefind left out of the index', async () => {
    // Pagefind leaves out a page without data-pagefind-body once another page has one.
    const { root, run } = await build(
      { ...lists, 'blog/post-1.html': post(1), 'blog/post-2.html': post(2), 'blog/post-3.html': post(3, '') },
      ['index', 'blogs', 'blog/post-1', 'blog/post-2', 'blog/post-3'],
    );
    await expect(run).rejects.toThrow(
      `The search index is broken: ${join(root, 'pagefind', 'pagefind-entry.json')} counts 2 pages, not the 3 posts built`,
    );
  }, 30_000);

  it("stops a build whose post page Pagefind never found: the count is the build's, not what Pagefind read", async () => {
    const { root, run } = await build({ ...lists, 'blog/post-1.html': post(1), 'post-2.html': post(2) }, [
      'index',
      'blogs',
      'blog/post-1',
      'blog/post-2',
    ]);
    await expect(run).rejects.toThrow(
      `The search index is broken: ${join(root, 'pagefind', 'pagefind-entry.json')} counts 1 pages, not the 2 posts built`,
    );
  }, 30_000);

  it("indexes each language's posts in an index of its own, stemmed in its language", async () => {
    const hindi = `<html lang="hi"><body><article data-pagefind-body><h1>योग स्टूडियो</h1>
      <p>मेंबर हर महीने कम्युनिटी के लिए पेमेंट करते हैं।</p></article></body></html>`;
    const { root, log, run } = await build(
      { ...lists, 'blog/post-1.html': post(1), 'blog/post-2.html': post(2), 'hi/blog/post-3.html': hindi },
      ['index', 'blogs', 'blog/post-1', 'blog/post-2', 'hi/blog/post-3', 'hi/blogs'],
    );
    await run;
    expect(log.info).toEqual([expect.stringMatching(/^3 posts indexed for search in pagefind\/ \(2 en, 1 hi\)/)]);
    const entry = JSON.parse(readFileSync(join(root, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number; wasm: string | null }>;
    };
    // The browser's Pagefind loads the index of its page's <html lang>, with that language's stemmer.
    expect(Object.keys(entry.languages).sort()).toEqual(['en', 'hi']);
    expect(entry.languages.en).toMatchObject({ page_count: 2, wasm: 'en' });
    expect(entry.languages.hi).toMatchObject({ page_count: 1, wasm: 'hi' });
    expect(checkSearchIndex(join(root, 'pagefind'), 3)).toEqual([]);
  }, 30_000);

  it('stops a build whose Hindi post says it is English: its search would find it among the English posts', async () => {
    const { root, run } = await build({ ...lists, 'blog/post-1.html': post(1), 'hi/blog/post-2.html': post(2) }, [
      'index',
      'blogs',
      'blog/post-1',
      'hi/blog/post-2',
    ]);
    await expect(run).rejects.toThrow(
      `The search index is broken: ${join(root, 'pagefind', 'pagefind-entry.json')} its "en" index holds 2 pages, not the 1 posts built in it; its "hi" index holds 0 pages, not the 1 posts built in it`,
    );
  }, 30_000);

  it('stops a build whose posts Pagefind found none of, rather than publish an empty search', async () => {
    const { root, run } = await build({ ...lists, 'posts/post-1.html': post(1) }, ['index', 'blogs', 'blog/post-1']);
    await expect(run).rejects.toThrow(
      `The search index is broken: ${join(root, 'pagefind', 'pagefind-entry.json')} names no language index, though 1 posts were built`,
    );
  }, 30_000);
});
