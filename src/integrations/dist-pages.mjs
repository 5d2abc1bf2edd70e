// The pages of a built site, read from its output folder (dist/ by default), so that every check covers a page added
// later without a list to edit. Shared by the scripts (budgets, links, Lighthouse), the Playwright tests and the
// security-headers integration.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { VARIANTS_FOLDER } from '../lib/experiments/folder.mjs';

export const DIST = resolve('dist');

/**
 * The folder of the content admin (/cms/, src/integrations/cms-admin.ts). It is not a page of the site: no page links
 * it and it is not indexed, so the page checks (budgets, links, Lighthouse, accessibility) leave it out; its headers
 * are its own.
 */
export const CMS_FOLDER = 'cms';

/**
 * The folder of the owner's page (/owner/, src/integrations/owner-page.ts): like the admin, no page of the site (no
 * link, no sitemap entry, noindex), left out of the page checks, with headers of its own.
 */
export const OWNER_FOLDER = 'owner';

/**
 * The experiments' variant files (docs/experiments.md): each is served only under its page's own URL, by the Worker,
 * so the page checks see them there, not as pages of their own.
 */
const VARIANTS = VARIANTS_FOLDER.slice(1);

/**
 * Every file under `root`, at any depth: full paths.
 * @param {string} root
 * @returns {string[]}
 */
export function filesUnder(root) {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const full = join(root, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Every HTML file under `root`, sorted; the hashed assets in _astro/, the admin, the owner's page and the variant files
 * are skipped.
 * @param {string} [root]
 * @returns {string[]}
 */
export function htmlFiles(root = DIST) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        const skipped = dir === root && [CMS_FOLDER, OWNER_FOLDER, VARIANTS].includes(entry.name);
        if (entry.name !== '_astro' && !skipped) walk(full);
      } else if (entry.name.endsWith('.html')) {
        found.push(full);
      }
    }
  };
  walk(root);
  return found.sort();
}

/** Files in the output folder that the host reads and never serves. */
const HOST_FILES = new Set(['_headers', '_redirects', '_routes.json']);

/**
 * What a host serves from `root` that is not a page, as few paths as cover it: a folder that holds no HTML file at any
 * depth as "/folder/*", any other file that is not HTML by its own path. Sorted.
 * @param {string} [root]
 * @returns {string[]}
 */
export function notPagePaths(root = DIST) {
  /** @type {string[]} */
  const found = [];
  /** @type {(dir: string) => boolean} */
  const holdsHtml = (dir) =>
    readdirSync(dir, { withFileTypes: true }).some((entry) =>
      entry.isDirectory() ? holdsHtml(join(dir, entry.name)) : entry.name.endsWith('.html'),
    );
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const path = '/' + relative(root, full).split(sep).join('/');
      if (entry.isDirectory()) {
        if (dir === root && [CMS_FOLDER, OWNER_FOLDER].includes(entry.name)) continue;
        if (holdsHtml(full)) walk(full);
        else found.push(`${path}/*`);
      } else if (!entry.name.endsWith('.html') && !(dir === root && HOST_FILES.has(entry.name))) {
        found.push(path);
      }
    }
  };
  walk(root);
  return found.sort();
}

/**
 * The URL path a host serves an HTML file at: "index.html" is "/", "pricing/index.html" is "/pricing",
 * "404.html" is "/404".
 * @param {string} file
 * @param {string} [root]
 * @returns {string}
 */
export function routeOf(file, root = DIST) {
  const rel = relative(root, file).split(sep).join('/');
  const path = '/' + rel.replace(/\.html$/, '').replace(/(^|\/)index$/, '');
  return path.length > 1 ? path.replace(/\/$/, '') : '/';
}

/**
 * The canonical URL a page declares, or null.
 * @param {string} html
 * @returns {string | null}
 */
export function canonicalOf(html) {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null;
}

/**
 * Every page of the built site: its route, its file and, read on demand, its HTML.
 * @param {string} [root]
 * @returns {{ path: string, file: string, html: () => string }[]}
 */
export function builtPages(root = DIST) {
  return htmlFiles(root)
    .map((file) => ({ path: routeOf(file, root), file, html: () => readFileSync(file, 'utf8') }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The built pages without repeats: a page whose HTML is byte for byte another page's (an alias such as /Yoga, served
 * the same document as /yoga) is the same document to a visitor, so a check of what the document holds (axe, layout,
 * the page without JavaScript) runs once for both. Checks of the URL itself (headers, the crawl) use builtPages.
 * @param {string} [root]
 */
export function distinctPages(root = DIST) {
  const seen = new Set();
  return builtPages(root).filter((page) => {
    const html = page.html();
    if (seen.has(html)) return false;
    seen.add(html);
    return true;
  });
}
