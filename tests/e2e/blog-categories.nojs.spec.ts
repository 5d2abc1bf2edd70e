import { expect, test } from './fixtures';

// Without JavaScript (the no-js project), the category pages are plain links and plain pages.
test('category pages work without JavaScript: links, aria-current, their own posts', async ({ page }) => {
  await page.goto('/blogs');
  const bar = page.getByRole('navigation', { name: 'Blog categories' });
  await expect(bar.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  await bar.getByRole('link', { name: 'Community Building' }).click();
  await expect(page).toHaveURL(/\/blogs\/category\/community-building$/);
  await expect(bar.getByRole('link', { name: 'Community Building' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('#blog-list > li h2')).toHaveText([
    'How to build an engaged paid community from your first 100 members',
    'Taking a yoga studio online: classes, memberships and a website in a weekend',
  ]);
  await expect(page.locator('#blog-list [data-blog-number]')).toHaveText(['01', '02']);
  // The search box is there, labelled, with a note that it needs JavaScript.
  await expect(page.getByRole('searchbox', { name: 'Search the blog' })).toBeVisible();
  // (The test browser parses <noscript> as a scripting browser does, so its note is read from the markup.)
  expect(await page.locator('main noscript').textContent()).toContain('Search needs JavaScript');
  await bar.getByRole('link', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.locator('#blog-list > li')).toHaveCount(7);
});

test('the copy-link button stays hidden without JavaScript; the share links are there', async ({ page }) => {
  await page.goto('/blog/pricing-paid-memberships');
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toBeVisible();
});
