/**
 * The owner's session: a cookie the Worker signs (../signing.ts) once GitHub has said the user may write to the site's
 * repository, holding the GitHub login, the expiry (ms), a random id and a random CSRF token, as
 * `{login}.{expiresAt}.{id}.{csrf}.{mac}`. It is checked on every request: signature, form, expiry, and whether it was
 * signed out. Clearing the cookie ends a session only in the browser that held it, and a copy taken before would pass
 * the first three checks until it expires; so sign-out records the id as ended (./ended-sessions.ts), and a session
 * whose id is recorded is no session (`sessionOf`). Open sessions are not stored: the cookie carries all they are.
 *
 * The key is derived from GITHUB_CLIENT_SECRET with a label that names the repository: a session never outlives a
 * change of the repository it was granted for, nor a new client secret.
 */
import {
  OWNER_API_PREFIX,
  OWNER_COOKIE,
  OWNER_HINT_COOKIE,
  OWNER_PAGE,
  OWNER_COOKIE_SECURE,
  OWNER_SESSION_S,
  type OwnerSession,
} from '../../src/lib/owner/wire';
import { readCookies } from '../cms-auth/rules';
import { deriveSigningKey, sign, verify } from '../signing';

/** The label of the key that signs sessions; the CMS sign-in's state uses another one of the same secret. */
export const SESSION_KEY_PURPOSE = 'owner-session v1';
/** Random bytes in a CSRF token: 256 bits, as 64 hex digits. */
export const CSRF_BYTES = 32;
/** Random bytes in a session's id: 128 bits, as 32 hex digits, so that no two sessions share one. */
export const SESSION_ID_BYTES = 16;
/** A GitHub login (GitHub Enterprise adds `_` for managed users), an expiry in ms, a session id and a CSRF token. */
const SESSION_VALUE = /^([A-Za-z0-9_-]{1,100})\.(\d{1,15})\.([0-9a-f]{32})\.([0-9a-f]{64})$/;
/** A cookie value longer than this is not read. */
const MAX_COOKIE_VALUE = 300;

/**
 * A session as the Worker knows it: what the page gets (OwnerSession) and the id that sign-out records. The id stays
 * in the Worker: the page has no use for it (`publicSession`).
 */
export interface SignedSession extends OwnerSession {
  id: string;
}

/** What the page is answered of a session: everything but its id. */
export function publicSession({ login, repo, csrf, expiresAt }: SignedSession): OwnerSession {
  return { login, repo, csrf, expiresAt };
}

export function sessionKey(clientSecret: string, repo: string): Promise<CryptoKey> {
  return deriveSigningKey(clientSecret, `${SESSION_KEY_PURPOSE} ${repo}`);
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new session for `login`, lasting OWNER_SESSION_S from `nowMs`, and its signed cookie value. */
export async function issueSession(
  key: CryptoKey,
  input: { login: string; repo: string; idBytes: Uint8Array; csrfBytes: Uint8Array; nowMs: number },
): Promise<{ session: SignedSession; value: string }> {
  if (input.idBytes.length !== SESSION_ID_BYTES) throw new Error(`a session id takes ${SESSION_ID_BYTES} random bytes`);
  if (input.csrfBytes.length !== CSRF_BYTES) throw new Error(`a CSRF token takes ${CSRF_BYTES} random bytes`);
  const session: SignedSession = {
    login: input.login,
    repo: input.repo,
    id: hex(input.idBytes),
    csrf: hex(input.csrfBytes),
    expiresAt: input.nowMs + OWNER_SESSION_S * 1000,
  };
  const plain = `${session.login}.${session.expiresAt}.${session.id}.${session.csrf}`;
  if (!SESSION_VALUE.test(plain)) throw new Error('a GitHub login of letters, digits, - and _ only');
  return { session, value: await sign(key, plain) };
}

/**
 * The session a cookie value holds, or null: not signed with `key` for exactly this value, not in its form, expired at
 * `nowMs`, or expiring later than a session issued now would.
 */
export async function readSession(
  key: CryptoKey,
  value: string,
  repo: string,
  nowMs: number,
): Promise<SignedSession | null> {
  if (value.length > MAX_COOKIE_VALUE) return null;
  const plain = await verify(key, value);
  const match = plain === null ? null : SESSION_VALUE.exec(plain);
  if (!match) return null;
  const [, login = '', expiry = '', id = '', csrf = ''] = match;
  const expiresAt = Number(expiry);
  if (nowMs >= expiresAt || expiresAt > nowMs + OWNER_SESSION_S * 1000) return null;
  return { login, repo, id, csrf, expiresAt };
}

/** The cookie's name: `__Secure-` on https, where browsers accept the prefix; the plain one on a local http host. */
export function sessionCookieName({ secure }: { secure: boolean }): string {
  return secure ? OWNER_COOKIE_SECURE : OWNER_COOKIE;
}

/**
 * The Set-Cookie of a session (null: clears it). HttpOnly: no script reads it; SameSite=Strict: no other site's page
 * sends it; Path: the owner's API only, never a page; Secure on https.
 */
export function sessionCookie(value: string | null, { secure }: { secure: boolean }): string {
  return [
    `${sessionCookieName({ secure })}=${value ?? ''}`,
    `Max-Age=${value ? OWNER_SESSION_S : 0}`,
    `Path=${OWNER_API_PREFIX}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * The first valid session among the request's session cookies (another one may have been planted beside it) that was
 * not signed out: `isEnded` is asked about each signed one, and a failure to answer is thrown, never taken for a no.
 */
export async function sessionOf(
  request: Request,
  key: CryptoKey,
  repo: string,
  nowMs: number,
  isEnded: (id: string) => Promise<boolean>,
): Promise<SignedSession | null> {
  const secure = new URL(request.url).protocol === 'https:';
  const values = readCookies(request.headers.get('Cookie'), sessionCookieName({ secure }));
  for (const value of values.slice(0, 4)) {
    const session = await readSession(key, value, repo, nowMs);
    if (session && !(await isEnded(session.id))) return session;
  }
  return null;
}

/**
 * The Set-Cookie of the page's hint that a session is open (false: clears it): readable by the owner's page only
 * (its path), so that a signed-out visit shows the sign-in without asking the API (and being told 401). It holds
 * nothing but "1" and grants nothing: every route still checks the session cookie.
 */
export function sessionHintCookie(open: boolean, { secure }: { secure: boolean }): string {
  return [
    `${OWNER_HINT_COOKIE}=${open ? '1' : ''}`,
    `Max-Age=${open ? OWNER_SESSION_S : 0}`,
    `Path=${OWNER_PAGE.replace(/\/$/, '')}`,
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
