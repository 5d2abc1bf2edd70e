import type { Page } from '@playwright/test';
import { OFFER_DISMISSED_KEY } from '../../src/lib/visit-memory';
import { captureEvents, expect, test, type Capture } from './analytics-helpers';
import { whileTheOfferRuns } from './home-helpers';

/**
 * A page the browser prerenders (speculation rules) runs its scripts before the visitor opens it, and may never be
 * opened. What belongs to the visitor waits until it is shown: the pageview, the offer popup and its once-a-visit
 * memory. Chromium prerenders nothing while a test driver is attached, so the page here is told it is prerendering the
 * way a browser tells it (`document.prerendering`, then a `prerenderingchange` event when it is shown), and shown when
 * the test says.
 */
async function prerendered(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => prerendering });
    (window as Window & { showPrerendered?: () => void }).showPrerendered = () => {
      prerendering = false;
      document.dispatchEvent(new Event('prerenderingchange'));
    };
  });
  return () => page.evaluate(() => (window as Window & { showPrerendered?: () => void }).showPrerendered?.());
}

/**
 * The page has loaded and the browser has been idle twice since, or 5 s have passed for each: past the moment the
 * tracker loads on a page that is shown (idle, or 3 s). Both waits are bounded: on a busy machine a page can go long
 * without an idle moment, and an unbounded wait once outlasted the test.
 */
async function loadedAndIdle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestIdleCallback(() => requestIdleCallback(() => done(), { timeout: 5000 }), { timeout: 5000 }),
      ),
  );
}

let capture: Capture;
test.beforeEach(async ({ context }) => {
  capture = await captureEvents(context);
});

test('a prerendered page sends no pageview until it is shown, then exactly one', async ({ page }) => {
  const trackerRequests: string[] = [];
  page.on('request', (r) => /\/tracker\.[\w-]+\.js$/.test(r.url()) && trackerRequests.push(r.url()));
  const show = await prerendered(page);
  await page.goto('/pricing');
  await loadedAndIdle(page);
  expect(capture.named('pageview')).toEqual([]);
  expect(trackerRequests).toEqual([]);

  await show();
  await expect.poll(() => capture.named('pageview').length).toBe(1);
  expect(new URL(capture.named('pageview')[0]!.u).pathname).toBe('/pricing');
  await loadedAndIdle(page);
  expect(capture.named('pageview')).toHaveLength(1);
});

test('the offer popup of a prerendered home page opens when the page is shown, not before', async ({ page }) => {
  const show = await prerendered(page);
  await whileTheOfferRuns(page);
  await page.goto('/');
  await loadedAndIdle(page);
  const dialog = page.locator('dialog[data-offer-popup]');
  expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
  await show();
  await expect(page.getByRole('dialog', { name: 'Mega Bundle' })).toBeVisible();
});

test('a popup dismissed in another page of the visit while the home page was prerendering stays closed', async ({
  page,
}) => {
  const show = await prerendered(page);
  await whileTheOfferRuns(page);
  await page.goto('/');
  await loadedAndIdle(page);
  // The visit's memory changes before the prerendered page is shown (here, as another page of the visit would).
  await page.evaluate((key) => sessionStorage.setItem(key, '1'), OFFER_DISMISSED_KEY);
  await show();
  await loadedAndIdle(page);
  expect(await page.locator('dialog[data-offer-popup]').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
});
