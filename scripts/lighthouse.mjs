#!/usr/bin/env node
// Lighthouse (mobile) over one page of each kind in dist (every page with CHECK_EVERY_PAGE=1, as npm run test:sweep
// runs it), each canonical page once (aliases share a canonical URL), served by the
// reference host's runtime (scripts/host.mjs: its headers, compression and URLs). Prints a table and exits 1 when a page
// scores below the gates: performance 95 (the median of three runs when the first misses it; the home page: the median
// of five runs), accessibility 100, best practices 100, SEO 100.
//   node scripts/lighthouse.mjs [--dir dist] [--cookie NAME=value] [path ...]     (default: one page of each kind)
//   LIGHTHOUSE_DIR=dist-check/blog-scale node scripts/lighthouse.mjs /blogs   (another build: npm run test:blog-scale)
// --dir is another build (as LIGHTHOUSE_DIR, which it wins over). --cookie sends that Cookie header with every request
// of the audit (Lighthouse's extraHeaders), as a returning visitor's browser does: a page with a running experiment is
// measured as the variant the cookie names, e.g. --dir dist-test --cookie exp=creator-headline:launch /creator.
import lighthouse, { defaultConfig } from 'lighthouse';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EVERY_PAGE, canonicalOf, pagesToRender } from '../src/integrations/dist-pages.mjs';
import { startHost } from './host.mjs';
import { BLOCKED, launchChrome } from './lighthouse-lab.mjs';

const GATES = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
// The 404, thank-you and regional pricing pages ask not to be indexed (UNLISTED in src/lib/routes.ts; the 404 page
// answers 404), on purpose: those SEO audits do not apply to them.
/** @type {Record<string, string[]>} */
const NOT_APPLICABLE = {
  '/404': ['http-status-code', 'is-crawlable'],
  '/thank-you': ['is-crawlable'],
  '/mr/pricing': ['is-crawlable'],
  '/mr/business-whatsapp-pricing': ['is-crawlable'],
};
// The home page, the one most visitors see first, is measured five times in a row, every time, and judged on the
// median run (Lighthouse's own advice): on a shared 2-core machine one run in five can lose 10 points to the machine.
/** @type {Record<string, number>} */
const ALWAYS_MEASURED = { '/': 5 };
// The audits that weigh nothing in a gated score (diagnostics, insights, screenshots, the back/forward cache test):
// skipped, with the gathering only they need. A score is a weighted mean, so it is the same without them.
const gatedRefs = Object.keys(GATES).flatMap((id) => defaultConfig.categories?.[id]?.auditRefs ?? []);
const UNSCORED_AUDITS = [...new Set(gatedRefs.filter((ref) => ref.weight === 0).map((ref) => ref.id))].filter(
  (id) => !gatedRefs.some((ref) => ref.id === id && ref.weight > 0),
);

const { values: options, positionals: requested } = parseArgs({
  allowPositionals: true,
  options: { dir: { type: 'string' }, cookie: { type: 'string' } },
});
const dir = options.dir ?? process.env.LIGHTHOUSE_DIR ?? 'dist';
const { cookie } = options;
// One page of each kind (src/lib/page-kinds.mjs), every page with CHECK_EVERY_PAGE=1 (npm run test:sweep). A variant
// page of a running experiment is measured with --cookie only (the list of such checks: builtPages in dist-pages.mjs).
//
// In another language than English, only the kinds of OTHER_LANGUAGE_KINDS: a translated page loads what its English
// page loads but for its words and its script's typeface, which every page of the language preloads alike. So the
// Hindi home (the most words above the fold, the islands, the offer) and the Hindi privacy policy (the longest run of
// Devanagari, where a late typeface would shift the most lines) stand for the Hindi pages, and the seven other Hindi
// kinds, whose accessibility axe checks and whose HTML the validator and the crawl read, add no 20 s run each.
const OTHER_LANGUAGE_KINDS = ['home', 'legal'];
const pages = () =>
  pagesToRender(resolve(dir))
    .filter((page) => !page.cookie)
    .filter((page) => EVERY_PAGE || page.lang === 'en' || OTHER_LANGUAGE_KINDS.includes(page.kind))
    .map(({ path, html }) => ({ path, canonical: canonicalOf(html()) ?? path }));

/** @type {Map<string, string>} canonical URL -> the first page that has it */
const unique = new Map();
for (const page of pages().sort((a, b) => a.path.localeCompare(b.path))) {
  if (!unique.has(page.canonical)) unique.set(page.canonical, page.path);
}
const targets = requested.length ? requested : [...unique.values()];

/** Every gated category; a run measured again after the first measures performance only (see measure). */
const ALL_CATEGORIES = Object.keys(GATES);
const PERFORMANCE_ONLY = ['performance'];

/**
 * Scores per category measured (the SEO score without the audits that do not apply to the page) and the gates missed.
 * @param {import('lighthouse').Result} lhr
 * @param {string} path
 * @param {string[]} categories
 */
function judge(lhr, path, categories) {
  /** @type {Record<string, number>} */
  const scores = {};
  /** @type {string[]} */
  const failed = [];
  const skip = NOT_APPLICABLE[path] ?? [];
  /** @param {string} id */
  const auditScore = (id) => lhr.audits[id]?.score ?? 1;
  for (const id of categories) {
    const gate = GATES[/** @type {keyof typeof GATES} */ (id)];
    const category = lhr.categories[id];
    if (!category) throw new Error(`${path}: Lighthouse's result has no ${id} category`);
    let score = Math.round((category.score ?? 0) * 100);
    if (skip.length && id === 'seo') {
      const refs = category.auditRefs.filter((ref) => ref.weight > 0 && !skip.includes(ref.id));
      const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
      score = Math.round((refs.reduce((sum, ref) => sum + ref.weight * auditScore(ref.id), 0) / total) * 100);
    }
    scores[id] = score;
    if (score < gate) {
      const audits = category.auditRefs
        .filter((ref) => ref.weight > 0 && auditScore(ref.id) < 1 && !skip.includes(ref.id))
        .map((ref) => ref.id);
      failed.push(`${id} ${score} < ${gate} (${audits.join(', ')})`);
    }
  }
  return { scores, failed };
}

// A share of the pages, measured by a second process (see below) on the runtime the first one started.
const shareOf = process.env.LIGHTHOUSE_ORIGIN;
const host = shareOf
  ? null
  : await startHost({ dir, port: process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : undefined });
const origin = host?.origin ?? shareOf ?? '';

/**
 * @typedef {{ path: string, performance?: number, accessibility?: number, 'best-practices'?: number, seo?: number,
 *   lcp: string, cls: string, tbt: number, failed: string[] }} Row
 */

/**
 * A page's row of the table: its scores, three metrics and the gates it missed.
 * @param {string} path
 * @param {import('lighthouse').Result} lhr
 * @param {Record<string, number>} scores
 * @param {string[]} failed
 * @returns {Row}
 */
const rowOf = (path, lhr, scores, failed) => {
  /** @param {string} id */
  const metric = (id) => lhr.audits[id]?.numericValue ?? 0;
  return {
    path,
    ...scores,
    lcp: (metric('largest-contentful-paint') / 1000).toFixed(1),
    cls: metric('cumulative-layout-shift').toFixed(3),
    tbt: Math.round(metric('total-blocking-time')),
    failed,
  };
};

/** @typedef {{ lhr: import('lighthouse').Result, scores: Record<string, number>, failed: string[] }} Run */

/**
 * The performance score of a run (0 when it has none).
 * @param {Run} run
 */
const performanceOf = (run) => run.scores.performance ?? 0;

/** @param {string} failure */
const isPerformance = (failure) => failure.startsWith('performance ');

/**
 * Measures one page on the Chrome listening on `port`: its row of the table, with the gates it missed.
 * @param {string} path
 * @param {number} port
 * @returns {Promise<Row>}
 */
async function measure(path, port) {
  // A run that broke (a runtime error such as NO_NAVSTART, or a trace with no score at all) is measured again, three
  // times at most per page: on a busy 2-core machine one trace can stall, and a broken trace says nothing of the page.
  // The performance score also varies from run to run (Lighthouse's own guidance is the median of several runs): a
  // page whose first run misses the performance gate is measured twice more, and judged on the median run.
  // Accessibility, best practices and SEO do not vary: they are judged on the first whole run, and every other run
  // measures performance only, the same way, without the 3 s of axe, the links' listeners and the images.
  /** @type {Run[]} */
  const runs = [];
  /** @type {Run | undefined} the first whole run */
  let whole;
  const timesAlways = ALWAYS_MEASURED[path];
  let retries = 3;
  /** @param {string[]} categories */
  const audit = async (categories) => {
    const result = await lighthouse(`${origin}${path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      blockedUrlPatterns: BLOCKED[path] ?? [],
      extraHeaders: cookie ? { Cookie: cookie } : null,
      skipAudits: UNSCORED_AUDITS,
      disableFullPageScreenshot: true,
    });
    if (!result) throw new Error(`${path}: Lighthouse gave no result`);
    return result.lhr;
  };
  if (timesAlways) {
    // The first page the runtime and Chrome serve pays for their start (the Worker compiled, cold caches), which no
    // visitor meets: that run is printed, not judged.
    const warm = await audit(PERFORMANCE_ONLY);
    console.error(
      `${path}: performance ${judge(warm, path, PERFORMANCE_ONLY).scores.performance} on a first run, not judged`,
    );
  }
  while (runs.length < (timesAlways ?? 3)) {
    const categories = whole ? PERFORMANCE_ONLY : ALL_CATEGORIES;
    const lhr = await audit(categories);
    const { scores, failed } = judge(lhr, path, categories);
    if (lhr.runtimeError) failed.push(`runtime error: ${lhr.runtimeError.code}`);
    const broken = Boolean(lhr.runtimeError) || lhr.categories.performance?.score === null || scores.performance === 0;
    if (broken && retries > 0) {
      retries--;
      console.error(`${path}: the audit broke (${failed.join('; ')}); measuring again`);
      continue;
    }
    const run = { lhr, scores, failed };
    runs.push(run);
    whole ??= run;
    if (timesAlways) continue;
    if (runs.length === 1 && !(failed.length > 0 && failed.every(isPerformance))) break;
    if (runs.length === 1)
      console.error(`${path}: performance ${scores.performance} on the first run; measuring twice more`);
  }
  const order = runs.map(performanceOf);
  runs.sort((a, b) => performanceOf(a) - performanceOf(b));
  // Judged on the median run.
  const judged = runs[Math.floor(runs.length / 2)];
  if (!judged || !whole) throw new Error(`${path}: no run to judge`);
  const scores = { ...whole.scores, performance: performanceOf(judged) };
  // A later run can only miss performance or break; the whole run's other failures are counted once.
  const failed = [...new Set([...whole.failed.filter((f) => !isPerformance(f)), ...judged.failed])];
  if (runs.length > 1) {
    const tbt = runs.map((r) => Math.round(r.lhr.audits['total-blocking-time']?.numericValue ?? 0));
    console.error(
      `${path}: performance ${order.join(', ')}: median ${scores.performance}` +
        (timesAlways ? `; total blocking time median ${tbt.sort((a, b) => a - b)[Math.floor(tbt.length / 2)]} ms` : ''),
    );
  }
  const row = rowOf(path, judged.lhr, scores, failed);
  console.error(`${path}: ${Object.values(scores).join(' / ')}${failed.length ? '  FAIL ' + failed.join('; ') : ''}`);
  return row;
}

/**
 * Measures `paths` one after the other on one Chrome.
 * @param {string[]} paths
 */
async function measureAll(paths) {
  const chrome = await launchChrome();
  try {
    const rows = [];
    for (const path of paths) rows.push(await measure(path, chrome.port));
    return rows;
  } finally {
    chrome.kill();
  }
}

const ROWS = 'lighthouse-rows:';
if (shareOf) {
  console.log(ROWS + JSON.stringify(await measureAll(targets)));
  process.exit(0);
}

/**
 * Measures `paths` in a process of its own (Lighthouse measures one page at a time per process).
 * @param {string[]} paths
 * @returns {Promise<Row[]>}
 */
function measureElsewhere(paths) {
  return new Promise((done, fail) => {
    const forwarded = ['--dir', dir, ...(cookie ? ['--cookie', cookie] : [])];
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...forwarded, ...paths], {
      env: { ...process.env, LIGHTHOUSE_ORIGIN: origin },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(ROWS));
      if (code === 0 && line) done(JSON.parse(line.slice(ROWS.length)));
      else fail(new Error(`the Lighthouse process for ${paths.join(' ')} ended with ${code}`));
    });
  });
}

// The pages always measured several times (the home page) go first, alone on the machine. The others share it:
// CONCURRENCY processes measure one page each at a time, one per two cores. More would be harsher on the scores, never
// more lenient: Lighthouse times the page's main thread, and on a 2-core machine a second Chrome stretches every task.
const CONCURRENCY = Number(process.env.LIGHTHOUSE_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / 2)));
const alone = targets.filter((path) => ALWAYS_MEASURED[path]);
const shared = targets.filter((path) => !ALWAYS_MEASURED[path]);
/** @type {Map<string, Row>} */
const rows = new Map();
try {
  for (const row of await measureAll(alone)) rows.set(row.path, row);
  const shares = Array.from({ length: CONCURRENCY }, (_, i) => shared.filter((_, n) => n % CONCURRENCY === i));
  const measured = await Promise.all(shares.filter((paths) => paths.length).map(measureElsewhere));
  for (const row of measured.flat()) rows.set(row.path, row);
} finally {
  await host?.stop();
}
const table = targets.map((path) => {
  const row = rows.get(path);
  if (!row) throw new Error(`${path} was not measured`);
  return row;
});
const failures = table.reduce((sum, row) => sum + row.failed.length, 0);

console.log(
  `\nLighthouse, mobile (performance / accessibility / best practices / SEO)${cookie ? `, with Cookie: ${cookie}` : ''}:`,
);
console.log('| page | perf | a11y | best practices | SEO | LCP s | CLS | TBT ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of table) {
  console.log(
    `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${r.lcp} | ${r.cls} | ${r.tbt} |`,
  );
}
if (failures) {
  console.error(`\n${failures} gate(s) missed.`);
  process.exit(1);
}
console.log(`\nAll ${table.length} pages meet the gates.`);
