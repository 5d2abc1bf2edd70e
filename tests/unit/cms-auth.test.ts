/**
 * The CMS sign-in's rules (src/lib/cms/auth.ts) and the Worker's two routes (worker/cms-auth.ts) with a fake GitHub:
 * the state check, the redirect to GitHub, the escaping of what a page carries, the handshake page and its policy,
 * and that the client secret never comes back out. tests/e2e/cms-auth.spec.ts runs the same flow in a browser on the
 * real runtime.
 */
import { createHash } from 'node:crypto';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  authorizationMessage,
  authorizeUrl,
  chooseScope,
  handshakePage,
  hashSource,
  pagePolicy,
  providerError,
  providerOrigin,
  readCookie,
  readTokenAnswer,
  scriptLiteral,
  SIGN_IN_ERRORS,
  stateCookie,
  stateFromBytes,
  stateMatches,
  tokenRequest,
} from '../../src/lib/cms/auth';
import { handleCmsAuth, type CmsAuthDeps, type CmsAuthSettings } from '../../worker/cms-auth';

const SITE = 'https://site.example';
const STATE = 'ab'.repeat(32);
const SECRET = 'unit-secret-0f3c9e7d5b';
const SETTINGS = { GITHUB_CLIENT_ID: 'unit-client-id', GITHUB_CLIENT_SECRET: SECRET };

describe('the state', () => {
  it('is 32 random bytes as 64 hex digits', () => {
    expect(stateFromBytes(new Uint8Array(32).fill(0xab))).toBe(STATE);
    expect(stateFromBytes(Uint8Array.from({ length: 32 }, (_, i) => i))).toMatch(/^000102[0-9a-f]{58}$/);
    expect(() => stateFromBytes(new Uint8Array(16))).toThrow();
  });

  it('matches only the same well-formed value, present on both sides', () => {
    expect(stateMatches(STATE, STATE)).toBe(true);
    expect(stateMatches(STATE, 'ab'.repeat(31) + 'ac')).toBe(false);
    expect(stateMatches(STATE, STATE.toUpperCase())).toBe(false);
    expect(stateMatches(STATE, STATE + '0')).toBe(false);
    expect(stateMatches(STATE, null)).toBe(false);
    expect(stateMatches(null, STATE)).toBe(false);
    expect(stateMatches('', '')).toBe(false);
    expect(stateMatches('x', 'x')).toBe(false);
  });

  it('is read from its cookie among others', () => {
    expect(readCookie(`a=1; cms_auth_state=${STATE}; b=2`, 'cms_auth_state')).toBe(STATE);
    expect(readCookie('xcms_auth_state=1', 'cms_auth_state')).toBeNull();
    expect(readCookie(null, 'cms_auth_state')).toBeNull();
  });

  it('lives in an HttpOnly, SameSite=Lax cookie of the sign-in routes for 10 minutes, Secure on https only', () => {
    expect(stateCookie(STATE, { secure: true })).toBe(
      `cms_auth_state=${STATE}; Max-Age=600; Path=/api/cms-auth; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(stateCookie(STATE, { secure: false })).not.toContain('Secure');
    expect(stateCookie(null, { secure: true })).toBe(
      'cms_auth_state=; Max-Age=0; Path=/api/cms-auth; HttpOnly; SameSite=Lax; Secure',
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
        state: STATE,
      }),
    );
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'id1',
      redirect_uri: `${SITE}/api/cms-auth/callback`,
      scope: 'repo',
      state: STATE,
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

/** The Worker's routes with a fake GitHub: what was fetched, and what was logged. */
function worker(answer: () => Promise<Response> | Response = () => Response.json({ access_token: 'gho_ok' })) {
  const fetched: { url: string; init: RequestInit }[] = [];
  const logged: string[] = [];
  const deps: CmsAuthDeps = {
    fetch: async (url, init) => {
      fetched.push({ url, init });
      return answer();
    },
    random: (length) => new Uint8Array(length).fill(0xab),
    log: (event) => logged.push(JSON.stringify(event)),
  };
  const call = (path: string, init: RequestInit = {}, settings: CmsAuthSettings = SETTINGS) =>
    handleCmsAuth(new Request(`${SITE}${path}`, init), settings, deps);
  return { call, fetched, logged };
}
const withCookie = { headers: { Cookie: `cms_auth_state=${STATE}` } };

async function everything(response: Response): Promise<string> {
  return [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n') + '\n' + (await response.text());
}

describe('the Worker routes', () => {
  it('send the popup to GitHub with a state kept in a cookie', async () => {
    const { call } = worker();
    const response = await call('/api/cms-auth?provider=github&site_id=site.example&scope=repo');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('Location')!);
    expect(location.searchParams.get('state')).toBe(STATE);
    expect(location.searchParams.get('client_id')).toBe('unit-client-id');
    expect(response.headers.get('Set-Cookie')).toContain(`cms_auth_state=${STATE}; Max-Age=600`);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('refuse a missing or foreign state with 400, without asking GitHub', async () => {
    const { call, fetched } = worker();
    for (const init of [{}, withCookie]) {
      for (const query of ['?code=c', `?code=c&state=${'cd'.repeat(32)}`]) {
        const response = await call(`/api/cms-auth/callback${query}`, init);
        expect(response.status).toBe(400);
        expect(response.headers.get('Set-Cookie')).toBeNull();
        expect(await response.text()).toContain('authorization:github:error:');
      }
    }
    expect(fetched).toHaveLength(0);
  });

  it('trade the code and answer the handshake page with the token, clearing the cookie', async () => {
    const { call, fetched } = worker();
    const response = await call(`/api/cms-auth/callback?code=c0de&state=${STATE}`, withCookie);
    expect(response.status).toBe(200);
    expect(fetched[0]?.url).toBe('https://github.com/login/oauth/access_token');
    expect(new Headers(fetched[0]?.init.headers).get('Accept')).toBe('application/json');
    expect(response.headers.get('Set-Cookie')).toContain('Max-Age=0');
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
      const { call, logged } = worker(answer);
      const response = await call(`/api/cms-auth/callback?code=c0de&state=${STATE}`, withCookie);
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
      for (const path of ['/api/cms-auth?provider=github', `/api/cms-auth/callback?code=c&state=${STATE}`]) {
        const response = await call(path, withCookie, settings);
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
    const { call, fetched } = worker();
    expect((await call('/api/cms-auth?provider=gitlab')).status).toBe(400);
    const denied = await call(`/api/cms-auth/callback?error=access_denied&state=${STATE}`, withCookie);
    expect(denied.status).toBe(400);
    expect(await denied.text()).toContain('Access was not granted');
    expect(fetched).toHaveLength(0);
  });
});
