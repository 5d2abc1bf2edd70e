import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogApi } from '../../scripts/blog-api.mjs';
import { fetchJson, type FetchPolicy } from '../../src/lib/blog/api';
import { loadBlogCategories, loadBlogPosts, type BlogSourceOptions } from '../../src/data/blog/loader';

// A fast policy so the failure paths run in milliseconds; the shape (timeout, two retries, back-off) is the build's.
const policy: FetchPolicy = { timeoutMs: 300, retries: 2, backoffMs: 1 };

const api = createBlogApi({ delayMs: 1_500 });
let base = '';
let requests = 0;
const countingFetch: typeof fetch = (input, init) => {
  requests += 1;
  return fetch(input, init);
};

beforeAll(async () => {
  base = await api.listen(0);
});
afterAll(() => api.close());

async function load(mode: string, extra: Partial<BlogSourceOptions> = {}) {
  api.state.mode = mode;
  requests = 0;
  const warnings: string[] = [];
  const options: BlogSourceOptions = {
    apiBase: base,
    strict: false,
    deps: { fetch: countingFetch, policy, sleep: async () => {} },
    ...extra,
  };
  const context = { renderMarkdown: async (md: string) => md, warn: (m: string) => warnings.push(m) };
  const posts = await loadBlogPosts(options, context);
  return { posts, warnings };
}

describe('blog loader with the blog API', () => {
  it('reads the posts and the categories in the API shapes', async () => {
    const { posts, warnings } = await load('clean');
    expect(warnings).toEqual([]);
    expect(posts.map((p) => p.id)).toContain('65b000000000000000000001');
    expect(posts).toHaveLength(7);
    const first = posts.find((p) => p.id === '65b000000000000000000001')!;
    expect(first).toMatchObject({
      name: 'Ten welcome messages that turn sign-ups into regulars',
      category: { id: '64a000000000000000000001', name: 'Community Growth' },
      author: 'Ananya Rao',
      createdAt: '2025-08-01T10:00:00.000Z',
    });
    expect(first.image?.src).toBe(`${base}/images/b.svg`);
    expect(posts.find((p) => p.id === '65b000000000000000000003')?.image).toBeNull();

    const categories = await loadBlogCategories({ apiBase: base, strict: false, deps: { policy } }, () => {});
    expect(categories.map((c) => c.name)).toEqual(['Community Growth', 'Payments', 'Events', 'Announcements']);
  });

  // One bad record in the blog API costs that record only: everything the build makes of the good ones (their pages,
  // the lists, the feed, the search index) is made from what the loader hands over, so the good records must come out
  // of a strict load beside the hostile ones exactly as a non-strict load without them gives them.
  it('hands over every good record the same whether hostile records are beside it (strict) or not', async () => {
    const beside = await load('ok', { strict: true });
    const alone = await load('clean');
    const kept = beside.posts.filter((post) => alone.posts.some((other) => other.id === post.id));
    expect(alone.posts.length).toBeGreaterThan(0);
    expect(kept).toEqual(alone.posts);
    expect(beside.posts.length).toBeGreaterThan(alone.posts.length);
    const categories = (mode: string, strict: boolean) => {
      api.state.mode = mode;
      return loadBlogCategories({ apiBase: base, strict, deps: { policy } }, () => {});
    };
    const [hostileCategories, cleanCategories] = [await categories('ok', true), await categories('clean', false)];
    expect(hostileCategories.filter((c) => cleanCategories.some((d) => d.id === c.id))).toEqual(cleanCategories);
  });

  it('sanitises the rich text while loading', async () => {
    const { posts } = await load('ok');
    const xss = posts.find((p) => p.id === 'xss-corpus')!;
    expect(xss.description).toContain('<h2>Formatting that survives</h2>');
    expect(xss.description).not.toMatch(/<script|\son\w+=|javascript:|<svg|<math|<iframe/i);
    expect(xss.shortDescription).not.toMatch(/<script|\son\w+=|<img/i);
  });

  it('skips a post that breaks the schema, naming its id and field, and keeps the others', async () => {
    const { posts, warnings } = await load('missing-fields');
    expect(posts).toHaveLength(7);
    expect(posts.map((p) => p.id)).not.toContain('broken-no-author');
    expect(warnings).toEqual([
      'Skipped blog post "broken-no-author": field "author" must be a non-empty string',
      'Skipped blog post "broken-no-category-name": field "category.name" must be a non-empty string',
      'Skipped blog post "broken-bad-date": field "createdAt" is not a date',
    ]);
  });

  it.each([
    ['http-500', 'answered HTTP 500'],
    ['malformed', 'answered with malformed JSON'],
    ['slow', 'no answer within 300 ms'],
    ['bad-status', 'answered with status false'],
  ])('%s: retries twice, warns and publishes an empty blog', async (mode, reason) => {
    const { posts, warnings } = await load(mode);
    expect(posts).toEqual([]);
    expect(requests).toBe(3);
    const final = warnings.at(-1)!;
    expect(final).toContain('The blog API failed while loading posts');
    expect(final).toContain(reason);
    expect(final).toContain('No blogs found');
    expect(warnings.filter((w) => w.includes('retry'))).toHaveLength(2);
  });

  it('an empty answer is an empty blog without warnings', async () => {
    const { posts, warnings } = await load('empty');
    expect(posts).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('an unreachable API warns and publishes an empty blog', async () => {
    const { posts, warnings } = await load('ok', { apiBase: 'http://127.0.0.1:9' });
    expect(posts).toEqual([]);
    expect(warnings.at(-1)).toContain('could not be reached');
  });

  it('strict mode fails the build instead', async () => {
    await expect(load('http-500', { strict: true })).rejects.toThrow(
      /The blog API failed while loading posts and BLOG_STRICT is on, so the build stops: .*HTTP 500/,
    );
    api.state.mode = 'malformed';
    await expect(
      loadBlogCategories({ apiBase: base, strict: true, deps: { policy, sleep: async () => {} } }, () => {}),
    ).rejects.toThrow(/categories and BLOG_STRICT is on/);
  });
});

describe('hostile records from the blog API', () => {
  // tests/fixtures/blog/hostile-posts.json, served in the "ok" mode next to the ordinary fixtures.
  const hostile: { _id: string; name: string }[] = JSON.parse(
    readFileSync('tests/fixtures/blog/hostile-posts.json', 'utf8'),
  );
  const unsafeIds = [
    '../../index',
    'a/b',
    '../blogs',
    '../../../../tmp/x',
    'x'.repeat(500),
    '..',
    '.',
    '?x=1#y',
    '%2e%2e',
    'a\\b',
    'tab\tid',
    'line\nbreak',
    'x'.repeat(201),
    'index',
  ];

  it.each([false, true])('cost only their own records, strict mode %s', async (strict) => {
    const { posts, warnings } = await load('ok', { strict });
    const ids = posts.map((p) => p.id);
    for (const id of unsafeIds) {
      expect(ids).not.toContain(id);
      expect(hostile.some((p) => p._id === id)).toBe(true);
    }
    // Each unsafe id is named in its own warning, and nothing else about the build fails.
    expect(warnings.filter((w) => w.startsWith('Skipped blog post') && w.includes('field "_id"'))).toHaveLength(
      unsafeIds.length,
    );
    expect(posts.filter((p) => p.name.startsWith('Hostile id'))).toEqual([]);
    // The ordinary posts and the hostile records with safe ids are all published.
    expect(ids).toEqual(expect.arrayContaining(['65b000000000000000000001', 'xss-corpus', 'café déjà-vu']));
    expect(ids).toContain('<b>&"quoted"\'');
  });

  it('skip the later of two posts that would share one page address', async () => {
    const { posts, warnings } = await load('ok');
    expect(posts.filter((p) => p.id.toLowerCase() === 'shared-address').map((p) => p.id)).toEqual(['Shared-Address']);
    expect(posts.filter((p) => p.id === '65b000000000000000000001')).toHaveLength(1);
    expect(posts.find((p) => p.id === '65b000000000000000000001')?.name).toBe(
      'Ten welcome messages that turn sign-ups into regulars',
    );
    expect(warnings).toContain(
      'Skipped blog post "shared-address": its page address is the same as "Shared-Address"\'s',
    );
    expect(warnings).toContain('Skipped blog post "65b000000000000000000001": the id appears twice');
  });

  it('keep a post whose image is not a web image, without the image', async () => {
    const { posts, warnings } = await load('ok');
    for (const n of [6, 7, 8, 9, 10]) {
      const id = `67d0000000000000000000${String(n).padStart(2, '0')}`;
      expect(posts.find((p) => p.id === id)?.image, id).toBeNull();
      expect(warnings.some((w) => w.startsWith(`Blog post "${id}"`) && w.includes('"No Image"'))).toBe(true);
    }
  });

  it('derive a plain-text excerpt from the sanitised short description, escaped text staying text', async () => {
    const { posts } = await load('ok');
    const escaped = posts.find((p) => p.id === '67d000000000000000000004')!;
    expect(escaped.excerpt).toContain("</script><script>window.__xss='short-escaped'</script> and &lt;/script&gt;");
    expect(escaped.excerpt).not.toMatch(/\u2028|\u2029/);
    const fromDescription = posts.find((p) => p.id === '67d000000000000000000005')!;
    expect(fromDescription.excerpt).toBe(
      "</script><script>window.__xss='description-escaped'</script> from the long text",
    );
  });
});

describe('fetchJson', () => {
  it('backs off exponentially between attempts and succeeds on a later one', async () => {
    let calls = 0;
    const flaky: typeof fetch = async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('socket hang up');
      return new Response('{"status":true,"data":{"data":[]}}', { status: 200 });
    };
    const waits: number[] = [];
    const body = await fetchJson('http://api.test/x', {
      fetch: flaky,
      sleep: async (ms) => {
        waits.push(ms);
      },
      policy: { timeoutMs: 1000, retries: 2, backoffMs: 500 },
    });
    expect(body).toEqual({ status: true, data: { data: [] } });
    expect(waits).toEqual([500, 1000]);
  });
});

describe('blog loader without an API: the embedded posts', () => {
  it('reads at least six Markdown posts in at least three categories, each with an image', async () => {
    const posts = await loadBlogPosts(
      { apiBase: '', strict: false },
      { renderMarkdown: async (md) => `<p>${md.length}</p>`, warn: () => {} },
    );
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(new Set(posts.map((p) => p.category.id)).size).toBeGreaterThanOrEqual(3);
    for (const post of posts) {
      expect(post.image?.src).toMatch(/^\/media\/blog\/.+\.svg$/);
      expect(post.image?.alt.length).toBeGreaterThan(10);
    }
    const categories = await loadBlogCategories({ apiBase: '', strict: false }, () => {});
    expect(categories.length).toBeGreaterThanOrEqual(3);
  });

  it('fails with the file and the field when a front matter is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blog-'));
    cpSync('src/content/blog/categories.json', join(dir, 'categories.json'));
    writeFileSync(
      join(dir, 'broken.md'),
      "---\nname: 'A post without an author field'\ncategory: marketing\ncreatedAt: 2025-01-01\n" +
        "shortDescription: 'A description that is long enough to pass the fifty character minimum.'\n" +
        "image: /blog/x.svg\nimageAlt: 'An illustration of something'\n---\nBody\n",
    );
    await expect(
      loadBlogPosts({ apiBase: '', strict: false, dir }, { renderMarkdown: async (md) => md, warn: () => {} }),
    ).rejects.toThrow(`${join(dir, 'broken.md')}: field "author": Invalid input: expected string, received undefined`);
  });
});
