import { expect, test } from './fixtures';

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

  // Freeze animations so the transition can be inspected mid-way, whatever the machine's speed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute('data-revealed', '');
  const running = await section.evaluate((el) =>
    el.getAnimations().map((a) => {
      const timing = a.effect?.getTiming();
      return { property: (a as CSSTransition).transitionProperty, duration: timing?.duration, delay: timing?.delay };
    }),
  );
  expect(running).toEqual(
    expect.arrayContaining([
      { property: 'opacity', duration: 600, delay: 200 },
      { property: 'transform', duration: 600, delay: 200 },
    ]),
  );
  expect(await section.evaluate(opacity)).toBe(0);

  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await expect.poll(() => section.evaluate(opacity)).toBe(1);

  // Once: scrolling away and back leaves it shown.
  await page.evaluate(() => window.scrollTo(0, 0));
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
