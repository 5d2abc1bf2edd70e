import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { homeIslandScripts, unfold, whileTheOfferRuns, withoutOfferPopup } from './home-helpers';

/**
 * The home page loads no framework until the visitor reaches an island: before a scroll, the page script, the shared
 * script and Astro's island runtime, within the budget (budgets.json, homeBeforeScroll).
 */
const budget: number = JSON.parse(readFileSync('budgets.json', 'utf8')).homeBeforeScroll.jsTransferred;

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });

/** Every script the page requests from now on, with its size as transferred once it has finished loading. */
async function recordScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Script') urls.set(e.requestId, new URL(e.request.url).pathname);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId);
    if (url) sizes.set(url, e.encodedDataLength);
  });
  return { requested: () => [...urls.values()], transferred: () => [...sizes.values()].reduce((a, b) => a + b, 0) };
}

test('before a scroll the home page requests no island or React script, within its budget', async ({ page }) => {
  const scripts = await recordScripts(page);
  await whileTheOfferRuns(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('dialog', { name: 'Mega Bundle' })).toBeVisible();
  const islands = homeIslandScripts();
  expect(islands.length).toBeGreaterThan(0);
  expect(scripts.requested().filter((url) => islands.includes(url))).toEqual([]);
  expect(scripts.requested().length).toBeGreaterThan(0);
  expect(scripts.transferred()).toBeLessThanOrEqual(budget);
});

test('the popup form loads its island only when the visitor reaches for it', async ({ page }) => {
  const scripts = await recordScripts(page);
  await whileTheOfferRuns(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  const form = (url: string) => /\/OfferLeadForm\.[\w-]+\.js$/.test(url);
  expect(scripts.requested().filter(form)).toEqual([]);
  await page.getByRole('dialog', { name: 'Mega Bundle' }).getByPlaceholder('Enter Name').focus();
  await expect.poll(() => scripts.requested().filter(form).length).toBe(1);
  await expect(page.locator('dialog[data-offer-popup] astro-island')).not.toHaveAttribute('ssr');
});

test('the other home islands still hydrate when they scroll into view', async ({ page }) => {
  await withoutOfferPopup(page);
  await page.goto('/');
  const calculator = page.locator('#revenue-calculator astro-island');
  await expect(calculator).toHaveAttribute('ssr', '');
  // On a phone the calculator is folded under a button: opened, it is seen, and wakes.
  await unfold(page.locator('#revenue-calculator'));
  await calculator.scrollIntoViewIfNeeded();
  await expect(calculator).not.toHaveAttribute('ssr');
});
