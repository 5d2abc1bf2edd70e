/**
 * The owner's API (worker/owner/) as the Worker runs it: the router against a real local D1 (every lead written through
 * the lead path's own store) and the fake GitHub of the browser and Worker tests (tests/fakes/fake-github.ts) on 127.0.0.1. The
 * expected days, states and pages below are written out from the rows the test inserts, not computed by the code
 * under test.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  OWNER_CSRF_HEADER,
  OWNER_ROUTES,
  OWNER_SESSION_S,
  type OwnerContacts,
  type OwnerLeads,
  type OwnerSession,
} from '../../src/lib/owner/wire';
import { RETRY_DEAD_SQL } from '../../worker/leads/table.mjs';
import { d1Store } from '../../worker/leads/store';
import { KEEP_AFTER_EXPIRY_MS } from '../../worker/cms-auth/used-nonces';
import { d1EndedSessions } from '../../worker/owner/ended-sessions';
import { handleOwner, type OwnerDeps, type OwnerEvent, type OwnerSettings } from '../../worker/owner/routes';
import { sessionKey } from '../../worker/owner/session';
import { parseOwnerSettings, repoLoader } from '../../worker/owner/settings';
import { d1OwnerStore } from '../../worker/owner/store';
import { sign } from '../../worker/signing';
import type { D1Database, Fetcher } from '../../worker/platform';
import { startFakeGithub, type FakeGithub } from '../fakes/fake-github';
import { localD1 } from './local-d1';

const SITE = 'https://www.communiti.example';
const LOCAL = 'http://127.0.0.1:4321';
const REPO = 'communiti/communiti-site';
const SECRET = 'unit-owner-secret-5d1e8a';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The clock of these tests: 2026-05-20 12:00 UTC. */
const T0 = Date.UTC(2026, 4, 20, 12, 0, 0);

const USERS = {
  'tok-pusher': { login: 'octo-owner', permissions: { push: true, pull: true } },
  'tok-maintainer': { login: 'octo-maintainer', permissions: { maintain: true, pull: true } },
  'tok-admin': { login: 'octo-admin', permissions: { admin: true, pull: true } },
  'tok-reader': { login: 'octo', permissions: { pull: true } },
  'tok-hidden': { login: 'stranger', permissions: null },
};

/** Every lead stored, with the name and number no answer but contacts may hold. */
const LEADS = [
  { id: 'old', at: T0 - 40 * DAY, name: 'Olga Old', mobile: '+91 90000 11111', page: null },
  { id: 'a1', at: Date.UTC(2026, 4, 18, 9), name: 'Asha Rao', mobile: '+91 98765 43201', page: '/pricing/' },
  { id: 'a2', at: Date.UTC(2026, 4, 18, 10), name: 'Bala K', mobile: '+91 98765 43202', page: '/' },
  { id: 'a3', at: Date.UTC(2026, 4, 18, 23, 30), name: 'Chitra M', mobile: '+91 98765 43203', page: null },
  { id: 'b1', at: Date.UTC(2026, 4, 19, 8), name: 'Dev P', mobile: '+91 98765 43204', page: '/hi/creator', lang: 'hi' },
  { id: 'b2', at: Date.UTC(2026, 4, 19, 18), name: 'Esha S', mobile: '+91 98765 43205', page: '/creator' },
  { id: 'c1', at: Date.UTC(2026, 4, 20, 11), name: 'Farid Q', mobile: '+91 98765 43206', page: '/pricing/' },
] as const;

let db: D1Database;
let dispose: (() => Promise<void>) | undefined;
let github: FakeGithub;

beforeAll(async () => {
  ({ db, dispose } = await localD1([
    '0001_leads.sql',
    '0005_lead_experiments.sql',
    '0006_lead_page.sql',
    '0008_ended_sessions.sql',
    '0009_lead_key.sql',
    '0010_lead_lang.sql',
  ]));
  github = await startFakeGithub({ clientId: 'id', clientSecret: SECRET, code: 'code', token: 'unused', repo: REPO });
  github.users(USERS);

  // Through the lead path's own store: stored, then sent, failed or dead-lettered as delivery would.
  const store = d1Store(db);
  for (const lead of LEADS) {
    const { id, name, mobile, page } = lead;
    await store.insert(
      { id, name, mobile, form: 'popup', page, ...('lang' in lead ? { lang: lead.lang } : {}) },
      lead.at,
    );
  }
  const deliver = async (id: string, at: number) => {
    expect(await store.claim(id, at)).not.toBeNull();
    await store.markSent(id, at, 201);
  };
  const fail = async (id: string, at: number, dead: boolean, status: number | null, error: string) => {
    expect(await store.claim(id, at)).not.toBeNull();
    await store.markFailed(id, at, dead ? { state: 'dead' } : { state: 'pending', nextAttemptAt: at + HOUR }, {
      crmStatus: status,
      error,
    });
  };
  await fail('old', T0 - 39 * DAY, true, 500, 'CRM answered 500');
  await deliver('a1', Date.UTC(2026, 4, 18, 9, 1));
  await fail('a2', T0 - HOUR, false, null, 'timeout');
  await fail('a3', Date.UTC(2026, 4, 19, 0, 30), true, 502, 'CRM answered 502');
  await deliver('b1', Date.UTC(2026, 4, 19, 8, 1));
  await deliver('b2', Date.UTC(2026, 4, 19, 18, 1));
}, 60_000);

afterAll(async () => {
  await github?.close();
  await dispose?.();
});

interface Harness {
  deps: OwnerDeps;
  settings: OwnerSettings;
  events: OwnerEvent[];
  enqueued: string[][];
  setClock(at: number): void;
}

function harness(overrides: Partial<OwnerDeps> = {}, settings?: OwnerSettings): Harness {
  let clock = T0;
  let bytes = 0;
  const events: OwnerEvent[] = [];
  const enqueued: string[][] = [];
  return {
    events,
    enqueued,
    setClock: (at) => void (clock = at),
    settings: settings ?? { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: SECRET, GITHUB_API_ORIGIN: github.origin },
    deps: {
      fetch: (url, init) => fetch(url, init),
      random: (length) => new Uint8Array(length).fill(++bytes),
      now: () => clock,
      repo: async () => REPO,
      store: d1OwnerStore(db),
      endedSessions: d1EndedSessions(db),
      enqueueAll: async (ids) => void enqueued.push(ids),
      log: (event) => void events.push(event),
      ...overrides,
    },
  };
}

interface Call {
  cookie?: string;
  csrf?: string;
  body?: unknown;
  /** The Origin header; by default the site's on a POST or DELETE, none on a GET. */
  origin?: string | null;
  contentType?: string | null;
  site?: string;
  query?: string;
}

function call(h: Harness, method: string, path: string, options: Call = {}): Promise<Response> {
  const site = options.site ?? SITE;
  const headers = new Headers();
  const origin = options.origin === undefined ? (method === 'GET' ? null : site) : options.origin;
  if (origin !== null) headers.set('Origin', origin);
  if (options.cookie) headers.set('Cookie', options.cookie);
  if (options.csrf !== undefined) headers.set(OWNER_CSRF_HEADER, options.csrf);
  const hasBody = options.body !== undefined;
  const contentType = options.contentType === undefined ? (hasBody ? 'application/json' : null) : options.contentType;
  if (contentType !== null) headers.set('Content-Type', contentType);
  const body = !hasBody ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return handleOwner(
    new Request(`${site}${path}${options.query ?? ''}`, { method, headers, body }),
    h.settings,
    h.deps,
  );
}

/** An answer of the API: JSON, never stored. */
async function answer<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  expect(response.status).toBe(status);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  return (await response.json()) as T;
}

async function signIn(h: Harness, token: string, site = SITE) {
  const response = await call(h, 'POST', OWNER_ROUTES.session, { body: { token }, site });
  const [setCookie = '', hint = ''] = response.headers.getSetCookie();
  const session = await answer<OwnerSession>(response, 200);
  return { setCookie, hint, cookie: setCookie.split(';')[0]!, session };
}

/** The cookie with its signed value `login.expiresAt.id.csrf.mac` changed by `edit`. */
function edited(cookie: string, edit: (parts: string[]) => string[]): string {
  const eq = cookie.indexOf('=');
  return `${cookie.slice(0, eq)}=${edit(cookie.slice(eq + 1).split('.')).join('.')}`;
}

/** The session id a cookie holds. */
const idOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1).split('.')[2]!;

describe('signing in: GitHub says who holds the token and whether they may write to the repository', () => {
  it('a collaborator who may push gets a session: a signed cookie for the API only, and a CSRF token', async () => {
    const h = harness();
    github.reset();
    github.users(USERS);
    const { setCookie, hint, session } = await signIn(h, 'tok-pusher');
    expect(session).toEqual({
      login: 'octo-owner',
      repo: REPO,
      csrf: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: T0 + OWNER_SESSION_S * 1000,
    });
    const attributes = setCookie.split('; ');
    expect(attributes[0]).toMatch(/^__Secure-owner=octo-owner\.\d+\.[0-9a-f]{32}\.[0-9a-f]{64}\.[A-Za-z0-9_-]{43}$/);
    expect(attributes.slice(1).sort()).toEqual(
      ['HttpOnly', `Max-Age=${OWNER_SESSION_S}`, 'Path=/api/owner', 'SameSite=Strict', 'Secure'].sort(),
    );
    // Beside it, the page's hint that a session is open: "1" and nothing else, for the owner's page only.
    expect(hint).toBe(`owner-signed-in=1; Max-Age=${OWNER_SESSION_S}; Path=/owner; SameSite=Strict; Secure`);
    expect(h.events).toEqual([{ event: 'owner-sign-in', login: 'octo-owner' }]);

    // GitHub was asked with the token, as its API wants it.
    const asked = github.apiRequests();
    expect(asked.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user', `GET /repos/${REPO}`]);
    for (const r of asked) {
      expect(r.headers.authorization).toBe('Bearer tok-pusher');
      expect(r.headers.accept).toBe('application/vnd.github+json');
      expect(r.headers['user-agent']).toBeTruthy();
    }
  });

  it('maintain or admin rights are write access too', async () => {
    for (const [token, login] of [
      ['tok-maintainer', 'octo-maintainer'],
      ['tok-admin', 'octo-admin'],
    ]) {
      expect((await signIn(harness(), token!)).session.login).toBe(login);
    }
  });

  it('on http (a local run) the cookie is `owner`, without Secure', async () => {
    const { setCookie } = await signIn(harness(), 'tok-pusher', LOCAL);
    expect(setCookie).toMatch(/^owner=/);
    expect(setCookie.split('; ')).not.toContain('Secure');
    expect(setCookie).toContain('Path=/api/owner');
  });

  it('a user who may only read: 403 naming the login and the repository, and no cookie', async () => {
    const h = harness();
    const response = await call(h, 'POST', OWNER_ROUTES.session, { body: { token: 'tok-reader' } });
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(await answer(response, 403)).toEqual({
      error: 'no-write-access',
      message:
        'You are signed in to GitHub as octo, who cannot change communiti/communiti-site. ' +
        "Ask the site's owner to add you as a collaborator with write access.",
      login: 'octo',
      repo: REPO,
      signOutUrl: 'https://github.com/logout',
    });
    expect(h.events).toEqual([{ event: 'owner-denied', login: 'octo', reason: 'no write access' }]);
  });

  it("on a GitHub Enterprise server (GITHUB_ORIGIN), the 403 names that server's sign-out page", async () => {
    const settings = {
      ...harness().settings,
      GITHUB_ORIGIN: 'https://git.example.com',
    };
    const body = await answer(
      await call(harness({}, settings), 'POST', OWNER_ROUTES.session, { body: { token: 'tok-reader' } }),
      403,
    );
    expect(body).toMatchObject({ error: 'no-write-access', signOutUrl: 'https://git.example.com/logout' });
  });

  it('a user the repository is hidden from (404 on GitHub): 403 as well', async () => {
    const body = await answer(
      await call(harness(), 'POST', OWNER_ROUTES.session, { body: { token: 'tok-hidden' } }),
      403,
    );
    expect(body).toMatchObject({ error: 'no-write-access', login: 'stranger', repo: REPO });
  });

  it('a token GitHub does not know: 401', async () => {
    const response = await call(harness(), 'POST', OWNER_ROUTES.session, { body: { token: 'tok-forged' } });
    expect(await answer(response, 401)).toMatchObject({ error: 'signed-out' });
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });

  it('a GitHub that does not answer, or answers an error: 502 github-unreachable', async () => {
    const down = harness({ fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    expect(
      await answer(await call(down, 'POST', OWNER_ROUTES.session, { body: { token: 'tok-pusher' } }), 502),
    ).toMatchObject({
      error: 'github-unreachable',
    });
    const broken = harness({ fetch: async () => new Response('oops', { status: 500 }) });
    expect(
      await answer(await call(broken, 'POST', OWNER_ROUTES.session, { body: { token: 'tok-pusher' } }), 502),
    ).toMatchObject({
      error: 'github-unreachable',
    });
    const limited = harness({
      fetch: async (url) =>
        String(url).endsWith('/user')
          ? Response.json({ login: 'octo-owner' })
          : Response.json({ message: 'rate limit' }, { status: 403, headers: { 'x-ratelimit-remaining': '0' } }),
    });
    expect((await call(limited, 'POST', OWNER_ROUTES.session, { body: { token: 'tok-pusher' } })).status).toBe(502);
  });

  it('refuses a body that is not JSON, has no token, or comes from another origin, before asking GitHub', async () => {
    const h = harness();
    github.reset();
    github.users(USERS);
    const post = (options: Call) => call(h, 'POST', OWNER_ROUTES.session, options);
    expect((await post({ body: 'token=tok-pusher', contentType: 'application/x-www-form-urlencoded' })).status).toBe(
      415,
    );
    expect((await post({ body: '{"token":', contentType: 'application/json' })).status).toBe(400);
    expect((await post({ body: { token: '' } })).status).toBe(400);
    expect((await post({ body: { token: 'a b' } })).status).toBe(400);
    expect((await post({ body: { token: 'x'.repeat(5000) } })).status).toBe(400);
    expect(
      await answer(await post({ body: { token: 'tok-pusher' }, origin: 'https://evil.example' }), 403),
    ).toMatchObject({
      error: 'csrf',
    });
    expect(github.apiRequests()).toEqual([]);
  });

  it('never logs a token', async () => {
    const h = harness();
    for (const token of Object.keys(USERS)) await call(h, 'POST', OWNER_ROUTES.session, { body: { token } });
    const logged = JSON.stringify(h.events);
    for (const token of Object.keys(USERS)) expect(logged).not.toContain(token);
  });
});

describe('without a session', () => {
  const routes: [string, string][] = [
    ['GET', OWNER_ROUTES.session],
    ['DELETE', OWNER_ROUTES.session],
    ['GET', OWNER_ROUTES.leads],
    ['POST', OWNER_ROUTES.retry],
    ['POST', OWNER_ROUTES.contacts],
    ['GET', OWNER_ROUTES.experiments],
  ];

  it.each(routes)('%s %s: 401 signed-out', async (method, path) => {
    const body = method === 'POST' && path === OWNER_ROUTES.contacts ? { from: 0, to: 1 } : undefined;
    const response = await call(harness(), method, path, { csrf: 'x'.repeat(64), body });
    expect(await answer(response, 401)).toEqual({ error: 'signed-out', message: expect.any(String) });
  });

  it('a forged, altered or expired cookie: 401', async () => {
    const h = harness();
    const { cookie, session } = await signIn(h, 'tok-pusher');
    const get = (c: string) => call(h, 'GET', OWNER_ROUTES.session, { cookie: c });
    expect((await get(cookie)).status).toBe(200);

    const id = idOf(cookie);
    const forged = [
      edited(cookie, ([, ...rest]) => ['octo-admin', ...rest]),
      edited(cookie, ([login, expiry, ...rest]) => [login!, String(Number(expiry) + 1000), ...rest]),
      // Another id, so that a session signed out would be looked up under one never recorded.
      edited(cookie, ([login, expiry, , csrf, mac]) => [login!, expiry!, 'e'.repeat(32), csrf!, mac!]),
      edited(cookie, ([login, expiry, id, , mac]) => [login!, expiry!, id!, 'f'.repeat(64), mac!]),
      edited(cookie, (parts) => [
        ...parts.slice(0, 4),
        `${parts[4]!.slice(0, -1)}${parts[4]!.endsWith('A') ? 'B' : 'A'}`,
      ]),
      edited(cookie, (parts) => parts.slice(0, 4)),
      `__Secure-owner=${await sign(await sessionKey('another-secret', REPO), `octo-owner.${session.expiresAt}.${id}.${session.csrf}`)}`,
      `__Secure-owner=${await sign(await sessionKey(SECRET, 'communiti/other'), `octo-owner.${session.expiresAt}.${id}.${session.csrf}`)}`,
      // Signed with the right key, but lasting longer than a session may.
      `__Secure-owner=${await sign(await sessionKey(SECRET, REPO), `octo-owner.${T0 + 2 * OWNER_SESSION_S * 1000}.${id}.${session.csrf}`)}`,
      // Signed with the right key in the form sessions had before they held an id: it could not be signed out.
      `__Secure-owner=${await sign(await sessionKey(SECRET, REPO), `octo-owner.${session.expiresAt}.${session.csrf}`)}`,
      // The http cookie's name on https.
      cookie.replace('__Secure-owner=', 'owner='),
    ];
    for (const c of forged) expect((await get(c)).status, c).toBe(401);

    h.setClock(session.expiresAt - 1);
    expect((await get(cookie)).status).toBe(200);
    h.setClock(session.expiresAt);
    expect(await answer(await get(cookie), 401)).toMatchObject({ error: 'signed-out' });
  });

  it('a valid session beside a planted one is still read', async () => {
    const h = harness();
    const { cookie } = await signIn(h, 'tok-pusher');
    const planted = edited(cookie, ([, ...rest]) => ['octo-admin', ...rest]);
    expect((await call(h, 'GET', OWNER_ROUTES.session, { cookie: `${planted}; ${cookie}` })).status).toBe(200);
  });
});

describe('not configured: every route answers 503', () => {
  it.each([
    ['no client id', { GITHUB_CLIENT_SECRET: SECRET }],
    ['no client secret', { GITHUB_CLIENT_ID: 'id' }],
    [
      'an API origin over plain http',
      { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: SECRET, GITHUB_API_ORIGIN: 'http://api.example' },
    ],
  ])('%s', async (_, settings) => {
    const h = harness({}, settings);
    for (const [method, path] of [
      ['GET', OWNER_ROUTES.session],
      ['POST', OWNER_ROUTES.session],
      ['GET', OWNER_ROUTES.leads],
    ] as const) {
      const body = method === 'POST' ? { token: 'tok-pusher' } : undefined;
      expect(await answer(await call(h, method, path, { body }), 503)).toMatchObject({
        error: 'sign-in-not-configured',
      });
    }
  });

  it('no repository in the build (the settings file is missing or wrong)', async () => {
    const h = harness({ repo: async () => null });
    const response = await call(h, 'POST', OWNER_ROUTES.session, { body: { token: 'tok-pusher' } });
    expect(await answer(response, 503)).toMatchObject({ error: 'sign-in-not-configured' });
  });

  it('reads the repository from the build file through the assets, with a cache', async () => {
    expect(parseOwnerSettings({ repo: REPO })).toBe(REPO);
    for (const bad of [
      null,
      {},
      { repo: 'no-slash' },
      { repo: 'a/b/c' },
      { repo: '../x' },
      { repo: 'a/..' },
      { repo: 5 },
    ]) {
      expect(parseOwnerSettings(bad)).toBeNull();
    }
    const fetchAsset = vi.fn(async (request: Request) =>
      new URL(request.url).pathname === '/owner/settings.json'
        ? Response.json({ repo: REPO })
        : new Response('', { status: 404 }),
    );
    const assets: Fetcher = { fetch: fetchAsset };
    const load = repoLoader(60_000);
    expect(await load(assets, () => T0)).toBe(REPO);
    expect(await load(assets, () => T0 + 59_000)).toBe(REPO);
    expect(fetchAsset).toHaveBeenCalledTimes(1);
    const missing = repoLoader(60_000);
    expect(await missing({ fetch: async () => new Response('', { status: 404 }) }, () => T0)).toBeNull();
    expect(await repoLoader()({ fetch: async () => new Response('not json') }, () => T0)).toBeNull();
  });
});

describe('with a session', () => {
  let h: Harness;
  let cookie: string;
  let csrf: string;

  beforeAll(async () => {
    h = harness();
    ({
      cookie,
      session: { csrf },
    } = await signIn(h, 'tok-pusher'));
    h.events.length = 0;
  });

  it('GET session: the session', async () => {
    const body = await answer<OwnerSession>(await call(h, 'GET', OWNER_ROUTES.session, { cookie }), 200);
    expect(body).toEqual({ login: 'octo-owner', repo: REPO, csrf, expiresAt: T0 + OWNER_SESSION_S * 1000 });
  });

  it('GET leads: 30 days of leads, oldest first, without names or numbers, and the delivery health', async () => {
    const response = await call(h, 'GET', OWNER_ROUTES.leads, { cookie });
    const text = await response.clone().text();
    const body = await answer<OwnerLeads>(response, 200);
    expect(body.now).toBe(T0);
    expect(body.since).toBe(T0 - 30 * DAY);
    expect(body.truncated).toBe(false);
    expect(body.leads.map((lead) => lead.id)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'c1']);

    // By UTC day and state, and by page: as the rows were written above.
    const byDay: Record<string, Record<string, number>> = {};
    for (const lead of body.leads) {
      const day = new Date(lead.createdAt).toISOString().slice(0, 10);
      byDay[day] = { ...byDay[day], [lead.state]: (byDay[day]?.[lead.state] ?? 0) + 1 };
    }
    expect(byDay).toEqual({
      '2026-05-18': { sent: 1, pending: 1, dead: 1 },
      '2026-05-19': { sent: 2 },
      '2026-05-20': { pending: 1 },
    });
    const byPage: Record<string, number> = {};
    for (const lead of body.leads) byPage[String(lead.page)] = (byPage[String(lead.page)] ?? 0) + 1;
    expect(byPage).toEqual({ '/pricing/': 2, '/': 1, null: 1, '/creator': 1, '/hi/creator': 1 });
    // By language: the one lead stored from a Hindi page, the others English (stored without a language: English).
    const byLang: Record<string, string[]> = {};
    for (const lead of body.leads) byLang[lead.lang] = [...(byLang[lead.lang] ?? []), lead.id];
    expect(byLang).toEqual({ en: ['a1', 'a2', 'a3', 'b2', 'c1'], hi: ['b1'] });

    expect(body.leads[0]).toEqual({
      id: 'a1',
      createdAt: Date.UTC(2026, 4, 18, 9),
      state: 'sent',
      form: 'popup',
      page: '/pricing/',
      lang: 'en',
      attempts: 1,
      sentAt: Date.UTC(2026, 4, 18, 9, 1),
    });

    expect(body.delivery.oldestPendingAt).toBe(Date.UTC(2026, 4, 18, 10));
    expect(body.delivery.lastError).toEqual({ at: T0 - HOUR, status: null, message: 'timeout' });
    expect(body.delivery.dead).toEqual([
      {
        id: 'a3',
        createdAt: Date.UTC(2026, 4, 18, 23, 30),
        state: 'dead',
        form: 'popup',
        page: null,
        lang: 'en',
        attempts: 1,
        sentAt: null,
        lastStatus: 502,
        lastError: 'CRM answered 502',
        updatedAt: Date.UTC(2026, 4, 19, 0, 30),
      },
      expect.objectContaining({ id: 'old', lastStatus: 500, updatedAt: T0 - 39 * DAY }),
    ]);

    for (const lead of LEADS) {
      expect(text).not.toContain(lead.name);
      expect(text).not.toContain(lead.mobile);
    }
    expect(text).not.toMatch(/name|mobile|98765/);
  });

  it('GET leads ?since: that span, never more than 31 days back', async () => {
    const since = Date.UTC(2026, 4, 19);
    const body = await answer<OwnerLeads>(
      await call(h, 'GET', OWNER_ROUTES.leads, { cookie, query: `?since=${since}` }),
      200,
    );
    expect(body.since).toBe(since);
    expect(body.leads.map((lead) => lead.id)).toEqual(['b1', 'b2', 'c1']);
    const far = await answer<OwnerLeads>(await call(h, 'GET', OWNER_ROUTES.leads, { cookie, query: '?since=0' }), 200);
    expect(far.since).toBe(T0 - 31 * DAY);
    expect(far.leads.map((lead) => lead.id)).not.toContain('old');
    for (const bad of ['?since=yesterday', '?since=-1', '?since=1.5']) {
      expect((await call(h, 'GET', OWNER_ROUTES.leads, { cookie, query: bad })).status).toBe(400);
    }
  });

  it('caps the answer and says so', async () => {
    const store = d1OwnerStore(db);
    const capped = await store.leads(T0 - 30 * DAY, 4);
    expect(capped.truncated).toBe(true);
    expect(capped.leads.map((lead) => lead.id)).toEqual(['a3', 'b1', 'b2', 'c1']);
  });

  it('POST contacts: CSRF token required; at most one day; the names and numbers of that span', async () => {
    const from = Date.UTC(2026, 4, 18);
    const post = (options: Call) => call(h, 'POST', OWNER_ROUTES.contacts, { cookie, ...options });
    expect(await answer(await post({ body: { from, to: from + DAY } }), 403)).toMatchObject({ error: 'csrf' });
    expect((await post({ csrf: 'f'.repeat(64), body: { from, to: from + DAY } })).status).toBe(403);
    expect((await post({ csrf, body: { from, to: from + DAY }, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ csrf, body: { from, to: from + DAY + 1 } })).status).toBe(400);
    expect((await post({ csrf, body: { from, to: from } })).status).toBe(400);
    expect((await post({ csrf, body: { from: String(from), to: from + DAY } })).status).toBe(400);
    expect((await post({ csrf, body: `from=${from}`, contentType: 'text/plain' })).status).toBe(415);
    expect(h.events.filter((e) => e.event === 'owner-contacts')).toEqual([]);

    const body = await answer<OwnerContacts>(await post({ csrf, body: { from, to: from + DAY } }), 200);
    expect(body).toEqual({
      contacts: [
        { id: 'a1', createdAt: Date.UTC(2026, 4, 18, 9), name: 'Asha Rao', mobile: '+91 98765 43201' },
        { id: 'a2', createdAt: Date.UTC(2026, 4, 18, 10), name: 'Bala K', mobile: '+91 98765 43202' },
        { id: 'a3', createdAt: Date.UTC(2026, 4, 18, 23, 30), name: 'Chitra M', mobile: '+91 98765 43203' },
      ],
      truncated: false,
    });
    const logged = h.events.filter((e) => e.event === 'owner-contacts');
    expect(logged).toEqual([
      {
        event: 'owner-contacts',
        login: 'octo-owner',
        from: '2026-05-18T00:00:00.000Z',
        to: '2026-05-19T00:00:00.000Z',
        count: 3,
      },
    ]);
    const line = JSON.stringify(h.events);
    for (const lead of LEADS) {
      expect(line).not.toContain(lead.name);
      expect(line).not.toContain(lead.mobile);
    }
  });

  it('GET experiments: 501 until the readouts are wired, then their answer', async () => {
    expect(await answer(await call(h, 'GET', OWNER_ROUTES.experiments, { cookie }), 501)).toMatchObject({
      error: 'not-implemented',
    });
    const wired = harness({ experiments: async () => ({ now: T0, experiments: [] }) });
    const body = await answer(await call(wired, 'GET', OWNER_ROUTES.experiments, { cookie }), 200);
    expect(body).toEqual({ now: T0, experiments: [] });
  });

  it('unknown paths 404, other methods 405', async () => {
    expect(await answer(await call(h, 'GET', '/api/owner/nothing', { cookie }), 404)).toMatchObject({
      error: 'not-found',
    });
    const response = await call(h, 'PUT', OWNER_ROUTES.leads, { cookie, csrf });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET');
  });

  it('POST retry: CSRF token required, then every dead lead is pending again, as RETRY_DEAD_SQL makes it, and queued', async () => {
    const rows = async () =>
      (await db.prepare('SELECT * FROM leads ORDER BY id').all<Record<string, unknown>>()).results;
    const before = await rows();
    expect(before.filter((row) => row.state === 'dead').map((row) => row.id)).toEqual(['a3', 'old']);

    expect(await answer(await call(h, 'POST', OWNER_ROUTES.retry, { cookie }), 403)).toMatchObject({ error: 'csrf' });
    expect((await call(h, 'POST', OWNER_ROUTES.retry, { cookie, csrf: csrf.replace(/^./, 'x') })).status).toBe(403);
    expect(await rows()).toEqual(before);
    expect(h.enqueued).toEqual([]);

    const retried = await answer(await call(h, 'POST', OWNER_ROUTES.retry, { cookie, csrf }), 200);
    expect(retried).toEqual({ requeued: 2 });
    expect(h.events).toContainEqual({ event: 'owner-retry', login: 'octo-owner', count: 2 });

    // RETRY_DEAD_SQL's own effect, read from its text: state pending, attempts, next_attempt_at, updated_at and
    // claimed_until set, nothing else. Then, as the sweep takes them, made due and touched now, and queued.
    const [update] = RETRY_DEAD_SQL;
    expect(update).toMatch(
      /SET state = 'pending', attempts = 0, next_attempt_at = 0, updated_at = 0, claimed_until = 0/,
    );
    const after = await rows();
    for (const [i, row] of after.entries()) {
      const was = before[i]!;
      if (was.state !== 'dead') {
        expect(row).toEqual(was);
        continue;
      }
      expect(row).toEqual({
        ...was,
        state: 'pending',
        attempts: 0,
        claimed_until: 0,
        next_attempt_at: T0,
        updated_at: T0,
      });
    }
    expect(h.enqueued).toEqual([['old', 'a3']]);

    // Nothing dead is left: a second retry finds none and queues nothing.
    expect(await answer(await call(h, 'POST', OWNER_ROUTES.retry, { cookie, csrf }), 200)).toEqual({ requeued: 0 });
    expect(h.enqueued).toHaveLength(1);
  });

  it('a queue that fails: the retry still holds, and the failure is logged', async () => {
    await db.prepare("UPDATE leads SET state = 'dead' WHERE id = 'a3'").run();
    const failing = harness({ enqueueAll: async () => Promise.reject(new Error('queue down')) });
    expect(await answer(await call(failing, 'POST', OWNER_ROUTES.retry, { cookie, csrf }), 200)).toEqual({
      requeued: 1,
    });
    expect(failing.events).toContainEqual(expect.objectContaining({ event: 'owner-enqueue-failed', count: 1 }));
    const row = await db.prepare("SELECT state FROM leads WHERE id = 'a3'").first<{ state: string }>();
    expect(row?.state).toBe('pending');
  });

  it('a store that fails: 503 unavailable', async () => {
    const store = d1OwnerStore(db);
    const broken = harness({ store: { ...store, leads: async () => Promise.reject(new Error('D1 down')) } });
    expect(await answer(await call(broken, 'GET', OWNER_ROUTES.leads, { cookie }), 503)).toMatchObject({
      error: 'unavailable',
    });
  });

  it('DELETE session: CSRF token required, then 204 and the cookie cleared', async () => {
    expect((await call(h, 'DELETE', OWNER_ROUTES.session, { cookie })).status).toBe(403);
    const response = await call(h, 'DELETE', OWNER_ROUTES.session, { cookie, csrf });
    expect(response.status).toBe(204);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const [cleared = '', hint = ''] = response.headers.getSetCookie();
    expect(cleared.split('; ')).toEqual(expect.arrayContaining(['__Secure-owner=', 'Max-Age=0', 'Path=/api/owner']));
    expect(hint.split('; ')).toEqual(expect.arrayContaining(['owner-signed-in=', 'Max-Age=0', 'Path=/owner']));
    expect(h.events).toContainEqual({ event: 'owner-sign-out', login: 'octo-owner' });
  });
});

describe('signing out ends the session in the Worker, not only in the browser', () => {
  const from = Date.UTC(2026, 4, 18);
  /** Every route of the owner's API but sign-in, as the page calls it with the session's CSRF token. */
  const everyRoute = (csrf: string): [string, string, Call][] => [
    ['GET', OWNER_ROUTES.session, {}],
    ['GET', OWNER_ROUTES.leads, {}],
    ['POST', OWNER_ROUTES.retry, { csrf }],
    ['POST', OWNER_ROUTES.contacts, { csrf, body: { from, to: from + DAY } }],
    ['GET', OWNER_ROUTES.experiments, {}],
    ['DELETE', OWNER_ROUTES.session, { csrf }],
  ];
  /** Random ids, as the Worker draws them: the harness's counted bytes would give another test's session the same. */
  const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));
  const signedOutHarness = () => harness({ random, experiments: async () => ({ now: T0, experiments: [] }) });
  const endedRow = (id: string) =>
    db.prepare('SELECT id, expires_at FROM ended_sessions WHERE id = ?1').bind(id).all<Record<string, unknown>>();

  it('lists every route of the API', () => {
    expect(new Set(everyRoute('').map(([, path]) => path))).toEqual(new Set(Object.values(OWNER_ROUTES)));
  });

  it('a copy of the cookie taken before "Sign out" is refused by every route, contacts included; other sessions work', async () => {
    const h = signedOutHarness();
    // The same owner on a phone and on a computer; someone copies the phone's cookie.
    const phone = await signIn(h, 'tok-pusher');
    const computer = await signIn(h, 'tok-pusher');
    const copy = phone.cookie;
    const routes = everyRoute(phone.session.csrf);
    const open = async (cookie: string, csrf: string) => {
      for (const [method, path, options] of everyRoute(csrf).filter(([method]) => method !== 'DELETE')) {
        expect((await call(h, method, path, { cookie, ...options })).status, `${method} ${path}`).toBe(200);
      }
    };

    await open(copy, phone.session.csrf);
    const shown = await answer<OwnerContacts>(
      await call(h, 'POST', OWNER_ROUTES.contacts, { cookie: copy, ...routes[3]![2] }),
      200,
    );
    expect(shown.contacts.map((contact) => contact.name)).toEqual(['Asha Rao', 'Bala K', 'Chitra M']);

    // "Sign out" on the phone, as the page sends it.
    const out = await call(h, 'DELETE', OWNER_ROUTES.session, { cookie: phone.cookie, csrf: phone.session.csrf });
    expect(out.status).toBe(204);
    expect(h.events).toContainEqual({ event: 'owner-sign-out', login: 'octo-owner' });
    // D1 holds the session's id until the session would have expired, and nothing else of it.
    expect((await endedRow(idOf(copy))).results).toEqual([{ id: idOf(copy), expires_at: phone.session.expiresAt }]);

    for (const [method, path, options] of routes) {
      const response = await call(h, method, path, { cookie: copy, ...options });
      const text = await response.clone().text();
      expect(await answer(response, 401), `${method} ${path}`).toEqual({
        error: 'signed-out',
        message: expect.any(String),
      });
      for (const lead of LEADS) {
        expect(text).not.toContain(lead.name);
        expect(text).not.toContain(lead.mobile);
      }
    }
    // Still refused the moment before it would have expired: the row outlives the session.
    h.setClock(phone.session.expiresAt - 1);
    expect(await answer(await call(h, 'GET', OWNER_ROUTES.leads, { cookie: copy }), 401)).toMatchObject({
      error: 'signed-out',
    });
    h.setClock(T0);

    // Only that session ended: the computer's is still open, and signing in again opens a new one.
    const again = await signIn(h, 'tok-pusher');
    expect(idOf(again.cookie)).not.toBe(idOf(copy));
    await open(computer.cookie, computer.session.csrf);
    await open(again.cookie, again.session.csrf);
  });

  it('a ledger that cannot be read refuses the session (503); one that cannot be written keeps it, and says so', async () => {
    const h = signedOutHarness();
    const { cookie, session } = await signIn(h, 'tok-pusher');
    const ledger = d1EndedSessions(db);
    const unreadable = harness({
      endedSessions: { ...ledger, isEnded: async () => Promise.reject(new Error('D1 down')) },
    });
    for (const [method, path, options] of everyRoute(session.csrf)) {
      const response = await call(unreadable, method, path, { cookie, ...options });
      expect(await answer(response, 503), `${method} ${path}`).toMatchObject({ error: 'unavailable' });
    }

    const unwritable = harness({ endedSessions: { ...ledger, end: async () => Promise.reject(new Error('D1 down')) } });
    const out = await call(unwritable, 'DELETE', OWNER_ROUTES.session, { cookie, csrf: session.csrf });
    // Not signed out: the page is told it failed, and the cookie is not cleared as if it had worked.
    expect(await answer(out, 503)).toMatchObject({ error: 'unavailable' });
    expect(out.headers.getSetCookie()).toEqual([]);
    expect((await endedRow(idOf(cookie))).results).toEqual([]);
    expect((await call(h, 'GET', OWNER_ROUTES.session, { cookie })).status).toBe(200);
  });

  it('the sweep deletes a row once its session has expired, and a minute more for clocks that differ', async () => {
    const ledger = d1EndedSessions(db);
    // Sessions that expired days before this file's clock: no other test's row is as old.
    const early = T0 - 10 * DAY;
    await ledger.end('a'.repeat(32), early);
    await ledger.end('b'.repeat(32), early + HOUR);
    expect(await ledger.isEnded('a'.repeat(32))).toBe(true);
    expect(await ledger.isEnded('c'.repeat(32))).toBe(false);
    expect(await ledger.purge(early + KEEP_AFTER_EXPIRY_MS - 1)).toBe(0);
    expect(await ledger.purge(early + KEEP_AFTER_EXPIRY_MS)).toBe(1);
    expect(await ledger.isEnded('a'.repeat(32))).toBe(false);
    expect(await ledger.isEnded('b'.repeat(32))).toBe(true);
  });
});
