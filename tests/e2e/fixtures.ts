import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, which every browser test takes from here (the lint holds them to it). Navigations are made once:
 * the local runtime's navigations that went unanswered under wrangler 4.86 (about once in two full runs) were made once
 * more here; under wrangler 4.164 none has been seen, so a navigation that does not load fails its test.
 */
export const test = base;

/**
 * Makes `page` a visitor who gets `built` (a page of dist-pages.mjs' builtPages): for a variant page of a running
 * experiment, one whose assignment cookie names that variant; for any other page, nothing.
 */
export async function visitorOf(
  page: Page,
  built: { cookie: { name: string; value: string } | null },
  origin: string | undefined,
): Promise<void> {
  if (built.cookie) await page.context().addCookies([{ ...built.cookie, url: origin ?? '' }]);
}
