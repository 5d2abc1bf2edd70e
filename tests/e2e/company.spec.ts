/**
 * The company behind the site, where a buyer looks before paying: the about page, the footer of every page and the
 * end of each legal page. The default build (dist) states the example company (COMPANY_EXAMPLE), marked as an example,
 * the same everywhere; the about page says who runs it and since when, from its content.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, uiOf } from './fixtures';
import { COMPANY_EXAMPLE as EXAMPLE } from '../../src/config/company-example.mjs';

const ui = uiOf('/');
const about = JSON.parse(readFileSync('src/content/about/about-us.json', 'utf8')) as {
  company: { founded: number; people: { name: string; role: string }[] };
};

/** The company's values, each as the example states it. */
const VALUES = Object.values(EXAMPLE);

/** The whole block of the about page and of a legal page, in the page's main content. */
const details = (page: Page) => page.locator('main [data-company]');

async function expectEveryValue(block: Locator) {
  for (const value of VALUES) await expect(block, value).toContainText(value);
}

test('/about-us says who runs the company and since when, and states the company whole', async ({ page }) => {
  await page.goto('/about-us');
  const section = page.getByRole('region', { name: 'Who runs Communiti' });
  await expect(section).toContainText(`since ${about.company.founded}`);
  for (const person of about.company.people) {
    await expect(section.getByText(person.name, { exact: true })).toBeVisible();
    await expect(section.getByText(person.role, { exact: true })).toBeVisible();
  }
  await expect(section).toContainText(`built and run by ${EXAMPLE.PUBLIC_COMPANY_NAME}`);
  await expectEveryValue(details(page));
  await expect(details(page).getByText(ui.company.example)).toBeVisible();
  await expect(details(page)).toContainText(ui.company.grievanceTerms);
  await expect(details(page).getByRole('link', { name: EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_EMAIL}`,
  );
  await expect(details(page).getByRole('link', { name: EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_PHONE })).toHaveAttribute(
    'href',
    'tel:+910000000000',
  );
  await expect(details(page).getByRole('link', { name: EXAMPLE.PUBLIC_PRIVACY_CONTACT_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${EXAMPLE.PUBLIC_PRIVACY_CONTACT_EMAIL}`,
  );
});

for (const path of ['/privacy-policy', '/terms-of-uses', '/refund-policy']) {
  test(`${path} ends with the company, linked from its contents, and names its payment gateway`, async ({ page }) => {
    await page.goto(path);
    await expectEveryValue(details(page));
    await expect(details(page).getByText(ui.company.example)).toBeVisible();
    const heading = page.getByRole('heading', { level: 2, name: 'The company behind Communiti' });
    await expect(heading).toHaveAttribute('id', 'company');
    await expect(page.locator('[data-legal-toc] a[href="#company"]').first()).toHaveText(
      'The company behind Communiti',
    );
    // The text names the company, not "Communiti Technologies, India", and the gateway that takes the payment.
    const text = page.locator('.prose-legal');
    await expect(text).toContainText(`our payment gateway provider, ${EXAMPLE.PUBLIC_PAYMENT_GATEWAYS}`);
    await expect(text).not.toContainText('Communiti Technologies, India');
  });
}

test('the privacy policy says where to write, and who answers for personal data and complaints', async ({ page }) => {
  await page.goto('/privacy-policy');
  const contact = page.locator('.prose-legal p', { hasText: 'If you have questions or comments about this notice' });
  await expect(contact).toContainText(`write to ${EXAMPLE.PUBLIC_COMPANY_NAME}, ${EXAMPLE.PUBLIC_COMPANY_ADDRESS}.`);
  await expect(contact).toContainText(
    `go to ${EXAMPLE.PUBLIC_PRIVACY_CONTACT_NAME} at ${EXAMPLE.PUBLIC_PRIVACY_CONTACT_EMAIL}`,
  );
  await expect(contact.getByRole('link', { name: EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_EMAIL}`,
  );
});

for (const path of ['/', '/pricing', '/blogs']) {
  test(`${path}: the footer states the company in two short lines, marked as an example`, async ({ page }) => {
    await page.goto(path);
    const footer = page.locator('footer [data-company]');
    await expect(footer.locator('p')).toHaveCount(2);
    await expect(footer).toContainText(`${ui.company.exampleShort}: ${EXAMPLE.PUBLIC_COMPANY_NAME}`);
    for (const name of [
      'PUBLIC_COMPANY_CIN',
      'PUBLIC_COMPANY_GSTIN',
      'PUBLIC_COMPANY_ADDRESS',
      'PUBLIC_GRIEVANCE_OFFICER_NAME',
      'PUBLIC_GRIEVANCE_OFFICER_EMAIL',
      'PUBLIC_GRIEVANCE_OFFICER_PHONE',
      'PUBLIC_PAYMENT_GATEWAYS',
    ])
      await expect(footer, name).toContainText(EXAMPLE[name]!);
    await expect(footer).toContainText(`CIN ${EXAMPLE.PUBLIC_COMPANY_CIN} · GSTIN ${EXAMPLE.PUBLIC_COMPANY_GSTIN}`);
  });
}

test("on a phone the footer's company lines fold under its heading, which opens by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pricing');
  const fold = page.locator('footer [data-company] details');
  const summary = fold.locator('summary');
  await expect(summary).toHaveText(ui.company.heading.replace('{brand}', 'Communiti'));
  await expect(fold.getByText(EXAMPLE.PUBLIC_COMPANY_CIN!)).toBeHidden();
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(fold.getByText(EXAMPLE.PUBLIC_COMPANY_CIN!)).toBeVisible();
  await expect(fold.getByRole('link', { name: EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_EMAIL })).toBeVisible();
  // From md up the lines show, with no summary.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/pricing');
  await expect(summary).toBeHidden();
  await expect(page.locator('footer [data-company]').getByText(EXAMPLE.PUBLIC_COMPANY_CIN!)).toBeVisible();
});
