import { expect, test } from '@playwright/test';
import { builtPages } from '../../scripts/dist-pages.mjs';
import { withoutOfferPopup } from './home-helpers';

/**
 * Every page reflows at 320 CSS px (WCAG 1.4.10: a small phone, or 400 % zoom on a 1280 px screen): nothing makes it
 * scroll sideways, once every section has been revealed and every island has woken. Islands inside a closed dialog
 * (the contact modal's form) wake when it opens, and those hidden at this width (display: none) never do.
 */
const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 640 } });

/** Brings the next section still to reveal, or island still to wake, into view; false when none is left. */
const showNextPending = () => {
  const pending = [
    ...document.querySelectorAll('[data-reveal]:not([data-revealed]), astro-island[ssr][client="visible"]'),
  ].find((element) => element.checkVisibility() && !element.closest('dialog:not([open])'));
  pending?.scrollIntoView({ block: 'center' });
  return new Promise<boolean>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(!!pending))));
};

for (const { path } of builtPages()) {
  test(`${path} fits ${WIDTH} px without scrolling sideways`, async ({ page }) => {
    await withoutOfferPopup(page);
    await page.goto(path);
    await expect.poll(() => page.evaluate(showNextPending), { timeout: 20_000 }).toBe(false);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `${path} is ${wide} px wide`).toBeLessThanOrEqual(WIDTH);
  });
}
