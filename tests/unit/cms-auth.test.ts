/**
 * The CMS sign-in's rules (worker/cms-auth/rules.ts) and the Worker's two routes (worker/cms-auth/routes.ts) with a fake GitHub:
 * the state (signed, short-lived, single-use, bound to the browser by a `__Host-` cookie on https), the redirect to
 * GitHub, the escaping of what a page carries, the handshake page and its policy, and that the client secret never
 * comes back out. tests/e2e/cms-auth.spec.ts runs the same flow in a browser on the
 * real runtime.
 */
import { createHash } from 'node:crypto';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  authorizationMessage,
  authorizeUrl,
  chooseScope,
  escapeHtml,
  handshakePage,
  hashSource,
  pagePolicy,
  providerError,
  checkState,
  issueState,
  nonceFromBytes,
  providerOrigin,
  readCookies,
  readTokenAnswer,
  scriptLiteral,
  SIGN_IN_ERRORS,
  stateCookie,
  stateKey,
  tokenRequest,
} from '../../worker/cms-auth/rules';
import { deriveSigningKey, sign } from '../../worker/signing';
import { handleCmsAuth, type CmsAuthDeps, type CmsAuthSettings } from '../../worker/cms-auth/routes';

const SITE = 'https://site.example';
const NONCE = 'ab'.repeat(32);
const NONCE_BYTES = new Uint8Array(32).fill(0xab);
const SECRET = 'unit-secret-0f3c9e7d5b';
const SETTINGS = { GITHUB_CLIENT_ID: 'unit-client-id', GITHUB_CLIENT_SECRET: SECRET };
/** The clock of these tests: 2026-05-01 10:00:00 UTC, in ms. */
const T0 = Date.UTC(2026, 4, 1, 10, 0, 0);
/** The issue's rule: a sign-in must come back within 10 minutes. */
const TEN_MINUTES_S = 10 * 60;
const STATE_SHAPE = /^[0-9a-f]{64}\.\d{10}\.[A-Za-z0-9_-]{43}$/;

describe('the state', () => {
  it('has a nonce of 32 random bytes as 64 hex digits', () => {
    expect(nonceFromBytes(NONCE_BYTES)).toBe(NONCE);
    expect(nonceFromBytes(Uint8Array.from({ length: 32 }, (_, i) => i))).toMatch(/^000102[0-9a-f]{58}$/);
    expect(() => nonceFromBytes(new Uint8Array(16))).toThrow();
  });

  it('is the nonce and an expiry 10 minutes ahead, signed with the key derived from the client secret', async () => {
    const state = await issueState(await stateKey(SECRET), NONCE_BYTES, T0 + 999);
    expect(state).toMatch(STATE_SHAPE);
    const [nonce, expiry] = state.split('.');
    expect(nonce).toBe(NONCE);
    expect(Number(expiry)).toBe(T0 / 1000 + TEN_MINUTES_S);
    // Signed as any value of the signing helpers is, with the sign-in's own purpose label.
    expect(state).toBe(await sign(await deriveSigningKey(SECRET, 'cms-auth state v1'), `${NONCE}.${expiry}`));
  });

  describe('check', () => {
    const key = stateKey(SECRET);
    const issued = key.then((k) => issueState(k, NONCE_BYTES, T0));
    const check = async (cookies: string[], query: string | null, at = T0 + 1000) =>
      checkState(await key, cookies, query, at);

    it('accepts the state of this browser, signed with this key, before it expires', async () => {
      const state = await issued;
      expect(await check([state], state)).toEqual({ ok: true, nonce: NONCE, expiresAt: T0 / 1000 + TEN_MINUTES_S });
      expect((await check([state], state, T0 + TEN_MINUTES_S * 1000 - 1)).ok).toBe(true);
    });

    it('refuses a missing state on either side, and two cookies of the name (one was planted)', async () => {
      const state = await issued;
      const other = await issueState(await key, new Uint8Array(32).fill(0xcd), T0);
      for (const [cookies, query] of [
        [[], state],
        [[state], null],
        [[state], ''],
        [[''], state],
        [[other, state], state],
        [[state, other], state],
        [[state, state], state],
      ] as const) {
        expect((await check([...cookies], query)).ok, `${cookies.length} cookies`).toBe(false);
      }
    });

    it('refuses a query state that is not the cookie’s, even one signed with the same key', async () => {
      const state = await issued;
      const other = await issueState(await key, new Uint8Array(32).fill(0xcd), T0);
      expect(await check([state], other)).toEqual({ ok: false, reason: 'the state is not this browser’s' });
      expect((await check([other], state)).ok).toBe(false);
    });

    it('refuses a state signed with another key: another secret, or the same secret for another purpose', async () => {
      for (const otherKey of [await stateKey(`${SECRET}-old`), await deriveSigningKey(SECRET, 'owner session v1')]) {
        const forged = await issueState(otherKey, NONCE_BYTES, T0);
        expect(await check([forged], forged)).toEqual({
          ok: false,
          reason: 'the state is not signed with this site’s key',
        });
      }
    });

    it('refuses a state whose expiry was changed', async () => {
      const state = await issued;
      const expiry = T0 / 1000 + TEN_MINUTES_S;
      const later = state.replace(`.${expiry}.`, `.${expiry + 3600}.`);
      expect(later).not.toBe(state);
      expect((await check([later], later)).ok).toBe(false);
    });

    it('refuses a state at or after its expiry, 10 minutes after it was issued', async () => {
      const state = await issued;
      for (const at of [T0 + TEN_MINUTES_S * 1000, T0 + TEN_MINUTES_S * 1000 + 1, T0 + 86_400_000]) {
        expect(await check([state], state, at)).toEqual({ ok: false, reason: 'the state has expired' });
      }
    });

    it('refuses a validly signed state that expires later than one issued now could', async () => {
      const farOff = await sign(await key, `${NONCE}.${T0 / 1000 + TEN_MINUTES_S + 60}`);
      expect(await check([farOff], farOff, T0)).toEqual({ ok: false, reason: 'the state expires too late' });
    });

    it('refuses anything not of the state’s form before checking a signature', async () => {
      const state = await issued;
      for (const bad of [NONCE, state.toUpperCase(), `${state}0`, `x${state}`, state.replace('.', '-'), 'x']) {
        expect(await check([bad], bad)).toEqual({ ok: false, reason: 'malformed state' });
      }
    });
  });

  it('is read from its cookie among others, every value of the name', () => {
    expect(readCookies(`a=1; cms_auth_state=${NONCE}; b=2`, 'cms_auth_state')).toEqual([NONCE]);
    expect(readCookies('cms_auth_state=1; x=2; cms_auth_state=3', 'cms_auth_state')).toEqual(['1', '3']);
    expect(readCookies('xcms_auth_state=1; __Host-cms_auth_state=2', 'cms_auth_state')).toEqual([]);
    expect(readCookies(null, 'cms_auth_state')).toEqual([]);
  });

  it('lives for 10 minutes in an HttpOnly, SameSite=Lax cookie: __Host- on https, the plain name on http', () => {
    const state = `${NONCE}.1777629600.${'A'.repeat(43)}`;
    expect(stateCookie(state, { secure: true })).toBe(
      `__Host-cms_auth_state=${state}; Max-Age=${TEN_MINUTES_S}; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(stateCookie(state, { secure: true })).not.toMatch(/Domain=/i);
    expect(stateCookie(state, { secure: false })).toBe(
      `cms_auth_state=${state}; Max-Age=${TEN_MINUTES_S}; Path=/api/cms-auth; HttpOnly; SameSite=Lax`,
    );
    expect(stateCookie(null, { secure: true })).toBe(
      '__Host-cms_auth_state=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
  });
});

describe('the redirect to GitHub', () => {
  it('carries the client id, the scope, the callback on the site and the state', () => {
    const url = new URL(
      authorizeUrl({
        providerOrigin: 'https://github.com',
        clientId: 'id1',
        scope: 'repo',
        siteOrigin: SITE,
        state: NONCE,
      }),
    );
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'id1',
      redirect_uri: `${SITE}/api/cms-auth/callback`,
      scope: 'repo',
      state: NONCE,
      allow_signup: 'false',
    });
  });

  it('asks for the allowed scopes the admin asked for, else repo', () => {
    expect(chooseScope('repo,user')).toBe('repo,user');
    expect(chooseScope('public_repo user')).toBe('public_repo,user');
    expect(chooseScope(null)).toBe('repo');
    expect(chooseScope('')).toBe('repo');
    expect(chooseScope('admin:org,delete_repo')).toBe('repo');
    expect(chooseScope('repo,admin:org')).toBe('repo');
    expect(chooseScope('repo,repo')).toBe('repo');
  });

  it('goes to GITHUB_ORIGIN: https, or http on this machine only; github.com when unset', () => {
    expect(providerOrigin(undefined)).toBe('https://github.com');
    expect(providerOrigin('')).toBe('https://github.com');
    expect(providerOrigin('https://ghe.example.com/')).toBe('https://ghe.example.com');
    expect(providerOrigin('http://127.0.0.1:4711')).toBe('http://127.0.0.1:4711');
    expect(providerOrigin('http://ghe.example.com')).toBeNull();
    expect(providerOrigin('https://ghe.example.com/login')).toBeNull();
    expect(providerOrigin('https://user:pw@ghe.example.com')).toBeNull();
    expect(providerOrigin('github.com')).toBeNull();
  });

  it('trades the code with the client id, secret and the same callback', () => {
    const request = tokenRequest({
      providerOrigin: 'https://github.com',
      clientId: 'id1',
      clientSecret: SECRET,
      code: 'c0de',
      siteOrigin: SITE,
    });
    expect(request.url).toBe('https://github.com/login/oauth/access_token');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      client_id: 'id1',
      client_secret: SECRET,
      code: 'c0de',
      redirect_uri: `${SITE}/api/cms-auth/callback`,
    });
  });
});

describe("GitHub's answer to the code", () => {
  it('gives the token, or an error in plain words that never repeats what GitHub wrote', () => {
    expect(readTokenAnswer(200, { access_token: 'gho_abc', token_type: 'bearer' })).toEqual({ token: 'gho_abc' });
    expect(readTokenAnswer(200, { error: 'bad_verification_code', error_description: SECRET })).toEqual({
      error: { code: 'TOKEN_REQUEST_FAILED', message: expect.stringContaining('wrong or had expired') },
    });
    expect(JSON.stringify(readTokenAnswer(200, { error: SECRET }))).not.toContain(SECRET);
    expect(JSON.stringify(providerError('toString'))).toContain('GitHub refused the sign-in');
    expect(readTokenAnswer(500, { access_token: 'gho_abc' })).toEqual({ error: SIGN_IN_ERRORS.malformed });
    expect(readTokenAnswer(200, { access_token: 'has space' })).toEqual({ error: SIGN_IN_ERRORS.malformed });
    expect(readTokenAnswer(200, null)).toEqual({ error: SIGN_IN_ERRORS.malformed });
  });
});

describe('escaping for a script', () => {
  it('leaves no character that could end or bend the script, and reads back the same value', () => {
    const hostile = '</script><!--<script>alert(1)</script>&\u2028\u2029"\'';
    const literal = scriptLiteral(hostile);
    expect(literal).not.toMatch(/[<>&\u2028\u2029]/);
    expect(literal).toContain('\\u003c/script\\u003e');
    expect(new Script(`(${literal})`).runInNewContext()).toBe(hostile);
  });
});

/** Runs a page's script with a fake window and opener; returns what it posted and a way to reply. */
function runHandshake(script: string, { withOpener = true } = {}) {
  const posted: { data: unknown; targetOrigin: string }[] = [];
  const listeners: ((event: { origin: string; source: unknown; data: unknown }) => void)[] = [];
  const opener = withOpener
    ? { postMessage: (data: unknown, targetOrigin: string) => posted.push({ data, targetOrigin }) }
    : null;
  const window = {
    opener,
    addEventListener: (_: string, listener: (typeof listeners)[number]) => listeners.push(listener),
    removeEventListener: (_: string, listener: (typeof listeners)[number]) =>
      listeners.splice(listeners.indexOf(listener), 1),
  };
  new Script(script).runInNewContext({ window });
  const reply = (origin: string, data: unknown, source: unknown = opener) =>
    [...listeners].forEach((listener) => listener({ origin, data, source }));
  return { posted, reply, listeners };
}

describe('the handshake page', () => {
  const success = handshakePage(SITE, { token: 'gho_t0ken' });

  it('says authorizing:github to the opener on the site origin, then hands the token once to a reply from it', () => {
    const { posted, reply } = runHandshake(success.script);
    expect(posted).toEqual([{ data: 'authorizing:github', targetOrigin: SITE }]);
    reply('https://evil.example', 'authorizing:github');
    reply(SITE, 'authorizing:github', { someOtherWindow: true });
    reply(SITE, 'something else');
    expect(posted).toHaveLength(1);
    reply(SITE, 'authorizing:github');
    reply(SITE, 'authorizing:github');
    expect(posted).toEqual([
      { data: 'authorizing:github', targetOrigin: SITE },
      { data: 'authorization:github:success:{"token":"gho_t0ken","provider":"github"}', targetOrigin: SITE },
    ]);
  });

  it('does nothing without an opener', () => {
    expect(runHandshake(success.script, { withOpener: false }).listeners).toHaveLength(0);
  });

  it('hands an error as Decap expects it, with a code Sveltia shows in the editor’s language', () => {
    expect(authorizationMessage({ error: SIGN_IN_ERRORS.badState })).toBe(
      `authorization:github:error:${JSON.stringify({ provider: 'github', error: SIGN_IN_ERRORS.badState.message, errorCode: 'CSRF_DETECTED' })}`,
    );
    const page = handshakePage(SITE, { error: SIGN_IN_ERRORS.badState });
    expect(page.html).toContain('<h1>Sign-in failed</h1>');
    expect(page.html).toContain('not started in this browser');
  });

  it('keeps a hostile token inside its string', () => {
    const token = '</script><script>alert(1)</script>';
    const page = handshakePage(SITE, { token });
    expect(page.html.match(/<script>/g)).toHaveLength(1);
    expect(page.html.match(/<\/script>/g)).toHaveLength(1);
    const { posted, reply } = runHandshake(page.script);
    reply(SITE, 'authorizing:github');
    expect(posted[1]?.data).toBe(`authorization:github:success:${JSON.stringify({ token, provider: 'github' })}`);
  });

  it('holds exactly the script its policy allows by hash, and allows nothing else', () => {
    const hash = hashSource(Uint8Array.from(createHash('sha256').update(success.script).digest()).buffer);
    expect(success.html).toContain(`<script>${success.script}</script>`);
    const policy = pagePolicy(hash);
    expect(policy).toBe(
      `default-src 'none'; script-src '${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(policy).not.toContain('unsafe');
  });
});

/**
 * The Worker's routes with a fake GitHub, a clock (`clock.now`, ms) and a ledger of used nonces in memory: what was
 * fetched, what was logged, and the nonces used.
 */
function worker(answer: () => Promise<Response> | Response = () => Response.json({ access_token: 'gho_ok' })) {
  const fetched: { url: string; init: RequestInit }[] = [];
  const logged: string[] = [];
  const used = new Map<string, number>();
  const clock = { now: T0 };
  let ledgerDown = false;
  const deps: CmsAuthDeps = {
    fetch: async (url, init) => {
      fetched.push({ url, init });
      return answer();
    },
    random: (length) => new Uint8Array(length).fill(0xab),
    now: () => clock.now,
    useNonce: async (nonce, expiresAt) => {
      if (ledgerDown) throw new Error('D1 unavailable');
      if (used.has(nonce)) return false;
      used.set(nonce, expiresAt);
      return true;
    },
    log: (event) => logged.push(JSON.stringify(event)),
  };
  const call = (path: string, init: RequestInit = {}, settings: CmsAuthSettings = SETTINGS, site = SITE) =>
    handleCmsAuth(new Request(`${site}${path}`, init), settings, deps);
  /** A sign-in started now: the state GitHub is sent, and the Cookie header the browser sends back. */
  const start = async (site = SITE) => {
    const response = await call('/api/cms-auth?provider=github', {}, SETTINGS, site);
    const state = new URL(response.headers.get('Location')!).searchParams.get('state')!;
    const cookie = response.headers.get('Set-Cookie')!.split(';')[0]!;
    return { state, cookie, response };
  };
  const breakLedger = () => (ledgerDown = true);
  return { call, start, fetched, logged, used, clock, breakLedger };
}

async function everything(response: Response): Promise<string> {
  return [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n') + '\n' + (await response.text());
}

/** The answer to a refused state: 400, the CSRF_DETECTED page, the cookie left alone. */
async function expectRefusedState(response: Response) {
  expect(response.status).toBe(400);
  expect(response.headers.get('Set-Cookie')).toBeNull();
  const html = await response.text();
  expect(html).toContain('authorization:github:error:');
  expect(html).toContain('CSRF_DETECTED');
  expect(html).toContain(escapeHtml(SIGN_IN_ERRORS.badState.message));
}

describe('the Worker routes', () => {
  it('send the popup to GitHub with a signed state kept in a __Host- cookie on https', async () => {
    const { start } = worker();
    const { state, response } = await start();
    expect(response.status).toBe(302);
    expect(state).toMatch(STATE_SHAPE);
    expect(state.startsWith(`${NONCE}.${T0 / 1000 + TEN_MINUTES_S}.`)).toBe(true);
    const location = new URL(response.headers.get('Location')!);
    expect(location.searchParams.get('client_id')).toBe('unit-client-id');
    expect(response.headers.get('Set-Cookie')).toBe(
      `__Host-cms_auth_state=${state}; Max-Age=${TEN_MINUTES_S}; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('use the plain cookie name on a local http host', async () => {
    const { start } = worker();
    const { cookie, response } = await start('http://127.0.0.1:4321');
    expect(cookie).toMatch(/^cms_auth_state=/);
    expect(response.headers.get('Set-Cookie')).toContain('Path=/api/cms-auth; HttpOnly; SameSite=Lax');
    expect(response.headers.get('Set-Cookie')).not.toContain('Secure');
  });

  it('refuse a missing or foreign state with 400, without asking GitHub', async () => {
    const { call, start, fetched, used } = worker();
    const { cookie } = await start();
    for (const init of [{}, { headers: { Cookie: cookie } }]) {
      for (const query of ['?code=c', `?code=c&state=${'cd'.repeat(32)}`]) {
        await expectRefusedState(await call(`/api/cms-auth/callback${query}`, init));
      }
    }
    expect(fetched).toHaveLength(0);
    expect(used.size).toBe(0);
  });

  it('refuse, on https, a state carried in the plain-named cookie (anyone could plant that one)', async () => {
    const { call, start, fetched } = worker();
    const { state, cookie } = await start();
    const plain = cookie.replace('__Host-', '');
    await expectRefusedState(
      await call(`/api/cms-auth/callback?code=c&state=${state}`, { headers: { Cookie: plain } }),
    );
    expect(fetched).toHaveLength(0);
  });

  it('refuse two state cookies, whichever comes first: the login CSRF of a planted cookie', async () => {
    const { call, start, fetched } = worker();
    const victim = await start();
    // The attacker's own sign-in, in another browser: a state and cookie of this site, signed with its key.
    const state = await issueState(await stateKey(SECRET), new Uint8Array(32).fill(0xcd), T0);
    const attacker = { state, cookie: `__Host-cms_auth_state=${state}` };
    expect(attacker.state).not.toBe(victim.state);
    for (const cookies of [`${attacker.cookie}; ${victim.cookie}`, `${victim.cookie}; ${attacker.cookie}`]) {
      for (const state of [attacker.state, victim.state]) {
        await expectRefusedState(
          await call(`/api/cms-auth/callback?code=c&state=${state}`, { headers: { Cookie: cookies } }),
        );
      }
    }
    expect(fetched).toHaveLength(0);
  });

  it('refuse a state signed with another key, or with its expiry changed', async () => {
    const { call, fetched } = worker();
    const forged = await issueState(await stateKey('another-secret'), NONCE_BYTES, T0);
    const genuine = await issueState(await stateKey(SECRET), NONCE_BYTES, T0);
    const stretched = genuine.replace(`.${T0 / 1000 + TEN_MINUTES_S}.`, `.${T0 / 1000 + TEN_MINUTES_S - 1}.`);
    for (const state of [forged, stretched]) {
      const response = await call(`/api/cms-auth/callback?code=c&state=${state}`, {
        headers: { Cookie: `__Host-cms_auth_state=${state}` },
      });
      await expectRefusedState(response);
    }
    expect(fetched).toHaveLength(0);
  });

  it('refuse a state 10 minutes after it was issued, and accept it a moment before', async () => {
    for (const [after, status] of [
      [TEN_MINUTES_S * 1000, 400],
      [TEN_MINUTES_S * 1000 - 1000, 200],
    ] as const) {
      const { call, start, clock, fetched } = worker();
      const { state, cookie } = await start();
      clock.now += after;
      const response = await call(`/api/cms-auth/callback?code=c&state=${state}`, { headers: { Cookie: cookie } });
      expect(response.status, `${after} ms`).toBe(status);
      expect(fetched).toHaveLength(status === 200 ? 1 : 0);
    }
  });

  it('use a state up once: its nonce goes into the ledger until it expires, and a replay is refused', async () => {
    const { call, start, fetched, used, logged } = worker();
    const { state, cookie } = await start();
    const callback = () => call(`/api/cms-auth/callback?code=c&state=${state}`, { headers: { Cookie: cookie } });
    expect((await callback()).status).toBe(200);
    expect(used).toEqual(new Map([[NONCE, (T0 / 1000 + TEN_MINUTES_S) * 1000]]));
    await expectRefusedState(await callback());
    expect(fetched).toHaveLength(1);
    expect(logged.at(-1)).toContain('the state was used before');
  });

  it('use the state up even when GitHub sent the editor back with an error', async () => {
    const { call, start, used } = worker();
    const { state, cookie } = await start();
    const denied = await call(`/api/cms-auth/callback?error=access_denied&state=${state}`, {
      headers: { Cookie: cookie },
    });
    expect(denied.status).toBe(400);
    expect(used.has(NONCE)).toBe(true);
  });

  it('answer 503 and ask GitHub nothing when the ledger of used nonces cannot be reached', async () => {
    const { call, start, fetched, breakLedger } = worker();
    const { state, cookie } = await start();
    breakLedger();
    const response = await call(`/api/cms-auth/callback?code=c&state=${state}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain(escapeHtml(SIGN_IN_ERRORS.unavailable.message));
    expect(fetched).toHaveLength(0);
  });

  it('trade the code and answer the handshake page with the token, clearing the cookie', async () => {
    const { call, start, fetched } = worker();
    const { state, cookie } = await start();
    const response = await call(`/api/cms-auth/callback?code=c0de&state=${state}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(fetched[0]?.url).toBe('https://github.com/login/oauth/access_token');
    expect(new Headers(fetched[0]?.init.headers).get('Accept')).toBe('application/json');
    expect(response.headers.get('Set-Cookie')).toBe(
      '__Host-cms_auth_state=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
    for (const [name, value] of Object.entries({
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    })) {
      expect(response.headers.get(name)).toBe(value);
    }
    const html = await response.text();
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
    expect(response.headers.get('Content-Security-Policy')).toContain(`script-src '${hash}'`);
    expect(html).toContain('gho_ok');
  });

  it('never put the secret in an answer or a log line, even when GitHub repeats it', async () => {
    for (const answer of [
      () => Response.json({ error: 'incorrect_client_credentials', error_description: `bad secret ${SECRET}` }),
      () => Response.json({ error: SECRET }),
      () => Response.json({ access_token: `x${SECRET}` }),
      () => new Response(`<html>${SECRET}</html>`, { status: 500 }),
      () => Promise.reject(new Error(`connect failed ${SECRET}`)),
    ]) {
      const { call, start, logged } = worker(answer);
      const { state, cookie } = await start();
      const response = await call(`/api/cms-auth/callback?code=c0de&state=${state}`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(502);
      const all = await everything(response);
      expect(all).toContain('authorization:github:error:');
      expect(all).not.toContain(SECRET);
      expect(logged.join('\n')).not.toContain(SECRET);
    }
  });

  it('say sign-in is not configured (503) without the client id or secret, or with a bad GITHUB_ORIGIN', async () => {
    const { call, fetched } = worker();
    for (const settings of [
      {},
      { GITHUB_CLIENT_ID: 'id' },
      { GITHUB_CLIENT_SECRET: SECRET },
      { ...SETTINGS, GITHUB_ORIGIN: 'http://github.example' },
    ]) {
      for (const path of ['/api/cms-auth?provider=github', `/api/cms-auth/callback?code=c&state=${NONCE}`]) {
        const response = await call(path, { headers: { Cookie: `__Host-cms_auth_state=${NONCE}` } }, settings);
        expect(response.status).toBe(503);
        const html = await response.text();
        expect(html).toContain('Sign-in is not configured');
        expect(html).not.toContain(SECRET);
      }
    }
    expect(fetched).toHaveLength(0);
  });

  it('allow GET only', async () => {
    const { call } = worker();
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD']) {
      const response = await call('/api/cms-auth', { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toBe('GET');
    }
  });

  it('refuse another provider, and a callback GitHub sent back with access denied', async () => {
    const { call, start, fetched } = worker();
    expect((await call('/api/cms-auth?provider=gitlab')).status).toBe(400);
    const { state, cookie } = await start();
    const denied = await call(`/api/cms-auth/callback?error=access_denied&state=${state}`, {
      headers: { Cookie: cookie },
    });
    expect(denied.status).toBe(400);
    expect(await denied.text()).toContain('Access was not granted');
    expect(fetched).toHaveLength(0);
  });
});
