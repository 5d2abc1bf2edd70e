import AxeBuilder from '@axe-core/playwright';
import { expect, test, visitorOf } from './fixtures';
import { pagesToRender } from '../../src/integrations/dist-pages.mjs';

// One page of each kind (src/lib/page-kinds.mjs), so a page added later is checked through its kind; every page under
// npm run test:sweep.
for (const built of pagesToRender()) {
  const { path, name, why, html } = built;
  // A page that moves on by itself (the thank-you page, after THANK_YOU_REDIRECT_MS) is held where it is: its move is
  // answered 204 No Content, which leaves a page in place, so axe reads the page it was sent to however slow the machine.
  const movesTo = /data-redirect-to="([^"]+)"/.exec(html())?.[1];
  test(`axe finds no violations on ${name} (${why})`, async ({ page, baseURL }) => {
    await visitorOf(page, built, baseURL);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    if (movesTo) {
      await page.route(
        (url) => url.pathname === new URL(movesTo, url).pathname,
        (route) => (route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.continue()),
      );
    }
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      // Every rule still runs; only the details of what passed are not collected (axe's own advice for speed).
      .options({ resultTypes: ['violations'] })
      .analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary).toEqual([]);
  });
}
