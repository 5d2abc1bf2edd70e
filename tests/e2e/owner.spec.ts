/**
 * The owner's page (/owner/) in Chromium on the reference host's runtime (scripts/host.mjs) serving the test build,
 * against a fake GitHub (../fakes/fake-github.ts) on 127.0.0.1 for the sign-in. The runtime starts with an empty D1:
 * the leads it holds are written into it directly, as the intake, the delivery and the clock would have left them, and
 * the visits are this file's own. What the owner's API answers, and that those states are what the lead path leaves,
 * is tests/worker/owner.test.ts; here, what the page shows of it. The test build runs one experiment, creator-headline
 * on /creator (tests/fixtures/experiments).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { execute } from '../../scripts/d1.mjs';
import { startHost } from '../../scripts/host.mjs';
import { encodeLeadPost, FORM_TYPE, LEAD_ROUTE } from '../../src/lib/leads/wire';
import { OWNER_COOKIE, OWNER_ROUTES, OWNER_SETTINGS_PATH } from '../../src/lib/owner/wire';
import { startFakeGithub, type FakeGithub } from '../fakes/fake-github';

const CLIENT_ID = 'owner-client-id-31c2';
const CLIENT_SECRET = 'owner-client-secret-9e77b1c4d2';
const CODE = 'owner-code-4410';
const TOKEN = 'gho_ownerToken0123456789';
const ZONE = 'Asia/Kolkata';
const REPO = (JSON.parse(readFileSync(`dist-test${OWNER_SETTINGS_PATH}`, 'utf8')) as { repo: string }).repo;
const OWNER = { login: 'site-owner', permissions: { push: true, pull: true } };
const READER = { login: 'site-reader', permissions: { pull: true } };
const HOUR = 3_600_000;

type Host = Awaited<ReturnType<typeof startHost>>;

test.describe.configure({ mode: 'default' });

let host: Host;
let github: FakeGithub;
let state: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  state = mkdtempSync(join(tmpdir(), 'owner-state-'));
  github = await startFakeGithub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, code: CODE, token: TOKEN });
  github.users({ [TOKEN]: OWNER });
  host = await startHost({
    dir: 'dist-test',
    persistTo: state,
    bindings: {
      GITHUB_CLIENT_ID: CLIENT_ID,
      GITHUB_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_ORIGIN: github.origin,
      GITHUB_API_ORIGIN: github.origin,
    },
  });
});

test.afterAll(async () => {
  await Promise.all([host?.stop(), github?.close()]);
  rmSync(state, { recursive: true, force: true });
});

/** The local day (`YYYY-MM-DD` in ZONE) of a time. */
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(ms);

/** A session cookie from the API for `token` (the cookie header to send back). */
async function signIn(token = TOKEN) {
  const response = await fetch(`${host.origin}${OWNER_ROUTES.session}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: host.origin },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

const api = (path: string, init: RequestInit = {}) => fetch(`${host.origin}${path}`, init);

test('the figures per day are what was stored; contacts only on request; "Retry delivery" queues the dead lead again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const now = Date.now();
  const deadAt = now - HOUR;
  const yesterday = now - 24 * HOUR;
  // Three delivered now from three forms and pages, two failing at the CRM (pending), one dead-lettered an hour ago
  // and one delivered yesterday: as the lead path leaves them in the table (tests/worker/owner.test.ts). Two came
  // from (made-up) Hindi pages.
  const rows: [string, string, string, string, 'sent' | 'pending' | 'dead', number, string, 'en' | 'hi'][] = [
    ['lead-1', 'Asha Rao', '9876543210', 'popup', 'sent', now, '/', 'en'],
    ['lead-2', 'Ravi Kumar', '9876543211', 'contact-modal', 'sent', now + 1, '/pricing', 'en'],
    ['lead-3', 'Meera Iyer', '9876543212', 'inline', 'sent', now + 2, '/creator', 'en'],
    ['lead-4', 'Kiran Shah', '9876543213', 'popup', 'pending', now + 3, '/', 'en'],
    ['lead-5', 'Latha Nair', '9876543214', 'inline', 'pending', now + 4, '/hi/yoga', 'hi'],
    ['dead-lead-1', 'Dead Lead', '9876543219', 'popup', 'dead', deadAt, '/hi/yoga', 'hi'],
    ['old-lead-1', 'Old Lead', '9876543218', 'contact-modal', 'sent', yesterday, '/', 'en'],
  ];
  const HINDI = 'Hindi';
  const failed = (leadState: string) => leadState !== 'sent';
  await execute(
    rows.map(
      ([id, name, mobile, form, leadState, at, page, lang]) =>
        `INSERT INTO leads (id, name, mobile, form, state, attempts, created_at, updated_at, next_attempt_at, sent_at,
           last_status, last_error, page, lang) VALUES ('${id}', '${name}', '${mobile}', '${form}', '${leadState}',
           ${leadState === 'dead' ? 10 : 1}, ${at}, ${at}, ${leadState === 'pending' ? at + HOUR : at},
           ${leadState === 'sent' ? at : 'NULL'}, ${failed(leadState) ? 500 : 200},
           ${failed(leadState) ? "'CRM answered 500'" : 'NULL'}, '${page}', '${lang}')`,
    ),
    { remote: false, persistTo: state },
  );
  /** What was stored, per local day: received, delivered, waiting, failed. */
  const stored = new Map<string, [number, number, number, number]>();
  for (const [, , , , leadState, at] of rows) {
    const totals = stored.get(dayOf(at)) ?? [0, 0, 0, 0];
    totals[0] += 1;
    totals[leadState === 'sent' ? 1 : leadState === 'pending' ? 2 : 3] += 1;
    stored.set(dayOf(at), totals);
  }

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

  // The daily table: the last row is today, in the browser's zone; each day's row is what was stored on it.
  const leads = main.getByRole('region', { name: 'Leads' });
  await leads.getByText('Show as table').first().click();
  const daily = leads.getByRole('table', { name: 'Leads received per day, last 30 days' });
  const dayRows = daily.getByRole('row');
  await expect(dayRows).toHaveCount(31);
  const today = dayOf(now);
  const daysBack = (day: string) => Math.round((Date.parse(today) - Date.parse(day)) / (24 * HOUR));
  for (let back = 0; back < 30; back += 1) {
    const day = dayOf(now - back * 24 * HOUR);
    const expected = (stored.get(day) ?? [0, 0, 0, 0]).map(String);
    const cells = await dayRows
      .nth(30 - daysBack(day))
      .getByRole('cell')
      .allTextContents();
    expect(cells, day).toEqual(expected);
  }
  const byForm = leads.getByRole('table', { name: 'Leads per form, last 30 days' });
  await leads.getByText('Show as table').nth(1).click();
  await expect(byForm.getByRole('row')).toHaveCount(4);
  // Per language: the stored rows counted here, by language and state.
  const byLanguage = leads.getByRole('table', {
    name: 'Leads per language of the page they were sent from, last 30 days',
  });
  await leads.getByText('Show as table').nth(3).click();
  const perLanguage = (lang: string) => {
    const of = rows.filter((row) => row[7] === lang).map((row) => row[4]);
    const n = (state: string) => String(of.filter((s) => s === state).length);
    return [String(of.length), n('sent'), n('pending'), n('dead')];
  };
  for (const [name, lang] of [
    ['English', 'en'],
    [HINDI, 'hi'],
  ] as const) {
    const row = byLanguage.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    expect(await row.getByRole('cell').allTextContents(), name).toEqual(perLanguage(lang));
  }

  // Contacts: hidden until asked for one day.
  expect(await page.content()).not.toContain('9876543210');
  await main.getByLabel('Day', { exact: true }).selectOption(dayOf(now));
  await main.getByRole('button', { name: 'Show contacts' }).click();
  const contacts = main.getByRole('table', { name: /^Contacts received on / });
  await expect(contacts).toContainText('Asha Rao');
  await expect(contacts).toContainText('9876543210');
  // Each contact with the language of its page.
  const latha = contacts.getByRole('row').filter({ hasText: 'Latha Nair' });
  await expect(latha.getByRole('cell').last()).toHaveText(HINDI);
  await expect(contacts.getByRole('row').filter({ hasText: 'Asha Rao' }).getByRole('cell').last()).toHaveText(
    'English',
  );

  // Retry: the dead lead is queued again, and no failed delivery is left to show.
  const failures = main.getByRole('region', { name: 'Failed deliveries' });
  await expect(failures.getByRole('listitem')).toContainText(`Language${HINDI}`);
  await failures.getByRole('button', { name: 'Retry delivery of this lead' }).click();
  await expect(page.getByRole('status')).toHaveText('1 lead was queued for delivery again.');
  await expect(failures).toContainText('None: every lead was delivered');

  await checkPage(page);
  expect(errors).toEqual([]);
});

test("the experiments' numbers are the API's readout, per version", async ({ browser }) => {
  test.setTimeout(120_000);
  // Visitors of /creator, and a lead from one of them.
  let cookie = '';
  for (let i = 0; i < 12; i += 1) {
    const response = await api('/creator', { headers: { 'User-Agent': 'Mozilla/5.0 Chrome/126.0' } });
    cookie = response.headers.get('Set-Cookie')?.split(';')[0] ?? cookie;
    await response.text();
  }
  const lead = await api(LEAD_ROUTE, {
    method: 'POST',
    headers: { 'Content-Type': FORM_TYPE, Origin: host.origin, Referer: `${host.origin}/creator`, Cookie: cookie },
    body: encodeLeadPost({ name: 'Nisha Das', mobile: '9876500001' }, 'inline'),
  });
  expect(lead.status).toBe(202);

  // The readout the API answers (the same as npm run experiments prints: tests/worker/owner.test.ts).
  const session = await signIn();
  type Answer = {
    experiments: {
      id: string;
      readout: { variants: { name: string; visitors: number; conversions: number }[] } | null;
    }[];
  };
  const read = async () =>
    ((await (await api(OWNER_ROUTES.experiments, { headers: { Cookie: session } })).json()) as Answer).experiments.find(
      (e) => e.id === 'creator-headline',
    )?.readout;
  await expect
    .poll(async () => {
      const readout = await read();
      return [
        readout?.variants.reduce((sum, v) => sum + v.visitors, 0),
        readout?.variants.reduce((sum, v) => sum + v.conversions, 0),
      ];
    })
    .toEqual([12, 1]);
  const readout = (await read())!;

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

  // The session cookie the browser holds; "Sign out" ends that session at the Worker (DELETE, answered 204), after
  // which the Worker refuses any copy of it (tests/worker/owner.test.ts).
  const held = (await context.cookies()).find((c) => c.name === OWNER_COOKIE);
  expect(held?.value).toBeTruthy();
  const signOut = page.waitForResponse(
    (response) => new URL(response.url()).pathname === OWNER_ROUTES.session && response.request().method() === 'DELETE',
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  const ended = await signOut;
  expect(ended.status()).toBe(204);
  expect((await ended.request().allHeaders())['cookie']).toContain(`${OWNER_COOKIE}=${held!.value}`);
  await expect(page.getByRole('heading', { level: 1, name: "Sign in to your owner's page" })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.filter((c) => c.name.includes('owner'))).toEqual([]);
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
