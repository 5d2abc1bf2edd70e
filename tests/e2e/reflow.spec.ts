import { expect, test } from '@playwright/test';
import { builtPages } from '../../scripts/dist-pages.mjs';
import { withoutOfferPopup } from './home-helpers';

/**
 * Every page reflows at 320 CSS px (WCAG 1.4.10: a small phone, or 400 % zoom on a 1280 px screen): nothing makes it
 * scroll sideways, once every section has been rendered and every island has woken on the way down.
 */
const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 640 } });

for (const { path } of builtPages()) {
  test(`${path} fits ${WIDTH} px without scrolling sideways`, async ({ page }) => {
    await withoutOfferPopup(page);
    await page.goto(path);
    await page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await frame();
      }
    });
    await expect(page.locator('astro-island[ssr][client="visible"]')).toHaveCount(0);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `${path} is ${wide} px wide`).toBeLessThanOrEqual(WIDTH);
  });
}
