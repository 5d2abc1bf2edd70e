import { expect, test } from '@playwright/test';

const PAGE = '/about-us';
const below = '[data-reveal] >> nth=-1';
const opacity = (el: Element) => Number(getComputedStyle(el).opacity);

test('sections below the fold fade and slide in once when scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto(PAGE);
  const section = page.locator(below);
  await expect(section).not.toHaveAttribute('data-revealed');
  expect(await section.evaluate(opacity)).toBe(0);
  const transform = await section.evaluate((el) => getComputedStyle(el).transform);
  expect(transform).toBe('matrix(1, 0, 0, 1, 0, 50)');

  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute('data-revealed', '');
  const timing = await section.evaluate((el) => {
    const style = getComputedStyle(el);
    return { duration: style.transitionDuration, delay: style.transitionDelay };
  });
  expect(timing).toEqual({ duration: '0.6s, 0.6s', delay: '0.2s, 0.2s' });
  // Still mid-way shortly after the 0.2 s delay: the reveal animates rather than jumps.
  await page.waitForTimeout(350);
  expect(await section.evaluate(opacity)).toBeLessThan(1);
  await expect.poll(() => section.evaluate(opacity)).toBe(1);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  expect(await section.evaluate(opacity)).toBe(1);
});

test('under reduced motion nothing is hidden', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(PAGE);
  for (const el of await page.locator('[data-reveal]').all()) expect(await el.evaluate(opacity)).toBe(1);
});

test('without JavaScript every section shows', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PAGE);
  for (const el of await page.locator('[data-reveal]').all()) expect(await el.evaluate(opacity)).toBe(1);
  await context.close();
});
