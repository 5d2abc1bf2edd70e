/**
 * The CMS sign-in (/api/cms-auth) on the reference host's runtime (scripts/host.mjs), against a fake GitHub on
 * 127.0.0.1 (./fake-github.ts): a window opens the sign-in popup and answers the Decap handshake as the CMS admin does,
 * and gets the token only when it is a window of the site's own origin. The state is signed, expires, and is used up
 * in the runtime's D1 (emulated): a replayed, expired, forged or planted one is refused before GitHub is asked. The
 * browser tests' own host (playwright.config.ts, started without .dev.vars) is a site without the OAuth app's
 * settings; a tiny server plays a page of another origin.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { get, startHost, WRANGLER_ENV } from '../../scripts/host.mjs';
import { issueState, stateKey } from '../../worker/cms-auth/rules';
import { startFakeGithub, type FakeGithub } from '../fakes/fake-github';

const CLIENT_ID = 'e2e-client-id-5d1b';
const CLIENT_SECRET = 'e2e-client-secret-8c4f2a91e07d';
const CODE = 'e2e-code-73a0';
const TOKEN = 'gho_e2eToken0123456789';
const AUTH_PATH = '/api/cms-auth?provider=github&site_id=127.0.0.1&scope=repo';
/** A state: 64 hex digits of nonce, the expiry in seconds since the epoch, and its HMAC in base64url. */
const STATE_SHAPE = /^[0-9a-f]{64}\.\d{10}\.[A-Za-z0-9_-]{43}$/;
/** The issue's rule: a sign-in must come back from GitHub within 10 minutes. */
const TEN_MINUTES_S = 600;
const run = promisify(execFile);

type Host = Awaited<ReturnType<typeof startHost>>;

// With E2E_PORT set (playwright.config.ts), everything this file starts listens next to it; otherwise on free ports.
const base = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 10 : 0;
const portAt = (offset: number) => (base ? base + offset : undefined);

// One set of servers for the file; its tests run in order, in one worker.
test.describe.configure({ mode: 'default' });

let github: FakeGithub;
let host: Host;
let foreign: { server: Server; origin: string };

/** A page of another origin: any HTML, from a server of its own. */
async function startForeignSite(port = 0): Promise<{ server: Server; origin: string }> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Another site</title><h1>Another site</h1>');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  github = await startFakeGithub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, code: CODE, token: TOKEN });
  foreign = await startForeignSite(portAt(2));
  host = await startHost({
    dir: 'dist',
    port: portAt(0),
    bindings: { GITHUB_CLIENT_ID: CLIENT_ID, GITHUB_CLIENT_SECRET: CLIENT_SECRET, GITHUB_ORIGIN: github.origin },
  });
});

test.afterAll(async () => {
  await Promise.all([host?.stop(), github?.close()]);
  await new Promise((resolve) => foreign?.server.close(resolve));
});

test.beforeEach(() => github.reset());

interface Received {
  origin: string;
  data: unknown;
}

/**
 * Makes `page` the CMS admin: it opens the sign-in popup at `authUrl` and answers `authorizing:github` as Sveltia CMS
 * does (to the popup, on the origin the message came from), keeping every message it receives in `window.received`.
 * `trusting` plays a hostile opener instead: it answers from whatever origin the message came, and says
 * `authorizing:github` to the popup on any origin itself.
 */
async function openSignIn(page: Page, authUrl: string, { trusting = false } = {}) {
  const popup = page.waitForEvent('popup');
  await page.evaluate(
    ({ authUrl, trusting }) => {
      const received: { origin: string; data: unknown }[] = [];
      Object.assign(window, { received });
      const authOrigin = new URL(authUrl).origin;
      const child = window.open(authUrl, 'auth', 'width=600,height=800');
      window.addEventListener('message', ({ origin, data }) => {
        received.push({ origin, data });
        if (!trusting && origin !== authOrigin) return;
        if (data === 'authorizing:github') child?.postMessage(data, origin);
      });
      if (trusting) Object.assign(window, { poke: () => child?.postMessage('authorizing:github', '*') });
    },
    { authUrl, trusting },
  );
  return popup;
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);

/** Waits for the admin window to receive Decap's `authorization:github:…` answer, and returns it. */
async function authorization(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() =>
    (window as unknown as { received: Received[] }).received
      .map((m) => m.data)
      .find((data) => typeof data === 'string' && data.startsWith('authorization:github:')),
  );
  return (await handle.jsonValue()) as string;
}

/** Every response the context receives from now on: URL, status, headers and body, as text. */
function recordResponses(context: BrowserContext) {
  const seen: Promise<string>[] = [];
  context.on('response', (response) =>
    seen.push(
      (async () => {
        const headers = Object.entries(await response.allHeaders())
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n');
        const body = await response.text().catch(() => '');
        return `${response.status()} ${response.url()}\n${headers}\n\n${body}`;
      })(),
    ),
  );
  return () => Promise.all(seen);
}

/**
 * Every page of the site is served with `Cross-Origin-Opener-Policy: same-origin` (_headers), which cuts a popup off
 * from its opener as soon as it visits another origin (GitHub); the admin at /cms/ is served with
 * `same-origin-allow-popups`, so its sign-in window can hand the token back.
 */
async function openSitePage(page: Page, path: string, coop: string) {
  const response = await page.goto(`${host.origin}${path}`);
  expect(response?.headers()['cross-origin-opener-policy']).toBe(coop);
}

test('a window of the site signs in: the popup goes to GitHub and back, and hands the token over the handshake', async ({
  page,
  context,
}) => {
  const responses = recordResponses(context);
  await openSitePage(page, '/cms/', 'same-origin-allow-popups');
  const popup = await openSignIn(page, `${host.origin}${AUTH_PATH}`);
  const message = await authorization(page);
  expect(message).toBe(`authorization:github:success:${JSON.stringify({ token: TOKEN, provider: 'github' })}`);
  // The popup spoke first, from the site's origin; the token came from it too.
  const messages = await received(page);
  expect(messages[0]).toEqual({ origin: host.origin, data: 'authorizing:github' });
  expect(messages.every((m) => m.origin === host.origin)).toBe(true);

  // GitHub was asked for the scope and the callback on the site, and the code was traded with the app's credentials.
  const [authorize] = github.requests;
  expect(authorize?.query).toMatchObject({
    client_id: CLIENT_ID,
    scope: 'repo',
    redirect_uri: `${host.origin}/api/cms-auth/callback`,
  });
  const state = authorize?.query.state ?? '';
  expect(state).toMatch(STATE_SHAPE);
  // It expires 10 minutes after the sign-in started (a second's leeway for the test's own steps).
  const expiresIn = Number(state.split('.')[1]) - Date.now() / 1000;
  expect(expiresIn).toBeGreaterThan(TEN_MINUTES_S - 30);
  expect(expiresIn).toBeLessThanOrEqual(TEN_MINUTES_S + 1);
  expect(github.tokenRequests()).toHaveLength(1);
  expect(github.tokenRequests()[0]?.headers.accept).toBe('application/json');
  expect(github.tokenRequests()[0]?.form).toEqual({
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    code: CODE,
    redirect_uri: `${host.origin}/api/cms-auth/callback`,
  });

  // The state cookie (HttpOnly, Lax, only for the sign-in routes; on http neither Secure nor __Host-) held the state
  // GitHub was sent, and is now cleared.
  const all = await responses();
  const redirect = all.find((r) => r.startsWith(`302 ${host.origin}/api/cms-auth?`));
  expect(redirect).toContain(
    `set-cookie: cms_auth_state=${state}; Max-Age=${TEN_MINUTES_S}; Path=/api/cms-auth; HttpOnly; SameSite=Lax\n`,
  );
  const callback = all.find((r) => r.startsWith(`200 ${host.origin}/api/cms-auth/callback?`));
  expect(callback).toMatch(/set-cookie: cms_auth_state=; Max-Age=0/);
  expect(callback).toMatch(/content-security-policy: default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'/);
  expect(callback).toContain('cache-control: no-store');
  // The Worker's security headers are added around the page's own.
  expect(callback).toContain('strict-transport-security: max-age=63072000; includeSubDomains');
  expect(callback).toContain('x-frame-options: DENY');
  expect(await context.cookies(host.origin)).toEqual([]);
  await popup.close();
});

test("from a page with the site's default COOP (same-origin) the popup loses its opener: only the admin allows popups", async ({
  page,
}) => {
  await openSitePage(page, '/', 'same-origin');
  const child = await openSignIn(page, `${host.origin}${AUTH_PATH}`);
  await child.waitForURL(/\/api\/cms-auth\/callback\?/);
  await child.waitForLoadState('load');
  expect(await child.evaluate(() => window.opener)).toBeNull();
  await child.close();
});

/** A sign-in started with plain requests (no cookie jar adds anything back): its state and its cookie. */
async function startSignIn(): Promise<{ state: string; cookie: string }> {
  const start = await get(`${host.origin}${AUTH_PATH}`);
  expect(start.status).toBe(302);
  const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
  expect(state).toMatch(STATE_SHAPE);
  return { state, cookie: `cms_auth_state=${state}` };
}

/** GitHub sending the browser back with the code, `state` in the query and `cookie` as the browser holds it. */
function callback(state: string | null, cookie: string | null) {
  const query = state === null ? `code=${CODE}` : `code=${CODE}&state=${state}`;
  return get(`${host.origin}/api/cms-auth/callback?${query}`, cookie === null ? {} : { Cookie: cookie });
}

/** The refusal of a state: 400, the CSRF_DETECTED page, no token, the cookie left alone. */
function expectRefused(response: Awaited<ReturnType<typeof get>>, what: string) {
  expect(response.status, what).toBe(400);
  expect(response.headers['set-cookie'], what).toBeUndefined();
  const html = response.body.toString('utf8');
  expect(html, what).toContain('Sign-in failed');
  expect(html, what).toContain('not started in this browser');
  expect(html, what).toContain('CSRF_DETECTED');
  expect(html, what).not.toContain(TOKEN);
}

/** The rows of the runtime's ledger of used nonces (its D1, emulated in the host's state folder). */
async function usedNonces(): Promise<{ nonce: string; expires_at: number }[]> {
  const { stdout } = await run(
    'node_modules/.bin/wrangler',
    [
      'd1',
      'execute',
      'LEADS_DB',
      '--local',
      '--persist-to',
      host.persistTo,
      '--json',
      '-c',
      'wrangler.jsonc',
      '--command',
      'SELECT nonce, expires_at FROM used_nonces ORDER BY nonce',
    ],
    { env: { ...process.env, ...WRANGLER_ENV } },
  );
  return JSON.parse(stdout)[0].results;
}

test('a callback whose state is missing, foreign, planted, forged or tampered with is refused (400) before GitHub is asked', async () => {
  const mine = await startSignIn();
  const other = await startSignIn();
  // Signed with another key: a state from an old client secret, or one an attacker made up.
  const forged = await issueState(await stateKey('not-the-client-secret'), new Uint8Array(32).fill(7), Date.now());
  // The expiry moved an hour later: the MAC no longer matches.
  const [nonce, expiry, mac] = mine.state.split('.');
  const stretched = `${nonce}.${Number(expiry) + 3600}.${mac}`;

  for (const [what, state, cookie] of [
    ['no state in the callback', null, mine.cookie],
    ['a state that is not the cookie’s', other.state, mine.cookie],
    ['an empty cookie', mine.state, 'cms_auth_state='],
    ['no cookie', mine.state, null],
    // A cookie planted beside the victim's (from a sibling subdomain, or over http before HSTS): whichever is first.
    ['two cookies, the planted one first', other.state, `${other.cookie}; ${mine.cookie}`],
    ['two cookies, the planted one second', mine.state, `${mine.cookie}; ${other.cookie}`],
    ['a state signed with another key', forged, `cms_auth_state=${forged}`],
    ['a tampered expiry', stretched, `cms_auth_state=${stretched}`],
  ] as const) {
    expectRefused(await callback(state, cookie), what);
  }
  expect(github.tokenRequests()).toHaveLength(0);
  // Nothing refused was used up: both sign-ins can still finish.
  for (const signIn of [mine, other]) expect((await callback(signIn.state, signIn.cookie)).status).toBe(200);
  expect(github.tokenRequests()).toHaveLength(2);
});

test('a state is used once: a replay is refused, and the sweep deletes its nonce once it has expired', async ({
  request,
}) => {
  const { state, cookie } = await startSignIn();
  const first = await callback(state, cookie);
  expect(first.status).toBe(200);
  expect(first.body.toString('utf8')).toContain(TOKEN);
  expectRefused(await callback(state, cookie), 'the same state again');
  expect(github.tokenRequests()).toHaveLength(1);

  // The ledger keeps the nonce until the state has expired (and a little longer, for clocks that differ); the
  // scheduled sweep, run as if at a later time, deletes it after that.
  const [nonce, expiry] = state.split('.');
  const expiresAt = Number(expiry) * 1000;
  const sweepAt = async (time: number) =>
    expect((await request.get(`${host.origin}/cdn-cgi/handler/scheduled?time=${time}`)).status()).toBe(200);
  const row = async () => (await usedNonces()).filter((r) => r.nonce === nonce);
  await sweepAt(expiresAt);
  expect(await row()).toEqual([{ nonce, expires_at: expiresAt }]);
  await sweepAt(expiresAt + 3_600_000);
  expect(await row()).toEqual([]);
});

test('a state signed with the site’s key is refused once 10 minutes have passed, and accepted before', async () => {
  const key = await stateKey(CLIENT_SECRET);
  const random = () => crypto.getRandomValues(new Uint8Array(32));
  // Issued 10 minutes and a second ago: expired a second ago. Issued 9 minutes ago: still good for a minute.
  const expired = await issueState(key, random(), Date.now() - (TEN_MINUTES_S + 1) * 1000);
  const fresh = await issueState(key, random(), Date.now() - (TEN_MINUTES_S - 60) * 1000);
  expectRefused(await callback(expired, `cms_auth_state=${expired}`), 'an expired state');
  expect(github.tokenRequests()).toHaveLength(0);
  expect((await callback(fresh, `cms_auth_state=${fresh}`)).status).toBe(200);
  expect(github.tokenRequests()).toHaveLength(1);
});

test('the client secret is in no response of the flow, nor in the log, even when GitHub repeats it in an error', async ({
  page,
  context,
}) => {
  const responses = recordResponses(context);
  // The runtime's output from here on: its start banner lists the local bindings, the secret among them.
  const logFrom = host.output().length;
  for (const mode of ['ok', 'error'] as const) {
    github.answer(mode);
    await openSitePage(page, '/cms/', 'same-origin-allow-popups');
    const popup = await openSignIn(page, `${host.origin}${AUTH_PATH}`);
    const message = await authorization(page);
    expect(message).toMatch(mode === 'ok' ? /^authorization:github:success:/ : /^authorization:github:error:/);
    if (mode === 'error') {
      expect(JSON.parse(message.replace('authorization:github:error:', ''))).toMatchObject({
        provider: 'github',
        errorCode: 'TOKEN_REQUEST_FAILED',
        error: expect.stringContaining('credentials'),
      });
    }
    await popup.close();
  }
  const all = await responses();
  expect(all.filter((r) => r.includes('/api/cms-auth'))).not.toHaveLength(0);
  for (const response of all) expect(response).not.toContain(CLIENT_SECRET);
  // The Worker's log lines of these sign-ins are in the runtime's output, without the secret.
  const log = host.output().slice(logFrom);
  expect(log).toContain('"source":"cms-auth"');
  expect(log).toContain('token-failed');
  expect(log).not.toContain(CLIENT_SECRET);
});

test('a window of another origin that opens the sign-in receives nothing, whatever it answers', async ({ page }) => {
  await page.goto(`${foreign.origin}/`);
  const popup = await openSignIn(page, `${host.origin}${AUTH_PATH}`, { trusting: true });
  const child = popup;
  // The flow itself completes (the popup is on the site, with its cookie): only the handshake keeps the token home.
  await child.waitForURL(/\/api\/cms-auth\/callback\?/);
  await child.waitForLoadState('load');
  await expect.poll(() => github.tokenRequests().length).toBe(1);
  expect(await child.evaluate(() => window.opener !== null)).toBe(true);
  // It says authorizing:github to the popup on any origin; the popup only listens to its own.
  await page.evaluate(() => (window as unknown as { poke: () => void }).poke());
  // A last message from the popup: whatever the popup sent before it has arrived once this one has.
  await child.evaluate(() => window.opener.postMessage('flushed', '*'));
  await page.waitForFunction(() =>
    (window as unknown as { received: Received[] }).received.some((m) => m.data === 'flushed'),
  );
  expect(await received(page)).toEqual([{ origin: host.origin, data: 'flushed' }]);
});

test('without the OAuth app, both routes answer 503 "sign-in is not configured"; other /api/ paths answer as before', async ({
  request,
}) => {
  for (const path of [AUTH_PATH, `/api/cms-auth/callback?code=${CODE}&state=${'ab'.repeat(32)}`]) {
    // The browser tests' host (baseURL): no GITHUB_CLIENT_ID, no GITHUB_CLIENT_SECRET.
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(503);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('Sign-in is not configured');
    expect(html).toContain('MISCONFIGURED_CLIENT');
  }
  expect(github.requests).toHaveLength(0);

  // Only GET; every other /api/ path is the Worker's 404, as before.
  const post = await request.post(`${host.origin}/api/cms-auth`, { maxRedirects: 0 });
  expect(post.status()).toBe(405);
  expect(post.headers()['allow']).toBe('GET');
  for (const path of ['/api/cms-auth/', '/api/cms-auth/other', '/api/nothing']) {
    const response = await request.get(`${host.origin}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.json()).toEqual({ error: 'not found' });
  }
  // The runtime still serves after all of it.
  expect((await request.get('/404')).status()).toBe(200);
});
