import type { Page } from '@playwright/test';
import { testSettings } from '../settings.mjs';
import { EVENTS } from '../../src/lib/analytics';
import { captureEvents, expect, test, trackerReady, type Capture } from './analytics-helpers';
import { whileTheOfferRuns, withoutOfferPopup } from './home-helpers';

// dist-test has analytics on (tests/settings.mjs): every event below goes to the routed endpoint, and each test
// fails on any Content-Security-Policy violation (analytics-helpers.ts).

const DOMAIN = testSettings.PUBLIC_ANALYTICS_DOMAIN;
const CRM = `${testSettings.PUBLIC_CRM_HOST}/api/leads`;
const EMAIL = `${testSettings.PUBLIC_EMAILJS_ORIGIN}/api/v1.0/email/send`;

/** No event is sent twice: after a pause, the count of `name` is still `count`. */
async function exactly(capture: Capture, name: string, count = 1) {
  await expect.poll(() => capture.named(name).length).toBe(count);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(capture.named(name)).toHaveLength(count);
  return capture.named(name);
}

let capture: Capture;
test.beforeEach(async ({ context }) => {
  capture = await captureEvents(context);
});

test('one pageview per page view, its URL keeping the utm_* parameters and nothing else of the query', async ({
  page,
}) => {
  await page.goto('/about-us?utm_source=newsletter&utm_campaign=spring&email=asha%40example.com#team');
  const [view] = await exactly(capture, 'pageview');
  const url = new URL(view!.u);
  expect(url.pathname).toBe('/about-us');
  expect(Object.fromEntries(url.searchParams)).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
  expect(url.hash).toBe('');
  expect(view!.d).toBe(DOMAIN);
  // The language of the page, as every event carries it.
  expect(view!.p).toEqual({ lang: 'en' });
  expect(JSON.stringify(capture.events)).not.toContain('asha');
});

test('every event of a page in Hindi says so: the pageview and a call to action carry lang "hi"', async ({
  page,
  context,
}) => {
  // No page is in Hindi yet: /about-us as the runtime serves it, its <html lang> set to Hindi on the way.
  await page.route('**/about-us', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    await route.fulfill({ response, body: html.replace('<html lang="en"', '<html lang="hi"') });
  });
  await page.goto('/about-us');
  await trackerReady(capture);
  expect(capture.named('pageview')[0]!.p).toEqual({ lang: 'hi' });
  const header = page.getByRole('banner');
  await Promise.all([context.waitForEvent('page'), header.getByRole('link', { name: 'Get Started' }).first().click()]);
  expect((await exactly(capture, EVENTS.start))[0]!.p).toEqual({ location: 'header', lang: 'hi' });
});

test('the tracker loads after first paint, from the site itself', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).origin));
  await page.goto('/privacy-policy');
  await trackerReady(capture);
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
  const tracker = await page.evaluate(
    () => performance.getEntriesByType('resource').find((e) => /\/tracker\.[\w-]+\.js$/.test(e.name))?.startTime,
  );
  expect(tracker).toBeGreaterThan(paint);
  expect(new Set(scripts)).toEqual(new Set([new URL(page.url()).origin]));
});

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    await withoutOfferPopup(page);
    await page.goto('/');
    await trackerReady(capture);
  });

  test('Demo Booking Click and Get Started Click name where the link stands', async ({ page, context }) => {
    const hero = page.locator('section').first();
    await Promise.all([context.waitForEvent('page'), hero.getByRole('link', { name: 'Book a Free Demo' }).click()]);
    expect((await exactly(capture, EVENTS.demo))[0]!.p).toEqual({ location: 'hero', lang: 'en' });
    await Promise.all([context.waitForEvent('page'), hero.getByRole('link', { name: 'Get Started' }).click()]);
    expect((await exactly(capture, EVENTS.start))[0]!.p).toEqual({ location: 'hero', lang: 'en' });
    await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('banner').getByRole('link', { name: 'Login' }).click(),
    ]);
    expect((await exactly(capture, EVENTS.start, 2))[1]!.p).toEqual({ location: 'header', lang: 'en' });
  });

  test('Calculator Used once per calculator, however many sliders move', async ({ page }) => {
    const roi = page.locator('#revenue-calculator');
    await roi.scrollIntoViewIfNeeded();
    await expect(roi.locator('astro-island[ssr]')).toHaveCount(0);
    for (const slider of await roi.getByRole('slider').all()) {
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
    }
    const revenue = await exactly(capture, EVENTS.calculatorUsed);
    expect(revenue[0]!.p).toEqual({ calculator: 'revenue', lang: 'en' });

    const whatsapp = page.locator('section', { has: page.getByRole('heading', { name: 'WhatsApp Marketing Impact' }) });
    await whatsapp.scrollIntoViewIfNeeded();
    await expect(whatsapp.locator('astro-island[ssr]')).toHaveCount(0);
    const slider = whatsapp.getByRole('slider').first();
    await slider.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    const both = await exactly(capture, EVENTS.calculatorUsed, 2);
    expect(both[1]!.p).toEqual({ calculator: 'whatsapp', lang: 'en' });
  });

  test('Video Played when the tour video opens', async ({ page }) => {
    const play = page.getByRole('button', { name: /play/i }).and(page.locator('[data-tour-open]'));
    await play.scrollIntoViewIfNeeded();
    await play.click();
    await expect(page.locator('[data-tour-dialog]')).toBeVisible();
    const [played] = await exactly(capture, EVENTS.videoPlayed);
    expect(played!.p).toEqual({ lang: 'en' });
  });
});

test.describe('lead forms: an event after the answer, naming the form and nothing typed', () => {
  const typed = ['Asha', 'Rao', '98765', '43210'];
  const noneTyped = (c: Capture) => typed.forEach((t) => expect(JSON.stringify(c.events)).not.toContain(t));

  async function fillPopup(page: Page) {
    await whileTheOfferRuns(page);
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Mega Bundle' });
    await expect(popup).toBeVisible();
    await trackerReady(capture);
    await popup.getByPlaceholder('Enter Name').fill('Asha Rao');
    await popup.getByPlaceholder('Enter Mobile No.').fill('+91 98765 43210');
    return popup;
  }

  test('popup success: Lead Submitted once, after the CRM confirmed', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(CRM, async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":true}' });
    });
    const popup = await fillPopup(page);
    await popup.getByRole('button', { name: 'Claim Now' }).click();
    await expect(popup.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(capture.named(EVENTS.leadSubmitted)).toHaveLength(0);
    release();
    await page.waitForURL('**/thank-you');
    expect((await exactly(capture, EVENTS.leadSubmitted))[0]!.p).toEqual({ form: 'popup', lang: 'en' });
    expect(capture.named(EVENTS.leadFailed)).toHaveLength(0);
    noneTyped(capture);
  });

  test('popup failure: Lead Failed once', async ({ page }) => {
    await page.route(CRM, (route) => route.fulfill({ status: 500, body: 'down' }));
    const popup = await fillPopup(page);
    await popup.getByRole('button', { name: 'Claim Now' }).click();
    expect((await exactly(capture, EVENTS.leadFailed))[0]!.p).toEqual({ form: 'popup', lang: 'en' });
    expect(capture.named(EVENTS.leadSubmitted)).toHaveLength(0);
    noneTyped(capture);
  });

  test('contact modal: the demo button, then Lead Submitted from the modal', async ({ page }) => {
    await page.route(EMAIL, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'OK' }));
    await page.goto('/business-whatsapp-api');
    await trackerReady(capture);
    await page.getByRole('button', { name: 'Book a Free Demo' }).first().click();
    expect((await exactly(capture, EVENTS.demo))[0]!.p).toEqual({ location: 'whatsapp-hero', lang: 'en' });
    const modal = page.getByRole('dialog', { name: 'Talk to our team' });
    await modal.getByLabel('Name').fill('Asha Rao');
    await modal.getByLabel('Mobile Number').fill('9876543210');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/thank-you');
    expect((await exactly(capture, EVENTS.leadSubmitted))[0]!.p).toEqual({ form: 'contact-modal', lang: 'en' });
    noneTyped(capture);
  });

  test('inline form, the email service failing: the site takes the lead, Lead Submitted once', async ({ page }) => {
    await page.route(EMAIL, (route) => route.fulfill({ status: 400, body: 'The user ID is invalid' }));
    await page.goto('/business-whatsapp-pricing');
    await trackerReady(capture);
    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Mobile Number').fill('9876543210');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/thank-you');
    expect((await exactly(capture, EVENTS.leadSubmitted))[0]!.p).toEqual({ form: 'inline', lang: 'en' });
    expect(capture.named(EVENTS.leadFailed)).toHaveLength(0);
    noneTyped(capture);
  });

  // A site that cannot be reached keeps the lead in the browser for a later try (no failure: it is not lost); a site
  // that refuses it (a 400 is the same answer however often it is sent) is the form's failure.
  test('inline form failure (the email service fails and the site refuses the lead): Lead Failed once', async ({
    page,
  }) => {
    await page.route(EMAIL, (route) => route.fulfill({ status: 400, body: 'The user ID is invalid' }));
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"invalid field: phonenumber"}' }),
    );
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/business-whatsapp-pricing');
    await trackerReady(capture);
    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Mobile Number').fill('9876543210');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await exactly(capture, EVENTS.leadFailed))[0]!.p).toEqual({ form: 'inline', lang: 'en' });
    noneTyped(capture);
  });
});

test.describe('pricing', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/pricing');
    await trackerReady(capture);
  });

  test('Pricing Period names the period and the page, once per switch', async ({ page }) => {
    await page.getByRole('radio', { name: 'Monthly' }).check();
    expect((await exactly(capture, EVENTS.pricingPeriod))[0]!.p).toEqual({
      period: 'monthly',
      page: '/pricing',
      lang: 'en',
    });
    await page.getByRole('radio', { name: 'Yearly' }).check();
    expect((await exactly(capture, EVENTS.pricingPeriod, 2))[1]!.p).toEqual({
      period: 'yearly',
      page: '/pricing',
      lang: 'en',
    });
  });

  test('Chat Click names the topic; the plan-help demo link names its location', async ({ page, context }) => {
    await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Upgrade to Plus' }).click()]);
    expect((await exactly(capture, EVENTS.chat))[0]!.p).toEqual({ topic: 'plus-upgrade', lang: 'en' });
    await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Contact Us' }).click()]);
    expect((await exactly(capture, EVENTS.chat, 2))[1]!.p).toEqual({ topic: 'plan-help', lang: 'en' });
    await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Book a Free Demo' }).click()]);
    expect((await exactly(capture, EVENTS.demo))[0]!.p).toEqual({ location: 'plan-help', lang: 'en' });
  });
});

test("a blog post's next step names where it stands: Demo Booking Click and Get Started Click from blog-post", async ({
  page,
  context,
}) => {
  await page.goto('/blog/65b000000000000000000002');
  await trackerReady(capture);
  const cta = page.locator('[data-post-cta]');
  await Promise.all([context.waitForEvent('page'), cta.getByRole('link', { name: 'Book a Free Demo' }).click()]);
  expect((await exactly(capture, EVENTS.demo))[0]!.p).toEqual({ location: 'blog-post', lang: 'en' });
  await Promise.all([context.waitForEvent('page'), cta.getByRole('link', { name: 'Get Started' }).click()]);
  expect((await exactly(capture, EVENTS.start))[0]!.p).toEqual({ location: 'blog-post', lang: 'en' });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the header's one button sends Get Started Click from the header", async ({ page, context }) => {
    await page.goto('/about-us');
    await trackerReady(capture);
    const bar = page.getByRole('banner').locator('.header-bar');
    await Promise.all([context.waitForEvent('page'), bar.getByRole('link', { name: 'Get Started' }).tap()]);
    expect((await exactly(capture, EVENTS.start))[0]!.p).toEqual({ location: 'header', lang: 'en' });
  });
});

test('Web Vitals once, when the visitor hides the page: times in ms, CLS unitless', async ({ page }) => {
  await page.goto('/pricing?utm_source=vitals');
  await trackerReady(capture);
  // An interaction, so that INP has a value.
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await page.waitForTimeout(300);
  expect(capture.named(EVENTS.webVitals)).toHaveLength(0);
  // The page is hidden (another tab, the app switcher), then left. Chromium does not let DevTools, so Playwright, see
  // a request made by a page that is unloading, so the test announces both the way the browser does, on a live page.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
  });
  const [vitals] = await exactly(capture, EVENTS.webVitals);
  console.log(`Web Vitals event as sent: ${JSON.stringify(vitals)}`);
  const url = new URL(vitals!.u);
  expect(url.pathname).toBe('/pricing');
  expect(url.search).toBe('?utm_source=vitals');
  expect(vitals!.d).toBe(DOMAIN);
  expect(vitals!.i).toBe(false);
  const props = vitals!.p!;
  expect(Object.keys(props).sort()).toEqual(['cls', 'fcp', 'inp', 'lang', 'lcp', 'ttfb']);
  for (const key of ['lcp', 'inp', 'fcp', 'ttfb']) expect(props[key]).toMatch(/^\d+$/);
  expect(props['cls']).toMatch(/^\d+(\.\d{1,3})?$/);
  expect(Number(props['lcp'])).toBeGreaterThanOrEqual(Number(props['fcp']));
});

for (const [signal, setup] of [
  [
    'Global Privacy Control',
    () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  ],
  ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
] as const) {
  test(`a visitor who sends ${signal} is not tracked: no tracker, no request`, async ({ page, context }) => {
    await page.addInitScript(setup);
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(r.url()));
    await page.goto('/pricing?utm_source=gpc');
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Book a Free Demo' }).click()]);
    await page.waitForTimeout(1500);
    await page.goto('/about-us');
    await page.waitForTimeout(1000);
    expect(capture.events).toEqual([]);
    expect(scripts.filter((url) => /\/tracker\.[\w-]+\.js$/.test(url))).toEqual([]);
  });
}
