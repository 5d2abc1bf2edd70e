/**
 * GET /api/cms-auth and GET /api/cms-auth/callback: the CMS admin's GitHub sign-in (the rules and the popup page are in
 * worker/cms-auth/rules.ts). The first sends the popup to GitHub with a fresh signed `state` (a nonce and an expiry), kept
 * in an HttpOnly cookie (`__Host-` on https); the second checks that `state` against the cookie, its signature and its
 * expiry, uses it up (its nonce goes into the ledger of used nonces in D1, so a replay is refused), trades the code for
 * a token with the OAuth app's secret, and answers the page that hands the token to the admin window on the site's own
 * origin. Every refused state gets the same CSRF_DETECTED answer, before GitHub is asked for anything.
 *
 * GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are secrets of the Worker; without them both routes answer 503 "sign-in is
 * not configured". GITHUB_ORIGIN (default https://github.com) is where GitHub is: tests point it to a fake provider.
 * The secret goes to GITHUB_ORIGIN's token URL only: never into an answer, a header or a log line. The key that signs
 * states is derived from it (STATE_KEY_PURPOSE), so a new client secret voids the sign-ins under way.
 */
import {
  authorizeUrl,
  checkState,
  chooseScope,
  handshakePage,
  hashSource,
  issueState,
  knownProviderError,
  NO_STORE_HEADERS,
  pagePolicy,
  PROVIDER,
  providerError,
  providerOrigin,
  readCookies,
  readTokenAnswer,
  SIGN_IN_ERRORS,
  STATE_BYTES,
  stateCookie,
  stateCookieName,
  stateKey,
  tokenRequest,
  withoutSecrets,
  type SignInError,
} from './rules';
import { CMS_AUTH_CALLBACK, CMS_AUTH_ROUTE } from '../../src/lib/cms/auth-wire';

/** GitHub answers the token request in well under a second; past this the editor is told to try again. */
export const TOKEN_TIMEOUT_MS = 10_000;

export interface CmsAuthSettings {
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  GITHUB_ORIGIN?: string;
}

export interface CmsAuthDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** `length` random bytes (crypto.getRandomValues). */
  random: (length: number) => Uint8Array;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Records a state's nonce as used until `expiresAt` (ms); false when it was used before (./used-nonces.ts). */
  useNonce: (nonce: string, expiresAt: number) => Promise<boolean>;
  /** One line per event: what happened and why, never a code, a token or a secret. */
  log: (event: { event: string; reason?: string; status?: number }) => void;
}

export function isCmsAuthRoute(pathname: string): boolean {
  return pathname === CMS_AUTH_ROUTE || pathname === CMS_AUTH_CALLBACK;
}

export const consoleCmsAuthLog: CmsAuthDeps['log'] = (event) => {
  const line = JSON.stringify({ source: 'cms-auth', ...event });
  if (event.event === 'signed-in' || event.event === 'redirected') console.log(line);
  else console.warn(line);
};

async function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
}

/** The popup page with its headers: its one inline script allowed by hash, nothing else. */
async function page(
  status: number,
  siteOrigin: string,
  result: { token: string } | { error: SignInError },
  headers: Record<string, string> = {},
): Promise<Response> {
  const { html, script } = handshakePage(siteOrigin, result);
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': pagePolicy(hashSource(await sha256(script))),
      ...NO_STORE_HEADERS,
      ...headers,
    },
  });
}

export async function handleCmsAuth(request: Request, settings: CmsAuthSettings, deps: CmsAuthDeps): Promise<Response> {
  const url = new URL(request.url);
  const siteOrigin = url.origin;
  if (request.method !== 'GET') {
    return Response.json(
      { error: 'method not allowed' },
      { status: 405, headers: { Allow: 'GET', ...NO_STORE_HEADERS } },
    );
  }

  const clientId = settings.GITHUB_CLIENT_ID?.trim();
  const clientSecret = settings.GITHUB_CLIENT_SECRET?.trim();
  const provider = providerOrigin(settings.GITHUB_ORIGIN);
  if (!clientId || !clientSecret || !provider) {
    deps.log({ event: 'unconfigured', reason: provider ? 'no client id or secret' : 'GITHUB_ORIGIN is not an origin' });
    return page(503, siteOrigin, { error: SIGN_IN_ERRORS.notConfigured });
  }
  const secure = url.protocol === 'https:';

  if (url.pathname === CMS_AUTH_ROUTE) {
    const asked = url.searchParams.get('provider');
    if (asked !== null && asked !== PROVIDER)
      return page(400, siteOrigin, { error: SIGN_IN_ERRORS.unsupportedProvider });
    const state = await issueState(await stateKey(clientSecret), deps.random(STATE_BYTES), deps.now());
    const location = authorizeUrl({
      providerOrigin: provider,
      clientId,
      scope: chooseScope(url.searchParams.get('scope')),
      siteOrigin,
      state,
    });
    deps.log({ event: 'redirected' });
    return new Response(null, {
      status: 302,
      headers: { Location: location, 'Set-Cookie': stateCookie(state, { secure }), ...NO_STORE_HEADERS },
    });
  }

  // The callback. A state that is missing, not this browser's, not signed with this site's key, expired or used before
  // is refused before anything is sent to GitHub, and the cookie is left alone: a page elsewhere that sends the browser
  // here cannot end a sign-in under way. On https only the `__Host-` cookie is read.
  const check = await checkState(
    await stateKey(clientSecret),
    readCookies(request.headers.get('Cookie'), stateCookieName({ secure })),
    url.searchParams.get('state'),
    deps.now(),
  );
  if (!check.ok) {
    deps.log({ event: 'refused', reason: check.reason });
    return page(400, siteOrigin, { error: SIGN_IN_ERRORS.badState });
  }
  let firstUse: boolean;
  try {
    firstUse = await deps.useNonce(check.nonce, check.expiresAt * 1000);
  } catch {
    deps.log({ event: 'state-check-failed', reason: 'the ledger of used nonces did not answer' });
    return page(503, siteOrigin, { error: SIGN_IN_ERRORS.unavailable });
  }
  if (!firstUse) {
    deps.log({ event: 'refused', reason: 'the state was used before' });
    return page(400, siteOrigin, { error: SIGN_IN_ERRORS.badState });
  }
  const cleared = { 'Set-Cookie': stateCookie(null, { secure }) };
  const fail = (status: number, error: SignInError) =>
    page(status, siteOrigin, { error: { ...error, message: withoutSecrets(error.message, [clientSecret]) } }, cleared);

  const denied = url.searchParams.get('error');
  if (denied !== null) {
    deps.log({ event: 'refused', reason: `GitHub: ${knownProviderError(denied) ?? 'an unknown error'}` });
    return fail(400, denied === 'access_denied' ? SIGN_IN_ERRORS.denied : providerError(denied));
  }
  const code = url.searchParams.get('code');
  if (!code) {
    deps.log({ event: 'refused', reason: 'no code' });
    return fail(400, SIGN_IN_ERRORS.noCode);
  }

  const exchange = tokenRequest({ providerOrigin: provider, clientId, clientSecret, code, siteOrigin });
  let answer: Response;
  try {
    answer = await deps.fetch(exchange.url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: exchange.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch {
    deps.log({ event: 'token-failed', reason: 'unreachable' });
    return fail(502, SIGN_IN_ERRORS.unreachable);
  }
  let body: unknown = null;
  try {
    body = await answer.json();
  } catch {
    // Not JSON: read as malformed below.
  }
  const result = readTokenAnswer(answer.status, body);
  if ('error' in result) {
    const error = (body as { error?: unknown } | null)?.error;
    deps.log({ event: 'token-failed', status: answer.status, reason: knownProviderError(error) ?? 'no token' });
    return fail(502, result.error);
  }
  if (result.token.includes(clientSecret)) {
    deps.log({ event: 'token-failed', status: answer.status, reason: 'the answer repeats the secret' });
    return fail(502, SIGN_IN_ERRORS.malformed);
  }
  deps.log({ event: 'signed-in' });
  return page(200, siteOrigin, result, cleared);
}
