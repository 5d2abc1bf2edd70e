import { test as base, errors } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * How long a navigation may go without its load event before it is made once more. A page here loads in 1 to 3 s under
 * the whole suite's load, but the local runtime now and then leaves one navigation unanswered that loads at once when
 * asked again. A page that never loads still fails.
 */
export const STALLED_NAVIGATION_MS = 15_000;

/**
 * Playwright's `test`, whose page makes a stalled navigation once more (with a line in the output saying so) instead
 * of losing the test to the runtime. A `goto` given its own timeout is left as it is.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      if (options?.timeout !== undefined) return goto(url, options);
      try {
        return await goto(url, { ...options, timeout: STALLED_NAVIGATION_MS });
      } catch (error) {
        if (!(error instanceof errors.TimeoutError)) throw error;
        console.warn(`Navigation to ${url} had no load event in ${STALLED_NAVIGATION_MS} ms: made once more.`);
        return goto(url, options);
      }
    };
    await use(page);
  },
});
