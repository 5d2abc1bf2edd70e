import type { Locator, Page } from '@playwright/test';
import { expect, test, uiOf } from './fixtures';
import { afterRendering } from './whole-page';

// The header's and footer's link lists as the product defines them (the Products menu's in any order: it shows them
// in groups, below).
const EXPECTED_PRODUCTS = [
  '/member-management',
  '/course-management',
  '/event-management',
  '/meeting-management',
  '/subscription-management',
  '/community-management',
  '/payments-management',
  '/analytics-management',
  '/products-management',
  '/white-labeling',
  '/smart-ai',
  '/payment-link',
  '/business-whatsapp-api',
  '/ai-web-builder',
  '/appointment-management',
];
const EXPECTED_AUDIENCES = ['/yoga', '/creator'];
const EXPECTED_TOP = ['/about-us', '/pricing', '/blogs'];
const EXPECTED_FOOTER = {
  Features: [
    '/member-management',
    '/course-management',
    '/event-management',
    '/subscription-management',
    '/community-management',
    '/appointment-management',
  ],
  'Use cases': ['/', '/creator', '/yoga'],
  Company: ['/about-us', '/pricing', '/terms-of-uses', '/privacy-policy', '/refund-policy'],
};
const PAGE = '/about-us';

/** The Products menu's groups as the content holds them (the site-wide labels, navigation.productGroups). */
const PRODUCT_GROUPS = uiOf('/').navigation.productGroups;
/**
 * The links of a menu, each with the heading of the group it sits under: the visible text of the element that names
 * its list (aria-labelledby), or null for a link in a list without one.
 */
const linksUnderHeadings = (menu: Locator) =>
  menu.locator('a').evaluateAll((links) =>
    links.map((a) => {
      const list = a.closest('ul');
      const heading = list?.getAttribute('aria-labelledby');
      const label = heading ? document.getElementById(heading) : null;
      return {
        href: a.getAttribute('href'),
        heading: label?.hasAttribute('data-nav-heading') ? label.textContent!.trim() : null,
        // The heading stands above the links it names, in the same column.
        above: label ? label.getBoundingClientRect().bottom <= a.getBoundingClientRect().top + 1 : false,
      };
    }),
  );

/**
 * The product menu's pages linked exactly once, each under the heading of the group the content puts it in. A feature
 * page added later is a page of its kind, checked as such; it joins the menu when its content is given a place there.
 */
async function expectGroupedProducts(menu: Locator) {
  const links = await linksUnderHeadings(menu);
  expect(links.map((link) => link.href).sort()).toEqual([...EXPECTED_PRODUCTS].sort());
  for (const group of PRODUCT_GROUPS) {
    expect(
      links.filter((link) => link.heading === group.heading).map((link) => link.href),
      group.heading,
    ).toEqual(group.links);
  }
  expect(links.filter((link) => !link.heading || !link.above)).toEqual([]);
}
const ADMIN_APP = /^https:\/\/[^/]+\/admin$/;

const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href')));

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("lists every product page of the menu once, each under its group's heading, with an icon and a description", async ({
    page,
  }) => {
    await page.goto(PAGE);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Products' }).hover();
    await expect(page.locator('#nav-products')).toBeVisible();
    await expectGroupedProducts(page.locator('#nav-products'));
    // Each group's list is named by its heading for a screen reader.
    for (const group of PRODUCT_GROUPS) {
      await expect(page.locator('#nav-products').getByRole('list', { name: group.heading })).toHaveCount(1);
    }
    expect(await hrefs(page, '#nav-audiences a')).toEqual(EXPECTED_AUDIENCES);
    for (const to of EXPECTED_TOP) await expect(nav.locator(`:scope > ul > li > a[href="${to}"]`)).toHaveCount(1);
    const items = page.locator('#nav-products a');
    await expect(items).toHaveCount(EXPECTED_PRODUCTS.length);
    for (let i = 0; i < EXPECTED_PRODUCTS.length; i++) {
      const item = items.nth(i);
      await expect(item.locator('svg')).toHaveCount(1);
      const texts = (await item.locator('span.block').allTextContents()).map((t) => t.trim());
      expect(texts).toHaveLength(2);
      expect(texts.every((t) => t.length > 3)).toBe(true);
    }
  });

  test('Login and Get Started open the admin app in a new tab', async ({ page }) => {
    await page.goto(PAGE);
    const banner = page.getByRole('banner');
    for (const name of ['Login', 'Get Started']) {
      const link = banner.getByRole('link', { name, exact: true }).first();
      await expect(link).toHaveAttribute('href', ADMIN_APP);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
    }
  });

  test('a menu opens on hover and closes on leave', async ({ page }) => {
    await page.goto(PAGE);
    const trigger = page.getByRole('button', { name: 'Products' });
    const panel = page.locator('#nav-products');
    await expect(panel).toBeHidden();
    await trigger.hover();
    await expect(panel).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(5, 700);
    await expect(panel).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('a menu opens on keyboard focus, toggles with Enter and closes on Escape', async ({ page }) => {
    await page.goto(PAGE);
    const trigger = page.getByRole('button', { name: 'Who can use it' });
    const panel = page.locator('#nav-audiences');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About us' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(trigger).toBeFocused();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('only one menu is open at a time', async ({ page }) => {
    await page.goto(PAGE);
    await page.getByRole('button', { name: 'Products' }).hover();
    await page.getByRole('button', { name: 'Who can use it' }).hover();
    await expect(page.locator('#nav-audiences')).toBeVisible();
    await expect(page.locator('#nav-products')).toBeHidden();
  });

  test('the header turns compact and translucent past 10 px of scroll', async ({ page }) => {
    await page.goto('/privacy-policy');
    const header = page.locator('[data-site-header]');
    const height = () => header.evaluate((el) => el.getBoundingClientRect().height);
    const tall = await height();
    const mainTop = () => page.locator('main').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const contentTop = await mainTop();
    await page.evaluate(() => window.scrollTo(0, 10));
    await afterRendering(page);
    await expect(header).not.toHaveAttribute('data-scrolled');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute('data-scrolled', '');
    await expect.poll(height).toBeLessThan(tall);
    // Turning compact moves nothing below the header (no layout shift).
    expect(await mainTop()).toBe(contentTop);
    const background = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toMatch(/rgba?\(.*,\s*0?\.\d+\)|oklab|color-mix/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveAttribute('data-scrolled');
  });
});

test.describe('mobile header', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sheet opens from the left, keeps focus inside and closes by button, Escape and backdrop', async ({
    page,
  }) => {
    await page.goto(PAGE);
    const open = page.getByRole('button', { name: 'Open menu' });
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await open.click();
    await expect(sheet).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await sheet.boundingBox())?.x).toBe(0);
    // Focus stays inside the modal sheet however far the visitor tabs.
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await sheet.getByRole('button', { name: 'Close menu' }).click();
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute('aria-expanded', 'false');

    await open.click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await expect(sheet).toBeVisible();
    await page.mouse.click(380, 400);
    await expect(sheet).toBeHidden();
  });

  test('keeps one primary button beside the menu button: Get Started, to the admin app, with its analytics', async ({
    page,
  }) => {
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(PAGE);
      const bar = page.getByRole('banner').locator('.header-bar');
      const shown = bar.locator('a:visible, button:visible');
      // The logo, one button and the menu button: nothing else, and no second button.
      await expect(shown).toHaveCount(3);
      const action = bar.getByRole('link', { name: 'Get Started', exact: true });
      await expect(action).toBeVisible();
      await expect(action).toHaveClass(/\bbtn-primary\b/);
      await expect(action).toHaveAttribute('href', ADMIN_APP);
      await expect(action).toHaveAttribute('target', '_blank');
      await expect(action).toHaveAttribute('data-cta', 'start');
      await expect(action).toHaveAttribute('data-cta-location', 'header');
      const menu = (await page.getByRole('button', { name: 'Open menu' }).boundingBox())!;
      const box = (await action.boundingBox())!;
      // Beside the menu button, on the same row, inside the screen.
      expect(box.x + box.width).toBeLessThanOrEqual(menu.x);
      expect(Math.abs(box.y + box.height / 2 - (menu.y + menu.height / 2))).toBeLessThan(2);
      expect(menu.x + menu.width).toBeLessThanOrEqual(width);
      // The logo still names the home page, its brand read aloud even where only the mark shows.
      await expect(bar.getByRole('link', { name: /home$/ })).toBeVisible();
    }
  });

  test('collapsible groups: one open at a time, with every spec link', async ({ page }) => {
    await page.goto(PAGE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    const products = sheet.locator('details', { hasText: 'Products' });
    const audiences = sheet.locator('details', { hasText: 'Who can use it' });
    await products.locator('summary').click();
    await expect(products).toHaveAttribute('open', '');
    await expectGroupedProducts(products);
    await audiences.locator('summary').click();
    await expect(audiences).toHaveAttribute('open', '');
    await expect(products).not.toHaveAttribute('open');
    expect(await hrefs(page, '#mobile-nav details:nth-of-type(2) a')).toEqual(EXPECTED_AUDIENCES);
    for (const to of EXPECTED_TOP) await expect(sheet.locator(`a[href="${to}"]`)).toHaveCount(1);
    for (const name of ['Login', 'Get Started']) {
      await expect(sheet.getByRole('link', { name, exact: true })).toHaveAttribute('target', '_blank');
    }
  });
});

test.describe('footer', () => {
  test('groups, app stores, social profiles and the 2025 copyright', async ({ page }) => {
    await page.goto(PAGE);
    const footer = page.getByRole('contentinfo');
    for (const [group, links] of Object.entries(EXPECTED_FOOTER)) {
      const nav = footer.getByRole('navigation', { name: group });
      expect(await nav.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(links);
    }
    await expect(footer.getByRole('link', { name: /admin app/i })).toHaveCount(1);
    await expect(footer.getByRole('link', { name: /App Store/ })).toHaveCount(1);
    for (const name of [/Instagram/, /LinkedIn/, /YouTube/]) {
      await expect(footer.getByRole('link', { name })).toHaveCount(1);
    }
    const external = footer.locator('a[href^="http"]');
    expect(await external.count()).toBe(5);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
    }
    await expect(footer).toContainText('© 2025');
  });
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto(PAGE);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await skip.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
