import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { testSettings } from '../settings.mjs';
import { holdIsland } from './hold-island';

// dist-test: 20 posts from the local blog API, so /blogs has two pages and the "Community Growth" category too.
const entries = (page: Page) => page.locator('#blog-list > li');
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Blog pages' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search the blog' });

/** Records Content-Security-Policy violations and console errors from the start of the page. */
async function watch(page: Page) {
  const problems: string[] = [];
  // The test build sends analytics to an origin that does not exist: answered here, so it logs no failed request.
  await page.route(`${testSettings.PUBLIC_ANALYTICS_ENDPOINT}/**`, (route) =>
    route.fulfill({ status: 202, body: 'ok' }),
  );
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return problems;
}

test.describe('pagination', () => {
  test('numbered pages: prev/next in the head, a named navigation, numbering carried across pages', async ({
    page,
  }) => {
    await page.goto('/blogs');
    await expect(entries(page)).toHaveCount(12);
    await expect(entries(page).locator('[data-blog-number]').first()).toHaveText('01');
    await expect(entries(page).locator('[data-blog-number]').last()).toHaveText('12');
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', '/blogs/2');
    await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/blogs$/);
    await expect(pagination(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination(page).locator('[aria-current]')).toHaveCount(1);

    await pagination(page).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blogs\/2$/);
    await expect(page).toHaveTitle(`Blogs, page 2 | ${testSettings.PUBLIC_DOMAIN_LABEL}`);
    await expect(entries(page)).toHaveCount(8);
    // Page 2 starts after page 1's last number, in the same two-digit form.
    await expect(entries(page).locator('[data-blog-number]')).toHaveText([
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
    ]);
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute('href', '/blogs');
    await expect(page.locator('head link[rel="next"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/blogs\/2$/);
    await expect(pagination(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await pagination(page).getByRole('link', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('a category has its own numbered pages', async ({ page }) => {
    await page.goto('/blogs/category/community-growth');
    await expect(entries(page)).toHaveCount(12);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', '/blogs/category/community-growth/2');
    await pagination(page).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/blogs\/category\/community-growth\/2$/);
    await expect(entries(page).locator('[data-blog-number]').first()).toHaveText('13');
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute('href', '/blogs/category/community-growth');
    // The category stays marked in the bar on its later pages.
    await expect(
      page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: 'Community Growth' }),
    ).toHaveAttribute('aria-current', 'true');
  });

  test('the sitemap lists the list and category pages', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemap = /<loc>https?:\/\/[^/]+(\/[^<]+)<\/loc>/.exec(index)![1]!;
    const xml = await (await request.get(sitemap)).text();
    for (const path of ['/blogs', '/blogs/2', '/blogs/category/payments', '/blogs/category/community-growth/2']) {
      expect(xml).toMatch(new RegExp(`<loc>https?://[^/]+${path}</loc>`));
    }
  });
});

test.describe('search', () => {
  test('finds a post on the last page by a word of its title, from the whole blog, with no CSP violation', async ({
    page,
  }) => {
    const problems = await watch(page);
    await page.goto('/blogs');
    // The post is not on this page.
    await expect(page.getByText('Hostile record 8: an image that is a number')).toHaveCount(0);
    await searchBox(page).fill('number');
    const results = page.getByRole('region', { name: 'Search results' });
    const found = results.locator('li').filter({ hasText: 'Hostile record 8: an image that is a number' });
    await expect(found).toHaveCount(1);
    await expect(found.getByRole('link', { name: 'View More' })).toHaveAttribute(
      'href',
      '/blog/67d000000000000000000008',
    );
    await expect(page.getByRole('status').filter({ hasText: /posts? found/ })).toHaveText(/^(1 post|\d+ posts) found/);
    expect(problems).toEqual([]);
  });

  test('text typed before the island wakes is searched for', async ({ page }) => {
    await page.goto('/blogs');
    // Typing straight into the server-rendered box: the first key wakes the island, the rest arrive before it runs.
    await searchBox(page).pressSequentially('hybrid', { delay: 0 });
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('heading', { level: 3 })).toContainText(['Planning a hybrid meetup in four steps']);
    await expect(searchBox(page)).toHaveValue('hybrid');
  });

  test('words and a category given while the island script is held are what it searches once awake', async ({
    page,
  }) => {
    const problems = await watch(page);
    // The island's chunk is held until the visitor has typed and picked: no race with hydration.
    const release = await holdIsland(page, 'BlogSearch');
    await page.goto('/blogs');
    const island = page.locator('astro-island', { has: searchBox(page) });
    await searchBox(page).fill('hybrid');
    await page.getByLabel('Category').selectOption('Events');
    await expect(island).toHaveAttribute('ssr', '');
    release();
    await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('heading', { level: 3 })).toContainText(['Planning a hybrid meetup in four steps']);
    await expect(searchBox(page)).toHaveValue('hybrid');
    await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Events');
    expect(problems).toEqual([]);
  });

  test('a category filter lists that category from the whole blog; with no match, "No blogs found"', async ({
    page,
  }) => {
    await page.goto('/blogs');
    await page.getByLabel('Category').selectOption('Payments');
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('3 posts found');
    await page.getByLabel('Category').selectOption('Announcements');
    await expect(page.getByRole('status').filter({ hasText: 'No blogs found' })).toBeVisible();
    await expect(results).toHaveCount(0);
  });

  test('works by keyboard: Enter stays on the page, Escape clears, results are reachable by Tab', async ({ page }) => {
    await page.goto('/blogs');
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    // Tab to the search box from the top of the main content.
    await page.keyboard.press('Enter');
    for (let i = 0; i < 40 && !(await searchBox(page).evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('welcome');
    const before = page.url();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    const results = page.getByRole('region', { name: 'Search results' });
    const link = results.getByRole('link', { name: 'View More' }).first();
    await expect(link).toBeVisible();
    // Tab from the box: the category select, the button, then the first result's link.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();

    await searchBox(page).focus();
    await page.keyboard.press('Escape');
    await expect(searchBox(page)).toHaveValue('');
    await expect(results).toHaveCount(0);
  });

  test("the search index is the site's own and chunked: only what a query needs is fetched", async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto('/blogs');
    expect(fetched.filter((p) => p.startsWith('/pagefind/'))).toEqual([]);
    await searchBox(page).fill('welcome');
    await expect(page.getByRole('region', { name: 'Search results' })).toBeVisible();
    const pagefind = fetched.filter((p) => p.startsWith('/pagefind/'));
    expect(pagefind).toContain('/pagefind/pagefind.js');
    expect(pagefind.some((p) => p.startsWith('/pagefind/index/'))).toBe(true);
  });
});
