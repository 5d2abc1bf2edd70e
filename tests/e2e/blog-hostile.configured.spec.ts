import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { builtPages, kindOf } from '../../src/integrations/dist-pages.mjs';
import { titleFor } from '../../src/config/site';
import { blogApiPort, testSettings } from '../settings.mjs';
import { isInlineExecutable, scriptElements } from '../../src/lib/html-scan';
import { loadEveryImage, pointAt } from './whole-page';
import { OWN_INLINE_SCRIPT, PAGE_SCRIPT_SRC } from '../own-scripts';

// dist-test is built against the local blog API, which serves the hostile records of
// tests/fixtures/blog/hostile-posts.json next to the ordinary fixtures: script-breaking text in every plain field,
// escaped script in the short description, ids that are not URL segments, and images that are not web images.
const api = `http://127.0.0.1:${blogApiPort}`;
const hostile: { _id: string; name: string; author: string; category: { name: string } }[] = JSON.parse(
  readFileSync('tests/fixtures/blog/hostile-posts.json', 'utf8'),
);
/** A page's title in the test build, whose domain label is the new owner's. */
const pageTitle = (name: string) => titleFor(name, testSettings.PUBLIC_DOMAIN_LABEL);
const record = (n: number) => hostile.find((p) => p._id === `67d0000000000000000000${String(n).padStart(2, '0')}`)!;
const testPages = builtPages(resolve('dist-test'));
const blogPaths = testPages.map((p) => p.path).filter((path) => /^\/blogs?(\/|$)/.test(path));

/** The pages of the list: the hostile records are the oldest posts, so most are on the second. */
const LIST_PAGES = ['/blogs', '/blogs/2'];

/** Opens the list page that shows the post named `name` and returns its card. */
async function cardOf(page: Page, name: string) {
  for (const path of LIST_PAGES) {
    await page.goto(path);
    const card = page.locator('#blog-list > li').filter({ hasText: name });
    if ((await card.count()) > 0) return card;
  }
  throw new Error(`no list page shows ${name}`);
}

/** Opens a page and reports whether anything the API sent ran: a dialog, window.__xss, or a policy violation. */
async function openWatched(page: Page, path: string) {
  const ran: string[] = [];
  page.on('dialog', async (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const w = window as unknown as { __violations?: string[] };
      (w.__violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  // Offline: an image on another host fails at once, so its error handler (if one slipped through) fires now.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  // The page's clock: the timers a payload could set are run at once below, instead of waiting for them.
  await page.clock.install();
  await page.goto(path);
  // The fallback pages render once the post has arrived; other pages are complete on load.
  await page.locator('main h1:visible').first().waitFor();
  // Give handlers a chance: point at what a visitor would, let every image load or fail, then run the timers of the
  // next ten seconds.
  await pointAt(page, 'main h1, main img, main a, main p', 15);
  await loadEveryImage(page);
  await page.clock.runFor(10_000);
  const state = await page.evaluate(() => {
    const w = window as unknown as { __xss?: unknown; __violations?: string[] };
    return { xss: w.__xss ?? null, violations: w.__violations ?? [] };
  });
  return { ran, ...state };
}

test('the hostile corpus covers every plain field, the escaped short description, ids and images', () => {
  expect(record(1).name).toContain('</script><script>');
  expect(record(2).author).toContain('</script><script>');
  expect(record(3).category.name).toContain('</script><script>');
  expect(hostile.filter((p) => p.name.startsWith('Hostile id'))).toHaveLength(16);
  expect(blogPaths.length).toBeGreaterThanOrEqual(20);
});

test('a hostile id writes no file but its own post page, and the test build holds a page for each safe one', () => {
  const root = resolve('dist-test');
  for (const { _id: id } of hostile.filter((p) => p.name.startsWith('Hostile id'))) {
    for (const candidate of [resolve(root, 'blog', `${id}.html`), resolve(root, 'blog', id, 'index.html')]) {
      if (candidate.startsWith(join(root, 'blog') + sep) || !existsSync(candidate)) continue;
      // A file where an id points outside the posts' folder (`../blogs` is the list's own page) is that page, never
      // a post written over it.
      expect(candidate.startsWith(root + sep), `${id} points outside the build`).toBe(true);
      expect(kindOf(readFileSync(candidate, 'utf8')), `${id} wrote ${candidate}`).not.toBe('blog-post');
    }
  }
  const published = hostile.filter((p) => !p.name.startsWith('Hostile id')).map((p) => `/blog/${p._id}`);
  for (const path of published) expect(blogPaths, path).toContain(path);
});

const watched = [...blogPaths, '/blog/hostile-late', '/blog/xss-corpus-late'];

test.describe('with the Content-Security-Policy', () => {
  for (const path of watched) {
    test(`${path}: nothing from the blog API runs, and nothing even tries`, async ({ page }) => {
      const result = await openWatched(page, path);
      expect(result).toEqual({ ran: [], xss: null, violations: [] });
    });
  }
});

test.describe('without the Content-Security-Policy', () => {
  test.use({ bypassCSP: true });
  for (const path of watched) {
    test(`${path}: nothing from the blog API runs`, async ({ page }) => {
      const { ran, xss } = await openWatched(page, path);
      expect({ ran, xss }).toEqual({ ran: [], xss: null });
    });
  }
});

test("no page of either build holds an inline script but the project's own, whatever the API served", () => {
  for (const { path, html } of [...builtPages(), ...testPages]) {
    const inline = scriptElements(html())
      .filter(isInlineExecutable)
      .filter((script) => script.body !== OWN_INLINE_SCRIPT);
    expect(
      inline.map((s) => s.body.slice(0, 60)),
      path,
    ).toEqual([]);
  }
});

test('_headers allows scripts from the site only, the same with or without hostile posts', () => {
  const scriptSrc = (file: string) =>
    /Content-Security-Policy: [^\n]*/.exec(readFileSync(file, 'utf8'))![0].match(/script-src [^;]*/)![0];
  expect(scriptSrc('dist-test/_headers')).toBe(PAGE_SCRIPT_SRC);
  expect(scriptSrc('dist/_headers')).toBe(PAGE_SCRIPT_SRC);
  // The blog search's pages (in English and in Hindi) add 'wasm-unsafe-eval' (Pagefind's WebAssembly: no JavaScript eval, no inline script);
  // the content admin (/cms/*) and the owner's page (/owner/*) have policies of their own, with scripts from the site
  // only too.
  for (const file of ['dist-test/_headers', 'dist/_headers']) {
    const policies = [...readFileSync(file, 'utf8').matchAll(/script-src [^;]*/g)].map((m) => m[0]);
    expect(policies).toEqual([
      PAGE_SCRIPT_SRC,
      `${PAGE_SCRIPT_SRC} 'wasm-unsafe-eval'`,
      `${PAGE_SCRIPT_SRC} 'wasm-unsafe-eval'`,
      `${PAGE_SCRIPT_SRC} 'wasm-unsafe-eval'`,
      `${PAGE_SCRIPT_SRC} 'wasm-unsafe-eval'`,
      "script-src 'self'",
      "script-src 'self'",
    ]);
  }
  expect(readFileSync('dist-test/_headers', 'utf8')).not.toMatch(/67d0|Hostile|script>/);
});

test('plain fields stay plain text: title, heading, byline, category, meta tags and JSON-LD', async ({ page }) => {
  const post = { ...record(1), author: record(2).author };
  await page.goto(`/blog/${record(1)._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(record(1).name);
  await expect(page).toHaveTitle(pageTitle(record(1).name));
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
  const posting = jsonLd.find((item: { '@type': string }) => item['@type'] === 'BlogPosting');
  expect(posting.headline).toBe(record(1).name);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', pageTitle(post.name));

  await page.goto(`/blog/${record(2)._id}`);
  await expect(page.getByText(`By ${record(2).author}`)).toBeVisible();
  await page.goto(`/blog/${record(3)._id}`);
  await expect(page.getByRole('article').getByText(record(3).category.name, { exact: true })).toBeVisible();
});

test('an escaped script in the short description stays text in the card, the meta description and JSON-LD', async ({
  page,
}) => {
  const text = "</script><script>window.__xss='short-escaped'</script> and &lt;/script&gt; and line separators";
  await page.goto(`/blog/${record(4)._id}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', text);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
  expect(jsonLd[1].description).toBe(text);
  const card = await cardOf(page, record(4).name);
  await expect(
    card.getByText("</script><script>window.__xss='short-escaped'</script>", { exact: false }),
  ).toBeVisible();
});

test('a post whose image is not a web image is kept, with "No Image"', async ({ page }) => {
  for (const n of [6, 7, 8, 9, 10]) {
    const card = await cardOf(page, record(n).name);
    await expect(card.getByText('No Image', { exact: true })).toBeVisible();
    await expect(card.locator('img')).toHaveCount(0);
  }
  await page.goto(`/blog/${record(6)._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(record(6).name);
  await expect(page.getByRole('article').locator('img')).toHaveCount(0);
});

test('ids that are not URL segments publish nothing; odd but safe ids are reachable', async ({ page, request }) => {
  for (const path of LIST_PAGES) {
    await page.goto(path);
    await expect(page.getByText(/Hostile id \d+/)).toHaveCount(0);
  }
  for (const id of ['café déjà-vu', '<b>&"quoted"\'', 'Shared-Address']) {
    const response = await request.get(`/blog/${encodeURIComponent(id)}`);
    expect(response.status(), id).toBe(200);
  }
  const shared = await request.get('/blog/shared-address');
  expect(shared.status()).toBe(404);
  const first = await page.goto('/blog/65b000000000000000000001');
  expect(first?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Ten welcome messages that turn sign-ups into regulars',
  );
});

test('the fallback applies the same id rule before it asks the blog API', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(api)) calls.push(r.url());
  });
  for (const path of ['/blog/a%5Cb', '/blog/%3Fx%3D1', '/blog/x%23y', '/blog/index', `/blog/${'x'.repeat(201)}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
  expect(calls).toEqual([]);
});

test('the fallback shows a hostile late post as text', async ({ page }) => {
  await page.goto('/blog/hostile-late');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(record(1).name);
  await expect(page.getByText(`By ${record(2).author}`)).toBeVisible();
  // The browser's fallback writes the title whole.
  await expect(page).toHaveTitle(`${record(1).name} | ${testSettings.PUBLIC_DOMAIN_LABEL}`);
  await expect(page.getByRole('article').locator('img')).toHaveCount(0);
});
