/**
 * The owner's page (/owner/) and its API (/api/owner/*) on the reference host's runtime (scripts/host.mjs) serving the
 * test build, against a fake GitHub (./fake-github.ts) and a fake CRM (./fake-crm.ts) on 127.0.0.1. The runtime starts
 * with an empty D1: the leads and visits it holds are the ones this file sends (a dead-lettered lead and one of
 * yesterday are written into D1 directly, as the delivery and the clock would have left them). The test build runs
 * one experiment, creator-headline on /creator (tests/fixtures/experiments).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { execute } from '../../scripts/d1.mjs';
import { startHost } from '../../scripts/host.mjs';
import { encodeLeadPost, FORM_TYPE, LEAD_ROUTE } from '../../src/lib/leads/wire';
import { OWNER_COOKIE, OWNER_CSRF_HEADER, OWNER_ROUTES, OWNER_SETTINGS_PATH } from '../../src/lib/owner/wire';
import { CSRF_BYTES, issueSession, SESSION_ID_BYTES, sessionKey } from '../../worker/owner/session';
import { startFakeCrm, type FakeCrm } from '../fakes/fake-crm';
import { startFakeGithub, type FakeGithub } from '../fakes/fake-github';

const run = promisify(execFile);
const CLIENT_ID = 'owner-client-id-31c2';
const CLIENT_SECRET = 'owner-client-secret-9e77b1c4d2';
const CODE = 'owner-code-4410';
const TOKEN = 'gho_ownerToken0123456789';
const CRM_TOKEN = 'owner-crm-token';
const ZONE = 'Asia/Kolkata';
const REPO = (JSON.parse(readFileSync(`dist-test${OWNER_SETTINGS_PATH}`, 'utf8')) as { repo: string }).repo;
const OWNER = { login: 'site-owner', permissions: { push: true, pull: true } };
const READER = { login: 'site-reader', permissions: { pull: true } };
const HOUR = 3_600_000;

type Host = Awaited<ReturnType<typeof startHost>>;

test.describe.configure({ mode: 'default' });

let host: Host;
let github: FakeGithub;
let crm: FakeCrm;
let state: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  state = mkdtempSync(join(tmpdir(), 'owner-state-'));
  github = await startFakeGithub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, code: CODE, token: TOKEN });
  github.users({ [TOKEN]: OWNER });
  crm = await startFakeCrm();
  host = await startHost({
    dir: 'dist-test',
    persistTo: state,
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

test.afterAll(async () => {
  await Promise.all([host?.stop(), github?.close(), crm?.close()]);
  rmSync(state, { recursive: true, force: true });
});

/** Runs one statement on the runtime's D1: its rows. */
async function sql(statement: string): Promise<Record<string, unknown>[]> {
  const [rows = []] = await execute([statement], { remote: false, persistTo: state });
  return rows;
}

/** The local day (`YYYY-MM-DD` in ZONE) of a time. */
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(ms);

/** A session cookie from the API for `token` (the cookie header to send back), and the session. */
async function signIn(token = TOKEN) {
  const response = await fetch(`${host.origin}${OWNER_ROUTES.session}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: host.origin },
    body: JSON.stringify({ token }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return { response, cookie, body: (await response.json()) as { csrf: string; error?: string; message?: string } };
}

const api = (path: string, init: RequestInit = {}) => fetch(`${host.origin}${path}`, init);

/** Sends a lead through the site's route, as a form of `page` does. */
async function sendLead(name: string, mobile: string, form: 'popup' | 'contact-modal' | 'inline', page: string) {
  const response = await api(LEAD_ROUTE, {
    method: 'POST',
    headers: { 'Content-Type': FORM_TYPE, Origin: host.origin, Referer: `${host.origin}${page}` },
    body: encodeLeadPost({ name, mobile }, form),
  });
  expect(response.status).toBe(202);
}

/** What the test sent, per local day: received, delivered, waiting, failed. */
const sent = new Map<string, [number, number, number, number]>();
const count = (at: number, state: 'sent' | 'pending' | 'dead') => {
  const totals = sent.get(dayOf(at)) ?? [0, 0, 0, 0];
  totals[0] += 1;
  totals[state === 'sent' ? 1 : state === 'pending' ? 2 : 3] += 1;
  sent.set(dayOf(at), totals);
};

test('the API answers nobody without a session from a collaborator: 401, 403, and a forged or expired cookie is no session', async () => {
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
    nowMs: Date.now() - 2 * HOUR,
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

test('the figures per day are what was sent; contacts only on request, logged without them; "Retry delivery" delivers the dead lead once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const now = Date.now();
  // Delivered: three leads from three forms and pages.
  crm.answer('ok');
  await sendLead('Asha Rao', '9876543210', 'popup', '/');
  await sendLead('Ravi Kumar', '9876543211', 'contact-modal', '/pricing');
  await sendLead('Meera Iyer', '9876543212', 'inline', '/creator');
  await expect.poll(() => crm.requests.length, { timeout: 30_000 }).toBe(3);
  // Failing at the CRM: still pending.
  crm.answer('error');
  await sendLead('Kiran Shah', '9876543213', 'popup', '/');
  await sendLead('Latha Nair', '9876543214', 'inline', '/yoga');
  await expect.poll(() => crm.requests.length, { timeout: 30_000 }).toBe(5);
  for (let i = 0; i < 5; i += 1) count(now, i < 3 ? 'sent' : 'pending');
  // Dead-lettered an hour ago, and delivered yesterday: as the delivery and the sweep leave them in the table.
  const deadAt = now - HOUR;
  const yesterday = now - 24 * HOUR;
  await sql(
    `INSERT INTO leads (id, name, mobile, form, state, attempts, created_at, updated_at, next_attempt_at, last_status,
       last_error, page) VALUES ('dead-lead-1', 'Dead Lead', '9876543219', 'popup', 'dead', 10, ${deadAt}, ${deadAt},
       ${deadAt}, 500, 'CRM answered 500', '/yoga')`,
  );
  await sql(
    `INSERT INTO leads (id, name, mobile, form, state, attempts, created_at, updated_at, next_attempt_at, sent_at,
       last_status, page) VALUES ('old-lead-1', 'Old Lead', '9876543218', 'contact-modal', 'sent', 1, ${yesterday},
       ${yesterday}, ${yesterday}, ${yesterday}, 200, '/')`,
  );
  count(deadAt, 'dead');
  count(yesterday, 'sent');

  const { page, errors } = await ownerPage(browser);
  await signInOnPage(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Leads and experiments' })).toBeVisible();
  const glance = main.getByRole('region', { name: 'At a glance' });
  // Each card: its label, its number, its note.
  const card = (label: string, value: number) =>
    expect(glance.getByRole('listitem').filter({ hasText: new RegExp(`^${label}`) })).toHaveText(
      new RegExp(`^${label}${value}\\D`),
    );
  await card('Received', 7);
  await card('Delivered', 4);
  await card('Waiting', 2);
  await card('Failed', 1);
  await expect(glance).toContainText('answer 500: CRM answered 500');

  // The daily table: the last row is today, in the browser's zone; each day's row is what was sent on it.
  const leads = main.getByRole('region', { name: 'Leads' });
  await leads.getByText('Show as table').first().click();
  const daily = leads.getByRole('table', { name: 'Leads received per day, last 30 days' });
  const rows = daily.getByRole('row');
  await expect(rows).toHaveCount(31);
  const today = dayOf(now);
  const daysBack = (day: string) => Math.round((Date.parse(today) - Date.parse(day)) / (24 * HOUR));
  for (let back = 0; back < 30; back += 1) {
    const day = dayOf(now - back * 24 * HOUR);
    const expected = (sent.get(day) ?? [0, 0, 0, 0]).map(String);
    const cells = await rows
      .nth(30 - daysBack(day))
      .getByRole('cell')
      .allTextContents();
    expect(cells, day).toEqual(expected);
  }
  const byForm = leads.getByRole('table', { name: 'Leads per form, last 30 days' });
  await leads.getByText('Show as table').nth(1).click();
  await expect(byForm.getByRole('row')).toHaveCount(4);

  // Contacts: hidden until asked for one day; the request is logged without them.
  expect(await page.content()).not.toContain('9876543210');
  await main.getByLabel('Day', { exact: true }).selectOption(dayOf(now));
  await main.getByRole('button', { name: 'Show contacts' }).click();
  const contacts = main.getByRole('table', { name: /^Contacts received on / });
  await expect(contacts).toContainText('Asha Rao');
  await expect(contacts).toContainText('9876543210');
  await expect.poll(() => host.output()).toContain('owner-contacts');
  expect(host.output()).not.toContain('Asha Rao');
  expect(host.output()).not.toContain('9876543210');

  // Retry: the CRM works again, the dead lead goes to it once.
  crm.reset();
  const failures = main.getByRole('region', { name: 'Failed deliveries' });
  await failures.getByRole('button', { name: 'Retry delivery of this lead' }).click();
  await expect(page.getByRole('status')).toHaveText('1 lead was queued for delivery again.');
  await expect.poll(() => crm.requests.filter((r) => r.form.name === 'Dead Lead').length, { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await sql("SELECT state FROM leads WHERE id = 'dead-lead-1'"))[0]!.state).toBe('sent');
  await expect(failures).toContainText('None: every lead was delivered');
  await page.waitForTimeout(2000);
  expect(crm.requests.filter((r) => r.form.name === 'Dead Lead')).toHaveLength(1);

  await checkPage(page);
  expect(errors).toEqual([]);
});

test("the experiments' numbers are the readout's: the same as npm run experiments prints", async ({ browser }) => {
  test.setTimeout(120_000);
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
    headers: { 'Content-Type': FORM_TYPE, Origin: host.origin, Referer: `${host.origin}/creator`, Cookie: cookie },
    body: encodeLeadPost({ name: 'Nisha Das', mobile: '9876500001' }, 'inline'),
  });
  expect(lead.status).toBe(202);

  const { cookie: session } = await signIn();
  await expect
    .poll(async () => {
      const answer = (await (await api(OWNER_ROUTES.experiments, { headers: { Cookie: session } })).json()) as {
        experiments: { id: string; readout: { variants: { visitors: number }[] } | null }[];
      };
      const creator = answer.experiments.find((e) => e.id === 'creator-headline');
      return creator?.readout?.variants.reduce((sum, v) => sum + v.visitors, 0);
    })
    .toBe(12);
  const owner = (await (await api(OWNER_ROUTES.experiments, { headers: { Cookie: session } })).json()) as {
    experiments: { id: string; readout: { variants: { name: string; visitors: number; conversions: number }[] } }[];
  };
  const { stdout } = await run('node', [
    'scripts/experiments.mjs',
    '--persist-to',
    state,
    '--experiments',
    'tests/fixtures/experiments',
    '--json',
  ]);
  const printed = JSON.parse(stdout) as typeof owner;
  expect(owner.experiments.map((e) => [e.id, e.readout])).toEqual(printed.experiments.map((e) => [e.id, e.readout]));
  const readout = owner.experiments.find((e) => e.id === 'creator-headline')!.readout;
  expect(readout.variants.reduce((sum, v) => sum + v.conversions, 0)).toBe(1);

  // The page shows them.
  const { page, errors } = await ownerPage(browser);
  await signInOnPage(page);
  const table = page.getByRole('table', { name: 'creator-headline: visitors and conversions per version' });
  for (const variant of readout.variants) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: variant.name }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(String(variant.visitors));
    await expect(row.getByRole('cell').nth(2)).toHaveText(String(variant.conversions));
  }
  await checkPage(page);
  expect(errors).toEqual([]);
});

test('a user without write access is told why, by name, and sees no figures; signed out, the page asks nothing of the API', async ({
  browser,
}) => {
  const { page, errors, requests } = await ownerPage(browser);
  await expect(page.getByRole('heading', { level: 1, name: "Sign in to your owner's page" })).toBeVisible();
  expect(requests.filter((url) => url.includes('/api/owner'))).toEqual([]);
  await checkPage(page);

  github.users({ [TOKEN]: READER });
  try {
    await signInOnPage(page, 'This GitHub account has no access');
    // The API's answer to this user is 403, as it must be, and Chromium reports every refused request as an error.
    const refused = errors.splice(0).filter((text) => !/status of 403 \(Forbidden\)/.test(text));
    expect(refused).toEqual([]);
    await expect(page.getByRole('main')).toContainText(`${READER.login}`);
    await expect(page.getByRole('main')).toContainText(REPO);
    // The sign-out page of the GitHub the runtime is set to (GITHUB_ORIGIN), as for a GitHub Enterprise server.
    await expect(page.getByRole('link', { name: 'Sign out of GitHub (opens a new tab)' })).toHaveAttribute(
      'href',
      `${github.origin}/logout`,
    );
    await expect(page.getByRole('region', { name: 'At a glance' })).toHaveCount(0);
    await checkPage(page);
  } finally {
    github.users({ [TOKEN]: OWNER });
  }
  expect(errors).toEqual([]);
});

test('signed in, the page works from the keyboard, fits 320 px, and "Sign out" ends the session', async ({
  browser,
}) => {
  const { page, errors, context } = await ownerPage(browser, 320);
  // Sign in from the keyboard: the button is reached by Tab and pressed with Enter.
  const button = page.getByRole('button', { name: 'Sign in with GitHub' });
  await expect(button).toBeVisible();
  for (let tab = 0; tab < 10 && !(await button.evaluate((el) => el === document.activeElement)); tab += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(button).toBeFocused();
  const popup = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  await (await popup).waitForEvent('close');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads and experiments' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'At a glance' }).getByRole('listitem').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const refresh = page.getByRole('button', { name: 'Refresh the figures' });
  await refresh.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('The figures are up to date.');
  await checkPage(page);

  // A copy of the session cookie the browser holds, taken before "Sign out": the Worker refuses it after.
  const held = (await context.cookies()).find((c) => c.name === OWNER_COOKIE);
  expect(held?.value).toBeTruthy();
  const copy = `${OWNER_COOKIE}=${held!.value}`;
  expect((await api(OWNER_ROUTES.leads, { headers: { Cookie: copy } })).status).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Sign in to your owner's page" })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.filter((c) => c.name.includes('owner'))).toEqual([]);
  for (const path of [OWNER_ROUTES.session, OWNER_ROUTES.leads, OWNER_ROUTES.experiments]) {
    expect((await api(path, { headers: { Cookie: copy } })).status, path).toBe(401);
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: "Sign in to your owner's page" })).toBeVisible();
  expect(errors).toEqual([]);
});

/** A new context in ZONE showing /owner/, collecting console errors, policy violations and requests. */
async function ownerPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: ZONE });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`policy violation: ${event.violatedDirective}`),
    );
  });
  await page.goto(`${host.origin}/owner/`);
  return { page, context, errors, requests };
}

/** Presses "Sign in with GitHub": the popup goes through the fake GitHub and closes; waits for `heading`. */
async function signInOnPage(page: Page, heading = 'Leads and experiments') {
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
  await (await popup).waitForEvent('close');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** axe finds nothing, and nothing spills sideways. */
async function checkPage(page: Page) {
  await page.waitForLoadState('networkidle');
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
