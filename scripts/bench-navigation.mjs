#!/usr/bin/env node
// Click to next page: for five internal navigations, the time from the click to the next page's largest contentful
// paint, with the speculation rules on (as served) and off (the rules file refused, as in a browser without support),
// side by side in one run. Served by the reference host's runtime (scripts/host.mjs); each run in a fresh browser
// context on the mobile profile of the Lighthouse gate: a 412 x 823 viewport, 4x CPU slowdown, 150 ms round trips,
// 1.6 Mbps down and 750 kbps up. The pointer rests on the link for a moment before the click, as a visitor's does.
//   node scripts/bench-navigation.mjs [--runs 5] [--dir dist]
import { chromium } from '@playwright/test';
import { parseArgs } from 'node:util';
import { get, startHost } from './host.mjs';
import { slowPhone } from './slow-phone.mjs';
import { chromePath } from '../tests/browsers.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, dir: { type: 'string', default: 'dist' } },
});
const RUNS = Number(values.runs);
/** How long the pointer rests on the link before the click. */
const DWELL_MS = 300;

/**
 * [from, to]: `to` as a path, or a function that finds the link on the page (the first post of the list).
 * @typedef {import('@playwright/test').Page} Page
 * @typedef {[from: string, to: string | ((page: Page) => import('@playwright/test').Locator)]} Navigation
 */

/** @type {Navigation[]} */
const NAVIGATIONS = [
  ['/', '/pricing'],
  ['/pricing', '/member-management'],
  ['/member-management', '/course-management'],
  ['/blogs', (page) => page.locator('main a[href^="/blog/"]').first()],
  ['/', '/yoga'],
];

/**
 * The link to `to` a visitor can reach: in the page itself, or in the header's menu sheet on a phone.
 * @param {Page} page
 * @param {Navigation[1]} to
 */
async function linkTo(page, to) {
  if (typeof to === 'function') return to(page);
  const inPage = page.locator(`main a[href="${to}"]`).first();
  if ((await inPage.count()) && (await inPage.isVisible())) return inPage;
  await page.locator('[data-sheet-open]').click();
  const link = page.locator(`#mobile-nav a[href="${to}"]`);
  const group = page.locator('#mobile-nav details').filter({ has: page.locator(`a[href="${to}"]`) });
  if (await group.count()) await group.locator('summary').click();
  return link;
}

/**
 * One navigation in a fresh context: the page it reached and the time from the click to its largest paint.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {Navigation} navigation
 * @param {boolean} speculation
 */
async function measure(browser, origin, [from, to], speculation) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  if (!speculation) await context.route(`**${rulesFile}`, (route) => route.abort());
  const page = await context.newPage();
  await slowPhone(page);
  try {
    await page.goto(origin + from, { waitUntil: 'load' });
    // The home page's offer popup opens on load: the visitor closes it first.
    const popup = page.locator('dialog[data-offer-popup][open]');
    if (await popup.count()) await page.keyboard.press('Escape');
    const link = await linkTo(page, to);
    const href = await link.getAttribute('href');
    if (href === null) throw new Error(`${from}: the link to ${to} has no href`);
    const target = new URL(href, origin).pathname;
    await link.hover();
    await page.waitForTimeout(DWELL_MS);
    const clicked = Date.now();
    await link.click();
    await page.waitForURL((url) => url.pathname === target);
    const lcp = await page.evaluate(
      () =>
        /** @type {Promise<number>} */ (
          new Promise((done) => {
            let last = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) last = entry.startTime;
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            // The largest paint is known once the page has loaded and painted once more.
            const settle = () => setTimeout(() => done(performance.timeOrigin + last), 500);
            if (document.readyState === 'complete') settle();
            else addEventListener('load', settle, { once: true });
          })
        ),
    );
    return { path: target, ms: Math.round(lcp - clicked) };
  } finally {
    await context.close();
  }
}

/** @param {number[]} list */
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;

const host = await startHost({ dir: values.dir });
// The rules file, as every page's header names it: refused in the runs without speculation rules.
const named = (await get(`${host.origin}/`)).headers['speculation-rules'];
/** @type {string | null} */
const rulesFile = typeof named === 'string' ? JSON.parse(`[${named}]`)[0] : null;
if (!rulesFile) throw new Error('The home page names no speculation rules (Speculation-Rules header)');
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const rows = [];
try {
  for (const navigation of NAVIGATIONS) {
    /** @type {number[]} */
    const on = [];
    /** @type {number[]} */
    const off = [];
    let path = '';
    // Interleaved, so a slower moment of the machine weighs on both columns alike.
    for (let run = 0; run < RUNS; run++) {
      const a = await measure(browser, host.origin, navigation, true);
      const b = await measure(browser, host.origin, navigation, false);
      on.push(a.ms);
      off.push(b.ms);
      path = a.path;
    }
    const row = { from: navigation[0], to: path, on: median(on), off: median(off) };
    rows.push(row);
    console.error(`${row.from} -> ${row.to}: on ${on.join(', ')} ms; off ${off.join(', ')} ms`);
  }
} finally {
  await browser.close();
  await host.stop();
}

console.log(`\nClick to largest contentful paint, median of ${RUNS} runs (mobile profile):\n`);
console.log('| navigation | speculation rules on | off | saved |');
console.log('|---|---:|---:|---:|');
for (const { from, to, on, off } of rows) {
  console.log(`| ${from} -> ${to} | ${on} ms | ${off} ms | ${off - on} ms |`);
}
