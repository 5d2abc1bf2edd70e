import type { BrowserContext } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { testSettings } from '../settings.mjs';
import { eventEndpoint } from '../../src/lib/analytics';

/** Where the test build (dist-test) sends its events. */
export const EVENT_URL = eventEndpoint(testSettings.PUBLIC_ANALYTICS_ENDPOINT);

/** One event as the tracker posted it (Plausible's body: n name, u url, d domain, r referrer, p props). */
export interface SentEvent {
  n: string;
  u: string;
  d: string;
  r?: string | null;
  p?: Record<string, string>;
  i?: boolean;
}

export interface Capture {
  events: SentEvent[];
  named(name: string): SentEvent[];
}

/**
 * Routes the analytics endpoint for the whole context (a request sent while the page unloads is still caught) and
 * keeps every body. External pages a call to action opens (the admin app, the chat) answer a stub page.
 */
export async function captureEvents(context: BrowserContext): Promise<Capture> {
  const events: SentEvent[] = [];
  await context.route(`${testSettings.PUBLIC_ANALYTICS_ENDPOINT}/**`, async (route) => {
    events.push(JSON.parse(route.request().postData() ?? '{}') as SentEvent);
    await route.fulfill({ status: 202, contentType: 'text/plain', body: 'ok' });
  });
  await context.route(/^https:\/\/(app\.communiti\.example|wa\.me)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' }),
  );
  return { events, named: (name) => events.filter((e) => e.n === name) };
}

/** Waits for the tracker to have loaded and sent the page view, so the next action is sent at once. */
export async function trackerReady(capture: Capture, count = 1): Promise<void> {
  await expect.poll(() => capture.named('pageview').length).toBe(count);
}

/**
 * Every test here fails on a Content-Security-Policy violation: the page reports each one to the console, which the
 * test reads (as it does the browser's own CSP errors).
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
        ),
      );
      page.on('console', (message) => {
        const text = message.text();
        if (/CSP violation|Content Security Policy/i.test(text)) violations.push(text);
      });
      await use(violations);
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
