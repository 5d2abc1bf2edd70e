#!/usr/bin/env node
// The link crawl, on the reference host's runtime: serves a built folder with `wrangler dev` (scripts/host.mjs),
// reads every page in it and collects
//   - the URL of every page (an alias such as /Yoga is linked from nowhere);
//   - every internal link: href, src, srcset and poster of a, link, script, img, source, video, audio, track, iframe
//     and the island scripts (component-url, renderer-url), url() in the stylesheets, the manifest's icons;
//   - every canonical URL: <link rel="canonical">, og:url, og:image and twitter:image, URLs in JSON-LD, every sitemap
//     entry, the feed's links, robots.txt's sitemap; they are absolute on the site's origin (SITE_URL), so their path
//     is requested on the runtime;
//   - every #fragment, which must name an element of its page.
// Each URL is requested once WITHOUT following redirects. Any 3xx (a redirect a visitor or a crawler would pay for)
// or 4xx/5xx fails the crawl, and so does a sitemap entry or feed link that is not the canonical URL of a page, letter
// for letter (one URL form everywhere). External hosts are not requested (no network here).
//
//   node scripts/crawl.mjs [dir ...]        (default: dist)
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { builtPages } from '../src/integrations/dist-pages.mjs';
import { get, startHost } from './host.mjs';

const CONCURRENCY = 8;
const LINK_ATTRS = ['href', 'src', 'poster', 'component-url', 'renderer-url'];
const LINK_TAGS = 'a, area, link, script, img, source, video, audio, track, iframe, embed, astro-island';
const META_URLS = ['og:url', 'og:image', 'twitter:image'];

/**
 * Runs `task` over `items`, `limit` at a time.
 * @template T
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<void>} task
 */
async function pool(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(/** @type {T} */ (items[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** @type {(value: unknown) => string[]} Every string in a JSON value. */
const strings = (value) =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap((v) => strings(v))
      : [];

/**
 * A URL path as a page key: decoded, so /blog/a%26b and /blog/a&b are one page.
 * @param {string} pathname
 */
const keyOf = (pathname) => {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
};

/**
 * Crawls one built folder; the number of problems found.
 * @param {string} dir
 */
async function crawl(dir) {
  const root = resolve(dir);
  const pages = builtPages(root);
  const index = pages.find((page) => page.path === '/');
  if (!index) throw new Error(`${dir}: no index.html`);
  // The site's own origin (SITE_URL) is the one its home page declares as canonical.
  const siteOrigin = new URL(/<link rel="canonical" href="([^"]+)"/.exec(index.html())?.[1] ?? '').origin;

  const host = await startHost({ dir });
  const local = host.origin;
  /** @type {Map<string, Set<string>>} target (path and query on the runtime) -> the places it was found */
  const targets = new Map();
  /** @type {Map<string, Set<string | null>>} page key -> the ids (and anchor names) in it */
  const ids = new Map();
  /** @type {[where: string, pageKey: string, id: string][]} */
  const fragments = [];
  /** @type {Set<string>} */
  const canonicals = new Set();
  /** @type {Set<string>} */
  const canonicalOfPage = new Set();
  /** @type {[file: string, url: string][]} */
  const listed = [];
  let links = 0;
  let external = 0;

  /**
   * Records `raw` found on `where` (resolved against `base`); returns the URL when it is internal.
   * @param {string} raw
   * @param {string} base
   * @param {string} where
   * @param {'page' | 'link' | 'canonical'} kind
   */
  const add = (raw, base, where, kind) => {
    const value = raw.trim();
    if (!value || /^(mailto|tel|javascript|data|blob):/i.test(value)) return null;
    let url;
    try {
      url = new URL(value, base);
    } catch {
      targets.set(`(unparsable) ${value}`, new Set([where]));
      return null;
    }
    if (url.origin !== local && url.origin !== siteOrigin) {
      external += 1;
      return null;
    }
    const target = url.pathname + url.search;
    const places = targets.get(target) ?? new Set();
    places.add(where);
    targets.set(target, places);
    if (kind === 'link') links += 1;
    else if (kind === 'canonical') canonicals.add(url.href);
    if (url.hash.length > 1) fragments.push([where, keyOf(url.pathname), decodeURIComponent(url.hash.slice(1))]);
    return url;
  };

  /** @type {Set<string>} */
  const stylesheets = new Set();
  for (const page of pages) {
    // The page itself, at its own URL (an alias such as /Yoga is linked from nowhere), each segment encoded as the
    // site's links encode it (encodeURIComponent): the runtime redirects any other spelling of a path to that one.
    const pageUrl = new URL(page.path.split('/').map(encodeURIComponent).join('/'), local).href;
    add(pageUrl, pageUrl, `${page.name} (its own URL)`, 'page');
    const dom = new JSDOM(page.html());
    const doc = dom.window.document;
    // A fragment of a page whose experiment serves variants under its URL must be in each of them: the ids all have.
    const key = keyOf(new URL(pageUrl).pathname);
    const pageIds = new Set([...doc.querySelectorAll('[id], a[name]')].map((el) => el.id || el.getAttribute('name')));
    const otherVersion = ids.get(key);
    ids.set(key, otherVersion ? new Set([...pageIds].filter((id) => otherVersion.has(id))) : pageIds);
    for (const el of doc.querySelectorAll(LINK_TAGS)) {
      for (const attr of LINK_ATTRS) {
        const value = el.getAttribute(attr);
        if (value === null) continue;
        const url = add(value, pageUrl, page.name, el.matches('link[rel="canonical"]') ? 'canonical' : 'link');
        if (url && el.matches('link[rel="stylesheet"]')) stylesheets.add(url.pathname);
        if (url && el.matches('link[rel="canonical"]')) canonicalOfPage.add(url.href);
      }
      const srcset = el.getAttribute('srcset');
      if (srcset)
        for (const part of srcset.split(',')) add(part.trim().split(/\s+/)[0] ?? '', pageUrl, page.name, 'link');
    }
    for (const property of META_URLS) {
      for (const meta of doc.querySelectorAll(`meta[property="${property}"], meta[name="${property}"]`)) {
        add(meta.getAttribute('content') ?? '', pageUrl, page.name, 'canonical');
      }
    }
    for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
      for (const value of strings(JSON.parse(script.textContent ?? 'null'))) {
        if (value === siteOrigin || value.startsWith(`${siteOrigin}/`))
          add(value, pageUrl, `${page.name} (JSON-LD)`, 'canonical');
      }
    }
    dom.window.close();
  }

  // The files that list URLs: sitemaps, the feed, robots.txt, the manifest.
  /** @param {string} name */
  const read = (name) => (existsSync(join(root, name)) ? readFileSync(join(root, name), 'utf8') : null);
  /** @param {string} s */
  const xmlText = (s) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const sitemapIndex = read('sitemap-index.xml');
  if (!sitemapIndex) throw new Error(`${dir}: no sitemap-index.xml`);
  for (const [, loc = ''] of sitemapIndex.matchAll(/<loc>([^<]*)<\/loc>/g)) {
    const url = add(xmlText(loc), `${local}/`, 'sitemap-index.xml', 'canonical');
    const file = url && read(url.pathname.slice(1));
    if (!file) continue;
    for (const [, entry = ''] of file.matchAll(/<loc>([^<]*)<\/loc>/g)) {
      add(xmlText(entry), `${local}/`, url.pathname.slice(1), 'canonical');
      listed.push([url.pathname.slice(1), xmlText(entry)]);
    }
  }
  const feed = read('rss.xml');
  if (feed) {
    for (const [, item = ''] of feed.matchAll(/<item>([\s\S]*?)<\/item>/g)) {
      const link = /<link>([^<]*)<\/link>/.exec(item)?.[1];
      if (link === undefined) continue;
      add(xmlText(link), `${local}/`, 'rss.xml', 'canonical');
      listed.push(['rss.xml', xmlText(link)]);
    }
    const channel = /<channel>[\s\S]*?<link>([^<]*)<\/link>/.exec(feed)?.[1];
    if (channel) add(xmlText(channel), `${local}/`, 'rss.xml', 'canonical');
  }
  for (const [, url = ''] of (read('robots.txt') ?? '').matchAll(/^Sitemap:\s*(\S+)/gim))
    add(url, `${local}/`, 'robots.txt', 'canonical');
  const manifest = read('site.webmanifest');
  if (manifest) {
    /** @type {{ icons?: { src: string }[], start_url?: string }} */
    const data = JSON.parse(manifest);
    for (const icon of data.icons ?? []) add(icon.src, `${local}/`, 'site.webmanifest', 'link');
    if (data.start_url) add(data.start_url, `${local}/`, 'site.webmanifest', 'link');
  }

  /** @type {string[]} */
  const redirects = [];
  /** @type {string[]} */
  const broken = [];
  const requested = new Set(targets.keys());
  /** @type {string[]} */
  const later = [];
  try {
    /** @param {string[]} list */
    const requestAll = async (list) =>
      pool(list, CONCURRENCY, async (target) => {
        const where = [...(targets.get(target) ?? [])];
        const places = `${where.slice(0, 3).join(', ')}${where.length > 3 ? ` and ${where.length - 3} more` : ''}`;
        if (target.startsWith('(unparsable)')) {
          broken.push(`${target}  (on ${places})`);
          return;
        }
        const response = await get(local + target).catch((error) => {
          broken.push(`no answer (${error.message}) ${target}  (on ${places})`);
          return null;
        });
        if (!response) return;
        const body = response.status === 200 && stylesheets.has(target) ? response.body.toString('utf8') : null;
        if (response.status >= 300 && response.status < 400) {
          redirects.push(`${response.status} ${target} -> ${response.headers.location}  (on ${places})`);
        } else if (response.status !== 200) {
          broken.push(`${response.status} ${target}  (on ${places})`);
        }
        // Stylesheets: their url() references are links too.
        for (const [, ref = ''] of (body ?? '').matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
          const url = add(ref, local + target, target, 'link');
          if (url && !requested.has(url.pathname + url.search)) later.push(url.pathname + url.search);
        }
      });
    await requestAll([...requested]);
    await requestAll([...new Set(later)]);
  } finally {
    await host.stop();
  }

  const missing = [];
  for (const [where, pageKey, id] of fragments) {
    const known = ids.get(pageKey);
    if (!known) missing.push(`#${id} on ${pageKey}: not a page of ${dir}  (on ${where})`);
    else if (!known.has(id)) missing.push(`#${id} is not an element of ${pageKey}  (on ${where})`);
  }
  const notCanonical = listed
    .filter(([, url]) => !canonicalOfPage.has(url))
    .map(([file, url]) => `${url} in ${file} is not the canonical URL of any page`);

  for (const line of redirects) console.error(`REDIRECT ${line}`);
  for (const line of broken) console.error(`BROKEN ${line}`);
  for (const line of missing) console.error(`MISSING FRAGMENT ${line}`);
  for (const line of notCanonical) console.error(`NOT CANONICAL ${line}`);
  console.log(
    `${dir}: ${pages.length} pages, ${links} internal links, ${fragments.length} fragments, ` +
      `${canonicals.size} canonical URLs (canonical, og:url, social images, JSON-LD, sitemap, feed), ` +
      `${targets.size} distinct URLs requested on the runtime; ${redirects.length} redirects, ` +
      `${broken.length + missing.length} broken, ${notCanonical.length} listed URLs not canonical ` +
      `(${external} external links not requested).`,
  );
  return redirects.length + broken.length + missing.length + notCanonical.length;
}

const dirs = process.argv.slice(2);
// The folders are crawled at the same time, each on a runtime of its own.
const failures = (await Promise.all((dirs.length ? dirs : ['dist']).map(crawl))).reduce((a, b) => a + b, 0);
if (failures) {
  console.error(`\n${failures} problem(s): every internal URL must answer 200 with no redirect.`);
  process.exit(1);
}
