import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { testSettings } from '../settings.mjs';
import { EXPECTED_CRM_LEAD_BODY } from '../fixtures/crm-lead';
import { holdIsland } from './hold-island';
import { whileTheOfferRuns } from './home-helpers';

const CRM = `${testSettings.PUBLIC_CRM_HOST}/api/leads`;
const popup = (page: Page) => page.getByRole('dialog', { name: 'Mega Bundle' });

/** Opens the popup and types a lead; the form's island wakes as the visitor reaches for it. */
async function fill(page: Page, name = 'Asha Rao', mobile = '+91 98765 43210', awake = true) {
  await whileTheOfferRuns(page);
  await page.goto('/');
  await expect(popup(page)).toBeVisible();
  await popup(page).getByPlaceholder('Enter Name').fill(name);
  await popup(page).getByPlaceholder('Enter Mobile No.').fill(mobile);
  if (awake) await expect(popup(page).locator('astro-island')).not.toHaveAttribute('ssr');
}

test('a lead posts every field to the CRM and goes to the thank-you page', async ({ page }) => {
  const requests: Request[] = [];
  await page.route(CRM, async (route) => {
    requests.push(route.request());
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":true}' });
  });
  await fill(page, '  Asha Rao ', '+91 98765 43210');
  await popup(page).getByRole('button', { name: 'Claim Now' }).click();
  await page.waitForURL('**/thank-you');

  expect(requests).toHaveLength(1);
  const request = requests[0]!;
  expect(request.method()).toBe('POST');
  const headers = request.headers();
  expect(headers['authtoken']).toBe('test-crm-token');
  expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
  expect(headers['accept']).toBe('application/json');
  expect(Object.fromEntries(new URLSearchParams(request.postData() ?? ''))).toEqual(EXPECTED_CRM_LEAD_BODY);
});

test('while sending the button reads "Submitting..." and a second click sends nothing', async ({ page }) => {
  let calls = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CRM, async (route) => {
    calls++;
    await held;
    await route.fulfill({ status: 201, body: '' });
  });
  await fill(page);
  const button = popup(page).getByRole('button', { name: 'Claim Now' });
  await button.click();
  const busy = popup(page).getByRole('button', { name: 'Submitting...' });
  await expect(busy).toBeDisabled();
  await busy.click({ force: true });
  await popup(page)
    .locator('form[data-early]')
    .evaluate((form: HTMLFormElement) => form.requestSubmit());
  release();
  await page.waitForURL('**/thank-you');
  expect(calls).toBe(1);
});

for (const failure of ['HTTP 500', 'network failure'] as const) {
  test(`a ${failure} logs to the console, shows nothing and keeps what was typed`, async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.route(CRM, (route) =>
      failure === 'HTTP 500' ? route.fulfill({ status: 500, body: 'CRM is down' }) : route.abort('failed'),
    );
    await fill(page);
    await popup(page).getByRole('button', { name: 'Claim Now' }).click();
    await expect(popup(page).getByRole('button', { name: 'Claim Now' })).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(popup(page).getByPlaceholder('Enter Name')).toHaveValue('Asha Rao');
    await expect(popup(page).getByPlaceholder('Enter Mobile No.')).toHaveValue('+91 98765 43210');
    await expect(popup(page).getByRole('alert')).toHaveCount(0);
    if (failure === 'HTTP 500') expect(logged.join('\n')).toMatch(/500[\s\S]*CRM is down/);
    else expect(logged.join('\n')).toMatch(/Lead submission failed/);

    // The visitor can try again at once.
    await page.unroute(CRM);
    await page.route(CRM, (route) => route.fulfill({ status: 200, body: '{}' }));
    await popup(page).getByRole('button', { name: 'Claim Now' }).click();
    await page.waitForURL('**/thank-you');
  });
}

test('an implausible mobile number gets an inline message and sends nothing', async ({ page }) => {
  let calls = 0;
  await page.route(CRM, (route) => {
    calls++;
    return route.fulfill({ status: 200, body: '{}' });
  });
  await fill(page, 'Asha', '12ab');
  await popup(page).getByRole('button', { name: 'Claim Now' }).click();
  const mobile = popup(page).getByPlaceholder('Enter Mobile No.');
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(popup(page).getByText(/7 to 15 digits/)).toBeVisible();
  await expect(mobile).toBeFocused();
  expect(calls).toBe(0);
});

test('a filled honeypot is dropped quietly and looks like success', async ({ page }) => {
  let calls = 0;
  await page.route(CRM, (route) => {
    calls++;
    return route.fulfill({ status: 200, body: '{}' });
  });
  await fill(page);
  await popup(page).locator('input[name="company_website"]').fill('https://spam.example', { force: true });
  await popup(page).getByRole('button', { name: 'Claim Now' }).click();
  await page.waitForURL('**/thank-you');
  expect(calls).toBe(0);
});

test('a lead sent before the form has hydrated is held, then sent once', async ({ page }) => {
  const requests: Request[] = [];
  await page.route(CRM, async (route) => {
    requests.push(route.request());
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":true}' });
  });
  // The form's island script arrives only when released: the visitor types and submits into the server HTML.
  const release = await holdIsland(page, 'OfferLeadForm');
  await fill(page, '  Asha Rao ', '+91 98765 43210', false);
  const island = popup(page).locator('astro-island');
  await popup(page).getByRole('button', { name: 'Claim Now' }).click();
  await expect(island).toHaveAttribute('ssr', '');
  await expect(island).toHaveAttribute('aria-busy', 'true');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(requests).toHaveLength(0);

  release();
  await page.waitForURL('**/thank-you');
  expect(requests).toHaveLength(1);
  expect(Object.fromEntries(new URLSearchParams(requests[0]!.postData() ?? ''))).toEqual(EXPECTED_CRM_LEAD_BODY);
});
