#!/usr/bin/env node
// The layout check: one page of each kind of the build (src/lib/page-kinds.mjs; every page with CHECK_EVERY_PAGE=1, as
// npm run test:sweep runs it), in Chromium, at 320, 390, 768, 1024 and 1440 px, and every other page that shows a
// drawn picture at 320 and 390 px (each is drawn again for a phone), fails on what a visitor sees cut or spilling
// (rules in scripts/layout-rules.mjs): a page that scrolls sideways, a word split across two lines, an element
// painted outside its section, text under 11 px (12 px in Hindi) outside the small print (text drawn in an SVG picture
// too, at the size the picture is drawn), a part a drawn picture is about cut or not drawn, a page taller than 8
// screens on a 390 × 844 phone (legal pages and blog posts excepted). It prints each page's height in screens at each
// width, then the findings, and exits 1 on any.
//
// Built for speed: one browser, one page per URL (aliases served the same HTML once), the viewport resized through
// the widths on that page; every section revealed and every island woken first, the offer popup kept closed, and all
// measuring in one evaluate per width. Reduced motion, so that no reveal or transition is caught halfway. Before the
// site, the rules run on small pages of their own (layout-fixtures.mjs) that each must find, or not find, one fault:
// a rule that has stopped seeing its fault stops the check. Served by the reference host's runtime (scripts/host.mjs).
//   node scripts/check-layout.mjs [--dir dist] [--only /path,/other] [--fixtures-only]
import { LOCALES } from '../src/lib/i18n/locales.ts';
import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { pagesToRender, pagesWithPictures } from '../src/integrations/dist-pages.mjs';
import { get, startHost } from './host.mjs';
import { FIXTURES, PICTURE_FIXTURES } from './layout-fixtures.mjs';
import {
  MIN_FONT_PX,
  MIN_FONT_PX_BY_LANG,
  PHONE_VIEWPORTS,
  SMALL_PRINT,
  VIEWPORTS,
  findingLines,
  heightTable,
  measureLayout,
  measurePicture,
  pictureTextPx,
  screens,
  tallPageFindings,
} from './layout-rules.mjs';
import { chromePath } from '../tests/browsers.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    only: { type: 'string' },
    'fixtures-only': { type: 'boolean', default: false },
  },
});
const started = Date.now();
const RULES = { minFontPx: MIN_FONT_PX, minFontPxByLang: MIN_FONT_PX_BY_LANG, smallPrint: SMALL_PRINT };
/** How long a page may take to reveal every section, wake every island and load every image at one width. */
const SETTLE_TIMEOUT_MS = 60_000;

/** The session key that keeps the home offer popup closed, read from the one place that names it. */
function offerDismissedKey() {
  const source = readFileSync('src/lib/visit-memory.ts', 'utf8');
  const key = /export const OFFER_DISMISSED_KEY = '([^']+)'/.exec(source)?.[1];
  if (!key) throw new Error('src/lib/visit-memory.ts: OFFER_DISMISSED_KEY not found');
  return key;
}

/**
 * The legal pages, one per Markdown file of src/content/legal ([legal].astro), in every language: exempt from the
 * phone height limit.
 * @returns {string[]}
 */
const legalPaths = () =>
  readdirSync('src/content/legal')
    .filter((name) => name.endsWith('.md'))
    .flatMap((name) => Object.values(LOCALES).map(({ prefix }) => `${prefix}/${name.slice(0, -3)}`));

/**
 * Until two more frames have rendered: what a change sets off (media queries, observers, carousels) has run.
 * @type {(page: import('@playwright/test').Page) => Promise<void>}
 */
const afterRendering = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * Shows the page as a visitor who scrolled to its end sees it, at the viewport's present width, in one round trip:
 * after two frames (a resize has taken effect), brings each section still to reveal and each island that waits to be
 * seen into view, a frame at a time, until none is left, as tests/e2e/whole-page.ts's revealWholePage does (islands in
 * a closed dialog or hidden at this width excepted); then waits up to 20 s for the fonts and every image drawn at this
 * width (lazy ones loaded now), and scrolls back to the top. Rejects after `timeout` ms with the section it still
 * waited for; resolves with the images (and "fonts") that had not loaded, so the run names them. It first waits for the
 * window to be `width` wide: on a busy machine a resize can reach the page a frame or two after Playwright returns.
 * @param {{ timeout: number, width: number }} settings
 * @returns {Promise<string[]>}
 */
function settle({ timeout, width }) {
  const IMAGE_WAIT_MS = 20_000;
  /** @type {() => Promise<void>} */
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const deadline = performance.now() + timeout;
  /** @param {string} what */
  const late = (what) => {
    if (performance.now() > deadline) throw new Error(`still waiting for ${what} after ${timeout} ms`);
  };
  /** @param {HTMLImageElement} image */
  const loaded = (image) =>
    image.complete ||
    new Promise((done) => {
      image.addEventListener('load', done, { once: true });
      image.addEventListener('error', done, { once: true });
    });
  return (async () => {
    while (window.innerWidth !== width) {
      late(`a ${width} px wide window (it is ${window.innerWidth} px)`);
      await frame();
    }
    await frame();
    await frame();
    for (;;) {
      const pending = [
        ...document.querySelectorAll('[data-reveal]:not([data-revealed]), astro-island[ssr][client="visible"]'),
      ].find((element) => element.checkVisibility() && !element.closest('dialog:not([open])'));
      if (!pending) break;
      late(pending.outerHTML.slice(0, 80));
      pending.scrollIntoView({ block: 'center', behavior: 'instant' });
      await frame();
    }
    for (const image of document.images) if (image.loading === 'lazy') image.loading = 'eager';
    // Only what is drawn at this width can move the layout; an image that never answers is named, not waited on.
    const shown = [...document.images].filter((image) => image.checkVisibility());
    const images = Promise.all(shown.map(loaded));
    const waited = await Promise.race([
      Promise.all([images, document.fonts.ready]).then(() => true),
      new Promise((done) =>
        setTimeout(() => done(false), Math.min(IMAGE_WAIT_MS, Math.max(0, deadline - performance.now()))),
      ),
    ]);
    const unloaded = waited
      ? []
      : [
          ...shown.filter((image) => !image.complete).map((image) => image.currentSrc || image.src),
          ...(document.fonts.status === 'loading' ? ['fonts'] : []),
        ];
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frame();
    await frame();
    return unloaded;
  })();
}

/** @typedef {Awaited<ReturnType<typeof measurePicture>>} PictureDrawing What measurePicture reads of a picture. */

/**
 * The source of an SVG picture: its markup, for one written into the page; from the runtime, or from the data: URL a
 * test page draws it from, for one in an <img>.
 * @param {{ src: string, source?: string }} picture
 */
async function pictureSource({ src, source }) {
  if (source !== undefined) return source;
  if (src.startsWith('data:')) return decodeURIComponent(src.slice(src.indexOf(',') + 1));
  const response = await get(src);
  if (response.status !== 200) throw new Error(`${src} answered ${response.status}`);
  return response.body.toString('utf8');
}

/**
 * The pictures' findings at one width, added to `findings`: text drawn under MIN_FONT_PX at the size the picture is
 * drawn, at every width (a desktop draws a picture at a size of its own too). `measured` caches measurePicture's answer
 * per picture. A picture written into the page has its text measured with the page's.
 * @param {import('@playwright/test').Page} page
 * @param {{ src: string, where: string, alt: string, drawn: { width: number, height: number }, source?: string }[]} pictures
 * @param {Map<string, PictureDrawing>} measured
 * @param {{ rule: string, where: string, what: string }[]} findings
 */
async function pictureTextFindings(page, pictures, measured, findings) {
  for (const picture of pictures) {
    if (picture.source !== undefined) continue;
    if (!measured.has(picture.src)) {
      measured.set(picture.src, await page.evaluate(measurePicture, await pictureSource(picture)));
    }
    // Set just above.
    const drawing = /** @type {PictureDrawing} */ (measured.get(picture.src));
    const px = pictureTextPx(picture.drawn, drawing);
    if (px === null || !drawing.smallest || px >= MIN_FONT_PX - 0.01) continue;
    const name = picture.src.startsWith('data:') ? 'picture' : `picture ${new URL(picture.src).pathname}`;
    findings.push({
      rule: 'small-text',
      where: picture.where,
      what: `${px.toFixed(1)} px: ${name} "${picture.alt}", text "${drawing.smallest.text.slice(0, 30)}" drawn ${Math.round(picture.drawn.width)} px wide`,
    });
  }
}

/**
 * The findings of one rule on one fixture page, at one width.
 * @param {import('@playwright/test').Page} page
 */
async function checkFixtures(page) {
  const failures = [];
  for (const fixture of FIXTURES) {
    const width = fixture.width ?? 390;
    await page.setViewportSize({ width, height: 844 });
    await page.setContent(fixture.html);
    await afterRendering(page);
    // A test page's pictures are drawn from data: URLs, so they load with it (no request to wait for).
    await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode().catch(() => {}))));
    const { findings, pictures } = await page.evaluate(measureLayout, RULES);
    await pictureTextFindings(page, pictures, new Map(), findings);
    const found = findings.map((f) => `${f.rule}: ${f.what}`);
    const expected = fixture.finds;
    const ok =
      found.length === expected.length &&
      expected.every((pattern, i) => new RegExp(pattern, 'u').test(/** @type {string} */ (found[i])));
    if (!ok) failures.push(`${fixture.name}: expected [${expected.join(' | ')}], found [${found.join(' | ')}]`);
  }
  await page.setContent('<!doctype html><html lang="en"><body></body></html>');
  for (const fixture of PICTURE_FIXTURES) {
    const found = (await page.evaluate(measurePicture, fixture.svg)).outside;
    const expected = fixture.finds;
    const ok =
      found.length === expected.length &&
      expected.every((pattern, i) => new RegExp(pattern, 'u').test(/** @type {string} */ (found[i])));
    if (!ok) failures.push(`${fixture.name}: expected [${expected.join(' | ')}], found [${found.join(' | ')}]`);
  }
  return failures;
}

// The runtime starts (seconds, more on a busy machine) while the rules read their test pages.
const hosting = values['fixtures-only'] ? null : startHost({ dir: values.dir });
hosting?.catch(() => {});
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
let failed = false;
try {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: VIEWPORTS[0] });
  const page = await context.newPage();

  const fixtureFailures = await checkFixtures(page);
  if (fixtureFailures.length) {
    console.error(`The layout rules missed or misread their own test pages:\n  ${fixtureFailures.join('\n  ')}`);
    process.exitCode = 1;
    failed = true;
  } else {
    console.log(`Layout rules: ${FIXTURES.length + PICTURE_FIXTURES.length} test pages read as expected.`);
  }

  if (!failed && !values['fixtures-only']) {
    // Started above: it is null only with --fixtures-only.
    const host = /** @type {NonNullable<Awaited<typeof hosting>>} */ (await hosting);
    /** @type {Set<string>} The requests under way, named when a page fails to load. */
    const inFlight = new Set();
    page.on('request', (request) => inFlight.add(request.url()));
    page.on('requestfinished', (request) => inFlight.delete(request.url()));
    page.on('requestfailed', (request) => inFlight.delete(request.url()));
    await context.addInitScript((key) => window.sessionStorage.setItem(key, '1'), offerDismissedKey());
    const only = values.only?.split(',');
    // One page of each kind (src/lib/page-kinds.mjs), every page under CHECK_EVERY_PAGE=1 (npm run test:sweep).
    // And every other page that shows a drawn picture, at a phone's widths, where each is drawn again for a phone.
    const pages = [
      ...pagesToRender(resolve(values.dir)).map((p) => ({ ...p, widths: VIEWPORTS })),
      ...pagesWithPictures(resolve(values.dir)).map((p) => ({ ...p, widths: PHONE_VIEWPORTS })),
    ].filter((p) => !only || only.includes(p.path) || only.includes(p.name));
    const rows = [];
    const results = [];
    /** @type {Map<string, PictureDrawing>} measurePicture's answer for each picture: each is measured once per run. */
    const pictureVerdicts = new Map();
    /** Where the time goes, for the summary line: loading, resizing and revealing, measuring. */
    const spent = { load: 0, reveal: 0, measure: 0 };
    for (const { path: url, name: path, cookie, widths } of pages) {
      // A variant page of a running experiment is served under its page's URL to a visitor with its cookie.
      await context.clearCookies();
      if (cookie) await context.addCookies([{ ...cookie, url: host.origin }]);
      await page.setViewportSize(VIEWPORTS[0]);
      let mark = Date.now();
      /** @param {keyof typeof spent} phase */
      const lap = (phase) => {
        spent[phase] += Date.now() - mark;
        mark = Date.now();
      };
      // The fonts and images are waited for below, each image at most once.
      await page.goto(host.origin + url, { waitUntil: 'domcontentloaded', timeout: 60_000 }).catch((error) => {
        throw new Error(
          `${path} did not load; still loading: ${[...inFlight].join(', ') || 'nothing'}\n${error.message}`,
        );
      });
      lap('load');
      /** @type {(number | null)[]} */
      const heights = [];
      /** @type {(number | null)[]} */
      const pixels = [];
      /** @type {Map<string, { src: string, where: string, alt: string, width: number, source?: string }>} */
      const shown = new Map();
      for (const viewport of VIEWPORTS) {
        if (!widths.includes(viewport)) {
          heights.push(null);
          pixels.push(null);
          continue;
        }
        await page.setViewportSize(viewport);
        // Again at each width: an island hidden at the last width (display: none) may show at this one.
        const unloaded = await page.evaluate(settle, { timeout: SETTLE_TIMEOUT_MS, width: viewport.width });
        if (unloaded.length)
          console.warn(`${path} at ${viewport.width} px: measured without ${unloaded.join(', ')} (not loaded in 20 s)`);
        lap('reveal');
        const measured = await page.evaluate(measureLayout, RULES);
        lap('measure');
        heights.push(screens(measured.scrollHeight, measured.height));
        await pictureTextFindings(page, measured.pictures, pictureVerdicts, measured.findings);
        pixels.push(measured.scrollHeight);
        results.push({ path, width: viewport.width, findings: measured.findings });
        for (const picture of measured.pictures)
          if (!shown.has(picture.src)) shown.set(picture.src, { ...picture, width: viewport.width });
      }
      rows.push({ path, heights, pixels });
      // Each SVG picture the page shows, at the first width that shows it; a picture is measured once per run.
      for (const picture of shown.values()) {
        if (!pictureVerdicts.has(picture.src)) {
          pictureVerdicts.set(picture.src, await page.evaluate(measurePicture, await pictureSource(picture)));
        }
        // Measured above, at every width.
        const at = /** @type {(typeof results)[number]} */ (
          results.find((result) => result.path === path && result.width === picture.width)
        );
        for (const what of /** @type {PictureDrawing} */ (pictureVerdicts.get(picture.src)).outside) {
          const name = `picture ${picture.source === undefined ? new URL(picture.src).pathname : picture.src.slice('inline:'.length)} "${picture.alt}"`;
          at.findings.push({ rule: 'spill', where: picture.where, what: `${name}: ${what}` });
        }
      }
    }
    /** @param {number} ms */
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `\nTime in pages: loading ${seconds(spent.load)}, resizing and revealing ${seconds(spent.reveal)}, measuring ${seconds(spent.measure)}.`,
    );
    console.log(`\nPage height in screens (height / viewport height), ${pages.length} pages:\n`);
    console.log(heightTable(rows));
    const lines = findingLines([...results, ...tallPageFindings(rows, legalPaths())]);
    console.log(`\n${lines.length} finding${lines.length === 1 ? '' : 's'}${lines.length ? ':' : '.'}`);
    for (const line of lines) console.log(`  ${line}`);
    if (lines.length) process.exitCode = 1;
  }
} finally {
  await browser.close();
  await hosting?.then(
    (host) => host.stop(),
    (error) => {
      console.error(error.message);
      process.exitCode = 1;
    },
  );
}
console.log(`\nLayout check: ${((Date.now() - started) / 1000).toFixed(1)} s`);
