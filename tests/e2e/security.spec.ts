import { expect, test, visitorOf } from './fixtures';
import { builtPages } from '../../src/integrations/dist-pages.mjs';
import { loadEveryImage, revealWholePage } from './whole-page';

const pages = builtPages();
/** The pages with a running experiment: the Worker serves each visitor's version of them (docs/experiments.md). */
const experimented = new Set(pages.filter((built) => built.cookie).map((built) => built.path));

for (const built of pages) {
  const { path, name } = built;
  test(`${name}: strict headers, no CSP violation and no console error once every island has run`, async ({
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
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    // Only the pages of the blog search may compile WebAssembly (Pagefind's); no other page's policy allows it.
    const search = path === '/blogs' || path.startsWith('/blogs/');
    expect(scriptSrc.trim()).toBe(search ? "script-src 'self' 'wasm-unsafe-eval'" : "script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    // A page with an experiment is one visitor's version of it: never kept in a shared cache.
    expect(headers['cache-control']).toBe(experimented.has(path) ? 'private' : 'public, max-age=0, must-revalidate');

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
