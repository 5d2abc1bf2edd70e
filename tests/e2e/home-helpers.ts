import type { Page } from '@playwright/test';

/**
 * Keeps the offer popup from opening, for tests of other home sections: it opens on its own once the page is idle,
 * which under a paused test clock can be at any later step, and a modal dialog takes every click. The popup has its
 * own tests (home-popup.spec.ts, home-lead.configured.spec.ts).
 */
export async function withoutOfferPopup(page: Page): Promise<void> {
  await page.route(/\/_astro\/LeadPopup\.[\w-]+\.js$/, (route) => route.abort());
}
