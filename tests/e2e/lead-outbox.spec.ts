/**
 * The lead path on the reference host's runtime (scripts/host.mjs: the Worker with its D1 table, queue, rate-limit
 * Durable Object and sweep, emulated by wrangler), with a fake CRM on 127.0.0.1 that records what it receives and can
 * be told to fail or to go away. The default build is in relay mode: the popup posts to /api/leads on the site.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startHost } from '../../scripts/host.mjs';
import { startFakeCrm, type CrmRequest, type FakeCrm } from './fake-crm';
import { whileTheOfferRuns } from './home-helpers';
import { EXPECTED_CRM_LEAD_BODY } from '../fixtures/crm-lead';
import { MAX_DELIVERY_ATTEMPTS } from '../../worker/leads/outbox';

const TOKEN = 'outbox-test-token-3f9a61';
const FORM = 'application/x-www-form-urlencoded';
const LEAD = { name: 'Asha Rao', phonenumber: '+91 98765 43210' };
const run = promisify(execFile);

type Host = Awaited<ReturnType<typeof startHost>>;

// Each describe starts its own runtime and fake CRM; its tests run in order, in one worker.
test.describe.configure({ mode: 'default' });

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function post(
  request: APIRequestContext,
  host: Host,
  body: string,
  headers: Record<string, string> = {},
  origin: string | null = host.origin,
) {
  return request.post(`${host.origin}/api/leads`, {
    headers: { 'Content-Type': FORM, ...(origin === null ? {} : { Origin: origin }), ...headers },
    data: body,
    maxRedirects: 0,
  });
}

/** The CRM's requests grouped by lead name: how many times each name arrived. */
function arrivals(requests: CrmRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(r.form.name ?? '', (counts.get(r.form.name ?? '') ?? 0) + 1);
  return counts;
}

/** Runs the scheduled handler (the sweep) the way wrangler's test trigger does. */
async function runSweep(request: APIRequestContext, host: Host) {
  const response = await request.get(`${host.origin}/cdn-cgi/handler/scheduled`);
  expect(response.status(), await response.text()).toBe(200);
}

/** `npm run leads` over a runtime's state folder, as JSON. */
async function leadsReport(persistTo: string) {
  const { stdout } = await run('node', ['scripts/leads.mjs', '--persist-to', persistTo, '--json']);
  return JSON.parse(stdout) as {
    counts: { pending: number; sent: number; dead: number };
    lastError: { error: string; status: number | null } | null;
  };
}

test.describe('with the CRM set', () => {
  let crm: FakeCrm;
  let host: Host;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    crm = await startFakeCrm();
    // Retries 1 s, 2 s, 4 s... after a failed try, so that a test sees a recovery within seconds.
    host = await startHost({
      dir: 'dist',
      bindings: { CRM_HOST: crm.url, CRM_TOKEN: TOKEN, LEAD_RETRY_BASE_S: '1' },
    });
  });

  test.afterAll(async () => {
    await host?.stop();
    await crm?.close();
  });

  test.beforeEach(() => crm.reset());

  const popup = (page: Page) => page.getByRole('dialog', { name: 'Mega Bundle' });

  async function claim(page: Page, name: string, mobile: string) {
    await whileTheOfferRuns(page);
    await page.goto(`${host.origin}/`);
    await expect(popup(page)).toBeVisible();
    await popup(page).getByPlaceholder('Enter Name').fill(name);
    await popup(page).getByPlaceholder('Enter Mobile No.').fill(mobile);
    const answer = page.waitForResponse((response) => response.url() === `${host.origin}/api/leads`);
    await popup(page).getByRole('button', { name: 'Claim Now' }).click();
    return answer;
  }

  test('a popup lead while the CRM answers 503: the visitor reaches /thank-you at once; the lead arrives once, in the CRM format, after the CRM recovers', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    crm.answer('unavailable');
    const answer = await claim(page, '  Asha Rao ', '+91 98765 43210');
    expect(answer.status()).toBe(202);
    await page.waitForURL(`${host.origin}/thank-you`);

    // The browser sent the lead to the site, without the token or the CRM's address.
    const sent = answer.request();
    expect(sent.headers()['authtoken']).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(sent.postData() ?? ''))).toEqual({
      ...LEAD,
      company_website: '',
      form: 'popup',
    });

    // The CRM refused the first try; it recovers, and the next try delivers.
    await expect.poll(() => crm.requests.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const refused = crm.requests.length;
    crm.answer('ok');
    await expect.poll(() => crm.requests.length, { timeout: 20_000 }).toBe(refused + 1);
    const delivered = crm.requests.at(-1)!;
    expect(delivered.method).toBe('POST');
    expect(delivered.path).toBe('/api/leads');
    expect(delivered.headers['authtoken']).toBe(TOKEN);
    expect(delivered.headers['accept']).toBe('application/json');
    expect(delivered.headers['content-type']).toBe(FORM);
    expect(delivered.form).toEqual(EXPECTED_CRM_LEAD_BODY);
    for (const r of crm.requests) expect(r.raw).toBe(delivered.raw);

    // Sent once: a later sweep sends nothing more.
    await runSweep(page.request, host);
    await page.waitForTimeout(1500);
    expect(crm.requests).toHaveLength(refused + 1);
  });

  test('200 leads from 40 addresses while the CRM is down for 20 seconds: each arrives exactly once after it is back', async ({
    request,
  }) => {
    test.setTimeout(120_000);
    await crm.close();
    const downAt = Date.now();
    const names = Array.from({ length: 200 }, (_, i) => `Outage Lead ${String(i + 1).padStart(3, '0')}`);
    const answers = await Promise.all(
      names.map((name, i) =>
        post(request, host, form({ name, phonenumber: `+91 90000 ${String(i).padStart(5, '0')}` }), {
          'CF-Connecting-IP': `198.51.100.${(i % 40) + 1}`,
        }).then((response) => response.status()),
      ),
    );
    expect(answers.filter((status) => status === 202)).toHaveLength(200);
    expect(crm.requests).toHaveLength(0);

    await new Promise((done) => setTimeout(done, Math.max(0, 20_000 - (Date.now() - downAt))));
    await crm.open();
    const backAt = Date.now();
    await expect.poll(() => arrivals(crm.requests).size, { timeout: 60_000, intervals: [500] }).toBe(200);
    const allArrived = Date.now() - backAt;
    // A little longer, to see no late duplicate.
    await new Promise((done) => setTimeout(done, 3000));
    const counts = arrivals(crm.requests);
    expect([...counts.keys()].sort()).toEqual(names);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(crm.requests).toHaveLength(200);
    for (const r of crm.requests) expect(r.headers['authtoken']).toBe(TOKEN);
    console.log(
      `Outage: 200 leads accepted while the CRM was down; all 200 arrived ${allArrived} ms after it came back, no duplicate.`,
    );
  });

  test('40 requests at once from one address: exactly 10 accepted, 30 answered 429 with Retry-After, the CRM receives 10', async ({
    request,
  }) => {
    const address = '203.0.113.45';
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(request, host, form({ ...LEAD, name: `Burst ${i + 1}` }), { 'CF-Connecting-IP': address }),
      ),
    );
    const accepted = responses.filter((r) => r.status() === 202);
    const refused = responses.filter((r) => r.status() === 429);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(30);
    for (const r of refused) {
      expect(await r.json()).toEqual({ error: 'too many leads from this address' });
      const retryAfter = Number(r.headers()['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    }
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(10);

    // Another address is not affected.
    const other = await post(request, host, form(LEAD), { 'CF-Connecting-IP': '203.0.113.46' });
    expect(other.status()).toBe(202);
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(11);
    await new Promise((done) => setTimeout(done, 1500));
    expect(crm.requests).toHaveLength(11);
  });

  test('30 requests at once from 30 addresses of one IPv6 /64, written every way: exactly 10 accepted, the CRM receives 10', async ({
    request,
  }) => {
    // One visitor's connection: 2001:db8:29:1::/64. Compressed, with leading zeros, in upper case.
    const forms = [
      (i: number) => `2001:db8:29:1:${i.toString(16)}::${i + 1}`,
      (i: number) => `2001:0db8:0029:0001:0000:${i.toString(16).padStart(4, '0')}:0000:0001`,
      (i: number) => `2001:DB8:29:1::${(0xabc0 + i).toString(16).toUpperCase()}`,
    ];
    const addresses = Array.from({ length: 30 }, (_, i) => forms[i % 3]!(i));
    expect(new Set(addresses).size).toBe(30);
    const responses = await Promise.all(
      addresses.map((address, i) =>
        post(request, host, form({ ...LEAD, name: `Subnet ${i + 1}` }), { 'CF-Connecting-IP': address }),
      ),
    );
    const statuses = responses.map((r) => r.status());
    expect({
      accepted: statuses.filter((status) => status === 202).length,
      refused: statuses.filter((status) => status === 429).length,
    }).toEqual({ accepted: 10, refused: 20 });
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(10);
  });

  test('two IPv6 /64s next to each other do not share an allowance: 12 at once from each, 10 of each accepted', async ({
    request,
  }) => {
    const subnets = ['2001:db8:29:2', '2001:db8:29:3'];
    const sent = subnets.flatMap((subnet) =>
      Array.from({ length: 12 }, (_, i) => ({ subnet, address: `${subnet}::${(i + 1).toString(16)}` })),
    );
    const statuses = await Promise.all(
      sent.map(({ address }, i) =>
        post(request, host, form({ ...LEAD, name: `Neighbour ${i + 1}` }), { 'CF-Connecting-IP': address }).then((r) =>
          r.status(),
        ),
      ),
    );
    const tally = (subnet: string) => {
      const own = statuses.filter((_, i) => sent[i]!.subnet === subnet);
      return { accepted: own.filter((s) => s === 202).length, refused: own.filter((s) => s === 429).length };
    };
    expect(subnets.map(tally)).toEqual([
      { accepted: 10, refused: 2 },
      { accepted: 10, refused: 2 },
    ]);
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(20);
  });

  test.describe('refusals: a short JSON error, nothing stored, nothing sent', () => {
    /** Nothing reached the CRM, even after a sweep. */
    async function nothingSent(request: APIRequestContext) {
      await runSweep(request, host);
      await new Promise((done) => setTimeout(done, 1500));
      expect(crm.requests).toEqual([]);
    }

    for (const method of ['GET', 'PUT', 'DELETE']) {
      test(`${method}: 405`, async ({ request }) => {
        const response = await request.fetch(`${host.origin}/api/leads`, { method, headers: { Origin: host.origin } });
        expect(response.status()).toBe(405);
        expect(response.headers()['allow']).toBe('POST');
        expect(await response.json()).toEqual({ error: 'method not allowed: use POST' });
      });
    }

    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      test(`content type ${type}: 415`, async ({ request }) => {
        const response = await post(request, host, JSON.stringify(LEAD), { 'Content-Type': type });
        expect(response.status()).toBe(415);
        expect(response.headers()['content-type']).toContain('application/json');
        expect(await response.json()).toEqual({ error: `content type must be ${FORM}` });
      });
    }

    test('a body over 4 KB: 413', async ({ request }) => {
      const body = form({ ...LEAD, note: 'x'.repeat(4 * 1024) });
      const response = await post(request, host, body);
      expect(response.status()).toBe(413);
      expect(await response.json()).toEqual({ error: 'body larger than 4096 bytes' });
      await nothingSent(request);
    });

    for (const [label, origin] of [
      ['a foreign Origin', 'https://evil.example'],
      ['another port on the same host', 'http://127.0.0.1:1'],
      ['no Origin', null],
    ] as const) {
      test(`${label}: 403`, async ({ request }) => {
        const response = await post(request, host, form(LEAD), {}, origin);
        expect(response.status()).toBe(403);
        expect(await response.json()).toEqual({ error: 'origin not allowed' });
      });
    }

    const invalid = [
      {
        label: 'no name',
        fields: { phonenumber: LEAD.phonenumber },
        error: 'missing field: name',
        problem: 'required',
      },
      { label: 'a blank name', fields: { ...LEAD, name: '   ' }, error: 'missing field: name', problem: 'required' },
      {
        label: 'a name of a zero-width space alone',
        fields: { ...LEAD, name: '\u200b' },
        error: 'missing field: name',
        problem: 'required',
      },
      {
        label: 'a name over 100 characters',
        fields: { ...LEAD, name: 'A'.repeat(101) },
        error: 'invalid field: name',
        problem: 'tooLong',
      },
      {
        label: 'no phone number',
        fields: { name: LEAD.name },
        error: 'missing field: phonenumber',
        problem: 'required',
      },
      {
        label: 'a phone number of 6 digits',
        fields: { ...LEAD, phonenumber: '123456' },
        error: 'invalid field: phonenumber',
        problem: 'invalid',
      },
      {
        label: 'a phone number of 7 digits and 3,900 dashes',
        fields: { ...LEAD, phonenumber: `1234567${'-'.repeat(3900)}` },
        error: 'invalid field: phonenumber',
        problem: 'tooLong',
      },
      {
        label: 'a form this site does not have',
        fields: { ...LEAD, form: 'newsletter' },
        error: 'invalid field: form',
        problem: 'invalid',
      },
    ] as const;
    for (const c of invalid) {
      test(`${c.label}: 400 naming the field`, async ({ request }) => {
        const response = await post(request, host, form(c.fields));
        expect(response.status()).toBe(400);
        expect(await response.json()).toEqual({ error: c.error, field: c.error.split(': ')[1], problem: c.problem });
        await nothingSent(request);
      });
    }

    test('a filled honeypot: 202 as for a person, and nothing reaches the CRM', async ({ request }) => {
      const response = await post(request, host, form({ ...LEAD, company_website: 'https://spam.example' }));
      expect(response.status()).toBe(202);
      expect((await response.json()) as object).toMatchObject({ ok: true });
      await nothingSent(request);
    });

    test('any other /api/ path: a JSON 404 from the Worker', async ({ request }) => {
      const response = await request.get(`${host.origin}/api/other`);
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ error: 'not found' });
    });
  });
});

test.describe('an email form whose email service fails', () => {
  let crm: FakeCrm;
  let host: Host;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    crm = await startFakeCrm();
    // dist-test: the email service is configured (https://email.test.example, tests/settings.mjs).
    host = await startHost({ dir: 'dist-test', bindings: { CRM_HOST: crm.url, CRM_TOKEN: TOKEN } });
  });

  test.afterAll(async () => {
    await host?.stop();
    await crm?.close();
  });

  test('the lead reaches the CRM through the site, once, and the visitor sees the usual success', async ({ page }) => {
    const emailCalls: string[] = [];
    await page.route('https://email.test.example/**', (route) => {
      emailCalls.push(route.request().url());
      return route.fulfill({ status: 503, body: 'Service Unavailable' });
    });
    const alerts: string[] = [];
    page.on('dialog', async (dialog) => {
      alerts.push(dialog.message());
      await dialog.accept();
    });

    await page.goto(`${host.origin}/mr/business-whatsapp-pricing`);
    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Mobile Number').fill('+91 98765 43210');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${host.origin}/thank-you`);

    expect(emailCalls).toHaveLength(1);
    expect(alerts).toEqual([]);
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(1);
    expect(crm.requests[0]!.headers['authtoken']).toBe(TOKEN);
    expect(crm.requests[0]!.form).toEqual(EXPECTED_CRM_LEAD_BODY);
    await new Promise((done) => setTimeout(done, 1500));
    expect(crm.requests).toHaveLength(1);
  });
});

test.describe('across a restart, and when every try fails', () => {
  let crm: FakeCrm;
  let state: string;

  test.beforeAll(async () => {
    crm = await startFakeCrm();
    state = mkdtempSync(join(tmpdir(), 'lead-state-'));
  });

  test.afterAll(async () => {
    await crm?.close();
    rmSync(state, { recursive: true, force: true });
  });

  test('a lead stored with no CRM set survives a restart of the runtime; with the CRM set, the sweep delivers it once', async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const persistTo = join(state, 'restart');
    // What `npm start` runs with: no CRM. The lead is kept, pending.
    const first = await startHost({ dir: 'dist', persistTo });
    let id: string;
    try {
      const response = await post(request, first, form({ ...LEAD, name: 'Restart Lead' }));
      expect(response.status()).toBe(202);
      id = ((await response.json()) as { id: string }).id;
      await expect.poll(() => first.output(), { timeout: 10_000 }).toContain('no CRM is set');
      expect(first.output()).not.toContain('Restart Lead');
    } finally {
      await first.stop();
    }
    const before = await leadsReport(persistTo);
    expect(before.counts).toEqual({ pending: 1, sent: 0, dead: 0 });

    // Started again on the same state, now with a CRM: the sweep finds the lead and sends it.
    const second = await startHost({
      dir: 'dist',
      persistTo,
      bindings: { CRM_HOST: crm.url, CRM_TOKEN: TOKEN, LEAD_SWEEP_AFTER_S: '0' },
    });
    try {
      expect(crm.requests).toEqual([]);
      await runSweep(request, second);
      await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(1);
      expect(crm.requests[0]!.form).toEqual({
        ...EXPECTED_CRM_LEAD_BODY,
        name: 'Restart Lead',
        contact: 'Restart Lead',
      });
      await runSweep(request, second);
      await new Promise((done) => setTimeout(done, 1500));
      expect(crm.requests).toHaveLength(1);
      expect(second.output()).toContain(`"id":"${id}","state":"sent"`);
    } finally {
      await second.stop();
    }
    expect((await leadsReport(persistTo)).counts).toEqual({ pending: 0, sent: 1, dead: 0 });
  });

  test('a lead the CRM refuses at every try ends dead-lettered, and `npm run leads` shows it', async ({ request }) => {
    test.setTimeout(90_000);
    crm.reset();
    crm.answer('error');
    const persistTo = join(state, 'dead');
    // No wait between tries: they all run at once.
    const host = await startHost({
      dir: 'dist',
      persistTo,
      bindings: { CRM_HOST: crm.url, CRM_TOKEN: TOKEN, LEAD_RETRY_BASE_S: '0' },
    });
    try {
      const response = await post(request, host, form({ ...LEAD, name: 'Doomed Lead' }));
      expect(response.status()).toBe(202);
      await expect.poll(() => host.output(), { timeout: 30_000 }).toContain('"state":"dead"');
      // Every try was made, each the CRM request the product defines.
      expect(crm.requests).toHaveLength(MAX_DELIVERY_ATTEMPTS);
      for (const r of crm.requests) expect(r.form.name).toBe('Doomed Lead');
      const report = await leadsReport(persistTo);
      expect(report.counts).toEqual({ pending: 0, sent: 0, dead: 1 });
      expect(report.lastError).toMatchObject({ error: 'CRM answered 500', status: 500 });
      // The log says what happened to the lead, never who it was.
      expect(host.output()).not.toContain('Doomed Lead');
      expect(host.output()).not.toContain('98765');

      // The CRM is fixed: the owner sends the dead lead again, and the next sweep delivers it.
      crm.reset();
      const { stdout } = await run('node', ['scripts/leads.mjs', '--persist-to', persistTo, '--retry-dead']);
      expect(stdout).toContain('1 dead-lettered lead is pending again');
      await runSweep(request, host);
      await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(1);
      expect(crm.requests[0]!.form.name).toBe('Doomed Lead');
      expect((await leadsReport(persistTo)).counts).toEqual({ pending: 0, sent: 1, dead: 0 });
    } finally {
      await host.stop();
    }
  });
});
