import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The brand typeface (src/styles/brand-font.css): it sets the headings and the prices, rupee sign included, from its one
 * file, on every page but a first visit's first page, which paints in the fallback and asks for the font only once it
 * has loaded (the brand font gate); a font that arrives after the first paint is not swapped in (font-display:
 * optional), so nothing moves.
 */
const BRAND = 'Plus Jakarta Sans';

/** The fonts Chromium drew an element's text with, as the platform names them. */
async function fontsOf(page: Page, element: Locator): Promise<string[]> {
  await element.evaluate((node) => node.setAttribute('data-font-probe', ''));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-font-probe]' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  await element.evaluate((node) => node.removeAttribute('data-font-probe'));
  return fonts.map((font) => font.familyName);
}

/** Whether the page may name the brand font (the brand font gate's attribute on the root element). */
const gateOpen = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-brand-font'));

/** The brand font's face in this page's font set has loaded. */
const brandLoaded = (page: Page) =>
  page.waitForFunction(
    (family) =>
      [...document.fonts].some((face) => face.family.replace(/"/g, '') === family && face.status === 'loaded'),
    BRAND,
  );

/** The next page of a visit: `path`, reached from the page now open, as a link of the site takes a visitor there. */
const nextPage = (page: Page, path: string) => page.goto(path, { waitUntil: 'domcontentloaded', referer: page.url() });

test('/pricing on a first visit paints in the fallback and asks for the font only once loaded, with no shift; the next page is in the brand font from its first paint', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/pricing', { waitUntil: 'load' });
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  expect(await gateOpen(page)).toBe(false);
  // Asked for once the page has loaded, for the pages after it: never before the first paint.
  await brandLoaded(page);
  const { asked, loaded } = await page.evaluate(() => {
    const font = performance.getEntriesByType('resource').find((entry) => entry.name.includes('plus-jakarta-sans'));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { asked: font?.startTime ?? -1, loaded: navigation.loadEventStart };
  });
  expect(loaded).toBeGreaterThan(0);
  expect(asked).toBeGreaterThanOrEqual(loaded);
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
  expect(await fontsOf(page, heading)).not.toContain(BRAND);
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);

  // The next page finds the font in the cache: its first paint is in the brand font, the gate's script allowed by
  // the page's policy.
  await nextPage(page, '/pricing');
  expect(await gateOpen(page)).toBe(true);
  expect(await fontsOf(page, heading)).toEqual([BRAND]);
  const price = page.locator('[data-plan-price]:visible').first().locator('span').first();
  await expect(price).toHaveText(/^₹\d/);
  expect(await fontsOf(page, price)).toEqual([BRAND]);
  // A page opened from another site, or typed in, is a first page again; a reload is not.
  await page.goto('/pricing', { waitUntil: 'domcontentloaded' });
  expect(await gateOpen(page)).toBe(false);
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await gateOpen(page)).toBe(true);
  expect(violations).toEqual([]);
});

test('the drawn pictures write their words in the brand font: the product screens and the home dashboard', async ({
  page,
}) => {
  // A first visit's first page asks for the font once loaded; the pages after it paint in it from the first frame.
  await page.goto('/', { waitUntil: 'load' });
  await brandLoaded(page);
  await nextPage(page, '/');
  const dashboard = page.locator('svg[data-picture="home/dashboard"]').getByText('Revenue this month');
  expect(await fontsOf(page, dashboard)).toEqual([BRAND]);

  await nextPage(page, '/member-management');
  const screen = page.getByRole('img', { name: /^Member list/ });
  await expect(screen).toBeVisible();
  expect(await fontsOf(page, screen.getByText('Moderator'))).toEqual([BRAND]);
  // Its heavier words too, from the same variable file.
  expect(await fontsOf(page, screen.getByText('Members', { exact: true }))).toEqual([BRAND]);
});

/** The Hindi pages' Devanagari typeface (src/styles/devanagari-font.css) and its file. */
const DEVANAGARI = 'Noto Sans Devanagari';
const DEVANAGARI_FILE = /\/noto-sans-devanagari\.[\w-]+\.woff2$/;

/** The font files a page asks for, as paths, from now on. */
function fontRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test('an English page never asks for the Devanagari font, even with a Hindi word on it', async ({ page }) => {
  const fonts = fontRequests(page);
  await page.goto('/', { waitUntil: 'load' });
  for (const path of ['/pricing', '/member-management', '/blogs']) {
    await nextPage(page, path);
    await page.waitForLoadState('load');
    await page.evaluate(() => document.fonts.ready);
  }
  // The language's own name in a link, as a way to the Hindi page writes it, drawn by the system's Devanagari font.
  const link = await page.evaluate(() => {
    const a = document.createElement('a');
    Object.assign(a, { href: '/hi', hreflang: 'hi', lang: 'hi', textContent: 'हिन्दी' });
    document.querySelector('footer')?.append(a);
    return a.getBoundingClientRect().width;
  });
  expect(link).toBeGreaterThan(0);
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((path) => !/\/plus-jakarta-sans\.[\w-]+\.woff2$/.test(path))).toEqual([]);
});

test('a Hindi page asks for its Devanagari font with the page, and draws its Devanagari in it and its Latin, digits and rupee sign in the brand font', async ({
  page,
}) => {
  const fonts = fontRequests(page);
  await page.goto('/hi/pricing', { waitUntil: 'load' });
  // Preloaded: asked for with the HTML, so that it is there for the first paint (font-display: optional uses a font
  // only then), whatever the page's words: a device may have no Devanagari font of its own to fall back on.
  const preloaded = await page
    .locator('head link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded.filter((path) => DEVANAGARI_FILE.test(path))).toHaveLength(1);
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.filter((path) => DEVANAGARI_FILE.test(path))).toHaveLength(1);
  // The next Hindi page of the visit: its heading in Devanagari, its prices in the brand font.
  await nextPage(page, '/hi/member-management');
  await page.waitForLoadState('load');
  const heading = page.getByRole('heading', { level: 1 });
  // Its letters in the Devanagari font; its comma, not in the Devanagari range, in the brand font.
  expect((await fontsOf(page, heading)).sort()).toEqual([DEVANAGARI, BRAND].sort());
  // Its lines are as tall as Devanagari needs: at least the font's line box of 1.361 em.
  const { lineHeight, fontSize } = await heading.evaluate((h) => getComputedStyle(h));
  expect(parseFloat(lineHeight) / parseFloat(fontSize)).toBeGreaterThanOrEqual(1.361);
  await nextPage(page, '/hi/pricing');
  await page.waitForLoadState('load');
  const price = page.locator('[data-plan-price] span').filter({ hasText: '₹' }).first();
  await expect(price).toContainText('₹');
  expect(await fontsOf(page, price)).toEqual([BRAND]);
});
