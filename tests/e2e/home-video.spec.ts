import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { withoutOfferPopup } from './home-helpers';
import { afterRendering } from './whole-page';
import { tourSeconds } from '../../src/data/media';

test.beforeEach(({ page }) => withoutOfferPopup(page));

/** "What can I use Communiti for?": the tour video plays only while half visible, and opens full screen. */

test.use({ viewport: { width: 1280, height: 800 } });

const paused = (page: Page) => page.locator('[data-tour-video]').evaluate((v: HTMLVideoElement) => v.paused);

/** Scrolls so that `share` of the video's height is inside the viewport, at its bottom edge. */
async function showShare(page: Page, share: number) {
  await page.locator('[data-tour-video]').evaluate((video: HTMLVideoElement, share) => {
    const box = video.getBoundingClientRect();
    const top = box.top + window.scrollY;
    window.scrollTo(0, top - window.innerHeight + box.height * share);
  }, share);
}

async function openSection(page: Page) {
  await page.goto('/');
  const section = page.locator('section:has(#use-heading)');
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute('data-revealed', '');
  // Let the reveal transition settle so the video's box stops moving.
  await expect
    .poll(() => section.evaluate((el) => getComputedStyle(el).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
}

test('the video is small, is not preloaded, and is muted and looping; its still is a lazy image, shown once near', async ({
  page,
}) => {
  await page.goto('/');
  const video = page.locator('[data-tour-video]');
  await expect(video).toHaveAttribute('preload', 'none');
  // Not the video's poster, which a browser fetches with the page wherever the video is, but an image the browser
  // loads as the visitor nears it.
  await expect(video).not.toHaveAttribute('poster');
  const still = page.locator('[data-tour-poster]');
  await expect(still).toHaveAttribute('loading', 'lazy');
  await expect(still).toHaveAttribute('src', /\.webp$/);
  await still.scrollIntoViewIfNeeded();
  await expect
    .poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
  const sources = await video.locator('source').evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? ''));
  expect(sources.length).toBeGreaterThan(0);
  for (const src of sources) expect(statSync(join('dist', src)).size).toBeLessThan(1024 * 1024);
});

test('plays only while at least half of it is in view', async ({ page }) => {
  await openSection(page);
  await showShare(page, 0.4);
  await expect.poll(() => paused(page)).toBe(true);
  await showShare(page, 0.6);
  await expect.poll(() => paused(page)).toBe(false);
  // Playing, the video shows itself, not its still.
  await expect(page.locator('[data-tour-poster]')).toBeHidden();
  await showShare(page, 0.45);
  await expect.poll(() => paused(page)).toBe(true);
  await showShare(page, 0.9);
  await expect.poll(() => paused(page)).toBe(false);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => paused(page)).toBe(true);
});

test('never autoplays under reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await showShare(page, 1);
  await afterRendering(page);
  expect(await paused(page)).toBe(true);
});

test('a click opens it full screen in a modal; backdrop, close button and Escape close it', async ({ page }) => {
  await openSection(page);
  const open = page.getByRole('button', { name: 'Play the tour video full screen' });
  // Its name states its length, read from the file.
  const dialog = page.getByRole('dialog', { name: `A ${tourSeconds()}-second tour of Communiti` });
  await expect(dialog).toBeHidden();

  await open.click();
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(1280);
  expect(box?.height).toBe(800);
  await expect(dialog.locator('video')).toHaveAttribute('controls', '');
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  // The dialog's close event, which pauses the video, comes in a task after the dialog is hidden.
  await expect
    .poll(() => page.locator('[data-tour-modal-video]').evaluate((v: HTMLVideoElement) => v.paused))
    .toBe(true);

  await open.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close video' }).click();
  await expect(dialog).toBeHidden();

  await open.click();
  await expect(dialog).toBeVisible();
  // The video itself does not close it...
  await dialog.locator('video').click({ position: { x: 20, y: 20 } });
  await expect(dialog).toBeVisible();
  // ...the backdrop around it does.
  await page.mouse.click(4, 4);
  await expect(dialog).toBeHidden();
});
