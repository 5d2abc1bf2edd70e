import type { APIResponse } from '@playwright/test';
import { expect, test, visitorOf } from './fixtures';
import { builtPages, pagesToRender } from '../../src/integrations/dist-pages.mjs';
import { loadEveryImage, revealWholePage } from './whole-page';
import { splitLocale } from '../../src/lib/i18n/locales';
import { PAGE_SCRIPT_SRC } from '../own-scripts';

const pages = builtPages();
/** The pages with a running experiment: the Worker serves each visitor's version of them (docs/experiments.md). */
const experimented = new Set(pages.filter((built) => built.cookie).map((built) => built.path));

/** The headers every page is answered with, as the runtime sends them for `path`. */
function expectPageHeaders(path: string, headers: Record<string, string>) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, path).toContain("default-src 'self'");
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).toContain("object-src 'none'");
  expect(csp, path).toContain("base-uri 'self'");
  expect(csp, path).toContain("form-action 'self'");
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc, path).not.toContain("'unsafe-inline'");
  expect(scriptSrc, path).not.toContain("'unsafe-eval'");
  // Only the pages of the blog search, in each language, may compile WebAssembly (Pagefind's); no other page's policy
  // allows it.
  const inLanguage = splitLocale(path).path;
  const search = inLanguage === '/blogs' || inLanguage.startsWith('/blogs/');
  expect(scriptSrc.trim(), path).toBe(search ? `${PAGE_SCRIPT_SRC} 'wasm-unsafe-eval'` : PAGE_SCRIPT_SRC);
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], path).toContain('camera=()');
  // A page with an experiment is one visitor's version of it: never kept in a shared cache.
  expect(headers['cache-control'], path).toBe(
    experimented.has(path) ? 'private' : 'public, max-age=0, must-revalidate',
  );
}

// Every page's headers, read without a browser: a request per page, each variant with its cookie.
test('every page is answered with the strict headers', async ({ request }) => {
  expect(pages.length).toBeGreaterThan(20);
  for (const built of pages) {
    const cookie = built.cookie ? { Cookie: `${built.cookie.name}=${built.cookie.value}` } : undefined;
    const response: APIResponse = await request.get(built.path, { headers: cookie, maxRedirects: 0 });
    expectPageHeaders(built.path, response.headers());
  }
});

// In a browser, one page of each kind (src/lib/page-kinds.mjs; every page under npm run test:sweep).
for (const built of pagesToRender()) {
  const { path, name, why } = built;
  test(`${name} (${why}): no CSP violation and no console error once every island has run`, async ({
    page,
    baseURL,
  }) => {
    await visitorOf(page, built, baseURL);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    // Outside calls (CRM, email, blog API) would fail offline: answer them so only real faults are reported.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 204 }));

    const response = await page.goto(path);
    // The policy the browser enforced is the one checked above for every page.
    expectPageHeaders(path, response?.headers() ?? {});

    // Every section and island the page has, and every image, lazy ones included: none may fail.
    await revealWholePage(page);
    await loadEveryImage(page);
    // A dialog that opens on its own (such as an offer popup) is part of the page: it must not break anything either.
    expect(problems).toEqual([]);
  });
}

test('no link in dist opens a new tab without noopener', () => {
  for (const { path, html: read } of builtPages()) {
    const html = read();
    for (const [tag] of html.matchAll(/<a\b[^>]*\btarget="_blank"[^>]*>/g)) {
      expect(tag, `${path}: ${tag}`).toMatch(/\brel="[^"]*\bnoopener\b[^"]*"/);
    }
  }
});
