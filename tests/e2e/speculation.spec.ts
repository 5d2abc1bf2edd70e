import { readdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { builtPages } from '../../src/integrations/dist-pages.mjs';

/**
 * Speculation rules reach the browser as a header of every HTML page, naming a JSON file: same-origin page links are
 * fetched ahead when the pointer rests on them, nothing else is. Served by the runtime, with its _headers.
 */
const RULES = '/speculation-rules.json';

test('every HTML page names the rules file in a Speculation-Rules header', async ({ request }) => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(20);
  for (const { path } of [...pages, { path: '/no-such-page' }]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()['content-type'], path).toContain('text/html');
    expect(response.headers()['speculation-rules'], path).toBe(`"${RULES}"`);
  }
});

test('nothing that is not a page carries the header', async ({ request }) => {
  const astro = readdirSync('dist/_astro');
  const files = [
    RULES,
    `/_astro/${astro.find((f) => f.endsWith('.js'))}`,
    `/_astro/${astro.find((f) => f.endsWith('.css'))}`,
    `/_astro/${astro.find((f) => f.endsWith('.svg'))}`,
    '/pagefind/pagefind.js',
    '/media/home/tour-poster.webp',
    '/favicon.svg',
    '/favicon.ico',
    '/robots.txt',
    '/rss.xml',
    '/sitemap-index.xml',
    '/site.webmanifest',
  ];
  for (const file of files) {
    const response = await request.get(file, { maxRedirects: 0 });
    expect(response.status(), file).toBe(200);
    expect(response.headers()['speculation-rules'], file).toBeUndefined();
  }
});

test('the rules file is served as speculation rules, and names no other origin and no API path', async ({
  request,
}) => {
  const response = await request.get(RULES);
  expect(response.headers()['content-type']).toBe('application/speculationrules+json');
  const rules = await response.json();
  expect(Object.keys(rules).sort()).toEqual(['prefetch', 'prerender']);
  const text = JSON.stringify(rules);
  const patterns = [...text.matchAll(/"href_matches":(\[[^\]]*\]|"[^"]*")/g)].flatMap((m) =>
    [JSON.parse(m[1]!)].flat(),
  );
  expect(patterns.length).toBeGreaterThan(0);
  // Paths only, no scheme or host: the patterns resolve against this origin.
  for (const pattern of patterns) expect(pattern).toMatch(/^\/(?!\/)/);
  for (const rule of [...rules.prefetch, ...rules.prerender]) {
    expect(rule.eagerness).toBe('moderate');
    expect(JSON.stringify(rule.where)).toContain('{"not":{"href_matches":"/api/*"}}');
  }
  expect(JSON.stringify(rules.prerender)).toContain('"/pricing"');
});

test.describe('in the browser', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a page link is fetched ahead on hover; an API path and another origin never are', async ({ page, context }) => {
    const ahead: string[] = [];
    context.on('request', (r) => {
      if (/prefetch/.test(r.headers()['sec-purpose'] ?? '')) ahead.push(r.url());
    });
    // No request routing here: a browser under request interception fetches nothing ahead.
    await page.goto('/about-us');
    const origin = new URL(page.url()).origin;
    // Links the page does not have, added as they would be: to the API, and to another site.
    await page.evaluate(() => {
      for (const [href, text] of [
        ['/api/leads', 'API'],
        ['https://elsewhere.example/pricing', 'Elsewhere'],
      ]) {
        const a = document.createElement('a');
        a.href = href!;
        a.textContent = text!;
        a.style.cssText = 'position:fixed;left:10px;display:block;padding:10px;background:#fff;z-index:9';
        a.style.top = text === 'API' ? '300px' : '360px';
        document.body.append(a);
      }
    });
    await page.getByRole('link', { name: 'API', exact: true }).hover();
    await page.getByRole('link', { name: 'Elsewhere', exact: true }).hover();
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().hover();
    await expect.poll(() => ahead).toContain(`${origin}/pricing`);
    expect(ahead.filter((url) => !url.startsWith(`${origin}/`) || url.includes('/api/'))).toEqual([]);

    // The click uses what was fetched: the browser says the page came from the prefetch.
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const delivery = await page.evaluate(
      // deliveryType is newer than TypeScript's DOM types.
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceEntry & { deliveryType?: string }).deliveryType,
    );
    expect(delivery).toBe('navigational-prefetch');
  });

  test('without the rules (a browser without support) links navigate as before', async ({ page, context }) => {
    await context.route(`**${RULES}`, (route) => route.abort());
    const ahead: string[] = [];
    context.on('request', (r) => r.headers()['sec-purpose'] && ahead.push(r.url()));
    await page.goto('/about-us');
    const pricing = page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first();
    await pricing.hover();
    await pricing.click();
    await expect(page).toHaveURL(/\/pricing$/);
    expect(ahead).toEqual([]);
  });
});
