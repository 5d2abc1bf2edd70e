import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { whileTheOfferRuns } from './home-helpers';
import { controlCookie } from '../settings.mjs';
import { UP_FLICK } from '../../src/lib/offer-trigger';

/**
 * What opens the offer popup (src/lib/offer-trigger.ts), as the test build's experiment on the home page serves it
 * (tests/fixtures/experiments/home-offer-trigger.json): control opens on load (home-popup.spec.ts and
 * home-lead.configured.spec.ts), "scroll" once a share of the page is scrolled, "exit" when the visitor moves to
 * leave. Each test is a returning visitor given one variant, so the pages are the built variant pages as served.
 */
const EXPERIMENT = JSON.parse(readFileSync('tests/fixtures/experiments/home-offer-trigger.json', 'utf8')) as {
  id: string;
  variants: { name: string; changes: { field: string; value: string }[] }[];
};
const SHARE = Number(
  EXPERIMENT.variants
    .find((variant) => variant.name === 'scroll')!
    .changes.find((change) => change.field === 'offer.trigger.scrollShare')!.value,
);

const popup = (page: Page) => page.getByRole('dialog', { name: 'Mega Bundle' });
const isOpen = (page: Page) => page.locator('dialog[data-offer-popup]').evaluate((d: HTMLDialogElement) => d.open);

/** The visitor's assignment: `variant` of the trigger experiment, control in the test build's others. */
async function given(context: BrowserContext, variant: string, origin: string) {
  const control = controlCookie();
  const value = control.value.replace(`${EXPERIMENT.id}:control`, `${EXPERIMENT.id}:${variant}`);
  expect(value).toContain(`${EXPERIMENT.id}:${variant}`);
  await context.addCookies([{ name: control.name, value, url: origin }]);
}

/** The page loaded, its scripts run, and a moment for anything they would open. */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
}

/** Scrolls the window to `percent` of the page's scrollable height, at once. */
const scrollToShare = (page: Page, percent: number) =>
  page.evaluate((share) => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: (scrollable * share) / 100, behavior: 'instant' });
  }, percent);

test.describe('the scroll trigger', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await given(context, 'scroll', baseURL!);
    await whileTheOfferRuns(page);
  });

  test(`opens the popup once ${SHARE} % of the page is scrolled, not on load nor before`, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('dialog[data-offer-popup]')).toHaveAttribute('data-trigger', 'scroll');
    await settled(page);
    expect(await isOpen(page)).toBe(false);
    // The first screen is the page's own: its headline, with nothing over it.
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await scrollToShare(page, SHARE - 5);
    await settled(page);
    expect(await isOpen(page)).toBe(false);
    await scrollToShare(page, SHARE + 1);
    await expect(popup(page)).toBeVisible();
    expect(await popup(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
  });

  test('once dismissed, scrolling never opens it again in the visit', async ({ page }) => {
    await page.goto('/');
    await scrollToShare(page, SHARE + 10);
    await expect(popup(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup(page)).toBeHidden();
    for (const share of [0, SHARE + 20, 100]) {
      await scrollToShare(page, share);
      await settled(page);
      expect(await isOpen(page)).toBe(false);
    }
    await page.reload();
    await scrollToShare(page, 100);
    await settled(page);
    expect(await isOpen(page)).toBe(false);
  });
});

test.describe('the exit trigger on a computer', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await given(context, 'exit', baseURL!);
    await whileTheOfferRuns(page);
  });

  test('opens the popup when the pointer leaves through the top of the window, not through another edge', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('dialog[data-offer-popup]')).toHaveAttribute('data-trigger', 'exit');
    await page.mouse.move(640, 400);
    await scrollToShare(page, 100);
    await settled(page);
    expect(await isOpen(page)).toBe(false);
    const { width, height } = page.viewportSize()!;
    // Out through the bottom and the right side (to the taskbar, another window): not a move to leave the page.
    for (const [x, y] of [
      [640, height + 20],
      [width + 20, 300],
    ] as const) {
      await page.mouse.move(640, 400, { steps: 2 });
      await page.mouse.move(x, y, { steps: 3 });
      await settled(page);
      expect(await isOpen(page)).toBe(false);
    }
    // Up towards the tabs and the address bar.
    await page.mouse.move(640, 400, { steps: 2 });
    await page.mouse.move(640, -20, { steps: 3 });
    await expect(popup(page)).toBeVisible();
  });
});

test.describe('the exit trigger on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test.beforeEach(async ({ page, context, baseURL }) => {
    await given(context, 'exit', baseURL!);
    await whileTheOfferRuns(page);
  });

  /** A finger drawn from `fromY` to `toY` in `steps` moves, `pauseMs` apart: a finger moving down scrolls up. */
  async function swipe(page: Page, fromY: number, toY: number, steps: number, pauseMs = 0) {
    const cdp = await page.context().newCDPSession(page);
    const at = (y: number) => [{ x: 200, y }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(fromY) });
    for (let i = 1; i <= steps; i += 1) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(fromY + ((toY - fromY) * i) / steps),
      });
      if (pauseMs) await page.waitForTimeout(pauseMs);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test(`opens the popup on a quick flick back up (${UP_FLICK.distancePx} px or more), not on a slow read back`, async ({
    page,
  }) => {
    await page.goto('/');
    await settled(page);
    expect(await isOpen(page)).toBe(false);
    // Read down the page, two screens and more.
    for (let i = 0; i < 4; i += 1) await swipe(page, 750, 150, 6, 30);
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2 * 844);
    expect(await isOpen(page)).toBe(false);
    // Back up slowly, 300 px at about 0.3 px a millisecond: reading, not leaving.
    await swipe(page, 300, 600, 10, 100);
    await settled(page);
    expect(await isOpen(page)).toBe(false);
    // A flick towards the top: 600 px in a few frames.
    await swipe(page, 150, 750, 4);
    await expect(popup(page)).toBeVisible();
  });
});
