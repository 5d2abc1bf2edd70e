#!/usr/bin/env node
// A local stand-in for the blog API: its three calls (list, categories, one post) in exactly the API's shapes, served from the
// fixture files in tests/fixtures/blog, on 127.0.0.1 only. Used by `npm run api:dev`, the test build (build-test.mjs),
// the Playwright tests and the benchmark.
//
//   node scripts/blog-api.mjs [--port 4599] [--mode ok] [--posts N] [--delay 15000]
//   (or BLOG_API_PORT, BLOG_API_MODE, BLOG_API_POSTS, BLOG_API_DELAY_MS)
//
// Failure modes, for every path of the loader and the runtime fallback:
//   ok              the fixtures, with the hostile records of hostile-posts.json among them
//   clean           the fixtures without the hostile records
//   http-500        every API call answers HTTP 500
//   malformed       HTTP 200 with a truncated JSON body
//   slow            answers after --delay milliseconds (longer than the loader's timeout by default)
//   missing-fields  the list also holds posts that lack required fields (they are skipped with a warning)
//   empty           status true, no posts and no categories
//   bad-status      HTTP 200 with { status: false }
// The mode is set at start, per request with `?mode=...`, or at run time with `POST /__control {"mode": "..."}`.
// `--posts N` replaces the fixture posts by N generated ones (the benchmark).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const MODES = ['ok', 'clean', 'http-500', 'malformed', 'slow', 'missing-fields', 'empty', 'bad-status'];
export const DEFAULT_PORT = 4599;
export const XSS_POST_ID = 'xss-corpus';
export const LATE_XSS_POST_ID = 'xss-corpus-late';
/** Detail answers 200 with no data.data (the fallback's "missing data" case). */
export const MISSING_DATA_ID = 'missing-data';
/** A post only the detail call knows, every plain field of it hostile: the runtime fallback must show it as text. */
export const HOSTILE_LATE_POST_ID = 'hostile-late';

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'fixtures', 'blog');
/**
 * A post or category as the API sends it: any fields, of any shape (the hostile fixtures break them on purpose).
 * @typedef {Record<string, unknown>} ApiRecord
 */
/** @param {string} name a JSON file of tests/fixtures/blog */
const readFixture = (name) => JSON.parse(readFileSync(join(fixturesDir, name), 'utf8'));

/** Ordinary formatting that must survive sanitising, next to the payloads that must not. */
export const SAFE_FORMATTING =
  '<h2 id="safe-heading">Formatting that survives</h2>' +
  '<p>Text with <strong>bold words</strong>, <em>emphasis</em> and a <a href="https://example.org/safe">safe link</a>.</p>' +
  '<ul><li>First list item</li><li>Second list item</li></ul>' +
  '<ol><li>Numbered item</li></ol>' +
  '<p><span style="color: rgb(190, 24, 93); font-weight: 700">Styled text</span></p>' +
  '<p><img src="{{origin}}/images/b.svg" alt="Safe image" width="600" height="315"></p>';

/**
 * @param {string} id
 * @param {ApiRecord[]} categories
 * @param {string} createdAt
 */
function xssPost(id, categories, createdAt) {
  /** @type {string[]} */
  const payloads = readFixture('xss-payloads.json');
  return {
    _id: id,
    name: 'Security check: rich text with hostile markup',
    category: categories[0],
    createdAt,
    author: 'Security Team',
    shortDescription: `<p>Plain words stay. ${payloads.slice(0, 5).join(' ')}</p>`,
    description: SAFE_FORMATTING + payloads.map((p) => `<div>${p}</div>`).join('\n'),
    image: { value: '{{origin}}/images/c.svg' },
  };
}

/**
 * The bylines of the generated posts, in turn: the blog's own authors. The build reads them as it reads any post's, as
 * real names, to which the invented names of its pictures give way.
 */
const GENERATED_AUTHORS = ['Ananya Rao', 'Rohan Mehta', 'Nandini Iyer', 'Kabir Sethi'];

/**
 * N generated posts spread over the fixture categories: the benchmark's data.
 * @param {number} count
 * @param {ApiRecord[]} categories
 */
export function generatePosts(count, categories) {
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(6, '0');
    return {
      _id: `gen-${n}`,
      name: `Community playbook ${i + 1}: members, events and payments`,
      category: categories[i % categories.length],
      createdAt: new Date(start + i * 3_600_000).toISOString(),
      author: GENERATED_AUTHORS[i % GENERATED_AUTHORS.length],
      shortDescription: `<p>Playbook <strong>${i + 1}</strong>: a short guide to welcoming members and running paid events.</p>`,
      description:
        `<h2>Part ${i + 1}</h2><p>Start with a narrow promise and invite people personally. ` +
        'Design the first seven days, then build weekly rituals.</p>' +
        '<ul><li>Welcome each member by name</li><li>Plan one live session a week</li><li>Charge early</li></ul>' +
        '<p style="text-align: center">Measure renewals, not sign-ups.</p>'.repeat(3),
      image: { value: `{{origin}}/images/${['a', 'b', 'c'][i % 3]}.svg` },
    };
  });
}

/** @type {[from: string, to: string]} */
const FIRST_COLOURS = ['#4338ca', '#6366f1'];
/** @type {Record<string, [from: string, to: string]>} */
const IMAGE_COLOURS = { a: FIRST_COLOURS, b: ['#047857', '#10b981'], c: ['#be185d', '#f472b6'] };
/** @param {string} name */
const image = (name) => {
  const [from, to] = IMAGE_COLOURS[name] ?? FIRST_COLOURS;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">` +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="1200" height="630" fill="url(#g)"/><circle cx="600" cy="315" r="140" fill="#fff" opacity=".85"/></svg>`
  );
};

/**
 * The stand-in, not yet listening.
 * @param {{ mode?: string, delayMs?: number, posts?: number }} [options]
 */
export function createBlogApi(options = {}) {
  const state = {
    mode: options.mode ?? 'ok',
    delayMs: options.delayMs ?? 15_000,
  };
  /** @type {ApiRecord[]} */
  const categories = readFixture('categories.json');
  /** @type {ApiRecord[]} */
  const cleanPosts =
    options.posts && options.posts > 0
      ? generatePosts(options.posts, categories)
      : [...readFixture('posts.json'), xssPost(XSS_POST_ID, categories, '2024-12-01T10:00:00.000Z')];
  /** @type {ApiRecord[]} */
  const hostile = options.posts && options.posts > 0 ? [] : readFixture('hostile-posts.json');
  const basePosts = [...cleanPosts, ...hostile];
  const unlisted = [
    ...readFixture('unlisted.json'),
    xssPost(LATE_XSS_POST_ID, categories, '2025-09-01T10:00:00.000Z'),
    {
      ...hostile[0],
      _id: HOSTILE_LATE_POST_ID,
      author: hostile[1]?.author,
      category: hostile[2]?.category,
      shortDescription: hostile[3]?.shortDescription,
      image: hostile[5]?.image,
    },
  ];

  /**
   * @param {unknown} value
   * @param {string} origin
   */
  const withOrigin = (value, origin) => JSON.parse(JSON.stringify(value).replaceAll('{{origin}}', origin));
  const brokenPosts = [
    { ...basePosts[0], _id: 'broken-no-author', author: undefined, name: 'Broken: no author' },
    { ...basePosts[0], _id: 'broken-no-category-name', category: { _id: 'x' }, name: 'Broken: category without name' },
    { ...basePosts[0], _id: 'broken-bad-date', createdAt: 'not a date', name: 'Broken: bad date' },
  ];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    const mode = url.searchParams.get('mode') ?? state.mode;
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'no-store');
    /**
     * @param {number} status
     * @param {unknown} body
     */
    const send = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };

    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Allow-Headers': 'Accept' });
      res.end();
      return;
    }
    if (url.pathname === '/__control') {
      if (req.method === 'POST') {
        let raw = '';
        for await (const chunk of req) raw += chunk;
        /** @type {{ mode?: unknown, delayMs?: unknown }} */
        const body = raw ? JSON.parse(raw) : {};
        if (body.mode !== undefined) {
          if (typeof body.mode !== 'string' || !MODES.includes(body.mode))
            return send(400, { error: `mode must be one of ${MODES.join(', ')}` });
          state.mode = body.mode;
        }
        if (typeof body.delayMs === 'number') state.delayMs = body.delayMs;
      }
      return send(200, state);
    }
    if (url.pathname === '/health') return send(200, { ok: true });
    const imageMatch = /^\/images\/([a-z])\.svg$/.exec(url.pathname);
    if (imageMatch) {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
      res.end(image(imageMatch[1] ?? ''));
      return;
    }
    if (!url.pathname.startsWith('/api/v2.0/blogs')) return send(404, { status: false, message: 'Not found' });

    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (mode === 'http-500') return send(500, { status: false, message: 'Internal server error' });
    if (mode === 'malformed') return send(200, '{"status":true,"data":{"data":[{"_id":"65b0');
    if (mode === 'bad-status') return send(200, { status: false, message: 'Service unavailable' });

    if (url.pathname === '/api/v2.0/blogs') {
      let list = mode === 'empty' ? [] : mode === 'clean' ? cleanPosts : basePosts;
      if (mode === 'missing-fields') list = [...cleanPosts, ...brokenPosts];
      return send(200, { status: true, data: { data: withOrigin(list, origin) } });
    }
    if (url.pathname === '/api/v2.0/blogs/category') {
      return send(200, { status: true, data: { data: mode === 'empty' ? [] : categories } });
    }
    const detail = /^\/api\/v2\.0\/blogs\/blog\/([^/]+)$/.exec(url.pathname);
    if (detail) {
      const id = decodeURIComponent(detail[1] ?? '');
      if (id === MISSING_DATA_ID) return send(200, { status: true, data: {} });
      const post = [...basePosts, ...unlisted].find((p) => p._id === id);
      if (!post || mode === 'empty') return send(404, { status: false, message: 'Blog not found' });
      return send(200, { status: true, data: { data: withOrigin(post, origin) } });
    }
    return send(404, { status: false, message: 'Not found' });
  });

  return {
    server,
    state,
    /**
     * Listens on 127.0.0.1 (port 0: a free one); the API's origin.
     * @param {number} [port]
     * @param {string} [host]
     * @returns {Promise<string>}
     */
    listen(port = DEFAULT_PORT, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address();
          resolve(`http://${host}:${typeof address === 'object' && address ? address.port : port}`);
        });
      });
    },
    /** @returns {Promise<void>} */
    close() {
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.BLOG_API_PORT ?? String(DEFAULT_PORT) },
      mode: { type: 'string', default: process.env.BLOG_API_MODE ?? 'ok' },
      posts: { type: 'string', default: process.env.BLOG_API_POSTS ?? '0' },
      delay: { type: 'string', default: process.env.BLOG_API_DELAY_MS ?? '15000' },
    },
  });
  if (!MODES.includes(values.mode)) {
    console.error(`--mode must be one of ${MODES.join(', ')}`);
    process.exit(2);
  }
  const api = createBlogApi({ mode: values.mode, posts: Number(values.posts), delayMs: Number(values.delay) });
  const url = await api.listen(Number(values.port));
  console.log(`Blog API (${values.mode}) at ${url}/api/v2.0/blogs`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.close().then(() => process.exit(0)));
}
