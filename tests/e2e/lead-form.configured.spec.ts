import type { Page, Route } from '@playwright/test';
import { expect, test, uiOf } from './fixtures';
import { controlCookie } from '../settings.mjs';

/** The status line of a lead kept because the site did not take it yet (the site-wide labels). */
const KEPT_WAITING = uiOf('/').leadForm.kept.waiting;

// dist-test: the email service is configured with the values of tests/settings.mjs.
const SEND_URL = 'https://email.test.example/api/v1.0/email/send';

function captureSends(page: Page, answer: (route: Route) => Promise<void>) {
  const bodies: unknown[] = [];
  void page.route(SEND_URL, async (route) => {
    bodies.push(route.request().postDataJSON());
    await answer(route);
  });
  return bodies;
}

/** The page's alerts, each accepted, as they come. */
function acceptAlerts(page: Page) {
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  return alerts;
}

const expectedBody = (name: string, mobile: string) => ({
  lib_version: expect.any(String),
  user_id: 'test-public-key',
  service_id: 'test-service',
  template_id: 'test-template',
  template_params: { name, mobile },
});

test('success: sends name and mobile, shows "Sending..." while waiting, then goes to /thank-you', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const bodies = captureSends(page, async (route) => {
    await held;
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'OK' });
  });
  await page.goto('/business-whatsapp-pricing');
  await page.getByLabel('Name').fill('  Asha Patil ');
  await page.getByLabel('Mobile Number').fill('+91 98765 43210');
  await page.getByRole('button', { name: 'Submit' }).click();

  const sending = page.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeDisabled();
  await expect.poll(() => bodies.length).toBe(1);
  release();
  await page.waitForURL('**/thank-you');
  expect(bodies[0]).toEqual(expectedBody('Asha Patil', '+91 98765 43210'));
});

test('the email service fails: the same lead goes to the site (202) and the visitor reaches /thank-you, with no alert', async ({
  page,
}) => {
  const bodies = captureSends(page, (route) => route.fulfill({ status: 400, body: 'The user ID is invalid' }));
  const alerts = acceptAlerts(page);

  await page.goto('/mr/business-whatsapp-pricing');
  await page.getByLabel('Name').fill('Ravi');
  await page.getByLabel('Mobile Number').fill('9876543210');
  const stored = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/leads');
  await page.getByRole('button', { name: 'Submit' }).click();

  const answer = await stored;
  expect(answer.status()).toBe(202);
  expect(Object.fromEntries(new URLSearchParams(answer.request().postData() ?? ''))).toMatchObject({
    name: 'Ravi',
    phonenumber: '9876543210',
    form: 'inline',
  });
  // With the visitor's experiment versions: the lead counts as a conversion of each (tests/worker/experiments.test.ts).
  const { name, value } = controlCookie();
  expect((await answer.request().allHeaders())['cookie']).toContain(`${name}=${value}`);
  await page.waitForURL('**/thank-you');
  expect(bodies).toEqual([expectedBody('Ravi', '9876543210')]);
  expect(alerts).toEqual([]);
});

test('the email service fails and the site cannot be reached: the lead is kept, the form says so in one line, no alert', async ({
  page,
}) => {
  const bodies = captureSends(page, (route) => route.fulfill({ status: 400, body: 'The user ID is invalid' }));
  // No network to the site's own lead store either.
  await page.route('**/api/leads', (route) => route.abort('internetdisconnected'));
  const alerts = acceptAlerts(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/mr/business-whatsapp-pricing');
  await page.getByLabel('Name').fill('Ravi');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Saved on this phone' })).toHaveText(KEPT_WAITING);
  expect(bodies).toEqual([expectedBody('Ravi', '9876543210')]);
  expect(errors.some((e) => e.includes('Failed to send email'))).toBe(true);
  expect(alerts).toEqual([]);
  await expect(page.getByLabel('Name')).toHaveValue('Ravi');
  await expect(page.getByLabel('Mobile Number')).toHaveValue('9876543210');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  expect(new URL(page.url()).pathname).toBe('/mr/business-whatsapp-pricing');
});

test('the email service fails and the site refuses the lead: alerts, keeps the values and enables the button again', async ({
  page,
}) => {
  const bodies = captureSends(page, (route) => route.fulfill({ status: 400, body: 'The user ID is invalid' }));
  await page.route('**/api/leads', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":"origin not allowed"}' }),
  );
  const alerts = acceptAlerts(page);

  await page.goto('/mr/business-whatsapp-pricing');
  await page.getByLabel('Name').fill('Ravi');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect.poll(() => alerts).toEqual(['❌ Failed to send email. Try again!']);
  expect(bodies).toEqual([expectedBody('Ravi', '9876543210')]);
  await expect(page.getByLabel('Name')).toHaveValue('Ravi');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  // The visitor can try again at once (and is told again when it fails again).
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => bodies.length).toBe(2);
  await expect.poll(() => alerts.length).toBe(2);
});

test('the contact modal form sends through the same service', async ({ page }) => {
  const bodies = captureSends(page, (route) => route.fulfill({ status: 200, body: 'OK' }));
  await page.goto('/business-whatsapp-api');
  await page.getByRole('button', { name: 'Book a Free Demo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Meera');
  await dialog.getByLabel('Mobile Number').fill('9123456780');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/thank-you');
  expect(bodies).toEqual([expectedBody('Meera', '9123456780')]);
});

test('the inline contact form on the landing page sends too', async ({ page }) => {
  const bodies = captureSends(page, (route) => route.fulfill({ status: 200, body: 'OK' }));
  await page.goto('/whatsapp-business-management');
  const form = page.getByRole('region', { name: 'Talk to a WhatsApp expert' });
  await form.getByLabel('Name').fill('Kiran');
  await form.getByLabel('Mobile Number').fill('9000012345');
  await form.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/thank-you');
  expect(bodies).toEqual([expectedBody('Kiran', '9000012345')]);
});

test('a submit made before the form has hydrated is held, then sent once it has', async ({ page }) => {
  const bodies = captureSends(page, (route) => route.fulfill({ status: 200, body: 'OK' }));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let islandRequested = false;
  await page.route(/\/_astro\/LeadForm\.[\w-]+\.js$/, async (route) => {
    islandRequested = true;
    await held;
    await route.continue();
  });

  await page.goto('/business-whatsapp-pricing');
  await page.getByLabel('Name').fill('Early Bird');
  await page.getByLabel('Mobile Number').fill('9876501234');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => islandRequested).toBe(true);
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/business-whatsapp-pricing');
  expect(new URL(page.url()).search).toBe('');
  expect(bodies).toEqual([]);

  release();
  await page.waitForURL('**/thank-you');
  expect(bodies).toEqual([expectedBody('Early Bird', '9876501234')]);
});
