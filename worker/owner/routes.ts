/**
 * The owner's API below OWNER_API_PREFIX (the routes and answers: src/lib/owner/wire.ts), for the owner's page.
 * Signing in takes a GitHub token from the CMS sign-in (/api/cms-auth): GitHub is asked who holds it and whether they
 * may write to the site's repository (./github.ts); only then does the Worker set a short session cookie (./session.ts).
 * The token itself is kept nowhere. Every other route needs that session, not signed out (./ended-sessions.ts), and a
 * POST or DELETE its CSRF token too.
 *
 * Without GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (the OAuth app of the CMS sign-in, whose secret also signs the
 * session), a usable GITHUB_API_ORIGIN or the build's repository (OWNER_SETTINGS_PATH), every route answers 503.
 * The platform comes in as plain functions, so unit tests run this as it is.
 */
import {
  OWNER_API_PREFIX,
  OWNER_CONTACTS_MAX_SPAN_MS,
  OWNER_CSRF_HEADER,
  OWNER_DAYS,
  OWNER_LEADS_MAX_DAYS,
  OWNER_MAX_LEADS,
  OWNER_ROUTES,
  type OwnerErrorBody,
  type OwnerExperiments,
  type OwnerLeads,
  type OwnerRetried,
} from '../../src/lib/owner/wire';
import { DEFAULT_GITHUB_ORIGIN, providerOrigin, sameText, TOKEN_FORMAT } from '../cms-auth/rules';
import { DAY_MS } from '../leads/outbox';
import { QUEUE_BATCH, SWEEP_BATCH } from '../leads/sweep';
import { apiOrigin, checkAccess } from './github';
import {
  CSRF_BYTES,
  issueSession,
  publicSession,
  SESSION_ID_BYTES,
  sessionCookie,
  sessionHintCookie,
  sessionKey,
  sessionOf,
  type SignedSession,
} from './session';
import type { EndedSessions } from './ended-sessions';
import type { OwnerStore } from './store';
import { readLimited } from '../request-body';
import { isRecord } from '../../src/lib/json';

/** A request body larger than this is refused unread: a token or a span is well under it. */
export const MAX_BODY_BYTES = 4 * 1024;

export interface OwnerSettings {
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  GITHUB_API_ORIGIN?: string;
  /** Where GitHub's pages are (the CMS sign-in's setting): its sign-out page is offered to a user without access. */
  GITHUB_ORIGIN?: string;
}

export interface OwnerEvent {
  event: string;
  /** The GitHub user: a login, never a token. */
  login?: string;
  reason?: string;
  status?: number;
  count?: number;
  /** The span of a contacts request, as ISO times. */
  from?: string;
  to?: string;
}

export type OwnerLog = (event: OwnerEvent) => void;

export interface OwnerDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** `length` random bytes (crypto.getRandomValues). */
  random: (length: number) => Uint8Array;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** The repository of the build's OWNER_SETTINGS_PATH, or null without one (./settings.ts). */
  repo: () => Promise<string | null>;
  store: OwnerStore;
  /** The sessions signed out before their expiry: sign-out records one, every other route looks its session up. */
  endedSessions: Pick<EndedSessions, 'end' | 'isEnded'>;
  /** Queues leads for delivery, at most QUEUE_BATCH ids a call (LEAD_QUEUE.sendBatch). */
  enqueueAll: (ids: string[]) => Promise<void>;
  /** The experiments' readouts; without it, OWNER_ROUTES.experiments answers 501. */
  experiments?: () => Promise<OwnerExperiments>;
  /** One line per event: who and what, never a token, a name or a mobile number. */
  log: OwnerLog;
}

export const consoleOwnerLog: OwnerLog = (event) => {
  const line = JSON.stringify({ source: 'owner', ...event });
  if (/-failed$|^owner-unconfigured$/.test(event.event)) console.error(line);
  else if (event.event === 'owner-denied') console.warn(line);
  else console.log(line);
};

export function isOwnerRoute(pathname: string): boolean {
  return pathname === OWNER_API_PREFIX || pathname.startsWith(`${OWNER_API_PREFIX}/`);
}

const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

function json(status: number, body: unknown, headers: Record<string, string> = {}, cookies: string[] = []): Response {
  const all = new Headers({ ...HEADERS, ...headers });
  for (const cookie of cookies) all.append('Set-Cookie', cookie);
  return new Response(JSON.stringify(body), { status, headers: all });
}

const MESSAGES = {
  'signed-out': 'You are not signed in, or your session has ended. Sign in with GitHub again.',
  csrf: 'This request did not come from the owner page of this site. Reload the page and try again.',
  'sign-in-not-configured':
    'Signing in is not set up on this site yet: its owner has to set up the GitHub sign-in of the content admin (GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET) and build the site with its repository.',
  'github-unreachable': 'GitHub could not be reached to check your access. Try again in a moment.',
  'not-found': 'There is nothing at this address.',
  unavailable: 'The lead records could not be read just now. Try again in a moment.',
  'not-implemented': 'This part of the owner page is not available on this site yet.',
} as const;

function error(status: number, body: OwnerErrorBody, headers: Record<string, string> = {}): Response {
  return json(status, body, headers);
}

function noWriteAccess(login: string, repo: string, github: string): OwnerErrorBody {
  return {
    error: 'no-write-access',
    message:
      `You are signed in to GitHub as ${login}, who cannot change ${repo}. ` +
      "Ask the site's owner to add you as a collaborator with write access.",
    login,
    repo,
    signOutUrl: `${github}/logout`,
  };
}

const badRequest = (message: string) => error(400, { error: 'bad-request', message });

/** Which methods each route answers. */
const METHODS: Record<string, readonly string[]> = {
  [OWNER_ROUTES.session]: ['GET', 'POST', 'DELETE'],
  [OWNER_ROUTES.leads]: ['GET'],
  [OWNER_ROUTES.retry]: ['POST'],
  [OWNER_ROUTES.contacts]: ['POST'],
  [OWNER_ROUTES.experiments]: ['GET'],
};

function isJson(request: Request): boolean {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0] ?? '';
  return type.trim().toLowerCase() === 'application/json';
}

/** The body as JSON, or why not: too large, not JSON. Stops reading at MAX_BODY_BYTES. */
async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const text = await readLimited(request, MAX_BODY_BYTES);
  if (text === null) return { ok: false, message: `The request is larger than ${MAX_BODY_BYTES} bytes.` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: 'The request is not JSON.' };
  }
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Answers one request below OWNER_API_PREFIX. */
export async function handleOwner(request: Request, settings: OwnerSettings, deps: OwnerDeps): Promise<Response> {
  const url = new URL(request.url);
  const methods = METHODS[url.pathname];
  if (!methods) return error(404, { error: 'not-found', message: MESSAGES['not-found'] });
  if (!methods.includes(request.method)) {
    return error(
      405,
      { error: 'method-not-allowed', message: `This address answers ${methods.join(', ')} only.` },
      { Allow: methods.join(', ') },
    );
  }

  const clientId = settings.GITHUB_CLIENT_ID?.trim();
  const secret = settings.GITHUB_CLIENT_SECRET?.trim();
  const origin = apiOrigin(settings.GITHUB_API_ORIGIN);
  const repo = await deps.repo();
  if (!clientId || !secret || !origin || !repo) {
    const reason =
      !clientId || !secret
        ? 'no client id or secret'
        : !origin
          ? 'GITHUB_API_ORIGIN is not an origin'
          : 'no repository';
    deps.log({ event: 'owner-unconfigured', reason });
    return error(503, { error: 'sign-in-not-configured', message: MESSAGES['sign-in-not-configured'] });
  }

  const writes = request.method !== 'GET' && request.method !== 'HEAD';
  const sentOrigin = request.headers.get('Origin');
  if (sentOrigin !== null && sentOrigin !== url.origin) {
    deps.log({ event: 'owner-refused', reason: 'foreign origin' });
    return error(403, { error: 'csrf', message: MESSAGES.csrf });
  }

  const secure = url.protocol === 'https:';
  const key = await sessionKey(secret, repo);
  const now = deps.now();

  if (url.pathname === OWNER_ROUTES.session && request.method === 'POST') {
    const github = providerOrigin(settings.GITHUB_ORIGIN) ?? DEFAULT_GITHUB_ORIGIN;
    return signIn(request, { origin, github, repo, key, now, secure }, deps);
  }

  let session: SignedSession | null;
  try {
    session = await sessionOf(request, key, repo, now, (id) => deps.endedSessions.isEnded(id));
  } catch (failure) {
    // Whether the session was signed out cannot be told: refused, as a lookup that failed must not let a signed-out
    // copy of the cookie in.
    deps.log({ event: 'owner-failed', reason: String(failure) });
    return error(503, { error: 'unavailable', message: MESSAGES.unavailable }, { 'Retry-After': '30' });
  }
  if (!session) {
    return error(401, { error: 'signed-out', message: MESSAGES['signed-out'] });
  }
  if (writes) {
    const sent = request.headers.get(OWNER_CSRF_HEADER);
    if (sent === null || !sameText(sent, session.csrf)) {
      deps.log({ event: 'owner-refused', login: session.login, reason: 'no CSRF token' });
      return error(403, { error: 'csrf', message: MESSAGES.csrf });
    }
  }

  try {
    switch (url.pathname) {
      case OWNER_ROUTES.session: {
        if (request.method === 'GET') return json(200, publicSession(session));
        // Recorded before the cookie is cleared, so that a copy of it taken earlier is refused from now on, not at its
        // expiry. If D1 cannot record it, the answer is 503 and the cookie stays: the page says the sign-out failed.
        await deps.endedSessions.end(session.id, session.expiresAt);
        deps.log({ event: 'owner-sign-out', login: session.login });
        const ended = new Headers({ 'Cache-Control': 'no-store' });
        ended.append('Set-Cookie', sessionCookie(null, { secure }));
        ended.append('Set-Cookie', sessionHintCookie(false, { secure }));
        return new Response(null, { status: 204, headers: ended });
      }
      case OWNER_ROUTES.leads:
        return await leads(url, now, deps);
      case OWNER_ROUTES.retry:
        return await retry(request, session.login, now, deps);
      case OWNER_ROUTES.contacts:
        return await contacts(request, session.login, now, deps);
      default:
        if (!deps.experiments) return error(501, { error: 'not-implemented', message: MESSAGES['not-implemented'] });
        return json(200, await deps.experiments());
    }
  } catch (failure) {
    deps.log({ event: 'owner-failed', login: session.login, reason: String(failure) });
    return error(503, { error: 'unavailable', message: MESSAGES.unavailable }, { 'Retry-After': '30' });
  }
}

async function signIn(
  request: Request,
  context: { origin: string; github: string; repo: string; key: CryptoKey; now: number; secure: boolean },
  deps: OwnerDeps,
): Promise<Response> {
  if (!isJson(request)) {
    return error(415, { error: 'unsupported-media-type', message: 'Send the request as application/json.' });
  }
  const body = await readJson(request);
  if (!body.ok) return badRequest(body.message);
  const token = isRecord(body.value) ? body.value.token : undefined;
  if (typeof token !== 'string' || !TOKEN_FORMAT.test(token)) {
    return badRequest('The request carries no GitHub token: sign in with GitHub again.');
  }

  const access = await checkAccess({ origin: context.origin, token, repo: context.repo, fetch: deps.fetch });
  switch (access.kind) {
    case 'unreachable':
      deps.log({ event: 'owner-github-failed', reason: access.reason, status: access.status });
      return error(502, { error: 'github-unreachable', message: MESSAGES['github-unreachable'] });
    case 'bad-token':
      deps.log({ event: 'owner-denied', reason: 'GitHub refused the token' });
      return error(401, {
        error: 'signed-out',
        message: 'GitHub did not accept this sign-in, or it has expired. Sign in with GitHub again.',
      });
    case 'reader':
      deps.log({ event: 'owner-denied', login: access.login, reason: 'no write access' });
      return error(403, noWriteAccess(access.login, context.repo, context.github));
    case 'writer': {
      let issued;
      try {
        issued = await issueSession(context.key, {
          login: access.login,
          repo: context.repo,
          idBytes: deps.random(SESSION_ID_BYTES),
          csrfBytes: deps.random(CSRF_BYTES),
          nowMs: context.now,
        });
      } catch {
        // A login this module cannot carry in its cookie (GitHub allows none such today).
        deps.log({ event: 'owner-denied', reason: 'a login the session cannot hold' });
        return error(403, noWriteAccess(access.login, context.repo, context.github));
      }
      deps.log({ event: 'owner-sign-in', login: access.login });
      const secure = { secure: context.secure };
      return json(200, publicSession(issued.session), {}, [
        sessionCookie(issued.value, secure),
        sessionHintCookie(true, secure),
      ]);
    }
  }
}

async function leads(url: URL, now: number, deps: OwnerDeps): Promise<Response> {
  const asked = url.searchParams.get('since');
  const earliest = now - OWNER_LEADS_MAX_DAYS * DAY_MS;
  let since = now - OWNER_DAYS * DAY_MS;
  if (asked !== null) {
    if (!/^\d{1,15}$/.test(asked)) return badRequest('`since` must be a time in milliseconds since 1970.');
    since = Math.max(Number(asked), earliest);
  }
  const [stored, delivery] = await Promise.all([
    deps.store.leads(since, OWNER_MAX_LEADS),
    deps.store.delivery(OWNER_MAX_LEADS),
  ]);
  const answer: OwnerLeads = { now, since, leads: stored.leads, truncated: stored.truncated, delivery };
  return json(200, answer);
}

async function retry(request: Request, login: string, now: number, deps: OwnerDeps): Promise<Response> {
  if (request.headers.has('Content-Type') && !isJson(request)) {
    return error(415, { error: 'unsupported-media-type', message: 'Send the request as application/json.' });
  }
  const requeued = await deps.store.retryDead();
  deps.log({ event: 'owner-retry', login, count: requeued });
  // What the sweep would do within minutes, now, so the owner sees them move at once. A lead touched here but not
  // queued (the queue failed) is queued by the sweep once it has waited LEAD_SWEEP_AFTER_S.
  if (requeued > 0) {
    const ids = await deps.store.takeRetried(now, SWEEP_BATCH);
    for (let i = 0; i < ids.length; i += QUEUE_BATCH) {
      const batch = ids.slice(i, i + QUEUE_BATCH);
      try {
        await deps.enqueueAll(batch);
      } catch (failure) {
        deps.log({ event: 'owner-enqueue-failed', login, count: batch.length, reason: String(failure) });
      }
    }
  }
  return json(200, { requeued } satisfies OwnerRetried);
}

async function contacts(request: Request, login: string, now: number, deps: OwnerDeps): Promise<Response> {
  if (!isJson(request)) {
    return error(415, { error: 'unsupported-media-type', message: 'Send the request as application/json.' });
  }
  const body = await readJson(request);
  if (!body.ok) return badRequest(body.message);
  const { from, to } = isRecord(body.value) ? body.value : {};
  if (!isTime(from) || !isTime(to) || to <= from) {
    return badRequest('Ask for contacts between two times (`from` before `to`, in milliseconds since 1970).');
  }
  if (to - from > OWNER_CONTACTS_MAX_SPAN_MS) {
    return badRequest('Names and mobile numbers are shown for one day at a time: ask for a shorter span.');
  }
  if (from > now) return badRequest('That span has not begun yet.');
  const answer = await deps.store.contacts(from, to, OWNER_MAX_LEADS);
  deps.log({
    event: 'owner-contacts',
    login,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    count: answer.contacts.length,
  });
  return json(200, answer);
}
