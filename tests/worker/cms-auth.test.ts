/**
 * The CMS sign-in (/api/cms-auth) on the Workers runtime (./runtime.ts), against a fake GitHub on 127.0.0.1
 * (../fakes/fake-github.ts), request by request as the popup makes them: the redirect to GitHub with a signed state
 * and its cookie, the callback that trades the code for a token and answers the handshake page, and every refusal. The
 * state is signed, expires, and is used up in the runtime's D1: a replayed, expired, forged or planted one is refused
 * before GitHub is asked. The handshake itself (the popup hands the token to the admin window of the site's origin
 * only) is what a browser shows: tests/e2e/cms-auth.spec.ts.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../fakes/fake-github';
import { startRuntime, type Runtime } from './runtime';
import { get } from '../../scripts/host.mjs';
import { issueState, STATE_BYTES, STATE_COOKIE, STATE_MAX_AGE_S, stateKey } from '../../worker/cms-auth/rules';
import { KEEP_AFTER_EXPIRY_MS } from '../../worker/cms-auth/used-nonces';

const CLIENT_ID = 'worker-client-id-5d1b';
const CLIENT_SECRET = 'worker-client-secret-8c4f2a91e07d';
const CODE = 'worker-code-73a0';
const TOKEN = 'gho_workerToken0123456789';
const AUTH_PATH = '/api/cms-auth?provider=github&site_id=127.0.0.1&scope=repo';
/** A state: 64 hex digits of nonce, the expiry in seconds since the epoch, and its HMAC in base64url. */
const STATE_SHAPE = /^[0-9a-f]{64}\.\d{10}\.[A-Za-z0-9_-]{43}$/;

let github: FakeGithub;
let site: Runtime;

beforeAll(async () => {
  github = await startFakeGithub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, code: CODE, token: TOKEN });
  site = await startRuntime({
    dir: 'dist',
    bindings: { GITHUB_CLIENT_ID: CLIENT_ID, GITHUB_CLIENT_SECRET: CLIENT_SECRET, GITHUB_ORIGIN: github.origin },
  });
});

afterAll(async () => {
  await site?.stop();
  await github?.close();
});

beforeEach(() => github.reset());

type Answer = Awaited<ReturnType<typeof get>>;

/** A sign-in started with plain requests (no cookie jar adds anything back): its answer, state and cookie. */
async function startSignIn(): Promise<{ start: Answer; state: string; cookie: string }> {
  const start = await get(`${site.origin}${AUTH_PATH}`);
  expect(start.status).toBe(302);
  const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
  expect(state).toMatch(STATE_SHAPE);
  return { start, state, cookie: `${STATE_COOKIE}=${state}` };
}

/** GitHub sending the browser back with the code, `state` in the query and `cookie` as the browser holds it. */
function callback(state: string | null, cookie: string | null) {
  const query = state === null ? `code=${CODE}` : `code=${CODE}&state=${state}`;
  return get(`${site.origin}/api/cms-auth/callback?${query}`, cookie === null ? {} : { Cookie: cookie });
}

/** The refusal of a state: 400, the CSRF_DETECTED page, no token, the cookie left alone. */
function expectRefused(response: Answer, what: string) {
  expect(response.status, what).toBe(400);
  expect(response.headers['set-cookie'], what).toBeUndefined();
  const html = response.body.toString('utf8');
  expect(html, what).toContain('Sign-in failed');
  expect(html, what).toContain('not started in this browser');
  expect(html, what).toContain('CSRF_DETECTED');
  expect(html, what).not.toContain(TOKEN);
}

/** The handshake page's script, and the message it hands the admin window (its `message` literal). */
function handshake(html: string): { script: string; message: string } {
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
  const literal = /const message = ("(?:[^"\\]|\\.)*");/.exec(script)?.[1] ?? 'null';
  return { script, message: JSON.parse(literal) as string };
}

/** An answer as text: status, headers and body, to look for what must not be in any of them. */
const asText = (response: Answer) =>
  `${response.status}\n${Object.entries(response.headers)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n')}\n\n${response.body.toString('utf8')}`;

describe('a sign-in', () => {
  it('goes to GitHub with a signed state in a cookie, and back: the code is traded, the page hands over the token', async () => {
    const { start, state, cookie } = await startSignIn();
    // GitHub is asked for the scope and the callback on the site.
    const authorize = new URL(String(start.headers.location));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${github.origin}/login/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      scope: 'repo',
      redirect_uri: `${site.origin}/api/cms-auth/callback`,
    });
    // It expires 10 minutes after the sign-in started (a second's leeway for the test's own steps).
    const expiresIn = Number(state.split('.')[1]) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(STATE_MAX_AGE_S - 30);
    expect(expiresIn).toBeLessThanOrEqual(STATE_MAX_AGE_S + 1);
    // The state cookie: HttpOnly, Lax, only for the sign-in routes; on http neither Secure nor __Host-.
    expect(start.headers['set-cookie']).toEqual([
      `${STATE_COOKIE}=${state}; Max-Age=${STATE_MAX_AGE_S}; Path=/api/cms-auth; HttpOnly; SameSite=Lax`,
    ]);
    expect(start.headers['cache-control']).toBe('no-store');

    // GitHub sends the popup back to the callback with the code and the same state.
    const back = await get(authorize.toString());
    expect(back.status).toBe(302);
    const callbackUrl = new URL(String(back.headers.location));
    expect(callbackUrl.searchParams.get('state')).toBe(state);
    const done = await get(callbackUrl.toString(), { Cookie: cookie });
    expect(done.status).toBe(200);

    // The code was traded with the app's credentials, once.
    expect(github.tokenRequests()).toHaveLength(1);
    expect(github.tokenRequests()[0]?.headers.accept).toBe('application/json');
    expect(github.tokenRequests()[0]?.form).toEqual({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code: CODE,
      redirect_uri: `${site.origin}/api/cms-auth/callback`,
    });

    // The page hands the admin Decap's success message with the token, by its one script, which its policy names.
    const { script, message } = handshake(done.body.toString('utf8'));
    expect(message).toBe(`authorization:github:success:${JSON.stringify({ token: TOKEN, provider: 'github' })}`);
    const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
    expect(String(done.headers['content-security-policy'])).toMatch(/^default-src 'none'; script-src 'sha256-/);
    expect(
      String(done.headers['content-security-policy']).startsWith(`default-src 'none'; script-src '${hash}';`),
    ).toBe(true);
    // The cookie is cleared, nothing is stored, and the Worker's security headers are added around the page's own.
    expect(String(done.headers['set-cookie'])).toMatch(new RegExp(`^${STATE_COOKIE}=; Max-Age=0`));
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(done.headers['x-frame-options']).toBe('DENY');
  });

  it('a callback whose state is missing, foreign, planted, forged or tampered with is refused (400) before GitHub is asked', async () => {
    const mine = await startSignIn();
    const other = await startSignIn();
    // Signed with another key: a state from an old client secret, or one an attacker made up.
    const forged = await issueState(
      await stateKey('not-the-client-secret'),
      new Uint8Array(STATE_BYTES).fill(7),
      Date.now(),
    );
    // The expiry moved an hour later: the MAC no longer matches.
    const [nonce, expiry, mac] = mine.state.split('.');
    const stretched = `${nonce}.${Number(expiry) + 3600}.${mac}`;

    for (const [what, state, cookie] of [
      ['no state in the callback', null, mine.cookie],
      ['a state that is not the cookie’s', other.state, mine.cookie],
      ['an empty cookie', mine.state, `${STATE_COOKIE}=`],
      ['no cookie', mine.state, null],
      // A cookie planted beside the victim's (from a sibling subdomain, or over http before HSTS): whichever is first.
      ['two cookies, the planted one first', other.state, `${other.cookie}; ${mine.cookie}`],
      ['two cookies, the planted one second', mine.state, `${mine.cookie}; ${other.cookie}`],
      ['a state signed with another key', forged, `${STATE_COOKIE}=${forged}`],
      ['a tampered expiry', stretched, `${STATE_COOKIE}=${stretched}`],
    ] as const) {
      expectRefused(await callback(state, cookie), what);
    }
    expect(github.tokenRequests()).toHaveLength(0);
    // Nothing refused was used up: both sign-ins can still finish.
    for (const signIn of [mine, other]) expect((await callback(signIn.state, signIn.cookie)).status).toBe(200);
    expect(github.tokenRequests()).toHaveLength(2);
  });

  it('a state is used once: a replay is refused, and the sweep deletes its nonce once it has expired', async () => {
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
    const row = () => site.sql('SELECT nonce, expires_at FROM used_nonces WHERE nonce = ?1', nonce);
    await site.sweep(expiresAt);
    expect(await row()).toEqual([{ nonce, expires_at: expiresAt }]);
    await site.sweep(expiresAt + KEEP_AFTER_EXPIRY_MS - 1000);
    expect(await row()).toHaveLength(1);
    await site.sweep(expiresAt + 3_600_000);
    expect(await row()).toEqual([]);
  });

  it('a state signed with the site’s key is refused once 10 minutes have passed, and accepted before', async () => {
    const key = await stateKey(CLIENT_SECRET);
    const random = () => crypto.getRandomValues(new Uint8Array(STATE_BYTES));
    // Issued 10 minutes and a second ago: expired a second ago. Issued 9 minutes ago: still good for a minute.
    const expired = await issueState(key, random(), Date.now() - (STATE_MAX_AGE_S + 1) * 1000);
    const fresh = await issueState(key, random(), Date.now() - (STATE_MAX_AGE_S - 60) * 1000);
    expectRefused(await callback(expired, `${STATE_COOKIE}=${expired}`), 'an expired state');
    expect(github.tokenRequests()).toHaveLength(0);
    expect((await callback(fresh, `${STATE_COOKIE}=${fresh}`)).status).toBe(200);
    expect(github.tokenRequests()).toHaveLength(1);
  });

  it('the client secret is in no answer of the flow, nor in the log, even when GitHub repeats it in an error', async () => {
    // The Worker's log from here on.
    const logFrom = site.output().length;
    const answers: string[] = [];
    for (const mode of ['ok', 'error'] as const) {
      github.answer(mode);
      const { start, state, cookie } = await startSignIn();
      const done = await callback(state, cookie);
      answers.push(asText(start), asText(done));
      const { message } = handshake(done.body.toString('utf8'));
      if (mode === 'ok') {
        expect(done.status).toBe(200);
        expect(message).toMatch(/^authorization:github:success:/);
      } else {
        // What the admin is handed: GitHub's refusal in the site's own words, never GitHub's text.
        expect(message).toMatch(/^authorization:github:error:/);
        expect(JSON.parse(message.replace('authorization:github:error:', ''))).toMatchObject({
          provider: 'github',
          errorCode: 'TOKEN_REQUEST_FAILED',
          error: expect.stringContaining('credentials'),
        });
      }
    }
    // GitHub did repeat the secret to the Worker.
    expect(github.tokenRequests()).toHaveLength(2);
    for (const answer of answers) expect(answer).not.toContain(CLIENT_SECRET);
    // The Worker's log lines of these sign-ins, without the secret.
    const log = site.output().slice(logFrom);
    expect(log).toContain('"source":"cms-auth"');
    expect(log).toContain('token-failed');
    expect(site.output()).not.toContain(CLIENT_SECRET);
  });
});
