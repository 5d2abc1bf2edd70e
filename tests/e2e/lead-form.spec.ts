import { expect, test } from '@playwright/test';
import { HONEYPOT_FIELD } from '../../src/lib/lead';

// The default build has no email settings: a submit must fail without any request and say what is missing.
const emailRequests = (url: URL) => url.pathname.includes('/api/v1.0/email/');

test.describe('lead form without email settings', () => {
  test('fails with the alert, names the missing settings, sends nothing and keeps the values', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (emailRequests(new URL(request.url()))) requests.push(request.url());
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const alerts: string[] = [];
    page.on('dialog', async (dialog) => {
      alerts.push(dialog.message());
      await dialog.accept();
    });

    await page.goto('/business-whatsapp-pricing');
    const name = page.getByLabel('Name');
    const mobile = page.getByLabel('Mobile Number');
    await name.fill('Asha Patil');
    await mobile.fill('+91 98765 43210');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect.poll(() => alerts).toEqual(['❌ Failed to send email. Try again!']);
    expect(errors.join('\n')).toContain('The user ID is required.');
    expect(errors.join('\n')).toContain('The service ID is required.');
    expect(errors.join('\n')).toContain('The template ID is required.');
    expect(requests).toEqual([]);
    await expect(name).toHaveValue('Asha Patil');
    await expect(mobile).toHaveValue('+91 98765 43210');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe('/business-whatsapp-pricing');
  });

  test('both fields are required by the browser, and the mobile field is a telephone input', async ({ page }) => {
    await page.goto('/business-whatsapp-pricing');
    await expect(page.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Mobile Number')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Mobile Number')).toHaveAttribute('type', 'tel');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await page.getByLabel('Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  });

  test('blank or implausible values get inline messages tied to their inputs', async ({ page }) => {
    await page.goto('/business-whatsapp-pricing');
    const name = page.getByLabel('Name');
    const mobile = page.getByLabel('Mobile Number');
    await name.fill('   ');
    await mobile.fill('12ab');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Please enter your name.');
    await expect(name).toBeFocused();
    await name.fill('Asha');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(mobile).toHaveAccessibleDescription(
      'Please enter a valid mobile number: 7 to 15 digits, optionally starting with +.',
    );
    await expect(name).not.toHaveAttribute('aria-invalid');
  });

  test('a filled honeypot goes to /thank-you quietly, without a request', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (emailRequests(new URL(request.url()))) requests.push(request.url());
    });
    await page.goto('/business-whatsapp-pricing');
    const trap = page.getByLabel('Leave this field empty');
    await expect(trap).toHaveAttribute('name', HONEYPOT_FIELD);
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    await page.getByLabel('Name').fill('Bot');
    await page.getByLabel('Mobile Number').fill('9876543210');
    await trap.fill('https://spam.example');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/thank-you');
    expect(requests).toEqual([]);
  });
});
