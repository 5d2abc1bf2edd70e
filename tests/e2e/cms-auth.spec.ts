/**
 * The CMS sign-in (/api/cms-auth) in Chromium on the reference host's runtime (scripts/host.mjs), against a fake GitHub
 * on 127.0.0.1 (../fakes/fake-github.ts): a window opens the sign-in popup and answers the Decap handshake as the CMS
 * admin does, and gets the token only when it is a window of the site's own origin; the opener policy of the page it
 * opens from decides whether the popup can hand it back. A tiny server plays a page of another origin. The requests
 * themselves (the redirect, the signed state and its cookie, the code traded for a token, every refused state, the
 * ledger of used nonces, no secret in any answer or log) are tests/worker/cms-auth.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startHost } from '../../scripts/host.mjs';
import { startFakeGithub, type FakeGithub } from '../fakes/fake-github';

const CLIENT_ID = 'e2e-client-id-5d1b';
const CLIENT_SECRET = 'e2e-client-secret-8c4f2a91e07d';
const CODE = 'e2e-code-73a0';
const TOKEN = 'gho_e2eToken0123456789';
const AUTH_PATH = '/api/cms-auth?provider=github&site_id=127.0.0.1&scope=repo';

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
  await openSitePage(page, '/cms/', 'same-origin-allow-popups');
  const popup = await openSignIn(page, `${host.origin}${AUTH_PATH}`);
  const message = await authorization(page);
  expect(message).toBe(`authorization:github:success:${JSON.stringify({ token: TOKEN, provider: 'github' })}`);
  // The popup spoke first, from the site's origin; the token came from it too.
  const messages = await received(page);
  expect(messages[0]).toEqual({ origin: host.origin, data: 'authorizing:github' });
  expect(messages.every((m) => m.origin === host.origin)).toBe(true);
  // The code was traded once; the browser keeps no cookie of the sign-in.
  expect(github.tokenRequests()).toHaveLength(1);
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
