#!/usr/bin/env node
// Prints, for every page in dist, the bytes a visitor downloads for its HTML, CSS, fonts and JS (before any scroll, and
// once every island has hydrated), compares them with budgets.json and exits 1 on any excess. Then, when dist-test (built
// with analytics on) is there, the JS that analytics adds to each page without islands, against budgets.json's
// `analytics` entry; that comparison is made in gzip, the unit the limit is given in.
//
// Measured on the reference host's runtime (scripts/host.mjs): each page and each file it loads is requested with
// `Accept-Encoding: br, gzip`, and what counts is the body on the wire, compressed as the runtime compressed it. An alias
// page (its canonical URL is another page's) is held to its canonical page's budget.
//   node scripts/budgets.mjs [dir]        (default: dist; the analytics comparison runs for dist only)
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { splitLocale } from '../src/lib/i18n/locales.ts';
import { builtPages, canonicalOf } from '../src/integrations/dist-pages.mjs';
import { get, startHost } from './host.mjs';
import { facesLoaded } from './page-fonts.mjs';

const dir = process.argv[2] ?? 'dist';
/**
 * @typedef {Record<string, number>} Limits bytes, by figure
 * @type {{ default: Limits, pages: Record<string, Limits>, analytics: { extraAtOnce: number, extraTotal: number },
 *   media: Record<string, number | string> }}
 */
const budgets = JSON.parse(readFileSync('budgets.json', 'utf8'));
const ACCEPT = { 'Accept-Encoding': 'br, gzip' };

// The test build's runtime (for the analytics comparison below) starts meanwhile.
const compareAnalytics = dir === 'dist' && existsSync('dist-test');
const testHost = compareAnalytics ? startHost({ dir: 'dist-test' }) : null;
const host = await startHost({ dir });
const origin = host.origin;

/** @type {Map<string, { wire: number, text: string, encoding: string }>} url -> bytes on the wire, decoded body */
const fetched = new Map();
/**
 * @param {string} url
 * @param {Record<string, string>} [accept] request headers: the encodings accepted, and a variant page's cookie
 */
async function load(url, accept = ACCEPT) {
  const key = `${accept['Accept-Encoding']} ${accept.Cookie ?? ''} ${url}`;
  const known = fetched.get(key);
  if (known) return known;
  const response = await get(url, accept);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const encoding = response.headers['content-encoding'] ?? 'identity';
  const decoded =
    encoding === 'br'
      ? brotliDecompressSync(response.body)
      : encoding === 'gzip'
        ? gunzipSync(response.body)
        : response.body;
  const result = { wire: response.body.length, text: decoded.toString('utf8'), encoding };
  fetched.set(key, result);
  return result;
}

/**
 * Inline text, compressed as the runtime compressed the page that holds it.
 * @param {string} text
 * @param {string} encoding
 */
const inlineBytes = (text, encoding) =>
  encoding === 'br'
    ? brotliCompressSync(text).length
    : encoding === 'gzip'
      ? gzipSync(text).length
      : Buffer.byteLength(text);

const STATIC_IMPORT = /(?:from|import)\s*["']([^"']+\.js)["']/g;
const ANY_IMPORT = /(?:from|import)\s*\(*\s*["']([^"']+\.js)["']/g;

/**
 * A JS file and every module it imports, statically or dynamically (or statically only), as URLs on the runtime.
 * @param {string} entry
 * @param {Set<string>} [seen]
 * @param {{ accept?: Record<string, string>, imports?: RegExp }} [options]
 * @returns {Promise<Set<string>>}
 */
async function moduleGraph(entry, seen = new Set(), { accept = ACCEPT, imports = ANY_IMPORT } = {}) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const { text } = await load(entry, accept);
  for (const [, path = ''] of text.matchAll(imports)) {
    await moduleGraph(new URL(path, entry).href, seen, { accept, imports });
  }
  return seen;
}

/**
 * @param {string} tag
 * @returns {Record<string, string | undefined>}
 */
const attrs = (tag) =>
  Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [name, value]));
/**
 * The URL a tag's href names, against its page's.
 * @param {string} tag
 * @param {string} pageUrl
 */
const hrefOf = (tag, pageUrl) => {
  const href = attrs(tag).href;
  if (href === undefined) throw new Error(`${pageUrl}: ${tag} has no href`);
  return new URL(href, pageUrl).href;
};
/**
 * @param {Iterable<string>} set
 * @param {Record<string, string>} [accept]
 */
const size = async (set, accept = ACCEPT) => {
  let total = 0;
  for (const url of set) total += (await load(url, accept)).wire;
  return total;
};

/**
 * The entries of the "/prefix/*" keys that cover a route (each the prefix's own page and every page under it), laid
 * over each other shortest prefix first, so a longer one wins where both set a figure: e.g. every Hindi page (/hi/*),
 * then every Hindi blog list page (/hi/blogs/*).
 * @param {string} route
 * @returns {Limits}
 */
function patternBudget(route) {
  const keys = Object.keys(budgets.pages)
    .filter((k) => k.endsWith('/*') && (route.startsWith(k.slice(0, -1)) || route === k.slice(0, -2)))
    .sort((a, b) => a.length - b.length);
  return Object.assign({}, ...keys.map((key) => budgets.pages[key]));
}

const rows = [];
let failures = 0;
try {
  for (const { path: route, name, cookie, html: read } of builtPages()) {
    const canonical = canonicalOf(read());
    const budgetOf = canonical ? new URL(canonical).pathname : route;
    // A page in another language is the English page's in another language: held to that page's entries, then to
    // its language's "/prefix/*" key for what its language changes (a Hindi page's fonts).
    const english = splitLocale(budgetOf).path;
    /** @type {Limits} */
    // A page's own entry over the entry of a "/prefix/*" key that covers it (a Hindi page's fonts) over the default.
    const limit = {
      ...budgets.default,
      ...patternBudget(english),
      ...budgets.pages[english],
      ...patternBudget(budgetOf),
      ...(budgets.pages[budgetOf] ?? budgets.pages[route]),
    };
    const pageUrl = new URL(route, origin).href;
    // A variant page of a running experiment is served under its page's URL to a visitor with its cookie.
    const page = await load(pageUrl, cookie ? { ...ACCEPT, Cookie: `${cookie.name}=${cookie.value}` } : ACCEPT);
    const html = page.text;

    let css = 0;
    // Fonts on a first visit: the files the page preloads and those of its stylesheets' @font-face rules that it loads
    // (every face of the brand family; a face limited to a script's characters where the page writes them in that
    // script's family: scripts/page-fonts.mjs), each once.
    /** @type {Set<string>} */
    const fontFiles = new Set();
    for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)) {
      const sheetUrl = hrefOf(m[0], pageUrl);
      const sheet = await load(sheetUrl);
      css += sheet.wire;
      for (const u of facesLoaded(sheet.text, html)) fontFiles.add(new URL(u, sheetUrl).href);
    }
    for (const m of html.matchAll(/<link[^>]+rel="preload"[^>]*>/g)) {
      if (attrs(m[0]).as === 'font') fontFiles.add(hrefOf(m[0], pageUrl));
    }
    const inlineStyle = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce(
      (s, [, text = '']) => s + inlineBytes(text, page.encoding),
      0,
    );

    // Page scripts: <script src> outside islands; inline scripts (the build allows only the brand font gate's). Astro's
    // island runtime (its files are marked data-astro-runtime) loads with the first island, so it counts with them.
    /** @type {Set<string>} */
    const pageScripts = new Set();
    /** @type {Set<string>} */
    const runtime = new Set();
    for (const [tag, src = ''] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g)) {
      await moduleGraph(new URL(src, pageUrl).href, /\sdata-astro-runtime\b/.test(tag) ? runtime : pageScripts);
    }
    const inline = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/\ssrc=/.test(m[0]))
      .reduce((s, [, text = '']) => s + inlineBytes(text, page.encoding), 0);

    // Islands: each brings its component and renderer graphs; client:visible ones wait for a scroll, client:interact
    // ones for the visitor to focus, press or type in them (the search box): both count only once every island runs.
    const early = new Set(runtime);
    /** @type {Set<string>} */
    const late = new Set();
    for (const m of html.matchAll(/<astro-island[^>]*>/g)) {
      const a = attrs(m[0]);
      const target = a.client === 'visible' || a.client === 'interact' ? late : early;
      for (const url of [a['component-url'], a['renderer-url']]) {
        if (url) await moduleGraph(new URL(url.replaceAll('&amp;', '&'), pageUrl).href, target);
      }
    }
    const shared = await size(pageScripts);
    const earlyOnly = new Set([...early].filter((f) => !pageScripts.has(f)));
    const lateOnly = new Set([...late].filter((f) => !pageScripts.has(f) && !earlyOnly.has(f)));
    const framework = await size(new Set([...earlyOnly, ...lateOnly]));
    const initialJs = shared + inline + (await size(earlyOnly));
    const totalJs = initialJs + (await size(lateOnly));

    const figures = {
      html: page.wire,
      htmlRaw: Buffer.byteLength(html),
      css: css + inlineStyle,
      fonts: await size(fontFiles),
      sharedScript: shared,
      frameworkJs: framework,
      initialJs,
      totalJs,
    };
    const over = Object.entries(figures).filter(([key, value]) => {
      const max = limit[key];
      return max !== undefined && value > max;
    });
    failures += over.length;
    rows.push({
      path: route,
      variant: cookie !== null,
      route: decodeURIComponent(budgetOf) === route ? name : `${name} (as ${budgetOf})`,
      encoding: page.encoding,
      ...figures,
      over: over.map(([k, v]) => `${k} ${v} > ${limit[k]}`).join('; '),
    });
  }
} catch (error) {
  await host.stop();
  await (await testHost)?.stop();
  throw error;
}

const encodings = [...new Set([...fetched.values()].map((f) => f.encoding))].join(', ');
/** @param {number} n */
const kb = (n) => (n / 1024).toFixed(1);
console.log(`Page budgets (KB on the wire from the Cloudflare Workers runtime, ${encodings}):`);
console.log(
  '| page | HTML | HTML uncompressed | CSS | fonts | shared script | framework JS | JS before scroll | JS all hydrated | status |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  console.log(
    `| ${r.route} | ${kb(r.html)} | ${kb(r.htmlRaw)} | ${kb(r.css)} | ${kb(r.fonts)} | ${kb(r.sharedScript)} | ${kb(r.frameworkJs)} | ${kb(r.initialJs)} | ${kb(r.totalJs)} | ${r.over ? 'OVER: ' + r.over : 'ok'} |`,
  );
}

// The media files with a limit of their own (the home page's tour and its still), in bytes on the wire: a video is
// sent as it is, whatever the encoding asked for, so a new rendering that grows is caught here.
console.log('\nMedia, bytes on the wire:');
console.log('| file | bytes | limit | status |');
console.log('|---|---:|---:|---|');
for (const [path, limit] of Object.entries(budgets.media).filter(([key]) => key.startsWith('/'))) {
  if (typeof limit !== 'number') throw new Error(`budgets.json: media ${path} has no limit in bytes`);
  const { wire } = await load(new URL(path, origin).href);
  const over = wire > limit;
  failures += over ? 1 : 0;
  console.log(`| ${path} | ${wire} | ${limit} | ${over ? 'OVER' : 'ok'} |`);
}
// Analytics on (dist-test) against off (dist): the JS each page without islands loads, in gzip. `atOnce`: the page
// script and what it imports statically, before the load event; `total`: with the tracker and web-vitals, which load
// after first paint.
if (testHost) {
  const GZIP = { 'Accept-Encoding': 'gzip' };
  const limit = budgets.analytics;
  const [off, on] = [host, await testHost];
  /**
   * @param {string} base
   * @param {string} route
   */
  const scriptTags = async (base, route) => [
    ...(await load(new URL(route, base).href, GZIP)).text.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g),
  ];
  /**
   * @param {string} base
   * @param {string} route
   * @param {RegExp} imports
   */
  const jsOf = async (base, route, imports) => {
    const url = new URL(route, base).href;
    /** @type {Set<string>} */
    const files = new Set();
    for (const [, src = ''] of await scriptTags(base, route)) {
      await moduleGraph(new URL(src, url).href, files, { accept: GZIP, imports });
    }
    return size(files, GZIP);
  };
  const testRoutes = new Set(builtPages('dist-test').map((p) => p.path));
  const compared = [];
  const skipped = [];
  try {
    // Per URL: variant pages are left out (the list of such checks: builtPages in dist-pages.mjs).
    for (const row of rows.filter((r) => r.frameworkJs === 0 && !r.variant && testRoutes.has(r.path))) {
      // A page that loads other scripts in the test build (the 404 page's blog fallback, with the blog API set) is not
      // a comparison of analytics alone.
      if ((await scriptTags(off.origin, row.path)).length !== (await scriptTags(on.origin, row.path)).length) {
        skipped.push(row.path);
        continue;
      }
      /** @param {RegExp} imports */
      const measure = async (imports) => {
        const [a, b] = [await jsOf(off.origin, row.path, imports), await jsOf(on.origin, row.path, imports)];
        return { off: a, on: b, extra: b - a };
      };
      const figures = { atOnce: await measure(STATIC_IMPORT), total: await measure(ANY_IMPORT) };
      const over = [];
      if (figures.atOnce.extra > limit.extraAtOnce)
        over.push(`at once +${figures.atOnce.extra} > ${limit.extraAtOnce}`);
      if (figures.total.extra > limit.extraTotal) over.push(`total +${figures.total.extra} > ${limit.extraTotal}`);
      failures += over.length;
      compared.push({ route: row.path, ...figures, over: over.join('; ') });
    }
  } finally {
    await off.stop();
    await on.stop();
  }
  console.log(`\nAnalytics on (dist-test) against off (dist), JS of each page without islands (KB, gzip):`);
  console.log('| page | at once, off | at once, on | extra at once | total off | total on | extra in all | status |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const c of compared) {
    console.log(
      `| ${c.route} | ${kb(c.atOnce.off)} | ${kb(c.atOnce.on)} | ${kb(c.atOnce.extra)} | ${kb(c.total.off)} | ${kb(c.total.on)} | ${kb(c.total.extra)} | ${c.over ? 'OVER: ' + c.over : 'ok'} |`,
    );
  }
  if (skipped.length) console.log(`Left out, their other scripts differ between the builds: ${skipped.join(', ')}`);
  if (compared.length === 0) {
    console.error('No page without islands is in both builds: the analytics comparison measured nothing.');
    failures++;
  }
} else if (dir === 'dist') {
  console.log('\ndist-test is missing (npm run build:test): the analytics comparison is skipped.');
}

await host.stop();

if (failures) {
  console.error(`\n${failures} budget(s) exceeded (limits in budgets.json).`);
  process.exit(1);
}
console.log(`\nAll ${rows.length} pages within budget.`);
