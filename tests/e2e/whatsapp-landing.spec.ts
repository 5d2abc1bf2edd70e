import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FLOWER_DEGREES_PER_SCROLL } from '../../src/lib/timings';

const routes = [
  '/whatsapp-business-api',
  '/business-whatsapp-api',
  '/business-whatsapp-management',
  '/business-whatsapp-managements',
  '/whatsapp-business-management',
];

test.describe('the five landing routes', () => {
  for (const route of routes) {
    test(`${route} serves the landing page with the canonical /business-whatsapp-api`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      // Answered directly: a redirect here would cost every visitor and crawler a round trip.
      expect(response?.request().redirectedFrom()).toBeNull();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Book a Free Demo' })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/business-whatsapp-api$/);
    });
  }
});

test('sections: broadcast, enterprise, integrations, compact plans, app promo, ten FAQs', async ({ page }) => {
  await page.goto('/business-whatsapp-api');
  await expect(page.getByText('Schedule broadcasts up to 2 months ahead', { exact: true })).toBeVisible();
  for (const title of ['Security', 'Scalability', 'Support', 'Activity', 'Uptime', 'Compliance']) {
    await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/ISO 27001/).first()).toBeVisible();
  await expect(page.getByText(/GDPR-ready/).first()).toBeVisible();
  const integrations = page.getByRole('region', { name: 'Works with the tools you already use' });
  await expect(integrations.getByRole('listitem')).toHaveText([
    'WooCommerce',
    'Shopify',
    'CRM tools',
    'Payment providers',
    'Google Sheets',
  ]);
  const plans = page.getByRole('region', { name: 'Simple plans for every business' });
  await expect(plans.getByRole('listitem')).toHaveText([
    /Free Forever\s*₹0\s*\/month\s*\+ ₹5,000 setup/,
    /Business\s*₹2,499\s*\/month\s*\+ ₹5,000 setup/,
    /Enterprise\s*₹4,499\s*\/month\s*\+ ₹5,000 setup/,
  ]);
  await expect(plans.getByRole('link', { name: 'View WhatsApp Pricing' })).toHaveAttribute(
    'href',
    '/business-whatsapp-pricing',
  );
  for (const name of ['Get it on Android', 'Download on iOS']) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  }
  // Ten questions, every one shown at this width (a phone folds the last seven under one summary).
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const questions = faq.locator('details:not([data-phone-fold]) > summary');
  await expect(questions).toHaveCount(10);
  for (const question of await questions.all()) await expect(question).toBeVisible();
});

test.describe('three-step accordion', () => {
  const step = (page: Page, name: string) => page.locator('details').filter({ hasText: name });

  test('one open at a time, the first by default, the open one closes on click', async ({ page }) => {
    await page.goto('/business-whatsapp-api');
    const connect = step(page, 'Connect with Meta');
    const audience = step(page, 'Import Your Audience');
    const launch = step(page, 'Design & Launch Campaigns');
    await expect(connect).toHaveAttribute('open', '');
    await expect(audience).not.toHaveAttribute('open');
    await expect(launch).not.toHaveAttribute('open');

    await audience.locator('summary').click();
    await expect(audience).toHaveAttribute('open', '');
    await expect(connect).not.toHaveAttribute('open');

    await launch.locator('summary').click();
    await expect(launch).toHaveAttribute('open', '');
    await expect(audience).not.toHaveAttribute('open');

    await launch.locator('summary').click();
    for (const s of [connect, audience, launch]) await expect(s).not.toHaveAttribute('open');
  });
});

test.describe('hero flower', () => {
  const angle = (page: Page) =>
    page.locator('[data-flower]').evaluate((el) => Number((el as HTMLElement).dataset.rotation ?? 0));
  /** Scrolls to y and waits until no scroll event has come for 300 ms (the header settles as it turns compact). */
  async function scrollTo(page: Page, y: number): Promise<number> {
    return page.evaluate(
      (top) =>
        new Promise<number>((resolve) => {
          let events = 0;
          let timer = window.setTimeout(() => resolve(events), 300);
          window.addEventListener('scroll', () => {
            events += 1;
            window.clearTimeout(timer);
            timer = window.setTimeout(() => resolve(events), 300);
          });
          window.scrollTo({ top, behavior: 'instant' });
        }),
      y,
    );
  }

  test(`turns ${FLOWER_DEGREES_PER_SCROLL} degrees per scroll event: down adds, up subtracts`, async ({ page }) => {
    await page.goto('/business-whatsapp-api');
    expect(await angle(page)).toBe(0);
    await scrollTo(page, 400);
    const start = await angle(page);
    expect(await page.locator('[data-flower]').evaluate((el) => (el as HTMLElement).style.transform)).toBe(
      `rotate(${start}deg)`,
    );

    expect(await scrollTo(page, 600)).toBe(1);
    expect(await angle(page)).toBe(start + 2);
    expect(await scrollTo(page, 900)).toBe(1);
    expect(await angle(page)).toBe(start + 4);
    expect(await scrollTo(page, 700)).toBe(1);
    expect(await angle(page)).toBe(start + 2);
    expect(await scrollTo(page, 650)).toBe(1);
    expect(await angle(page)).toBe(start);
  });

  test('stays still under reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/business-whatsapp-api');
    expect(await scrollTo(page, 400)).toBeGreaterThan(0);
    expect(await page.locator('[data-flower]').evaluate((el) => (el as HTMLElement).style.transform)).toBe('');
    await context.close();
  });
});

test.describe('contact modal', () => {
  for (const name of ['Book a Free Demo', 'Get Started with a Call Back', 'Start a Broadcast', 'Launch My Campaign']) {
    test(`"${name}" opens it; Escape closes it and focus returns`, async ({ page }) => {
      await page.goto('/business-whatsapp-api');
      const opener = page.getByRole('button', { name, exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Talk to our team' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Name')).toBeEditable();
      await expect(dialog.getByLabel('Mobile Number')).toBeEditable();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  }

  test('the close button and the backdrop close it', async ({ page }) => {
    await page.goto('/business-whatsapp-api');
    const opener = page.getByRole('button', { name: 'Book a Free Demo' });
    const dialog = page.getByRole('dialog');
    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('heading').click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the page carries one copy of the form fields until the modal opens', async ({ page }) => {
    await page.goto('/business-whatsapp-api');
    await expect(page.getByLabel('Mobile Number')).toHaveCount(1);
  });
});
