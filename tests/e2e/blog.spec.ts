import { expect, test, type Page } from '@playwright/test';

// The default build (dist): the embedded Markdown posts in src/content/blog.

const entries = (page: Page) => page.locator('#blog-list > li:visible');

/** The category tab bar once its island has hydrated. */
async function openBlogs(page: Page) {
  await page.goto('/blogs');
  await expect(page.locator('[role="tablist"][data-ready]')).toBeVisible();
}

test.describe('/blogs', () => {
  test('lists every post newest first, numbered, with image, name, date, summary and View More', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page).toHaveTitle('Blogs | Communiti.example');
    await expect(entries(page)).toHaveCount(7);
    await expect(entries(page).locator('[data-blog-number]')).toHaveText(['01', '02', '03', '04', '05', '06', '07']);

    const first = entries(page).first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText(
      'WhatsApp marketing for communities: broadcasts, templates and chatbots',
    );
    await expect(first.getByText('8 July 2025')).toBeVisible();
    await expect(first.getByText(/Messages on WhatsApp are read within minutes/)).toBeVisible();
    await expect(first.getByRole('img')).toHaveAttribute('alt', /phone showing chat bubbles/);
    const more = first.getByRole('link', { name: 'View More' });
    await expect(more).toHaveAttribute('href', '/blog/whatsapp-marketing-for-communities');
    await more.click();
    await expect(page).toHaveURL(/\/blog\/whatsapp-marketing-for-communities$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'WhatsApp marketing for communities: broadcasts, templates and chatbots',
    );
  });

  test('the category tabs filter the list by category and renumber it', async ({ page }) => {
    await openBlogs(page);
    const tabs = page.getByRole('tablist', { name: 'Blog categories' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'All',
      'Community Building',
      'Memberships & Payments',
      'Events & Appointments',
      'Marketing & Growth',
    ]);
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('tab', { name: 'Events & Appointments' }).click();
    await expect(page.getByRole('tab', { name: 'Events & Appointments' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'false');
    await expect(entries(page).getByRole('heading', { level: 2 })).toHaveText([
      'Running ticketed events without the spreadsheet chaos',
      'One-on-one appointments: slots, deposits and reminders that cut no-shows',
    ]);
    await expect(entries(page).locator('[data-blog-number]')).toHaveText(['01', '02']);
    await expect(page.getByText('No blogs found')).toBeHidden();

    await page.getByRole('tab', { name: 'All' }).click();
    await expect(entries(page)).toHaveCount(7);
    await expect(entries(page).locator('[data-blog-number]').last()).toHaveText('07');
  });

  test('the tabs work by keyboard', async ({ page }) => {
    await openBlogs(page);
    const all = page.getByRole('tab', { name: 'All' });
    await expect(all).toBeVisible();
    await all.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Community Building' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Community Building' })).toHaveAttribute('aria-selected', 'true');
    await expect(entries(page).getByRole('heading', { level: 2 })).toHaveText([
      'How to build an engaged paid community from your first 100 members',
      'Taking a yoga studio online: classes, memberships and a website in a weekend',
    ]);
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Marketing & Growth' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(entries(page)).toHaveCount(7);
  });

  test('without JavaScript every post is still listed', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blogs');
    await expect(page.getByRole('link', { name: 'View More' })).toHaveCount(7);
    await context.close();
  });

  test('the filter island is the only framework JS and the head links the feed', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.locator('astro-island')).toHaveCount(1);
    await expect(page.locator('astro-island')).toHaveAttribute('component-url', /BlogCategoryFilter/);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
  });
});

test.describe('/blog/{blogId}', () => {
  test('shows category, title, date, author, image and the rich description', async ({ page }) => {
    await page.goto('/blog/pricing-paid-memberships');
    const article = page.getByRole('article');
    await expect(article.getByText('Memberships & Payments', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Pricing paid memberships: monthly, annual and one-time plans explained',
    );
    await expect(article.getByText('20 May 2025')).toBeVisible();
    await expect(article.getByText('By Rohan Mehta')).toBeVisible();
    await expect(article.getByRole('img', { name: /three membership plan cards/ })).toHaveAttribute(
      'src',
      '/media/blog/membership-plans.svg',
    );
    await expect(
      article.getByRole('heading', { level: 2, name: 'Monthly plans: low commitment, steady rhythm' }),
    ).toBeVisible();
    await expect(article.locator('strong', { hasText: 'initial payment' })).toBeVisible();
    await expect(article.getByRole('listitem')).toHaveCount(3);
  });

  test('the head carries title, description, Open Graph image and BlogPosting JSON-LD, and no framework JS', async ({
    page,
  }) => {
    await page.goto('/blog/run-events-without-spreadsheets');
    // The post's name is longer than a title may be (70 characters): it is cut at a word, with an ellipsis.
    await expect(page).toHaveTitle('Running ticketed events without the spreadsheet… | Communiti.example');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^From ticket types to reminders and check-in/,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /^https?:\/\/[^/]+\/media\/blog\/ticketed-events\.png$/,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    const posting = (JSON.parse(ld ?? '[]') as Record<string, unknown>[]).find((o) => o['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: 'Running ticketed events without the spreadsheet chaos',
      datePublished: '2025-04-28T09:00:00.000Z',
      author: { '@type': 'Person', name: 'Meera Iyer' },
      articleSection: 'Events & Appointments',
    });
    await expect(page.locator('astro-island')).toHaveCount(0);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
  });

  test('without a blog API an unknown post is the plain 404 page', async ({ page }) => {
    const response = await page.goto('/blog/published-after-the-build');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('[data-blog-fallback]')).toHaveCount(0);
  });
});

test('the RSS feed lists every post', async ({ request }) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(xml.match(/<item>/g)).toHaveLength(7);
  expect(xml).toContain('<title>Payment links: collect fees from anyone without forcing a sign-up</title>');
  expect(xml).toMatch(/<link>https?:\/\/[^<]+\/blog\/payment-links-without-sign-up\/?<\/link>/);
});
