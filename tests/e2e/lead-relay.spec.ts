/**
 * The lead relay (functions/api/leads.ts) on the reference host's runtime. The default build is in relay mode (the
 * popup posts to /api/leads on the site); wrangler serves it here with the relay's settings (CRM_HOST, CRM_TOKEN)
 * pointing at a fake CRM on 127.0.0.1 that records every request it receives, and a fresh rate-limit store.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startHost } from '../../scripts/host.mjs';
import { startFakeCrm, type FakeCrm } from './fake-crm';
import { SPEC_CRM_LEAD_BODY } from '../fixtures/crm-lead';

const TOKEN = 'relay-test-token-3f9a61';
const FORM = 'application/x-www-form-urlencoded';
const LEAD = { name: 'Asha Rao', phonenumber: '+91 98765 43210' };

// One wrangler and one fake CRM for the file: its tests run in order, in one worker.
test.describe.configure({ mode: 'default' });

let crm: FakeCrm;
let host: Awaited<ReturnType<typeof startHost>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  crm = await startFakeCrm();
  host = await startHost({ dir: 'dist', bindings: { CRM_HOST: crm.url, CRM_TOKEN: TOKEN } });
});

test.afterAll(async () => {
  await host?.stop();
  await crm?.close();
});

test.beforeEach(() => crm.reset());

const endpoint = () => `${host.origin}/api/leads`;

function post(
  request: APIRequestContext,
  body: string,
  headers: Record<string, string> = {},
  origin: string | null = host.origin,
) {
  return request.post(endpoint(), {
    headers: { 'Content-Type': FORM, ...(origin === null ? {} : { Origin: origin }), ...headers },
    data: body,
    maxRedirects: 0,
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

test.describe('the popup, through the relay', () => {
  const popup = (page: Page) => page.getByRole('dialog', { name: 'Mega Bundle' });

  /** Opens the home page and its popup; returns every navigation of the page from then on. */
  async function openPopup(page: Page): Promise<string[]> {
    await page.goto(`${host.origin}/`);
    await expect(popup(page)).toBeVisible();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    return navigations;
  }

  async function claim(page: Page, name: string, mobile: string) {
    await popup(page).getByPlaceholder('Enter Name').fill(name);
    await popup(page).getByPlaceholder('Enter Mobile No.').fill(mobile);
    const answer = page.waitForResponse((response) => response.url() === endpoint());
    await popup(page).getByRole('button', { name: 'Claim Now' }).click();
    return answer;
  }

  test('a lead arrives at the CRM exactly as the spec says, with the token, and the visitor goes to /thank-you', async ({
    page,
  }) => {
    await openPopup(page);
    const answer = await claim(page, '  Asha Rao ', '+91 98765 43210');
    expect(answer.status()).toBe(200);
    await page.waitForURL(`${host.origin}/thank-you`);

    expect(crm.requests).toHaveLength(1);
    const lead = crm.requests[0]!;
    expect(lead.method).toBe('POST');
    expect(lead.path).toBe('/api/leads');
    expect(lead.headers['authtoken']).toBe(TOKEN);
    expect(lead.headers['accept']).toBe('application/json');
    expect(lead.headers['content-type']).toBe(FORM);
    expect(lead.form).toEqual(SPEC_CRM_LEAD_BODY);

    // The browser sent the lead to the site, without the token or the CRM's address.
    const sent = answer.request();
    expect(sent.headers()['authtoken']).toBeUndefined();
    expect(sent.postData() ?? '').not.toContain(TOKEN);
    expect(Object.fromEntries(new URLSearchParams(sent.postData() ?? ''))).toEqual({
      name: 'Asha Rao',
      phonenumber: '+91 98765 43210',
      company_website: '',
    });
  });

  const failures = [
    { crm: 'answers 500', status: 502, error: 'CRM answered 500', reached: 1 },
    { crm: 'gives no answer within 8 seconds', status: 504, error: 'CRM timed out', reached: 1 },
    { crm: 'cannot be reached', status: 502, error: 'CRM unreachable', reached: 0 },
  ] as const;

  for (const failure of failures) {
    test(`the CRM ${failure.crm}: the relay answers ${failure.status}, the popup keeps the values, stays and logs it`, async ({
      page,
    }) => {
      test.setTimeout(30_000);
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      if (failure.status === 504) crm.answer('hang');
      if (failure.reached === 0) await crm.close();
      else if (failure.status === 502) crm.answer('error');
      try {
        const navigations = await openPopup(page);
        const started = Date.now();
        const answer = await claim(page, 'Asha Rao', '+91 98765 43210');
        const waited = Date.now() - started;

        expect(answer.status()).toBe(failure.status);
        expect(await answer.json()).toEqual({ error: failure.error });
        if (failure.status === 504) expect(waited).toBeGreaterThanOrEqual(8000);
        expect(crm.requests).toHaveLength(failure.reached);
        if (failure.reached) expect(crm.requests[0]!.headers['authtoken']).toBe(TOKEN);

        await expect(popup(page).getByRole('button', { name: 'Claim Now' })).toBeEnabled();
        await expect(popup(page).getByPlaceholder('Enter Name')).toHaveValue('Asha Rao');
        await expect(popup(page).getByPlaceholder('Enter Mobile No.')).toHaveValue('+91 98765 43210');
        await expect(popup(page).getByRole('alert')).toHaveCount(0);
        expect(new URL(page.url()).pathname).toBe('/');
        expect(navigations).toEqual([]);
        expect(logged.join('\n')).toContain(`Lead submission failed: ${failure.status}`);
      } finally {
        if (failure.reached === 0) await crm.open();
      }
    });
  }
});

test.describe('refusals: the relay answers with a short JSON error and forwards nothing', () => {
  for (const method of ['GET', 'PUT', 'DELETE']) {
    test(`${method}: 405`, async ({ request }) => {
      const response = await request.fetch(endpoint(), { method, headers: { Origin: host.origin } });
      expect(response.status()).toBe(405);
      expect(response.headers()['allow']).toBe('POST');
      expect(await response.json()).toEqual({ error: 'method not allowed: use POST' });
      expect(crm.requests).toEqual([]);
    });
  }

  for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
    test(`content type ${type}: 415`, async ({ request }) => {
      const response = await post(request, JSON.stringify(LEAD), { 'Content-Type': type });
      expect(response.status()).toBe(415);
      expect(response.headers()['content-type']).toContain('application/json');
      expect(await response.json()).toEqual({ error: `content type must be ${FORM}` });
      expect(crm.requests).toEqual([]);
    });
  }

  test('a body over 4 KB: 413', async ({ request }) => {
    const body = form({ ...LEAD, note: 'x'.repeat(4 * 1024) });
    expect(body.length).toBeGreaterThan(4096);
    const response = await post(request, body);
    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({ error: 'body larger than 4096 bytes' });
    expect(crm.requests).toEqual([]);
  });

  for (const [label, origin] of [
    ['a foreign Origin', 'https://evil.example'],
    ['another port on the same host', 'http://127.0.0.1:1'],
    ['no Origin', null],
  ] as const) {
    test(`${label}: 403`, async ({ request }) => {
      const response = await post(request, form(LEAD), {}, origin);
      expect(response.status()).toBe(403);
      expect(await response.json()).toEqual({ error: 'origin not allowed' });
      expect(crm.requests).toEqual([]);
    });
  }

  const invalid = [
    { label: 'no name', fields: { phonenumber: LEAD.phonenumber }, kind: 'missing', field: 'name' },
    { label: 'a blank name', fields: { ...LEAD, name: '   ' }, kind: 'missing', field: 'name' },
    { label: 'a name over 100 characters', fields: { ...LEAD, name: 'A'.repeat(101) }, kind: 'invalid', field: 'name' },
    { label: 'no phone number', fields: { name: LEAD.name }, kind: 'missing', field: 'phonenumber' },
    {
      label: 'a phone number of letters',
      fields: { ...LEAD, phonenumber: '12ab' },
      kind: 'invalid',
      field: 'phonenumber',
    },
    {
      label: 'a phone number of 6 digits',
      fields: { ...LEAD, phonenumber: '123456' },
      kind: 'invalid',
      field: 'phonenumber',
    },
  ] as const;
  // The relay names the problem with a code; the form turns the code into the copy in ui.json.
  const expectedProblem = {
    'missing name': 'required',
    'invalid name': 'tooLong',
    'missing phonenumber': 'required',
    'invalid phonenumber': 'invalid',
  } as const;

  for (const c of invalid) {
    test(`${c.label}: 400 naming ${c.field}`, async ({ request }) => {
      const response = await post(request, form(c.fields));
      expect(response.status()).toBe(400);
      expect(await response.json()).toEqual({
        error: `${c.kind} field: ${c.field}`,
        field: c.field,
        problem: expectedProblem[`${c.kind} ${c.field}`],
      });
      expect(crm.requests).toEqual([]);
    });
  }

  test('a filled honeypot: 200, and nothing reaches the CRM', async ({ request }) => {
    const response = await post(request, form({ ...LEAD, company_website: 'https://spam.example' }));
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(crm.requests).toEqual([]);
  });
});

test('rate limit: 10 accepted leads from one address in 10 minutes, the 11th gets 429; another address still passes', async ({
  request,
}) => {
  const address = '203.0.113.45';
  for (let i = 1; i <= 10; i++) {
    const response = await post(request, form(LEAD), { 'CF-Connecting-IP': address });
    expect(response.status(), `lead ${i}`).toBe(200);
  }
  expect(crm.requests).toHaveLength(10);

  const refused = await post(request, form(LEAD), { 'CF-Connecting-IP': address });
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toEqual({ error: 'too many leads from this address' });
  const retryAfter = Number(refused.headers()['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(10 * 60);
  expect(crm.requests).toHaveLength(10);

  const other = await post(request, form(LEAD), { 'CF-Connecting-IP': '203.0.113.46' });
  expect(other.status()).toBe(200);
  expect(crm.requests).toHaveLength(11);
});
