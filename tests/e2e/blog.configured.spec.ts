import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { blogApiPort, testSettings } from '../settings.mjs';
import { pointAt } from './whole-page';
import { expectPostCta } from './blog-helpers';

// dist-test: built against the local blog API (scripts/blog-api.mjs, fixtures in tests/fixtures/blog), which
// Playwright also serves for the 404 page's runtime fallback.
const api = `http://127.0.0.1:${blogApiPort}`;
const LATE_POST = '66c000000000000000000001';

const categoryBar = (page: Page) => page.getByRole('navigation', { name: 'Blog categories' });

test.describe('/blogs from the blog API', () => {
  test('lists the API posts with their categories, a page at a time; a post without image shows "No Image"', async ({
    page,
  }) => {
    await page.goto('/blogs');
    await expect(categoryBar(page).getByRole('link')).toHaveText([
      'All',
      'Community Growth',
      'Payments',
      'Events',
      'Announcements',
    ]);
    // Six fixture posts, the rich-text security check and the 13 hostile records whose ids are safe: 12 and 8.
    await expect(page.getByRole('link', { name: 'View More' })).toHaveCount(12);
    const hybrid = page.locator('#blog-list > li').filter({ hasText: 'Planning a hybrid meetup in four steps' });
    await expect(hybrid.getByText('No Image', { exact: true })).toBeVisible();
    await expect(hybrid.getByText('20 June 2025')).toBeVisible();
    await expect(hybrid.getByRole('link', { name: 'View More' })).toHaveAttribute(
      'href',
      '/blog/65b000000000000000000003',
    );
    await page.goto('/blogs/2');
    await expect(page.getByRole('link', { name: 'View More' })).toHaveCount(8);
  });

  test('a category without posts shows "No blogs found"', async ({ page }) => {
    await page.goto('/blogs');
    await categoryBar(page).getByRole('link', { name: 'Announcements' }).click();
    await expect(page).toHaveURL(/\/blogs\/category\/announcements$/);
    await expect(page.getByText('No blogs found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View More' })).toHaveCount(0);
    await categoryBar(page).getByRole('link', { name: 'Payments' }).click();
    await expect(page.getByText('No blogs found')).toHaveCount(0);
    // Two fixture posts and one hostile record (its category name is hostile text; its id is Payments').
    await expect(page.locator('#blog-list > li [data-blog-number]')).toHaveText(['01', '02', '03']);
  });

  test('a prerendered post from the API shows its sanitised rich text', async ({ page }) => {
    await page.goto('/blog/65b000000000000000000002');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Collecting fees with UPI, cards and net banking');
    await expect(page.getByText('Payments', { exact: true })).toBeVisible();
    await expect(page.getByText('By Rohan Mehta')).toBeVisible();
    await expect(page.getByText('15 July 2025')).toBeVisible();
    await expect(page.getByText('Settlements show tax, GST and net payable.')).toHaveCSS('text-align', 'center');
    await expectPostCta(page);
  });
});

test.describe('runtime fallback for a post newer than the build', () => {
  test('shows "Loading..." then the post fetched from the blog API', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${api}/api/v2.0/blogs/blog/*`, async (route) => {
      await held;
      await route.continue();
    });
    const request = page.waitForRequest(`${api}/api/v2.0/blogs/blog/${LATE_POST}`);
    const response = await page.goto(`/blog/${LATE_POST}`);
    expect(response?.status()).toBe(404);
    await request;
    await expect(page.getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeHidden();
    release();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Launching community landing pages in minutes');
    await expect(page.getByText('Loading...')).toBeHidden();
    const article = page.getByRole('article');
    await expect(article.getByText('Announcements', { exact: true })).toBeVisible();
    await expect(article.getByText('10 September 2025')).toBeVisible();
    await expect(article.getByText('By Kabir Sethi')).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'What is new' })).toBeVisible();
    await expect(article.getByRole('link', { name: 'See an example' })).toHaveAttribute('rel', /noopener/);
    await expect(article.getByRole('img', { name: 'Launching community landing pages in minutes' })).toHaveAttribute(
      'src',
      `${api}/images/a.svg`,
    );
    await expect(page).toHaveTitle(
      `Launching community landing pages in minutes | ${testSettings.PUBLIC_DOMAIN_LABEL}`,
    );
    // A post fetched at runtime ends as a built one does.
    await expectPostCta(page);

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('a non-200 answer shows "Blog not found or an error occurred"', async ({ page }) => {
    // The local API answers 404 for an id it does not know.
    await page.goto('/blog/no-such-post-anywhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog not found or an error occurred' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All blogs' })).toHaveAttribute('href', '/blogs');
  });

  test('an HTTP 500 with a post in the body is still an error', async ({ page }) => {
    await page.route(`${api}/api/v2.0/blogs/blog/*`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: true, data: { data: { _id: LATE_POST, name: 'Should not show' } } }),
        headers: { 'Access-Control-Allow-Origin': '*' },
      }),
    );
    await page.goto(`/blog/${LATE_POST}`);
    await expect(page.getByText('Blog not found or an error occurred')).toBeVisible();
    await expect(page.getByText('Should not show')).toHaveCount(0);
  });

  test('a 200 answer without data shows the error', async ({ page }) => {
    await page.goto('/blog/missing-data');
    await expect(page.getByText('Blog not found or an error occurred')).toBeVisible();
  });

  test('a network failure shows the error', async ({ page }) => {
    await page.route(`${api}/**`, (route) => route.abort('connectionrefused'));
    await page.goto(`/blog/${LATE_POST}`);
    await expect(page.getByText('Blog not found or an error occurred')).toBeVisible();
  });

  test('other unknown paths keep the plain 404 page and call no API', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(api)) calls.push(r.url());
    });
    const response = await page.goto('/blogs/not-a-post/deeper');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(calls).toEqual([]);
  });
});

test.describe('rich text from the API never runs script', () => {
  // The local API puts every payload of this file into the description of the two security-check posts.
  const payloads: string[] = JSON.parse(readFileSync('tests/fixtures/blog/xss-payloads.json', 'utf8'));
  test('the corpus holds at least 50 known payloads', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
  });

  for (const [label, path] of [
    ['sanitised at build time', '/blog/xss-corpus'],
    ['sanitised in the browser by the runtime fallback', '/blog/xss-corpus-late'],
  ] as const) {
    test(`50+ XSS payloads, ${label}`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      const external: string[] = [];
      page.on('request', (r) => {
        if (/xss\.example/.test(r.url())) external.push(r.url());
      });
      // The page's clock: the timers a payload could set are run at once below, instead of waiting for them.
      await page.clock.install();
      await page.goto(path);
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(
        'Security check: rich text with hostile markup',
      );
      const body = article.locator('[data-field="description"]');

      // Give event handlers a chance: point at and focus everything that is left, then run ten seconds of timers.
      await pointAt(page, ['a', 'div', 'p', 'img', 'details'].map((tag) => `[data-field="description"] ${tag}`).join());
      await page.clock.runFor(10_000);

      const report = await body.evaluate((root) => {
        const all = [...root.querySelectorAll('*')];
        return {
          forbidden: all
            .map((e) => e.tagName.toLowerCase())
            .filter((t) =>
              [
                'script',
                'iframe',
                'object',
                'embed',
                'svg',
                'math',
                'form',
                'input',
                'button',
                'style',
                'link',
                'meta',
                'base',
                'textarea',
                'select',
                'template',
              ].includes(t),
            ),
          handlers: all.flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')),
          urls: all
            .flatMap((e) =>
              ['href', 'src', 'action', 'formaction', 'xlink:href', 'background'].map((n) => e.getAttribute(n)),
            )
            .filter((v): v is string => !!v && /^\s*(javascript|vbscript|data):/i.test(v)),
          blankWithoutRel: [...root.querySelectorAll('a[target="_blank"]')].filter(
            (a) => !/noopener/.test(a.getAttribute('rel') ?? ''),
          ).length,
          xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
        };
      });
      expect(report).toEqual({ forbidden: [], handlers: [], urls: [], blankWithoutRel: 0, xss: null });
      expect(dialogs).toEqual([]);
      expect(external).toEqual([]);

      // Ordinary formatting survives.
      await expect(body.getByRole('heading', { level: 2, name: 'Formatting that survives' })).toBeVisible();
      await expect(body.locator('strong', { hasText: 'bold words' })).toBeVisible();
      await expect(body.locator('em', { hasText: 'emphasis' })).toBeVisible();
      await expect(body.getByRole('link', { name: 'safe link' })).toHaveAttribute('href', 'https://example.org/safe');
      await expect(body.getByRole('link', { name: 'safe link' })).toHaveAttribute('rel', /noopener noreferrer/);
      await expect(body.getByRole('listitem').filter({ hasText: 'Second list item' })).toBeVisible();
      await expect(body.getByRole('img', { name: 'Safe image' })).toBeVisible();
      await expect(body.getByText('Styled text')).toHaveCSS('color', 'rgb(190, 24, 93)');
    });
  }
});
