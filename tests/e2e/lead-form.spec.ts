import type { Page } from '@playwright/test';
import { expect, test, uiOf } from './fixtures';
import { HONEYPOT_FIELD } from '../../src/lib/leads/rules';
import { encodeLeadPost } from '../../src/lib/leads/wire';
import { RATE_LIMIT_MAX_LEADS } from '../../worker/leads/outbox';
import { KEPT_LEADS_KEY } from '../../src/lib/leads/kept-key';

/** The status line of a lead kept because the site did not take it yet (the site-wide labels). */
const KEPT_WAITING = uiOf('/').leadForm.kept.waiting;

// The default build has no email settings: a submit sends no email request, and the lead goes to the site's own
// /api/leads instead, the designed path, with no error in the console.
const emailRequests = (url: URL) => url.pathname.includes('/api/v1.0/email/');

/** The page's console errors and alerts (each alert accepted), as they come. */
function watchConsoleAndAlerts(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  return { errors, alerts };
}

/** Opens /business-whatsapp-pricing and types Asha's lead into its form: the two fields. */
async function fillAshasLead(page: Page) {
  await page.goto('/business-whatsapp-pricing');
  const name = page.getByLabel('Name');
  const mobile = page.getByLabel('Mobile Number');
  await name.fill('Asha Patil');
  await mobile.fill('+91 98765 43210');
  return { name, mobile };
}

test.describe('lead form without email settings', () => {
  test('the lead goes to the site instead: it is stored (202), the visitor reaches /thank-you, and nothing is logged as an error', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (emailRequests(new URL(request.url()))) requests.push(request.url());
    });
    const { errors, alerts } = watchConsoleAndAlerts(page);

    await page.goto('/business-whatsapp-pricing');
    await page.getByLabel('Name').fill('Asha Patil');
    await page.getByLabel('Mobile Number').fill('+91 98765 43210');
    const stored = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/leads');
    await page.getByRole('button', { name: 'Submit' }).click();

    const answer = await stored;
    expect(answer.status()).toBe(202);
    expect(Object.fromEntries(new URLSearchParams(answer.request().postData() ?? ''))).toEqual({
      name: 'Asha Patil',
      phonenumber: '+91 98765 43210',
      [HONEYPOT_FIELD]: '',
      form: 'inline',
      key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      // The language of the page it was sent from (its <html lang>).
      lang: 'en',
    });
    await page.waitForURL('**/thank-you');
    expect(alerts).toEqual([]);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('when the site cannot take the lead now (its rate limit), the lead is kept and the form says so in one line, with no alert', async ({
    page,
    request,
  }) => {
    // This address has spent its allowance of leads: the site answers 429 to the form's post.
    const address = '192.0.2.77';
    const origin = new URL(test.info().project.use.baseURL!).origin;
    for (let i = 0; i < RATE_LIMIT_MAX_LEADS; i++) {
      const spent = await request.post('/api/leads', {
        headers: { Origin: origin, 'CF-Connecting-IP': address, 'Content-Type': 'application/x-www-form-urlencoded' },
        data: encodeLeadPost({ name: `Earlier lead ${i + 1}`, mobile: '9876543210' }, 'inline'),
      });
      expect(spent.status()).toBe(202);
    }
    await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': address });
    const { errors, alerts } = watchConsoleAndAlerts(page);

    const { name, mobile } = await fillAshasLead(page);
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/leads');
    await page.getByRole('button', { name: 'Submit' }).click();

    expect((await refused).status()).toBe(429);
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this phone' })).toHaveText(KEPT_WAITING);
    expect(alerts).toEqual([]);
    // The browser reports the 429 itself; the form logs nothing: the lead is not lost.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await expect(name).toHaveValue('Asha Patil');
    await expect(mobile).toHaveValue('+91 98765 43210');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe('/business-whatsapp-pricing');
  });

  test('when the site refuses the lead for good, the alert appears, the form keeps the values and nothing is kept', async ({
    page,
  }) => {
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":"origin not allowed"}' }),
    );
    const { errors, alerts } = watchConsoleAndAlerts(page);
    const { name, mobile } = await fillAshasLead(page);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect.poll(() => alerts).toEqual(['❌ Failed to send email. Try again!']);
    // What failed is the store, and only that is logged.
    expect(errors.join('\n')).toContain('403');
    expect(errors.join('\n')).not.toContain('Email service');
    await expect(name).toHaveValue('Asha Patil');
    await expect(mobile).toHaveValue('+91 98765 43210');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), KEPT_LEADS_KEY)).toBeNull();
  });

  test('both fields are required by the browser, and the mobile field is a telephone input', async ({ page }) => {
    await page.goto('/business-whatsapp-pricing');
    await expect(page.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Mobile Number')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Mobile Number')).toHaveAttribute('type', 'tel');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await page.getByLabel('Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  });

  test('blank, invisible or implausible values get inline messages tied to their inputs, and nothing is sent', async ({
    page,
  }) => {
    const sends: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/leads' || emailRequests(url)) sends.push(request.url());
    });
    await page.goto('/business-whatsapp-pricing');
    const name = page.getByLabel('Name');
    const mobile = page.getByLabel('Mobile Number');
    const submit = () => page.getByRole('button', { name: 'Submit' }).click();
    await name.fill('   ');
    await mobile.fill('12ab');
    await submit();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Please enter your name.');
    await expect(name).toBeFocused();
    await name.fill('Asha');
    await submit();
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(mobile).toHaveAccessibleDescription(
      'Please enter a valid mobile number: 7 to 15 digits, optionally starting with +.',
    );
    await expect(name).not.toHaveAttribute('aria-invalid');

    // A zero-width space is no name, however valid the number.
    await name.fill('\u200b');
    await mobile.fill('+91 98765 43210');
    await submit();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Please enter your name.');
    await expect(mobile).not.toHaveAttribute('aria-invalid');
    await name.fill('12345');
    await submit();
    await expect(name).toHaveAccessibleDescription('Please enter your name with at least one letter.');
    await name.fill('Asha');
    await mobile.fill(`1234567${'-'.repeat(40)}`);
    await submit();
    await expect(mobile).toHaveAccessibleDescription('Please keep your mobile number under 21 characters.');
    await expect(mobile).toBeFocused();
    expect(sends).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/business-whatsapp-pricing');
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
