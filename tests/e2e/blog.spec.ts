import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { WORDS_PER_MINUTE } from '../../src/lib/blog/index';
import { expect, test } from './fixtures';
import { afterRendering } from './whole-page';
import { expectPostCta } from './blog-helpers';

// The default build (dist): the embedded Markdown posts in src/content/blog.

const entries = (page: Page) => page.locator('#blog-list > li');
const categoryBar = (page: Page) => page.getByRole('navigation', { name: 'Blog categories' });

/**
 * Each Markdown post's words as a reader meets them: its body without the front matter, the Markdown's marks and the
 * links' addresses.
 */
const postWords = (file: string) =>
  readFileSync(`src/content/blog/${file}`, 'utf8')
    .split(/^---$/m)
    .slice(2)
    .join(' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

test('every post shows the reading time of its own words, so posts of other lengths say other times', async ({
  page,
}) => {
  const shown = new Set<string>();
  for (const file of readdirSync('src/content/blog').filter((name) => name.endsWith('.md'))) {
    const minutes = Math.max(1, Math.round(postWords(file) / WORDS_PER_MINUTE));
    await page.goto(`/blog/${file.replace(/\.md$/, '')}`);
    await expect(page.locator('[data-reading-time]')).toHaveText(`${minutes} min read`);
    shown.add(`${minutes}`);
  }
  // The longest post (380 words) reads in two minutes, the shortest (242) in one.
  expect([...shown].sort()).toEqual(['1', '2']);
});

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

  test('the category bar is All plus one link per category; a category page lists its posts, renumbered', async ({
    page,
  }) => {
    await page.goto('/blogs');
    const links = categoryBar(page).getByRole('link');
    await expect(links).toHaveText([
      'All',
      'Community Building',
      'Memberships & Payments',
      'Events & Appointments',
      'Marketing & Growth',
    ]);
    await expect(categoryBar(page).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await expect(categoryBar(page).locator('[aria-current]')).toHaveCount(1);

    await categoryBar(page).getByRole('link', { name: 'Events & Appointments' }).click();
    await expect(page).toHaveURL(/\/blogs\/category\/events-appointments$/);
    await expect(page).toHaveTitle('Events & Appointments blogs | Communiti.example');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events & Appointments blogs');
    await expect(categoryBar(page).getByRole('link', { name: 'Events & Appointments' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(categoryBar(page).getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current', /.*/);
    await expect(entries(page).getByRole('heading', { level: 2 })).toHaveText([
      'Running ticketed events without the spreadsheet chaos',
      'One-on-one appointments: slots, deposits and reminders that cut no-shows',
    ]);
    await expect(entries(page).locator('[data-blog-number]')).toHaveText(['01', '02']);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /^https?:\/\/[^/]+\/blogs\/category\/events-appointments$/,
    );
    // One page: no numbered navigation, no neighbours in the head.
    await expect(page.getByRole('navigation', { name: 'Blog pages' })).toHaveCount(0);
    await expect(page.locator('link[rel="prev"], link[rel="next"]')).toHaveCount(0);
  });

  test('the category bar adapts from one column on a phone to six or more on a wide screen', async ({ page }) => {
    const columns = () =>
      categoryBar(page)
        .locator('ul')
        .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/blogs');
    // On a phone the bar is folded with the search (below): opened, it is one column.
    await page.locator('summary', { hasText: 'Search and categories' }).click();
    expect(await columns()).toBe(1);
    await page.setViewportSize({ width: 1920, height: 900 });
    expect(await columns()).toBeGreaterThanOrEqual(6);
  });

  test("the list fills the header's column, and a last row with fewer posts is centred", async ({ page }) => {
    const box = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return {
          left: rect.left + parseFloat(style.paddingLeft),
          right: rect.right - parseFloat(style.paddingRight),
          top: rect.top,
        };
      });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/blogs');
    const column = await box(page.locator('[data-site-header] .header-bar'));
    const list = await box(page.locator('#blog-list'));
    expect(Math.abs(list.left - column.left), 'left edges').toBeLessThan(1);
    expect(Math.abs(list.right - column.right), 'right edges').toBeLessThan(1);

    // Seven posts, three a row at 1024 px: the seventh alone on its row, in the middle.
    await page.setViewportSize({ width: 1024, height: 768 });
    await afterRendering(page);
    const cards = await entries(page).evaluateAll((items) =>
      items.map((item) => {
        const rect = item.getBoundingClientRect();
        return { top: rect.top, middle: (rect.left + rect.right) / 2 };
      }),
    );
    const lastRow = cards.filter((card) => card.top === cards.at(-1)!.top);
    expect(lastRow).toHaveLength(1);
    const listBox = await box(page.locator('#blog-list'));
    expect(Math.abs(lastRow[0]!.middle - (listBox.left + listBox.right) / 2)).toBeLessThan(1);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const filters = (page: Page) => page.locator('details[data-blog-filters]');

    test('the first post is on the first screen: the search and the categories fold under one button', async ({
      page,
    }) => {
      await page.goto('/blogs');
      await expect(filters(page)).not.toHaveAttribute('open');
      await expect(page.getByRole('search')).toBeHidden();
      await expect(categoryBar(page)).toBeHidden();
      const first = entries(page).first();
      await expect(first.getByRole('heading')).toBeInViewport({ ratio: 1 });
      await expect(first.getByRole('link', { name: 'View More' })).toBeVisible();
      // Unfolded, everything is there, as on a computer.
      await filters(page).locator('summary').tap();
      await expect(page.getByRole('search')).toBeVisible();
      await expect(categoryBar(page).getByRole('link')).toHaveCount(5);
    });

    test('the fold opens from the keyboard, is read as a button that expands, and its search works', async ({
      page,
    }) => {
      await page.goto('/blogs');
      const summary = filters(page).locator('summary');
      await expect(summary).toHaveText('Search and categories');
      expect(await summary.evaluate((el) => el.tagName)).toBe('SUMMARY');
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect(filters(page)).toHaveAttribute('open', '');
      await page.keyboard.press('Tab');
      const box = page.getByRole('searchbox', { name: 'Search the blog' });
      await expect(box).toBeFocused();
      await page.keyboard.type('WhatsApp');
      await expect(page.getByRole('status').filter({ hasText: /posts? found/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
    });
  });

  test('on a computer the search and the categories show at once, with no fold', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/blogs');
    await expect(page.locator('details[data-blog-filters] > summary')).toBeHidden();
    await expect(page.getByRole('search')).toBeVisible();
    await expect(categoryBar(page)).toBeVisible();
  });

  test('the page loads no framework JS until the search box is used; the head links the feed', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/blogs');
    await expect(page.locator('astro-island')).toHaveCount(1);
    await expect(page.locator('astro-island')).toHaveAttribute('component-url', /BlogSearch/);
    await expect(page.locator('astro-island')).toHaveAttribute('client', 'interact');
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 2000);
    await afterRendering(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /BlogSearch|client\.|react/i.test(s))).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search the blog' }).focus();
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
    expect(scripts.some((s) => /BlogSearch/.test(s))).toBe(true);
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
    await expect(article.locator('[data-field="description"]').getByRole('listitem')).toHaveCount(3);
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
      author: { '@type': 'Person', name: 'Nandini Iyer' },
      articleSection: 'Events & Appointments',
    });
    await expect(page.locator('astro-island')).toHaveCount(0);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
  });

  test('shows its reading time, its neighbours by date, related posts of its category and share links', async ({
    page,
  }) => {
    await page.goto('/blog/pricing-paid-memberships');
    // 295 words at 238 a minute: a minute and a quarter.
    await expect(page.locator('[data-reading-time]')).toHaveText('1 min read');
    const more = page.getByRole('navigation', { name: 'More posts' });
    await expect(more.getByRole('link', { name: /Newer post/ })).toHaveAttribute(
      'href',
      '/blog/build-an-engaged-paid-community',
    );
    await expect(more.getByRole('link', { name: /Older post/ })).toHaveAttribute(
      'href',
      '/blog/run-events-without-spreadsheets',
    );
    const related = page.getByRole('region', { name: 'Related posts' });
    await expect(related.getByRole('link')).toHaveText([
      'Payment links: collect fees from anyone without forcing a sign-up',
    ]);

    const share = page.getByRole('region', { name: 'Share this post' });
    const url = 'https://www.communiti.example/blog/pricing-paid-memberships';
    const title = 'Pricing paid memberships: monthly, annual and one-time plans explained';
    await expect(share.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    );
    await expect(share.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
    await expect(share.getByRole('link', { name: 'Share on X' })).toHaveAttribute(
      'href',
      `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
    );
    await expect(share.getByRole('link', { name: 'Share by email' })).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`,
    );
    await expect(page.locator('script[src*="wa.me"], script[src*="linkedin"], script[src*="x.com"]')).toHaveCount(0);
  });

  test('ends with a next step from the content: Book a Free Demo and Get Started, after the text', async ({ page }) => {
    await page.goto('/blog/pricing-paid-memberships');
    await expectPostCta(page);
  });

  test('"Copy link" copies the post URL and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/blog/pricing-paid-memberships');
    const button = page.getByRole('button', { name: 'Copy link' });
    await button.click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'https://www.communiti.example/blog/pricing-paid-memberships',
    );
  });

  test('without a blog API an unknown post is the plain 404 page', async ({ page }) => {
    const response = await page.goto('/blog/published-after-the-build');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('[data-blog-fallback]')).toHaveCount(0);
  });
});

test('the RSS feed lists the newest posts (all seven here, fewer than its 50)', async ({ request }) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(xml.match(/<item>/g)).toHaveLength(7);
  expect(xml).toContain('<title>Payment links: collect fees from anyone without forcing a sign-up</title>');
  expect(xml).toMatch(/<link>https?:\/\/[^<]+\/blog\/payment-links-without-sign-up\/?<\/link>/);
});
