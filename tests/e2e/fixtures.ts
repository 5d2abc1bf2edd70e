import { test as base, errors, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * How long a navigation may go without its load event before it is made once more. A page here loads in 1 to 3 s under
 * the whole suite's load, but the local runtime now and then leaves one navigation unanswered that loads at once when
 * asked again. A page that never loads still fails.
 */
export const STALLED_NAVIGATION_MS = 15_000;

/**
 * A navigation made with STALLED_NAVIGATION_MS as its timeout, and made once more (with a line in the output saying so)
 * when its load event does not come in that time. One given its own timeout is made once, with it.
 */
async function onceMoreIfStalled<R>(
  what: string,
  timeout: number | undefined,
  navigate: (timeout?: number) => Promise<R>,
) {
  if (timeout !== undefined) return navigate(timeout);
  try {
    return await navigate(STALLED_NAVIGATION_MS);
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    console.warn(`${what} had no load event in ${STALLED_NAVIGATION_MS} ms: made once more.`);
    return navigate();
  }
}

/** Playwright's `test`, whose page's `goto` and `reload` are made once more when stalled instead of losing the test. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = (url, options) =>
      onceMoreIfStalled(`Navigation to ${url}`, options?.timeout, (timeout) => goto(url, { ...options, timeout }));
    page.reload = (options) =>
      onceMoreIfStalled(`Reload of ${page.url()}`, options?.timeout, (timeout) => reload({ ...options, timeout }));
    await use(page);
  },
});

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
