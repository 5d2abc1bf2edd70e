/**
 * An experiment at the edge, on the reference host's runtime (scripts/host.mjs) serving the test build, whose one
 * experiment (tests/fixtures/experiments/creator-headline.json) runs on /creator: control 50 %, income 30 %, launch
 * 20 %. The runtime starts with an empty D1, so the counts it reads are its own requests' alone.
 *
 * It serves a copy of the build with one more experiment in the manifest, judged on demo clicks (yoga-demo on /yoga,
 * CLICK_EXPERIMENT): the test build's own pages keep their links as they are for the other tests. In the copy, the
 * home pages' offer popup posts its leads to the site's /api/leads, as on the Worker (relay mode, the default build's):
 * the test build's popup posts to the CRM itself (direct mode, for hosts without the Worker, where no experiment runs).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { HtmlValidate } from 'html-validate';
import { get, startHost } from '../../scripts/host.mjs';
import { workerFirstRoutes } from '../../scripts/experiment-routes.mjs';
import { execute } from '../../scripts/d1.mjs';
import { REPORT_SQL } from '../../worker/experiments/table.mjs';
import { EVENTS } from '../../src/lib/analytics';
import {
  CLICK_ROUTE,
  MANIFEST_PATH,
  variantFile,
  type ExperimentManifest,
  type ManifestExperiment,
} from '../../src/lib/experiments/wire';
import { scriptElements } from '../../src/lib/html-scan';
import { openOfferByItsTrigger, whileTheOfferRuns } from './home-helpers';
import { captureEvents, trackerReady } from './analytics-helpers';
import { afterRendering, loadEveryImage, revealWholePage } from './whole-page';
import { measureLayout, MIN_FONT_PX, SMALL_PRINT } from '../../scripts/layout-rules.mjs';

const run = promisify(execFile);
const PAGE = '/creator';
const FIXTURE = JSON.parse(readFileSync('tests/fixtures/experiments/creator-headline.json', 'utf8')) as {
  id: string;
  variants: { name: string; weight: number; changes: { field: string; value: string }[] }[];
};
const HEADINGS: Record<string, string> = {
  control: JSON.parse(readFileSync('src/content/landing/creator.json', 'utf8')).hero.heading,
  income: FIXTURE.variants[1]!.changes[0]!.value,
  launch: FIXTURE.variants[2]!.changes[0]!.value,
};
/** The chi-square with 2 degrees of freedom above which p < 0.001 (tables: 13.816). */
const CHI_SQUARE_2_AT_0_001 = 13.816;

type Host = Awaited<ReturnType<typeof startHost>>;
test.describe.configure({ mode: 'default' });

let host: Host;
let state: string;
let site: string;

/** The manifest as the test build wrote it. */
const BUILT_MANIFEST = JSON.parse(readFileSync(`dist-test${MANIFEST_PATH}`, 'utf8')) as ExperimentManifest;
/** A demo-click experiment on /yoga: its variant "short" is the page with another heading. */
const CLICK_EXPERIMENT = {
  id: 'yoga-demo',
  page: '/yoga',
  goal: 'demo-click',
  variants: [
    { name: 'control', weight: 50, file: null },
    { name: 'short', weight: 50, file: variantFile('yoga-demo', 'short') },
  ],
} as const satisfies ExperimentManifest['experiments'][number];
const YOGA_HEADING = JSON.parse(readFileSync('src/content/landing/yoga.json', 'utf8')).hero.heading as string;
const SHORT_HEADING = 'Fill your yoga classes';

/** The trigger experiment on the home page (tests/fixtures/experiments/home-offer-trigger.json). */
const TRIGGER = JSON.parse(readFileSync('tests/fixtures/experiments/home-offer-trigger.json', 'utf8')) as {
  id: string;
  variants: { name: string; changes: { field: string; value: string }[] }[];
};

/** The offer popup form's target prop as a build writes it into the island: `crm` up to the labels. */
const POPUP_TARGET = /&quot;crm&quot;:\[0,\{.*?\}\],(?=&quot;labels&quot;)/;

/** A home page of the test build with its popup's target as the default build (relay mode) writes it. */
function relayPopup(html: string): string {
  const relay = POPUP_TARGET.exec(readFileSync('dist/index.html', 'utf8'))?.[0];
  expect(relay).toContain('relay');
  expect(html).toMatch(POPUP_TARGET);
  return html.replace(POPUP_TARGET, relay!);
}

/** The test build, with CLICK_EXPERIMENT added to its manifest and its variant file written. */
function siteWithClickExperiment(): string {
  const dir = mkdtempSync(join(tmpdir(), 'experiment-site-'));
  cpSync('dist-test', dir, { recursive: true });
  for (const file of [
    'index.html',
    ...TRIGGER.variants.slice(1).map((v) => `${variantFile(TRIGGER.id, v.name)}.html`),
  ]) {
    const path = join(dir, file);
    writeFileSync(path, relayPopup(readFileSync(path, 'utf8')));
  }
  const manifest = { ...BUILT_MANIFEST, experiments: [...BUILT_MANIFEST.experiments, CLICK_EXPERIMENT] };
  writeFileSync(join(dir, MANIFEST_PATH), JSON.stringify(manifest));
  const variant = join(dir, `${CLICK_EXPERIMENT.variants[1].file}.html`);
  mkdirSync(join(variant, '..'), { recursive: true });
  const yoga = readFileSync('dist-test/yoga.html', 'utf8');
  expect(yoga).toContain(YOGA_HEADING);
  writeFileSync(variant, yoga.replace(YOGA_HEADING, SHORT_HEADING));
  return dir;
}

test.beforeAll(async () => {
  state = mkdtempSync(join(tmpdir(), 'experiment-state-'));
  site = siteWithClickExperiment();
  host = await startHost({ dir: site, persistTo: state });
});

test.afterAll(async () => {
  await host?.stop();
  rmSync(state, { recursive: true, force: true });
  rmSync(site, { recursive: true, force: true });
});

/** Visitors counted per variant, read from the runtime's D1. */
async function exposures(): Promise<Record<string, number>> {
  const [rows = []] = await execute([REPORT_SQL.totals], { remote: false, persistTo: state });
  return Object.fromEntries(rows.filter((row) => row.experiment === FIXTURE.id).map((r) => [r.variant, r.visitors]));
}

/** A GET of the page as a first visit (no cookie) or with `headers`; the variant it was given and its heading. */
async function visit(headers: Record<string, string | undefined> = {}) {
  const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => !!entry[1]));
  const response = await fetch(`${host.origin}${PAGE}`, { headers: sent, redirect: 'manual' });
  const html = await response.text();
  const cookie = response.headers.get('Set-Cookie');
  const heading = /<h1[^>]*>\s*([^<]*?)\s*<\/h1>/.exec(html)?.[1];
  return { response, html, cookie, heading, assigned: /^exp=creator-headline:([a-z-]+);/.exec(cookie ?? '')?.[1] };
}

/** `count` first visits, `parallel` at a time: the variant each was given. */
async function firstVisits(count: number, parallel = 16) {
  const given: Record<string, number> = { control: 0, income: 0, launch: 0 };
  let started = 0;
  const visitor = async () => {
    while (started < count) {
      started += 1;
      const { response, assigned, heading } = await visit();
      expect(response.status).toBe(200);
      expect(assigned).toBeDefined();
      expect(heading).toBe(HEADINGS[assigned!]);
      given[assigned!]! += 1;
    }
  };
  await Promise.all(Array.from({ length: parallel }, visitor));
  return given;
}

// The draw itself splits 10,000 visitors in the unit tests (experiment-edge.test.ts), with its exact boundaries; here the
// runtime's own randomness and the built manifest's weights: 2,000 visits tell any other split or order of the weights
// apart (chi-square above 160 for 50/20/30, against the bound of 13.8).
const SPLIT_VISITS = 2_000;

test('2,000 first visits through the runtime are split by the weights', async () => {
  test.setTimeout(90_000);
  // HEAD: the headers a GET gets, the assignment's cookie among them, without a page to carry through the runtime
  // each time (the pages' words are checked below); never counted, so the split is measured without a write per visit.
  const headers = { 'Accept-Encoding': 'identity' };
  const given: Record<string, number> = { control: 0, income: 0, launch: 0 };
  let started = 0;
  const visitor = async () => {
    while (started < SPLIT_VISITS) {
      started += 1;
      const response = await fetch(`${host.origin}${PAGE}`, { method: 'HEAD', headers, redirect: 'manual' });
      expect(response.status).toBe(200);
      const assigned = /^exp=creator-headline:([a-z-]+);/.exec(response.headers.get('Set-Cookie') ?? '')?.[1];
      given[assigned!]! += 1;
    }
  };
  await Promise.all(Array.from({ length: 16 }, visitor));
  expect(given.control! + given.income! + given.launch!).toBe(SPLIT_VISITS);
  const chiSquare = FIXTURE.variants.reduce((sum, { name, weight }) => {
    const expected = (SPLIT_VISITS * weight) / 100;
    return sum + (given[name]! - expected) ** 2 / expected;
  }, 0);
  test.info().annotations.push({ type: 'split', description: `${JSON.stringify(given)}, chi-square ${chiSquare}` });
  expect(chiSquare).toBeLessThan(CHI_SQUARE_2_AT_0_001);
});

test('each first visit is counted once, exactly, in its variant', async () => {
  test.setTimeout(120_000);
  const before = await exposures();
  const given = await firstVisits(600);
  const added = (name: string) => (before[name] ?? 0) + given[name]!;
  await expect.poll(exposures, { timeout: 30_000 }).toEqual({
    control: added('control'),
    income: added('income'),
    launch: added('launch'),
  });
});

test('a returning visitor always gets the same variant under the same URL, never redirected, privately cached', async () => {
  const before = await exposures();
  for (const variant of ['control', 'income', 'launch']) {
    for (let i = 0; i < 5; i += 1) {
      const { response, cookie, heading } = await visit({ Cookie: `exp=creator-headline:${variant}` });
      expect(response.status).toBe(200);
      expect(response.url).toBe(`${host.origin}${PAGE}`);
      expect(cookie).toBeNull();
      expect(heading).toBe(HEADINGS[variant]);
      expect(response.headers.get('Cache-Control')).toBe('private');
      expect(response.headers.get('Vary')).toContain('Cookie');
    }
  }
  // Served under the page's URL, the variant is indexable like the page: the file's own noindex stays in the file.
  expect((await visit({ Cookie: 'exp=creator-headline:launch' })).html).not.toContain('name="robots"');
  expect(await exposures()).toEqual(before);
});

test('the cookie holds the experiment and the variant only, HttpOnly, SameSite=Lax, for 30 days', async () => {
  const { cookie, assigned } = await visit();
  expect(cookie).toBe(`exp=creator-headline:${assigned}; Max-Age=2592000; Path=/; SameSite=Lax; HttpOnly`);
});

test('Global Privacy Control and Do Not Track get control, no cookie, and are not counted', async () => {
  const before = await exposures();
  for (const headers of [{ 'Sec-GPC': '1' }, { DNT: '1' }, { 'Sec-GPC': '1', Cookie: 'exp=creator-headline:launch' }]) {
    const { response, cookie, heading } = await visit(headers);
    expect(response.status).toBe(200);
    expect(cookie).toBeNull();
    expect(heading).toBe(HEADINGS.control);
  }
  expect(await exposures()).toEqual(before);
});

test('a prefetch is not an exposure: refused without an assignment, served with one, never counted', async () => {
  const before = await exposures();
  const refused = await visit({ 'Sec-Purpose': 'prefetch' });
  expect(refused.response.status).toBe(503);
  expect(refused.cookie).toBeNull();
  const served = await visit({ 'Sec-Purpose': 'prefetch;prerender', Cookie: 'exp=creator-headline:income' });
  expect(served.response.status).toBe(200);
  expect(served.heading).toBe(HEADINGS.income);
  expect(await exposures()).toEqual(before);
});

test('a bot gets a page and an assignment like anyone, and is not counted', async () => {
  const before = await exposures();
  for (const agent of [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  ]) {
    const { response, assigned, heading } = await visit({ 'User-Agent': agent });
    expect(response.status).toBe(200);
    expect(heading).toBe(HEADINGS[assigned!]);
  }
  await new Promise((done) => setTimeout(done, 1000));
  expect(await exposures()).toEqual(before);
});

test('the variant pages and the manifest are not served at their own paths', async () => {
  for (const path of [
    '/experiment-variants/creator-headline/income',
    '/experiment-variants/creator-headline/income.html',
    '/experiment-variants/manifest.json',
    '/Experiment-Variants/creator-headline/launch',
    '/experiment-variants//creator-headline/launch',
    '/%65xperiment-variants/creator-headline/launch',
    '/experiment-variants%2Fcreator-headline%2Flaunch',
  ]) {
    // A spelling the static assets normalise is redirected to the plain path, which is refused in turn.
    const response = await fetch(`${host.origin}${path}`);
    expect(response.status, path).toBe(404);
    expect(await response.text()).not.toContain(HEADINGS.launch);
  }
});

test('a page without an experiment is served as a static file: the Worker runs first for the experimented page only', async () => {
  expect(workerFirstRoutes(['/api/*', '/experiment-variants/*'], 'dist-test')).toEqual([
    '/api/*',
    '/experiment-variants/*',
    ...BUILT_MANIFEST.experiments.map((experiment) => experiment.page),
  ]);
  const response = await fetch(`${host.origin}/white-labeling`, { headers: { Cookie: 'exp=creator-headline:launch' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('Set-Cookie')).toBeNull();
  expect(response.headers.get('Cache-Control')).not.toContain('private');
  expect(response.headers.get('Vary') ?? '').not.toContain('Cookie');
});

test('a lead from a visitor of a variant is stored with it, counted once, and the readout counts what was sent', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: host.origin });
  // The email service of the test build fails, so each form posts its lead to the site's /api/leads.
  await context.route(/^https:\/\/[a-z]+\.test\.example\//, (route) => route.fulfill({ status: 400 }));
  const page = await context.newPage();
  await page.goto(PAGE);
  const cookie = (await context.cookies()).find((c) => c.name === 'exp')!;
  const variant = cookie.value.split(':')[1]!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS[variant]!);
  // Later in the visit, a lead from another page: the lead goal counts whatever form the visitor uses.
  for (const name of ['Ravi', 'Ravi again']) {
    await page.goto('/mr/business-whatsapp-pricing');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Mobile Number').fill('9876543210');
    const stored = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/leads');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await stored).status()).toBe(202);
    await page.waitForURL('**/thank-you');
  }
  await context.close();

  const { stdout } = await run('node', [
    'scripts/experiments.mjs',
    '--persist-to',
    state,
    '--experiments',
    'tests/fixtures/experiments',
    '--json',
  ]);
  const report = JSON.parse(stdout) as {
    experiments: { id: string; readout: { variants: { name: string; visitors: number; conversions: number }[] } }[];
  };
  const counted = await exposures();
  const read = report.experiments.find((experiment) => experiment.id === FIXTURE.id)!.readout.variants;
  expect(read).toEqual(
    FIXTURE.variants.map(({ name }) =>
      expect.objectContaining({ name, visitors: counted[name] ?? 0, conversions: name === variant ? 1 : 0 }),
    ),
  );
});

test('a lead sent from the offer popup counts for the trigger variant that opened it, and the readout says so', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  /** Trigger experiment visitors counted per variant, read from the runtime's D1. */
  const triggerExposures = async () => {
    const [rows = []] = await execute([REPORT_SQL.totals], { remote: false, persistTo: state });
    return Object.fromEntries(rows.filter((r) => r.experiment === TRIGGER.id).map((r) => [r.variant, r.visitors]));
  };
  // First visits until one is given a trigger other than control's (load): each a new visitor, assigned at the edge.
  let variant = 'control';
  let context: Awaited<ReturnType<Browser['newContext']>> | undefined;
  for (let visit = 0; visit < 30 && variant === 'control'; visit += 1) {
    await context?.close();
    context = await browser.newContext({ baseURL: host.origin });
    await context.route(/^https:\/\/[a-z]+\.test\.example\//, (route) => route.fulfill({ status: 202 }));
    const first = await context.newPage();
    await whileTheOfferRuns(first);
    await first.goto('/');
    variant = (await context.cookies()).find((c) => c.name === 'exp')!.value.replace(`${TRIGGER.id}:`, '');
  }
  expect(['scroll', 'exit']).toContain(variant);
  const page = context!.pages()[0]!;
  const popup = page.getByRole('dialog', { name: 'Mega Bundle' });
  // Not on load: the variant's own trigger opens it.
  await page.waitForLoadState('load');
  await expect(page.locator('dialog[data-offer-popup]')).toHaveAttribute('data-trigger', variant);
  expect(await popup.isVisible()).toBe(false);
  await openOfferByItsTrigger(page);
  await popup.getByPlaceholder('Enter Name').fill('Meera');
  await popup.getByPlaceholder('Enter Mobile No.').fill('9876501234');
  const stored = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/leads');
  await popup.getByRole('button', { name: 'Claim Now' }).click();
  expect((await stored).status()).toBe(202);
  await page.waitForURL('**/thank-you');
  await context!.close();

  const { stdout } = await run('node', [
    'scripts/experiments.mjs',
    '--persist-to',
    state,
    '--experiments',
    'tests/fixtures/experiments',
    '--json',
  ]);
  const report = JSON.parse(stdout) as {
    experiments: { id: string; readout: { variants: { name: string; visitors: number; conversions: number }[] } }[];
  };
  const counted = await triggerExposures();
  expect(counted[variant]).toBeGreaterThanOrEqual(1);
  const read = report.experiments.find((experiment) => experiment.id === TRIGGER.id)!.readout.variants;
  expect(read).toEqual(
    TRIGGER.variants.map(({ name }) =>
      expect.objectContaining({ name, visitors: counted[name] ?? 0, conversions: name === variant ? 1 : 0 }),
    ),
  );
});

/**
 * A page of the test build opened in Chromium as a visitor given `variant` of `experiment`, under the runtime's real
 * headers: its policy, the scripts it was sent, what it logs, a way to wake its islands and their states.
 */
async function openAsVariant(browser: Browser, experiment: ManifestExperiment, variant: string) {
  // Reduced motion: no section is caught halfway through its reveal.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'exp', value: `${experiment.id}:${variant}`, url: host.origin }]);
  // The test build's analytics and services are reserved hosts: answered here, as a network would.
  await context.route(/^https:\/\/[a-z]+\.test\.example\//, (route) => route.fulfill({ status: 202 }));
  const page = await context.newPage();
  await whileTheOfferRuns(page);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`policy violation: ${event.violatedDirective}`),
    );
  });
  const response = await page.goto(`${host.origin}${experiment.page}`);
  expect(page.url()).toBe(`${host.origin}${experiment.page}`);
  const policy = response?.headers()['content-security-policy'] ?? '';
  // The scripts the page carries, as sent: each external one by its address, each inline one by its type and text.
  const scripts = scriptElements((await response?.text()) ?? '').map(({ attrs, body }) =>
    attrs.src !== undefined ? attrs.src : `inline ${attrs.type ?? 'script'}: ${body}`,
  );
  /**
   * Wakes every island as a visitor does: those that wait for a touch (the offer's form in its popup, opened as its
   * trigger asks while the offer runs) focused, as a first tap does; the contact dialog's form opened by one of its buttons;
   * those that wait to be seen scrolled into view. One that never wakes is not waited for past 20 s: the islands'
   * states say which.
   */
  const wake = async () => {
    if (await page.locator('dialog[data-offer-popup]').count()) await openOfferByItsTrigger(page);
    for (const island of await page.locator('astro-island[ssr][client="interact"]').all()) {
      const control = island.locator('input, textarea, select, button').first();
      if (await control.isVisible()) await control.focus();
    }
    await page.keyboard.press('Escape');
    const opener = page.locator('[data-open-contact]').first();
    if ((await page.locator('[data-contact-modal] astro-island').count()) && (await opener.isVisible())) {
      await opener.click();
      await expect(page.locator('[data-contact-modal]')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await revealWholePage(page).catch(() => undefined);
  };
  const islands = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('astro-island')]
        .filter((island) => !island.parentElement?.closest('astro-island'))
        .map((island) => {
          const name = /"name":"(\w+)"/.exec(island.getAttribute('opts') ?? '')?.[1];
          const state = island.hasAttribute('ssr') ? 'asleep' : 'awake';
          // One not shown now (the phones' testimonial carousel, a closed dialog's form) may wait, as for a visitor.
          // An island's element has no box of its own (display: contents): what it holds is what shows.
          const shown = [...island.children].some((child) => child.checkVisibility());
          return `${name}: ${shown ? state : `${state}, not shown`}`;
        }),
    );
  return { context, page, policy, scripts, errors, wake, islands };
}

for (const experiment of BUILT_MANIFEST.experiments) {
  test(`${experiment.page}: each variant of ${experiment.id} wakes every island control wakes, runs control's scripts, and is clean`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const definition = JSON.parse(readFileSync(`tests/fixtures/experiments/${experiment.id}.json`, 'utf8')) as {
      variants: { name: string; changes: { field: string; value: string | number }[] }[];
    };
    const control = await openAsVariant(browser, experiment, 'control');
    await control.wake();
    await expect.poll(control.islands).not.toContainEqual(expect.stringMatching(/: asleep$/));
    const awake = await control.islands();
    expect(control.errors).toEqual([]);
    await control.context.close();
    for (const { name, changes } of definition.variants.slice(1)) {
      const variant = await openAsVariant(browser, experiment, name);
      const { page } = variant;
      for (const { field, value } of changes) {
        // The offer's trigger is no text of the page: the popup says what opens it.
        if (field === 'offer.trigger.when') {
          await expect(page.locator('dialog[data-offer-popup]')).toHaveAttribute('data-trigger', String(value));
        } else if (field === 'offer.trigger.scrollShare') {
          await expect(page.locator('dialog[data-offer-popup]')).toHaveAttribute('data-scroll-share', String(value));
        } else {
          await expect(page.getByText(String(value)).first()).toBeVisible();
        }
      }
      // Under the site's own policy, which trusts no inline script.
      expect(variant.policy).toMatch(/script-src 'self'(;|$| 'wasm)/);
      expect(variant.scripts, name).toEqual(control.scripts);
      await variant.wake();
      await expect.poll(variant.islands, { message: name }).toEqual(awake);
      await page.waitForLoadState('networkidle');
      expect(variant.errors, name).toEqual([]);
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .options({ resultTypes: ['violations'] })
        .analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
      // The layout check's rules (scripts/check-layout.mjs), at a phone's widths and a desktop's.
      for (const width of [320, 390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await revealWholePage(page);
        await loadEveryImage(page);
        await afterRendering(page);
        const { findings } = await page.evaluate(measureLayout, { minFontPx: MIN_FONT_PX, smallPrint: SMALL_PRINT });
        expect(findings.map((f: { rule: string; what: string }) => `${width} px ${f.rule}: ${f.what}`)).toEqual([]);
      }
      await variant.context.close();
    }
  });
}

test("each variant is within its page's budgets: its HTML on the wire, and no script or style the page lacks", async () => {
  const budgets = JSON.parse(readFileSync('budgets.json', 'utf8')) as {
    default: Record<string, number>;
    pages: Record<string, Record<string, number>>;
  };
  const limit = { ...budgets.default, ...budgets.pages[PAGE] };
  const assets = (html: string) => [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  const control = await (
    await fetch(`${host.origin}${PAGE}`, { headers: { Cookie: 'exp=creator-headline:control' } })
  ).text();
  for (const { name } of FIXTURE.variants.slice(1)) {
    // The body as it crosses the wire, compressed (fetch would hand it over decoded).
    const response = await get(`${host.origin}${PAGE}`, {
      Cookie: `exp=creator-headline:${name}`,
      'Accept-Encoding': 'br, gzip',
    });
    expect(response.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(response.body.length, name).toBeLessThanOrEqual(limit.html!);
    const html = await (
      await fetch(`${host.origin}${PAGE}`, { headers: { Cookie: `exp=creator-headline:${name}` } })
    ).text();
    expect(assets(html), name).toEqual(assets(control));
  }
});

test('a change holding markup is shown as text: escaped in the file, never a script', async ({ browser }) => {
  const hostile = FIXTURE.variants[2]!.changes[2]!.value;
  expect(hostile).toContain('</script>');
  const file = readFileSync(`dist-test/experiment-variants/${FIXTURE.id}/launch.html`, 'utf8');
  expect(file).not.toContain('<script> alert(1)');
  expect(file).toContain('&lt;script&gt; alert(1) &lt;/script&gt; &lt;/script&gt; &lt;!-- &amp;');
  const context = await browser.newContext();
  await context.addCookies([{ name: 'exp', value: 'creator-headline:launch', url: host.origin }]);
  await context.route(/^https:\/\/[a-z]+\.test\.example\//, (route) => route.fulfill({ status: 202 }));
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => void dialogs.push(dialog.message()));
  await page.goto(`${host.origin}${PAGE}`);
  await expect(page.getByText(hostile, { exact: true })).toBeVisible();
  expect(dialogs).toEqual([]);
  await context.close();
});

test('every variant file is valid HTML under the rules the pages are held to', async () => {
  const validator = new HtmlValidate(JSON.parse(readFileSync('.htmlvalidate.json', 'utf8')));
  for (const { name } of FIXTURE.variants.slice(1)) {
    const report = await validator.validateFile(`dist-test/experiment-variants/${FIXTURE.id}/${name}.html`);
    expect(report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  }
});

/** Demo clicks counted per variant of CLICK_EXPERIMENT, read from the runtime's D1. */
async function clicks(): Promise<Record<string, number>> {
  const [rows = []] = await execute([REPORT_SQL.clicks], { remote: false, persistTo: state });
  return Object.fromEntries(
    rows.filter((row) => row.experiment === CLICK_EXPERIMENT.id).map((r) => [r.variant, r.conversions]),
  );
}

test('the build writes where the click goals lead: the links its pages carry', () => {
  const yoga = readFileSync('dist-test/yoga.html', 'utf8');
  const href = (cta: string) => new RegExp(`<a[^>]*href="([^"]+)"[^>]*data-cta="${cta}"`).exec(yoga)?.[1];
  expect(BUILT_MANIFEST.links).toEqual({ demo: href('demo'), start: href('start') });
});

test('a demo click counts once per visitor, through the first-party route, with no script, and still reaches the booking', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const links = BUILT_MANIFEST.links!;
  const context = await browser.newContext({ baseURL: host.origin });
  // The booking page and the analytics endpoint are answered here (captureEvents).
  const capture = await captureEvents(context);
  const page = await context.newPage();
  await page.goto('/yoga');
  const variant = (await context.cookies()).find((c) => c.name === 'exp')!.value.replace('yoga-demo:', '');
  expect(['control', 'short']).toContain(variant);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(variant === 'short' ? SHORT_HEADING : YOGA_HEADING);
  const main = page.getByRole('main');
  const demo = main.getByRole('link', { name: 'Book a Free Demo' }).first();
  await expect(demo).toHaveAttribute('href', `${CLICK_ROUTE}?experiment=yoga-demo&cta=demo`);
  // Only the goal's call to action goes through the route.
  for (const start of await main.locator('a[data-cta="start"]').all()) {
    await expect(start).toHaveAttribute('href', links.start);
  }
  await trackerReady(capture);

  for (let click = 0; click < 2; click += 1) {
    // The new tab, sent on by the route, asks for the booking page itself.
    const [booking] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('request', (request) => request.url() === links.demo),
      demo.click(),
    ]);
    await booking.close();
  }
  // The analytics event is sent as before, once per click.
  await expect.poll(() => capture.named(EVENTS.demo).length).toBe(2);
  await expect.poll(clicks, { timeout: 15_000 }).toEqual({ [variant]: 1 });
  await context.close();

  // Under Global Privacy Control the page is control and its links go straight to the booking.
  const optedOut = await fetch(`${host.origin}/yoga`, { headers: { 'Sec-GPC': '1' } });
  const html = await optedOut.text();
  expect(html).not.toContain(CLICK_ROUTE);
  expect(html).toContain(`href="${links.demo}"`);
  expect(await clicks()).toEqual({ [variant]: 1 });
});
