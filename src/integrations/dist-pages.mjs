// The pages of a built site, read from its output folder (dist/ by default), so that every check covers a page added
// later without a list to edit. Shared by the scripts (budgets, links, Lighthouse), the Playwright tests and the
// security-headers integration.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { ASSIGNMENT_COOKIE, MANIFEST_PATH } from '../lib/experiments/folder.mjs';
import { CHECKED_APART, CHECKED_WHOLE, PAGE_KINDS, PAGE_KIND_ATTR } from '../lib/page-kinds.mjs';

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
 * Every page file under `root`, sorted: every HTML file but the hashed assets in _astro/, the admin and the owner's
 * page. The variant pages of a running experiment (docs/experiments.md) are pages like any other: every build step and
 * every check sees them (builtPages says how a visitor reaches one).
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
        const skipped = dir === root && [CMS_FOLDER, OWNER_FOLDER].includes(entry.name);
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
 * The cookie that gets a visitor a variant of a running experiment: `exp=<experiment>:<variant>`.
 * @typedef {{ name: string, value: string }} VariantCookie
 */

/**
 * The variant pages of a built site's running experiments, by file: the URL a visitor reaches each at (its page's own:
 * the Worker answers 404 at the file's path) and the cookie that gets it there. Read from the build's manifest; a
 * variant file the manifest does not name is no page a visitor can reach, and fails here rather than go unchecked.
 * @param {string} root
 * @returns {Map<string, { path: string, cookie: VariantCookie }>}
 */
function variantPages(root) {
  /** @type {Map<string, { path: string, cookie: VariantCookie }>} */
  const pages = new Map();
  const manifestFile = join(root, MANIFEST_PATH);
  if (!existsSync(manifestFile)) return pages;
  const manifest =
    /** @type {{ experiments: { id: string, page: string, variants: { name: string, file: string | null }[] }[] }} */ (
      JSON.parse(readFileSync(manifestFile, 'utf8'))
    );
  for (const { id, page, variants } of manifest.experiments) {
    for (const { name, file } of variants) {
      if (file)
        pages.set(join(root, `${file}.html`), {
          path: page,
          cookie: { name: ASSIGNMENT_COOKIE, value: `${id}:${name}` },
        });
    }
  }
  return pages;
}

/**
 * Every page of the built site: the URL a visitor gets it at, its file, read on demand its HTML, and, for a variant page
 * of a running experiment, the cookie that gets it under that URL (null for any other page). `name` tells a page from
 * the variants served at its URL, for a check's output.
 *
 * Every build step and check takes the variant pages with the others. Two checks leave them out, and this is the list:
 * - Lighthouse (scripts/lighthouse.mjs) measures each canonical URL once, and a variant shares its page's; one is
 *   measured by hand with `--cookie exp=<experiment>:<variant>`;
 * - the budgets' comparison of analytics on and off (scripts/budgets.mjs) compares two builds URL by URL, and a variant
 *   loads exactly its page's scripts (tests/e2e/experiments.spec.ts); its own budgets are checked with the pages'.
 * @param {string} [root]
 * @returns {{ path: string, name: string, file: string, cookie: VariantCookie | null, html: () => string }[]}
 */
export function builtPages(root = DIST) {
  const variants = variantPages(root);
  const variantsFolder = join(root, MANIFEST_PATH, '..') + sep;
  return htmlFiles(root)
    .map((file) => {
      const variant = variants.get(file);
      if (!variant && file.startsWith(variantsFolder)) {
        throw new Error(
          `${relative(process.cwd(), file)}: a variant page that no running experiment of the manifest names`,
        );
      }
      const path = variant?.path ?? routeOf(file, root);
      const name = variant ? `${path} (${variant.cookie.value})` : path;
      return { path, name, file, cookie: variant?.cookie ?? null, html: () => readFileSync(file, 'utf8') };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
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

/**
 * The kind of page a built page says it is (src/lib/page-kinds.mjs), from its root element.
 * @param {string} html
 * @returns {import('../lib/page-kinds.mjs').PageKind}
 */
export function kindOf(html) {
  const kind = new RegExp(`<html[^>]*\\s${PAGE_KIND_ATTR}="([^"]*)"`).exec(html)?.[1];
  const known = /** @type {readonly string[]} */ (PAGE_KINDS);
  if (!kind || !known.includes(kind)) throw new Error(`a page without a known ${PAGE_KIND_ATTR}: ${kind ?? 'none'}`);
  return /** @type {import('../lib/page-kinds.mjs').PageKind} */ (kind);
}

/** Set to 1 (npm run test:sweep), the checks that render pages render every page, not one of each kind. */
export const EVERY_PAGE = process.env.CHECK_EVERY_PAGE === '1';

/**
 * The pages a check renders in a browser: the first page of each kind (the shallowest, then by path), the pages
 * checked apart from their kind and every page of a kind checked whole (src/lib/page-kinds.mjs), and the first page of
 * each kind in each other language (its `lang`), each with why; or, under CHECK_EVERY_PAGE=1, every distinct page (variant pages of running experiments included, with their cookies).
 * In the kinds' order.
 * @param {string} [root]
 */
export function pagesToRender(root = DIST) {
  const pages = distinctPages(root).map((page) => ({ ...page, kind: kindOf(page.html()), lang: langOf(page.html()) }));
  const order = (/** @type {{ kind: string }} */ page) => PAGE_KINDS.indexOf(/** @type {never} */ (page.kind));
  if (EVERY_PAGE) return pages.map((page) => ({ ...page, why: 'every page' })).sort((a, b) => order(a) - order(b));
  /** @type {(typeof pages[number] & { why: string })[]} */
  const chosen = [];
  // The kind's first page not checked apart, the shallowest first (/pricing before /mr/pricing), stands for it.
  const depth = (/** @type {{ path: string }} */ page) => page.path.split('/').length;
  for (const kind of PAGE_KINDS) {
    const ofKind = pages.filter((page) => page.kind === kind && !page.cookie && page.lang === DEFAULT_LANG);
    const first = ofKind.filter((page) => !CHECKED_APART[page.path]).sort((a, b) => depth(a) - depth(b))[0];
    for (const page of ofKind) {
      const apart = CHECKED_APART[page.path];
      if (apart) chosen.push({ ...page, why: apart });
      else if (page === first) chosen.push({ ...page, why: `the first ${kind} page` });
      else if (CHECKED_WHOLE.includes(kind)) chosen.push({ ...page, why: `every ${kind} page` });
    }
    // A page of each kind in each other language: its own words in the same layout (the lengths, the typeface and
    // the line heights of its script) are what can break there; the pages checked apart or whole differ from their
    // kind by their sections, which a translation shares with the English page, so one page of the kind stands for it.
    const languages = [...new Set(pages.map((page) => page.lang))].filter((lang) => lang !== DEFAULT_LANG).sort();
    for (const lang of languages) {
      const inLang = pages.filter((page) => page.kind === kind && !page.cookie && page.lang === lang);
      // As in English, a page checked apart there does not stand for its kind (its English path: the path without
      // the language's folder).
      const apart = (/** @type {{ path: string }} */ page) =>
        CHECKED_APART[page.path.replace(/^\/[^/]+/, '')] ? 1 : 0;
      const firstIn = inLang.sort(
        (a, b) => apart(a) - apart(b) || depth(a) - depth(b) || a.path.localeCompare(b.path),
      )[0];
      if (firstIn) chosen.push({ ...firstIn, why: `the first ${kind} page in lang="${lang}"` });
    }
  }
  const missing = Object.keys(CHECKED_APART).filter((path) => !chosen.some((page) => page.path === path));
  if (root === DIST && missing.length) throw new Error(`CHECKED_APART names no built page: ${missing.join(', ')}`);
  return chosen;
}

/** The language of the English site's pages, the one the checks know every kind of page in. */
const DEFAULT_LANG = 'en';

/**
 * The language of a built page, from its root element's `lang`.
 * @param {string} html
 */
export function langOf(html) {
  return /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? DEFAULT_LANG;
}

/**
 * The pages that show a drawn picture written into the page (an inline SVG that names the parts it is about, its
 * `data-subject` elements) and that `pagesToRender` leaves out: each page's pictures are its own, and each is drawn
 * again for a phone, so the layout check renders these too, at a phone's widths. None under CHECK_EVERY_PAGE=1, which
 * renders them all already.
 * @param {string} [root]
 */
export function pagesWithPictures(root = DIST) {
  if (EVERY_PAGE) return [];
  const rendered = new Set(pagesToRender(root).map((page) => page.name));
  // A page in another language shows its English page's pictures in the same frames: they are checked there.
  return distinctPages(root).filter(
    (page) =>
      !page.cookie &&
      !rendered.has(page.name) &&
      langOf(page.html()) === DEFAULT_LANG &&
      page.html().includes(' data-subject="'),
  );
}
