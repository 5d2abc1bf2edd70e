/**
 * The owner's API (/api/owner/*) on the Workers runtime (./runtime.ts) serving the test build, against a fake GitHub
 * (../fakes/fake-github.ts) and a fake CRM (../fakes/fake-crm.ts) on 127.0.0.1. The runtime starts with an empty D1:
 * the leads and visits it holds are the ones this file sends (a dead-lettered lead and one of yesterday are written
 * into D1 directly, as the delivery and the clock would have left them). The test build runs one experiment on
 * /creator, creator-headline (tests/fixtures/experiments). What the owner's page shows of these answers is
 * tests/e2e/owner.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCrm, type FakeCrm } from '../fakes/fake-crm';
import { startFakeGithub, type FakeGithub } from '../fakes/fake-github';
import { experimentsReport, startRuntime, type Runtime } from './runtime';
import { encodeLeadPost, FORM_TYPE, LEAD_ROUTE } from '../../src/lib/leads/wire';
import {
  OWNER_API_PREFIX,
  OWNER_COOKIE,
  OWNER_CSRF_HEADER,
  OWNER_HINT_COOKIE,
  OWNER_PAGE,
  OWNER_ROUTES,
  OWNER_SESSION_S,
  OWNER_SETTINGS_PATH,
  type OwnerLeads,
} from '../../src/lib/owner/wire';
import { CSRF_BYTES, issueSession, SESSION_ID_BYTES, sessionKey } from '../../worker/owner/session';
import { KEEP_AFTER_EXPIRY_MS } from '../../worker/cms-auth/used-nonces';

const CLIENT_ID = 'owner-client-id-31c2';
const CLIENT_SECRET = 'owner-client-secret-9e77b1c4d2';
const CODE = 'owner-code-4410';
const TOKEN = 'gho_ownerToken0123456789';
const CRM_TOKEN = 'owner-crm-token';
const REPO = (JSON.parse(readFileSync(`dist-test${OWNER_SETTINGS_PATH}`, 'utf8')) as { repo: string }).repo;
const OWNER = { login: 'site-owner', permissions: { push: true, pull: true } };
const READER = { login: 'site-reader', permissions: { pull: true } };
const HOUR = 3_600_000;

let site: Runtime;
let github: FakeGithub;
let crm: FakeCrm;

beforeAll(async () => {
  github = await startFakeGithub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, code: CODE, token: TOKEN });
  github.users({ [TOKEN]: OWNER });
  crm = await startFakeCrm();
  site = await startRuntime({
    dir: 'dist-test',
    bindings: {
      GITHUB_CLIENT_ID: CLIENT_ID,
      GITHUB_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_ORIGIN: github.origin,
      GITHUB_API_ORIGIN: github.origin,
      CRM_HOST: crm.url,
      CRM_TOKEN,
      // A failed delivery waits an hour before its next try: it stays pending while the test looks.
      LEAD_RETRY_BASE_S: '3600',
    },
  });
});

afterAll(async () => {
  await site?.stop();
  await Promise.all([github?.close(), crm?.close()]);
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `value` with every fraction in it given to 12 significant digits, every other value as it is. */
const sameDigits = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_, item: unknown) =>
    typeof item === 'number' && !Number.isInteger(item) ? Number(item.toPrecision(12)) : item,
  );
const api = (path: string, init: RequestInit = {}) => fetch(`${site.origin}${path}`, init);

/** A session from the API for `token`: the cookie header to send back, the answer and its body. */
async function signIn(token = TOKEN) {
  const response = await api(OWNER_ROUTES.session, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: site.origin },
    body: JSON.stringify({ token }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return { response, cookie, body: (await response.json()) as { csrf: string; error?: string; message?: string } };
}

/** Sends a lead through the site's route, as a form of `page` does: its id. */
async function sendLead(name: string, mobile: string, form: 'popup' | 'contact-modal' | 'inline', page: string) {
  const response = await api(LEAD_ROUTE, {
    method: 'POST',
    headers: { 'Content-Type': FORM_TYPE, Origin: site.origin, Referer: `${site.origin}${page}` },
    body: encodeLeadPost({ name, mobile }, form),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

describe('who may use the API', () => {
  it('nobody without a session from a collaborator: 401, 403, and a forged or expired cookie is no session', async () => {
    for (const path of [OWNER_ROUTES.session, OWNER_ROUTES.leads, OWNER_ROUTES.experiments]) {
      const response = await api(path);
      expect(response.status, path).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe('signed-out');
    }
    for (const path of [OWNER_ROUTES.retry, OWNER_ROUTES.contacts]) {
      expect((await api(path, { method: 'POST' })).status, path).toBe(401);
    }

    github.users({ [TOKEN]: READER });
    const reader = await signIn();
    expect(reader.response.status).toBe(403);
    expect(reader.body.error).toBe('no-write-access');
    expect(reader.body.message).toContain(READER.login);
    expect(reader.body.message).toContain(REPO);
    expect(reader.cookie).toBe('');

    github.users({ [TOKEN]: OWNER });
    const owner = await signIn();
    expect(owner.response.status).toBe(200);
    expect((await api(OWNER_ROUTES.leads, { headers: { Cookie: owner.cookie } })).status).toBe(200);

    // A cookie changed by hand, and one signed with the right key that has expired.
    const [name, value] = owner.cookie.split('=') as [string, string];
    const forged = `${name}=${value.replace(OWNER.login, 'someone-else')}`;
    const key = await sessionKey(CLIENT_SECRET, REPO);
    const old = await issueSession(key, {
      login: OWNER.login,
      repo: REPO,
      idBytes: new Uint8Array(SESSION_ID_BYTES),
      csrfBytes: new Uint8Array(CSRF_BYTES),
      nowMs: Date.now() - 2 * OWNER_SESSION_S * 1000,
    });
    for (const cookie of [forged, `${name}=${old.value}`, `${name}=x.1.${'0'.repeat(64)}.${'A'.repeat(43)}`]) {
      expect((await api(OWNER_ROUTES.leads, { headers: { Cookie: cookie } })).status).toBe(401);
    }

    // A change without the session's CSRF token is refused, with it accepted.
    const retry = (headers: Record<string, string>) =>
      api(OWNER_ROUTES.retry, { method: 'POST', headers: { Cookie: owner.cookie, ...headers } });
    expect((await retry({})).status).toBe(403);
    expect((await retry({ [OWNER_CSRF_HEADER]: 'f'.repeat(64) })).status).toBe(403);
    expect((await retry({ [OWNER_CSRF_HEADER]: owner.body.csrf })).status).toBe(200);
  });

  it('"Sign out" ends the session: a copy of its cookie taken before is refused after, until the sweep forgets it once expired', async () => {
    const { cookie, body } = await signIn();
    expect((await api(OWNER_ROUTES.leads, { headers: { Cookie: cookie } })).status).toBe(200);

    const out = await api(OWNER_ROUTES.session, {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: site.origin, [OWNER_CSRF_HEADER]: body.csrf },
    });
    expect(out.status).toBe(204);
    // Both cookies cleared: the session (the API's path only) and the page's hint.
    expect(out.headers.getSetCookie()).toEqual([
      `${OWNER_COOKIE}=; Max-Age=0; Path=${OWNER_API_PREFIX}; HttpOnly; SameSite=Strict`,
      `${OWNER_HINT_COOKIE}=; Max-Age=0; Path=${OWNER_PAGE.replace(/\/$/, '')}; SameSite=Strict`,
    ]);
    for (const path of [OWNER_ROUTES.session, OWNER_ROUTES.leads, OWNER_ROUTES.experiments]) {
      const response = await api(path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe('signed-out');
    }
    expect(
      (await api(OWNER_ROUTES.retry, { method: 'POST', headers: { Cookie: cookie, [OWNER_CSRF_HEADER]: body.csrf } }))
        .status,
    ).toBe(401);

    // The ended session is kept until it would have expired, and a minute longer.
    const [ended] = await site.sql<{ expires_at: number }>(
      'SELECT expires_at FROM ended_sessions ORDER BY expires_at DESC LIMIT 1',
    );
    const expiresAt = ended!.expires_at;
    const rows = async () => (await site.sql('SELECT id FROM ended_sessions WHERE expires_at = ?1', expiresAt)).length;
    await site.sweep(expiresAt + KEEP_AFTER_EXPIRY_MS - 1000);
    expect(await rows()).toBe(1);
    await site.sweep(expiresAt + KEEP_AFTER_EXPIRY_MS);
    expect(await rows()).toBe(0);
  });
});

describe('what the API answers', () => {
  it(
    'the leads as sent, without contacts; contacts only on request, logged without them; a retry delivers the dead lead once',
    { timeout: 120_000 },
    async () => {
      const start = Date.now();
      // Delivered: three leads from three forms and pages.
      crm.answer('ok');
      const asha = await sendLead('Asha Rao', '9876543210', 'popup', '/');
      const ravi = await sendLead('Ravi Kumar', '9876543211', 'contact-modal', '/pricing');
      const meera = await sendLead('Meera Iyer', '9876543212', 'inline', '/creator');
      await expect.poll(() => crm.requests.length, { timeout: 30_000 }).toBe(3);
      // Failing at the CRM: still pending.
      crm.answer('error');
      const kiran = await sendLead('Kiran Shah', '9876543213', 'popup', '/');
      const latha = await sendLead('Latha Nair', '9876543214', 'inline', '/yoga');
      await expect.poll(() => crm.requests.length, { timeout: 30_000 }).toBe(5);
      const sentBy = Date.now();
      // Dead-lettered an hour ago, and delivered yesterday: as the delivery and the sweep leave them in the table.
      const deadAt = start - HOUR;
      const yesterday = start - 24 * HOUR;
      await site.sql(
        `INSERT INTO leads (id, name, mobile, form, state, attempts, created_at, updated_at, next_attempt_at, last_status,
         last_error, page) VALUES ('dead-lead-1', 'Dead Lead', '9876543219', 'popup', 'dead', 10, ?1, ?1, ?1, 500,
         'CRM answered 500', '/yoga')`,
        deadAt,
      );
      await site.sql(
        `INSERT INTO leads (id, name, mobile, form, state, attempts, created_at, updated_at, next_attempt_at, sent_at,
         last_status, page) VALUES ('old-lead-1', 'Old Lead', '9876543218', 'contact-modal', 'sent', 1, ?1, ?1, ?1, ?1,
         200, '/')`,
        yesterday,
      );

      const { cookie, body: session } = await signIn();
      const answer = await api(OWNER_ROUTES.leads, { headers: { Cookie: cookie } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      const text = await answer.text();
      // No name and no number: those come only from the contacts route.
      for (const contact of ['Asha Rao', '9876543210', 'Dead Lead', '9876543219']) expect(text).not.toContain(contact);
      const leads = JSON.parse(text) as OwnerLeads;
      expect(leads.truncated).toBe(false);
      const shape = ({ id, state, form, page, attempts }: OwnerLeads['leads'][number]) => ({
        id,
        state,
        form,
        page,
        attempts,
      });
      // Oldest first: yesterday's, the dead one, then the five sent now in order.
      expect(leads.leads.map(shape)).toEqual([
        { id: 'old-lead-1', state: 'sent', form: 'contact-modal', page: '/', attempts: 1 },
        { id: 'dead-lead-1', state: 'dead', form: 'popup', page: '/yoga', attempts: 10 },
        { id: asha, state: 'sent', form: 'popup', page: '/', attempts: 1 },
        { id: ravi, state: 'sent', form: 'contact-modal', page: '/pricing', attempts: 1 },
        { id: meera, state: 'sent', form: 'inline', page: '/creator', attempts: 1 },
        { id: kiran, state: 'pending', form: 'popup', page: '/', attempts: 1 },
        { id: latha, state: 'pending', form: 'inline', page: '/yoga', attempts: 1 },
      ]);
      // Each at the time it was stored: the day it counts for on the owner's page.
      const created = Object.fromEntries(leads.leads.map((lead) => [lead.id, lead.createdAt]));
      expect(created['old-lead-1']).toBe(yesterday);
      expect(created['dead-lead-1']).toBe(deadAt);
      for (const id of [asha, ravi, meera, kiran, latha]) {
        expect(created[id]).toBeGreaterThanOrEqual(start);
        expect(created[id]).toBeLessThanOrEqual(sentBy);
      }
      expect(leads.delivery.oldestPendingAt).toBe(created[kiran]);
      expect(leads.delivery.lastError).toMatchObject({ status: 500, message: 'CRM answered 500' });
      expect(leads.delivery.dead.map(({ id, lastStatus, lastError }) => ({ id, lastStatus, lastError }))).toEqual([
        { id: 'dead-lead-1', lastStatus: 500, lastError: 'CRM answered 500' },
      ]);

      // Contacts: only when asked for, for at most a day; the request is logged without them.
      const logFrom = site.output().length;
      const contacts = await api(OWNER_ROUTES.contacts, {
        method: 'POST',
        headers: {
          Cookie: cookie,
          Origin: site.origin,
          'Content-Type': 'application/json',
          [OWNER_CSRF_HEADER]: session.csrf,
        },
        body: JSON.stringify({ from: start - 2 * HOUR, to: start + 2 * HOUR }),
      });
      expect(contacts.status).toBe(200);
      const shown = (await contacts.json()) as { contacts: { name: string; mobile: string }[] };
      expect(shown.contacts.map(({ name, mobile }) => `${name} ${mobile}`)).toEqual([
        'Dead Lead 9876543219',
        'Asha Rao 9876543210',
        'Ravi Kumar 9876543211',
        'Meera Iyer 9876543212',
        'Kiran Shah 9876543213',
        'Latha Nair 9876543214',
      ]);
      await expect.poll(() => site.output().slice(logFrom), { timeout: 10_000 }).toContain('owner-contacts');
      expect(site.output()).not.toContain('Asha Rao');
      expect(site.output()).not.toContain('9876543210');

      // Retry: the CRM works again, the dead lead goes to it once.
      crm.reset();
      const retried = await api(OWNER_ROUTES.retry, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: site.origin, [OWNER_CSRF_HEADER]: session.csrf },
      });
      expect(retried.status).toBe(200);
      expect(await retried.json()).toEqual({ requeued: 1 });
      await expect
        .poll(() => crm.requests.filter((r) => r.form.name === 'Dead Lead').length, { timeout: 30_000 })
        .toBe(1);
      await expect
        .poll(
          async () => (await site.sql<{ state: string }>("SELECT state FROM leads WHERE id = 'dead-lead-1'"))[0]!.state,
        )
        .toBe('sent');
      const after = (await (await api(OWNER_ROUTES.leads, { headers: { Cookie: cookie } })).json()) as OwnerLeads;
      expect(after.delivery.dead).toEqual([]);
      await sleep(2000);
      expect(crm.requests.filter((r) => r.form.name === 'Dead Lead')).toHaveLength(1);
    },
  );

  it("the experiments' numbers are the readout's: the same as npm run experiments prints", async () => {
    // Visitors of /creator, and a lead from one of them.
    let cookie = '';
    for (let i = 0; i < 12; i += 1) {
      const response = await api('/creator', { headers: { 'User-Agent': 'Mozilla/5.0 Chrome/126.0' } });
      cookie = response.headers.get('Set-Cookie')?.split(';')[0] ?? cookie;
      await response.text();
    }
    crm.answer('ok');
    const lead = await api(LEAD_ROUTE, {
      method: 'POST',
      headers: { 'Content-Type': FORM_TYPE, Origin: site.origin, Referer: `${site.origin}/creator`, Cookie: cookie },
      body: encodeLeadPost({ name: 'Nisha Das', mobile: '9876500001' }, 'inline'),
    });
    expect(lead.status).toBe(202);

    const { cookie: session } = await signIn();
    type Answer = {
      experiments: {
        id: string;
        readout: { variants: { name: string; visitors: number; conversions: number }[] } | null;
      }[];
    };
    const read = async () =>
      (await (await api(OWNER_ROUTES.experiments, { headers: { Cookie: session } })).json()) as Answer;
    await expect
      .poll(async () =>
        (await read()).experiments
          .find((e) => e.id === 'creator-headline')
          ?.readout?.variants.reduce((sum, v) => sum + v.visitors, 0),
      )
      .toBe(12);
    const owner = await read();
    const printed = (await experimentsReport(site.persistTo)) as Answer;
    // The same readout, the Worker's and Node's; a fraction computed by each engine's own Math (the sample-ratio
    // check's p-value) may differ in its last binary digit, and is compared to 12 significant digits.
    expect(sameDigits(owner.experiments.map((e) => [e.id, e.readout]))).toEqual(
      sameDigits(printed.experiments.map((e) => [e.id, e.readout])),
    );
    const readout = owner.experiments.find((e) => e.id === 'creator-headline')!.readout!;
    expect(readout.variants.reduce((sum, v) => sum + v.conversions, 0)).toBe(1);
  });
});
