/**
 * An experiment as a browser shows it, on the reference host's runtime (scripts/host.mjs) serving the test build, whose
 * experiments run on /, /creator and /business-whatsapp-pricing (tests/fixtures/experiments/), with one more in the
 * manifest, judged on demo clicks (yoga-demo on /yoga, ../click-experiment.ts): each variant in Chromium under the
 * site's own headers, a change holding markup, a click through the first-party route. What the Worker answers (the
 * split, the counts, the cookies, the privacy signals, prefetches, bots, the click route's counting) is
 * tests/worker/experiments.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { PAGE_SCRIPT_SRC } from '../own-scripts';
import { HtmlValidate } from 'html-validate';
import { startHost } from '../../scripts/host.mjs';
import { execute } from '../../scripts/d1.mjs';
import { REPORT_SQL } from '../../worker/experiments/table.mjs';
import { EVENTS } from '../../src/lib/analytics';
import {
  ASSIGNMENT_COOKIE,
  CLICK_ROUTE,
  CLICKED_COOKIE,
  type ManifestExperiment,
} from '../../src/lib/experiments/wire';
import { scriptElements } from '../../src/lib/html-scan';
import { openOfferByItsTrigger, whileTheOfferRuns } from './home-helpers';
import { captureEvents, trackerReady } from './analytics-helpers';
import { afterRendering, loadEveryImage, revealWholePage } from './whole-page';
import { measureLayout, MIN_FONT_PX, MIN_FONT_PX_BY_LANG, SMALL_PRINT } from '../../scripts/layout-rules.mjs';
import {
  BUILT_MANIFEST,
  CLICK_EXPERIMENT,
  SHORT_HEADING,
  siteWithClickExperiment,
  TRIGGER,
  YOGA_HEADING,
} from '../click-experiment';

const run = promisify(execFile);

const PAGE = '/creator';
const FIXTURE = JSON.parse(readFileSync('tests/fixtures/experiments/creator-headline.json', 'utf8')) as {
  id: string;
  variants: { name: string; weight: number; changes: { field: string; value: string }[] }[];
};

type Host = Awaited<ReturnType<typeof startHost>>;
test.describe.configure({ mode: 'default' });

let host: Host;
let site: string;
let state: string;

test.beforeAll(async () => {
  state = mkdtempSync(join(tmpdir(), 'experiment-state-'));
  site = siteWithClickExperiment();
  host = await startHost({ dir: site, persistTo: state });
});

test.afterAll(async () => {
  await host?.stop();
  rmSync(site, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
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
      // Under the site's own policy, which trusts no inline script but the project's own.
      expect(variant.policy).toContain(`${PAGE_SCRIPT_SRC};`);
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
        const { findings } = await page.evaluate(measureLayout, {
          minFontPx: MIN_FONT_PX,
          minFontPxByLang: MIN_FONT_PX_BY_LANG,
          smallPrint: SMALL_PRINT,
        });
        expect(findings.map((f: { rule: string; what: string }) => `${width} px ${f.rule}: ${f.what}`)).toEqual([]);
      }
      await variant.context.close();
    }
  });
}

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

test("a demo click goes through the first-party route with the visitor's cookies, with no script, and still reaches the booking", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const links = BUILT_MANIFEST.links!;
  const context = await browser.newContext({ baseURL: host.origin });
  // The booking page and the analytics endpoint are answered here (captureEvents).
  const capture = await captureEvents(context);
  const page = await context.newPage();
  await page.goto(CLICK_EXPERIMENT.page);
  const assignment = (await context.cookies()).find((c) => c.name === ASSIGNMENT_COOKIE)!.value;
  const variant = assignment.replace(`${CLICK_EXPERIMENT.id}:`, '');
  expect(['control', 'short']).toContain(variant);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(variant === 'short' ? SHORT_HEADING : YOGA_HEADING);
  const main = page.getByRole('main');
  const demo = main.getByRole('link', { name: 'Book a Free Demo' }).first();
  await expect(demo).toHaveAttribute('href', `${CLICK_ROUTE}?experiment=${CLICK_EXPERIMENT.id}&cta=demo`);
  // Only the goal's call to action goes through the route.
  for (const start of await main.locator('a[data-cta="start"]').all()) {
    await expect(start).toHaveAttribute('href', links.start);
  }
  await trackerReady(capture);

  // The cookies each click's request to the route carried: what the route counts a visitor by, once.
  const sent: string[] = [];
  for (let click = 0; click < 2; click += 1) {
    // The new tab, sent on by the route, asks for the booking page itself.
    const [booking, routed] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('request', (request) => new URL(request.url()).pathname === CLICK_ROUTE),
      context.waitForEvent('request', (request) => request.url() === links.demo),
      demo.click(),
    ]);
    sent.push((await routed.allHeaders())['cookie'] ?? '');
    await booking.close();
  }
  // The first click carries the visitor's version; the second also the route's mark of a click already counted.
  expect(sent[0]).toContain(`${ASSIGNMENT_COOKIE}=${assignment}`);
  expect(sent[0]).not.toContain(`${CLICKED_COOKIE}=`);
  expect(sent[1]).toContain(`${ASSIGNMENT_COOKIE}=${assignment}`);
  expect(sent[1]).toContain(`${CLICKED_COOKIE}=${CLICK_EXPERIMENT.id}`);
  // The analytics event is sent as before, once per click.
  await expect.poll(() => capture.named(EVENTS.demo).length).toBe(2);
  await context.close();
});
