/**
 * The Worker's API on one runtime (./runtime.ts: the site's Worker with its D1 table, queue, rate-limit Durable Object
 * and sweep) with the CRM set to a stand-in on 127.0.0.1 (../fakes/fake-crm.ts) and no GitHub app (GitHub itself a
 * stand-in too, ../fakes/fake-github.ts, that must hear nothing): what the lead route
 * refuses and how it counts a client's allowance, the headers of every /api/ answer, unknown /api/ paths, and the CMS
 * sign-in of a site without its OAuth app.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCrm, type FakeCrm } from '../fakes/fake-crm';
import { startFakeGithub, type FakeGithub } from '../fakes/fake-github';
import { startRuntime, type Runtime } from './runtime';
import { FORM_TYPE, LEAD_ROUTE } from '../../src/lib/leads/wire';
import { NAME_MAX_LENGTH, PHONE_MIN_DIGITS } from '../../src/lib/leads/rules';
import { RATE_LIMIT_MAX_LEADS, RATE_LIMIT_WINDOW_MS } from '../../worker/leads/outbox';
import { MAX_BODY_BYTES } from '../../worker/leads/intake';

const TOKEN = 'api-test-token-3f9a61';
const LEAD = { name: 'Asha Rao', phonenumber: '+91 98765 43210' };

let crm: FakeCrm;
let github: FakeGithub;
let site: Runtime;

beforeAll(async () => {
  crm = await startFakeCrm();
  github = await startFakeGithub({ clientId: 'unused', clientSecret: 'unused', code: 'unused', token: 'unused' });
  site = await startRuntime({
    dir: 'dist',
    bindings: {
      CRM_HOST: crm.url,
      CRM_TOKEN: TOKEN,
      LEAD_RETRY_BASE_S: '1',
      // Where GitHub is, but no OAuth app: the sign-in is not configured.
      GITHUB_ORIGIN: github.origin,
      GITHUB_API_ORIGIN: github.origin,
    },
  });
});

afterAll(async () => {
  await site?.stop();
  await Promise.all([crm?.close(), github?.close()]);
});

beforeEach(() => crm.reset());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A POST to the lead route, from the site's own origin unless `origin` says otherwise (null: no Origin header). */
function post(body: string, headers: Record<string, string> = {}, origin: string | null = site.origin) {
  return fetch(`${site.origin}${LEAD_ROUTE}`, {
    method: 'POST',
    headers: { 'Content-Type': FORM_TYPE, ...(origin === null ? {} : { Origin: origin }), ...headers },
    body,
    redirect: 'manual',
  });
}

/** How many leads the table holds. */
const stored = async () => (await site.sql<{ n: number }>('SELECT COUNT(*) AS n FROM leads'))[0]!.n;

describe('the rate limit: one Durable Object per client, exact under a burst', () => {
  const burst = RATE_LIMIT_MAX_LEADS * 4;

  it(`${burst} requests at once from one address: exactly ${RATE_LIMIT_MAX_LEADS} accepted, the rest answered 429 with Retry-After, the CRM receives ${RATE_LIMIT_MAX_LEADS}`, async () => {
    const address = '203.0.113.45';
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        post(form({ ...LEAD, name: `Burst ${i + 1}` }), { 'CF-Connecting-IP': address }),
      ),
    );
    const accepted = responses.filter((r) => r.status === 202);
    const refused = responses.filter((r) => r.status === 429);
    expect(accepted).toHaveLength(RATE_LIMIT_MAX_LEADS);
    expect(refused).toHaveLength(burst - RATE_LIMIT_MAX_LEADS);
    for (const r of refused) {
      expect(await r.json()).toEqual({ error: 'too many leads from this address' });
      const retryAfter = Number(r.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(RATE_LIMIT_WINDOW_MS / 1000);
    }
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(RATE_LIMIT_MAX_LEADS);

    // Another address is not affected.
    const other = await post(form(LEAD), { 'CF-Connecting-IP': '203.0.113.46' });
    expect(other.status).toBe(202);
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(RATE_LIMIT_MAX_LEADS + 1);
    await sleep(1500);
    expect(crm.requests).toHaveLength(RATE_LIMIT_MAX_LEADS + 1);
  });

  it(`30 requests at once from 30 addresses of one IPv6 /64, written every way: exactly ${RATE_LIMIT_MAX_LEADS} accepted, the CRM receives ${RATE_LIMIT_MAX_LEADS}`, async () => {
    // One visitor's connection: 2001:db8:29:1::/64. Compressed, with leading zeros, in upper case.
    const forms = [
      (i: number) => `2001:db8:29:1:${i.toString(16)}::${i + 1}`,
      (i: number) => `2001:0db8:0029:0001:0000:${i.toString(16).padStart(4, '0')}:0000:0001`,
      (i: number) => `2001:DB8:29:1::${(0xabc0 + i).toString(16).toUpperCase()}`,
    ];
    const addresses = Array.from({ length: 30 }, (_, i) => forms[i % 3]!(i));
    expect(new Set(addresses).size).toBe(30);
    const responses = await Promise.all(
      addresses.map((address, i) => post(form({ ...LEAD, name: `Subnet ${i + 1}` }), { 'CF-Connecting-IP': address })),
    );
    const statuses = responses.map((r) => r.status);
    expect({
      accepted: statuses.filter((status) => status === 202).length,
      refused: statuses.filter((status) => status === 429).length,
    }).toEqual({ accepted: RATE_LIMIT_MAX_LEADS, refused: 30 - RATE_LIMIT_MAX_LEADS });
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(RATE_LIMIT_MAX_LEADS);
  });

  it(`two IPv6 /64s next to each other do not share an allowance: ${RATE_LIMIT_MAX_LEADS + 2} at once from each, ${RATE_LIMIT_MAX_LEADS} of each accepted`, async () => {
    const subnets = ['2001:db8:29:2', '2001:db8:29:3'];
    const sent = subnets.flatMap((subnet) =>
      Array.from({ length: RATE_LIMIT_MAX_LEADS + 2 }, (_, i) => ({
        subnet,
        address: `${subnet}::${(i + 1).toString(16)}`,
      })),
    );
    const statuses = await Promise.all(
      sent.map(({ address }, i) =>
        post(form({ ...LEAD, name: `Neighbour ${i + 1}` }), { 'CF-Connecting-IP': address }).then((r) => r.status),
      ),
    );
    const tally = (subnet: string) => {
      const own = statuses.filter((_, i) => sent[i]!.subnet === subnet);
      return { accepted: own.filter((s) => s === 202).length, refused: own.filter((s) => s === 429).length };
    };
    expect(subnets.map(tally)).toEqual([
      { accepted: RATE_LIMIT_MAX_LEADS, refused: 2 },
      { accepted: RATE_LIMIT_MAX_LEADS, refused: 2 },
    ]);
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(2 * RATE_LIMIT_MAX_LEADS);
  });
});

describe('the language of the page a lead was sent from', () => {
  it('is stored with the lead (Hindi as posted, English when a form posts none), and the CRM is sent the same body', async () => {
    const langOf = async (answer: Response) => {
      expect(answer.status).toBe(202);
      const { id } = (await answer.json()) as { id: string };
      return (await site.sql<{ lang: string }>('SELECT lang FROM leads WHERE id = ?1', id))[0]?.lang;
    };
    const address = { 'CF-Connecting-IP': '203.0.113.70' };
    expect(await langOf(await post(form({ ...LEAD, name: 'Hindi Page', lang: 'hi' }), address))).toBe('hi');
    expect(await langOf(await post(form({ ...LEAD, name: 'Older Kept Lead' }), address))).toBe('en');
    const sent = () => crm.requests.filter((r) => ['Hindi Page', 'Older Kept Lead'].includes(r.form.name ?? ''));
    await expect.poll(() => sent().length, { timeout: 15_000 }).toBe(2);
    for (const request of sent()) expect(Object.keys(request.form)).not.toContain('lang');
  });
});

describe("the lead's key: at most one lead per key, a repeat answered as the first, delivered and charged once", () => {
  /** Version 4 UUIDs written out by hand, one per test. */
  const KEYS = [
    '3b9d6c1e-2a4f-4e8b-9c7d-1f2e3a4b5c6d',
    '8e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
    'c4d5e6f7-0a1b-4c2d-ae3f-5b6c7d8e9f0a',
  ] as const;
  const rowsOf = (key: string) => site.sql<{ id: string }>('SELECT id FROM leads WHERE lead_key = ?1', key);

  it('a lead sent again with its key (and other fields) is answered with the first id, stored once and reaches the CRM once', async () => {
    const address = '203.0.113.60';
    const first = await post(form({ ...LEAD, name: 'Keyed Once', key: KEYS[0] }), { 'CF-Connecting-IP': address });
    expect(first.status).toBe(202);
    const { id } = (await first.json()) as { id: string };
    for (const name of ['Keyed Once', 'Keyed Twice']) {
      const again = await post(form({ ...LEAD, name, key: KEYS[0] }), { 'CF-Connecting-IP': address });
      expect(again.status).toBe(202);
      expect(await again.json()).toEqual({ ok: true, id });
    }
    expect(await rowsOf(KEYS[0])).toEqual([{ id }]);
    const keyed = () => crm.requests.filter((r) => r.form.name?.startsWith('Keyed')).map((r) => r.form.name);
    await expect.poll(keyed, { timeout: 15_000 }).toEqual(['Keyed Once']);
    await sleep(1500);
    expect(keyed()).toEqual(['Keyed Once']);
    expect(site.output()).toContain(`"event":"repeat","id":"${id}"`);
  });

  it(`a repeat spends none of the client's ${RATE_LIMIT_MAX_LEADS}: 15 repeats, then ${RATE_LIMIT_MAX_LEADS - 1} other leads accepted and the next refused`, async () => {
    const address = '203.0.113.61';
    const send = (fields: Record<string, string>) =>
      post(form({ ...LEAD, ...fields }), { 'CF-Connecting-IP': address });
    expect((await send({ name: 'Kept Lead', key: KEYS[1] })).status).toBe(202);
    for (let i = 0; i < 15; i++) expect((await send({ name: 'Kept Lead', key: KEYS[1] })).status).toBe(202);
    for (let i = 1; i < RATE_LIMIT_MAX_LEADS; i++) expect((await send({ name: `Other ${i}` })).status).toBe(202);
    expect((await send({ name: 'One too many' })).status).toBe(429);
    expect(await rowsOf(KEYS[1])).toHaveLength(1);
  });

  it(`20 tries of one lead at once: one stored, every answer its id, one slot spent (${RATE_LIMIT_MAX_LEADS - 1} others still accepted)`, async () => {
    const address = '203.0.113.62';
    const send = (fields: Record<string, string>) =>
      post(form({ ...LEAD, ...fields }), { 'CF-Connecting-IP': address });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send({ name: 'Raced Lead', key: KEYS[2] })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id)));
    const rows = await rowsOf(KEYS[2]);
    expect(rows).toHaveLength(1);
    expect([...ids]).toEqual([rows[0]!.id]);
    for (let i = 1; i < RATE_LIMIT_MAX_LEADS; i++) expect((await send({ name: `Racer ${i}` })).status).toBe(202);
    expect((await send({ name: 'Racer too many' })).status).toBe(429);
    const raced = () => crm.requests.filter((r) => r.form.name?.startsWith('Race'));
    await expect.poll(() => raced().length, { timeout: 15_000 }).toBe(RATE_LIMIT_MAX_LEADS);
    await sleep(1500);
    expect(raced().filter((r) => r.form.name === 'Raced Lead')).toHaveLength(1);
    expect(raced()).toHaveLength(RATE_LIMIT_MAX_LEADS);
  });
});

describe('refusals: a short JSON error, nothing stored, nothing sent', () => {
  /** Nothing was stored since `before`, and nothing reached the CRM, even after a sweep. */
  async function nothingSent(before: number) {
    expect(await stored()).toBe(before);
    await site.sweep();
    await sleep(1500);
    expect(crm.requests).toEqual([]);
  }

  for (const method of ['GET', 'PUT', 'DELETE']) {
    it(`${method}: 405`, async () => {
      const response = await fetch(`${site.origin}${LEAD_ROUTE}`, { method, headers: { Origin: site.origin } });
      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toBe('POST');
      expect(await response.json()).toEqual({ error: 'method not allowed: use POST' });
    });
  }

  for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
    it(`content type ${type}: 415`, async () => {
      const response = await post(JSON.stringify(LEAD), { 'Content-Type': type });
      expect(response.status).toBe(415);
      expect(response.headers.get('Content-Type')).toContain('application/json');
      expect(await response.json()).toEqual({ error: `content type must be ${FORM_TYPE}` });
    });
  }

  it(`a body over ${MAX_BODY_BYTES} bytes: 413`, async () => {
    const before = await stored();
    const response = await post(form({ ...LEAD, note: 'x'.repeat(MAX_BODY_BYTES) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: `body larger than ${MAX_BODY_BYTES} bytes` });
    await nothingSent(before);
  });

  for (const [label, origin] of [
    ['a foreign Origin', 'https://evil.example'],
    ['another port on the same host', 'http://127.0.0.1:1'],
    ['no Origin', null],
  ] as const) {
    it(`${label}: 403`, async () => {
      const response = await post(form(LEAD), {}, origin);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'origin not allowed' });
    });
  }

  const invalid = [
    { label: 'no name', fields: { phonenumber: LEAD.phonenumber }, error: 'missing field: name', problem: 'required' },
    { label: 'a blank name', fields: { ...LEAD, name: '   ' }, error: 'missing field: name', problem: 'required' },
    {
      label: 'a name of a zero-width space alone',
      fields: { ...LEAD, name: '\u200b' },
      error: 'missing field: name',
      problem: 'required',
    },
    {
      label: `a name over ${NAME_MAX_LENGTH} characters`,
      fields: { ...LEAD, name: 'A'.repeat(NAME_MAX_LENGTH + 1) },
      error: 'invalid field: name',
      problem: 'tooLong',
    },
    { label: 'no phone number', fields: { name: LEAD.name }, error: 'missing field: phonenumber', problem: 'required' },
    {
      label: `a phone number of ${PHONE_MIN_DIGITS - 1} digits`,
      fields: { ...LEAD, phonenumber: '123456789'.slice(0, PHONE_MIN_DIGITS - 1) },
      error: 'invalid field: phonenumber',
      problem: 'invalid',
    },
    {
      // Far over MOBILE_MAX_LENGTH: refused for its length before its digits are counted.
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
    {
      label: 'a key that is not a version 4 UUID',
      fields: { ...LEAD, key: '<img src=x onerror=alert(1)>' },
      error: 'invalid field: key',
      problem: 'invalid',
    },
    {
      label: 'a language the site is not in',
      fields: { ...LEAD, lang: 'mr' },
      error: 'invalid field: lang',
      problem: 'invalid',
    },
    {
      label: 'a language that is markup',
      fields: { ...LEAD, lang: '<script>alert(1)</script>' },
      error: 'invalid field: lang',
      problem: 'invalid',
    },
  ] as const;
  for (const c of invalid) {
    it(`${c.label}: 400 naming the field`, async () => {
      const before = await stored();
      const response = await post(form(c.fields));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: c.error, field: c.error.split(': ')[1], problem: c.problem });
      await nothingSent(before);
    });
  }

  it('a filled honeypot: 202 as for a person, and nothing is stored or reaches the CRM', async () => {
    const before = await stored();
    const response = await post(form({ ...LEAD, company_website: 'https://spam.example' }));
    expect(response.status).toBe(202);
    expect((await response.json()) as object).toMatchObject({ ok: true });
    await nothingSent(before);
  });

  it('any other /api/ path: a JSON 404 from the Worker', async () => {
    const response = await fetch(`${site.origin}/api/other`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not found' });
  });
});

describe('every answer of the Worker (/api/*)', () => {
  it('carries the security headers of an API', async () => {
    const api = {
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    };
    const before = await stored();
    const answers = [
      // Refused before anything is stored: no lead from this test reaches the table or the rate limit.
      ['POST /api/leads, text/plain', 415, await post('x', { 'Content-Type': 'text/plain' })],
      ['GET /api/leads', 405, await fetch(`${site.origin}${LEAD_ROUTE}`)],
      ['GET /api/unknown', 404, await fetch(`${site.origin}/api/unknown`)],
      ['POST /api/unknown', 404, await fetch(`${site.origin}/api/unknown`, { method: 'POST', body: 'x' })],
    ] as const;
    for (const [what, status, response] of answers) {
      expect(response.status, what).toBe(status);
      expect(Object.fromEntries(response.headers), what).toMatchObject(api);
    }
    expect(await stored()).toBe(before);
  });

  it('without the OAuth app, both sign-in routes answer 503 "sign-in is not configured"; other /api/ paths answer as before', async () => {
    for (const path of [
      '/api/cms-auth?provider=github&site_id=127.0.0.1&scope=repo',
      `/api/cms-auth/callback?code=any-code&state=${'ab'.repeat(32)}`,
    ]) {
      // This runtime has no GITHUB_CLIENT_ID and no GITHUB_CLIENT_SECRET.
      const response = await fetch(`${site.origin}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(503);
      expect(response.headers.get('Content-Type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('Sign-in is not configured');
      expect(html).toContain('MISCONFIGURED_CLIENT');
    }
    expect(github.requests).toHaveLength(0);

    // Only GET; every other /api/ path is the Worker's 404, as before.
    const posted = await fetch(`${site.origin}/api/cms-auth`, { method: 'POST', redirect: 'manual' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('Allow')).toBe('GET');
    for (const path of ['/api/cms-auth/', '/api/cms-auth/other', '/api/nothing']) {
      const response = await fetch(`${site.origin}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'not found' });
    }
    // The runtime still serves after all of it.
    expect((await fetch(`${site.origin}/404`)).status).toBe(200);
  });
});
