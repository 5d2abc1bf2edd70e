import { expect, test } from '@playwright/test';
import { distinctPages } from '../../scripts/dist-pages.mjs';
import { withoutOfferPopup } from './home-helpers';
import { revealWholePage } from './whole-page';

/**
 * Every page reflows at 320 CSS px (WCAG 1.4.10: a small phone, or 400 % zoom on a 1280 px screen): nothing makes it
 * scroll sideways, once every section has been revealed and every island has woken. Islands inside a closed dialog
 * (the contact modal's form) wake when it opens, and those hidden at this width (display: none) never do.
 */
const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 640 } });

for (const { path } of distinctPages()) {
  test(`${path} fits ${WIDTH} px without scrolling sideways`, async ({ page }) => {
    await withoutOfferPopup(page);
    await page.goto(path);
    await revealWholePage(page);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `${path} is ${wide} px wide`).toBeLessThanOrEqual(WIDTH);
  });
}
