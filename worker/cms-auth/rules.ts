/**
 * The rules of the CMS sign-in (worker/cms-auth/routes.ts answers the routes): the browser admin at /cms/ signs editors in
 * with GitHub through the site's own Worker, which holds the OAuth app's secret. The admin (Sveltia CMS, Decap's
 * GitHub backend protocol) opens a popup at CMS_AUTH_ROUTE (src/lib/cms/auth-wire.ts); the Worker sends it to GitHub with a signed, short-lived
 * `state` bound to the browser by a cookie; GitHub sends it back to CMS_AUTH_CALLBACK, where the Worker checks it, uses
 * it up, trades the code for a token and answers a page that hands the token to the admin window with the Decap popup
 * handshake:
 *
 *   popup → opener  `authorizing:github`
 *   opener → popup  `authorizing:github` (the admin's reply, from the origin it opened)
 *   popup → opener  `authorization:github:success:{"token":"…","provider":"github"}` (or `…:error:{…}`)
 *
 * Every message goes to the site's own origin only: an opener on any other origin receives nothing, and a reply from
 * any other origin is ignored. Pure: the random bytes, the clock, the origins and the secrets come in as arguments.
 */
import { CMS_AUTH_CALLBACK, CMS_AUTH_ROUTE } from '../../src/lib/cms/auth-wire';
import { deriveSigningKey, sign, verify } from '../signing';

/** The one provider: Decap's and Sveltia's GitHub backend. */
export const PROVIDER = 'github';
/** GITHUB_ORIGIN when the variable is unset: github.com itself (a GitHub Enterprise server sets its own). */
export const DEFAULT_GITHUB_ORIGIN = 'https://github.com';

/**
 * The cookie that binds a sign-in's `state` to the browser that started it. On https it is `__Host-cms_auth_state`
 * (SECURE_STATE_COOKIE), which a browser accepts only from this very host over https, with `Path=/` and no `Domain`:
 * neither a sibling subdomain nor a page over plain http can plant one. On a local http host (tests, `npm start`),
 * where browsers refuse the prefix, it keeps the plain name and the sign-in routes' path.
 */
export const STATE_COOKIE = 'cms_auth_state';
export const SECURE_STATE_COOKIE = `__Host-${STATE_COOKIE}`;
/** A sign-in must come back from GitHub within this many seconds: the state's expiry and its cookie's Max-Age. */
export const STATE_MAX_AGE_S = 600;
/** Random bytes in a state's nonce: 256 bits, written as 64 hex digits. */
export const STATE_BYTES = 32;
/** The label of the key that signs states (derived from the OAuth app's client secret): no other use shares it. */
export const STATE_KEY_PURPOSE = 'cms-auth state v1';
/** A state: the nonce, its expiry in seconds since the epoch, and the MAC of both (worker/signing.ts). */
const STATE_FORMAT = /^[0-9a-f]{64}\.\d{10}\.[A-Za-z0-9_-]{43}$/;

/** The scope asked for when the admin asks for none, or for none this endpoint grants. */
export const DEFAULT_SCOPE = 'repo';
/**
 * Scopes the admin may ask for: Sveltia asks `{auth_scope},user` with auth_scope `repo` (default) or `public_repo`.
 * Anything else is dropped: the endpoint is public, and a token with a wider scope than the admin needs keeps it.
 */
export const ALLOWED_SCOPES = ['repo', 'public_repo', 'user', 'read:user', 'user:email'] as const;

/** The scope to ask GitHub for: the allowed ones among those asked (comma- or space-separated), else `repo`. */
export function chooseScope(requested: string | null | undefined): string {
  const allowed = new Set<string>(ALLOWED_SCOPES);
  const asked = (requested ?? '').split(/[\s,]+/).filter((scope) => allowed.has(scope));
  return asked.length ? [...new Set(asked)].join(',') : DEFAULT_SCOPE;
}

/**
 * The origin a setting names (GITHUB_ORIGIN, or GITHUB_API_ORIGIN with its own fallback), `fallback` when it is unset,
 * or null when it is no usable origin: https, or http on this machine only (a test's fake provider on 127.0.0.1), with
 * no path, query or credentials. A secret or a token is sent there.
 */
export function providerOrigin(value: string | undefined, fallback = DEFAULT_GITHUB_ORIGIN): string | null {
  const raw = value?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
  return secure && bare ? url.origin : null;
}

/** A state's nonce from STATE_BYTES random bytes (crypto.getRandomValues in the Worker), as lowercase hex. */
export function nonceFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== STATE_BYTES) throw new Error(`a state takes ${STATE_BYTES} random bytes`);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key that signs and checks states, from the OAuth app's client secret: a new secret voids every state issued. */
export function stateKey(clientSecret: string): Promise<CryptoKey> {
  return deriveSigningKey(clientSecret, STATE_KEY_PURPOSE);
}

/** A new state: a nonce from `bytes` and an expiry STATE_MAX_AGE_S after `nowMs`, signed with `key`. */
export function issueState(key: CryptoKey, bytes: Uint8Array, nowMs: number): Promise<string> {
  return sign(key, `${nonceFromBytes(bytes)}.${Math.floor(nowMs / 1000) + STATE_MAX_AGE_S}`);
}

/** Whether two strings are equal, in a time that says nothing about how much of a guess was right. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** What a callback's state is worth: a nonce to use up and when it expires (seconds since the epoch), or why not. */
export type StateCheck = { ok: true; nonce: string; expiresAt: number } | { ok: false; reason: string };

/**
 * Whether the `state` GitHub brought back may finish a sign-in in this browser: exactly one state cookie (two mean one
 * was planted beside ours), a query state equal to it, well-formed, signed with `key`, and not expired at `nowMs`
 * (nor expiring later than a state issued now would). Whether it was used before is the Worker's to check: the nonce
 * of an accepted state goes into its ledger of used nonces. `reason` is for the log: it holds nothing sent.
 */
export async function checkState(
  key: CryptoKey,
  cookies: readonly string[],
  fromQuery: string | null | undefined,
  nowMs: number,
): Promise<StateCheck> {
  if (cookies.length === 0) return { ok: false, reason: 'no state cookie' };
  if (cookies.length > 1) return { ok: false, reason: 'more than one state cookie' };
  const [fromCookie = ''] = cookies;
  if (!fromQuery) return { ok: false, reason: 'no state in the callback' };
  if (!STATE_FORMAT.test(fromCookie) || !STATE_FORMAT.test(fromQuery)) return { ok: false, reason: 'malformed state' };
  if (!sameText(fromCookie, fromQuery)) return { ok: false, reason: 'the state is not this browser’s' };
  const value = await verify(key, fromQuery);
  if (value === null) return { ok: false, reason: 'the state is not signed with this site’s key' };
  const [nonce = '', expiry = ''] = value.split('.');
  const expiresAt = Number(expiry);
  const now = nowMs / 1000;
  if (now >= expiresAt) return { ok: false, reason: 'the state has expired' };
  if (expiresAt > Math.floor(now) + STATE_MAX_AGE_S) return { ok: false, reason: 'the state expires too late' };
  return { ok: true, nonce, expiresAt };
}

/** Every value a Cookie header holds under `name`, in order (a browser sends two when two cookies share the name). */
export function readCookies(header: string | null | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) values.push(part.slice(i + 1).trim());
  }
  return values;
}

/** The state cookie's name: the `__Host-` one on https, the plain one on a local http host. */
export function stateCookieName({ secure }: { secure: boolean }): string {
  return secure ? SECURE_STATE_COOKIE : STATE_COOKIE;
}

/**
 * The Set-Cookie that binds `state` to the browser (null: clears it). HttpOnly: no script reads it; SameSite=Lax: sent
 * on GitHub's redirect back (a top-level GET) and on no cross-site subrequest. On https: `__Host-`, Secure, `Path=/`
 * (the prefix demands both, and no Domain). On http: the plain name, for the sign-in routes only.
 */
export function stateCookie(state: string | null, { secure }: { secure: boolean }): string {
  return [
    `${stateCookieName({ secure })}=${state ?? ''}`,
    `Max-Age=${state ? STATE_MAX_AGE_S : 0}`,
    `Path=${secure ? '/' : CMS_AUTH_ROUTE}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The callback URL GitHub sends the editor back to, on the site's own origin (the OAuth app's callback URL). */
export function callbackUrl(siteOrigin: string): string {
  return `${siteOrigin}${CMS_AUTH_CALLBACK}`;
}

/** GitHub's authorization page for one sign-in. */
export function authorizeUrl(input: {
  providerOrigin: string;
  clientId: string;
  scope: string;
  siteOrigin: string;
  state: string;
}): string {
  const query = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: callbackUrl(input.siteOrigin),
    scope: input.scope,
    state: input.state,
    allow_signup: 'false',
  });
  return `${input.providerOrigin}/login/oauth/authorize?${query}`;
}

/** Where the code is traded for a token, and the form to post there. */
export function tokenRequest(input: {
  providerOrigin: string;
  clientId: string;
  clientSecret: string;
  code: string;
  siteOrigin: string;
}): { url: string; body: string } {
  return {
    url: `${input.providerOrigin}/login/oauth/access_token`,
    body: new URLSearchParams({
      client_id: input.clientId,
      client_secret: input.clientSecret,
      code: input.code,
      redirect_uri: callbackUrl(input.siteOrigin),
    }).toString(),
  };
}

/** Why a sign-in failed, by the codes Sveltia CMS shows in the editor's language (its `sign_in_error.*`). */
export type SignInErrorCode =
  | 'MISCONFIGURED_CLIENT'
  | 'UNSUPPORTED_BACKEND'
  | 'CSRF_DETECTED'
  | 'AUTH_CODE_REQUEST_FAILED'
  | 'TOKEN_REQUEST_FAILED'
  | 'MALFORMED_RESPONSE';

export interface SignInError {
  code: SignInErrorCode;
  /** What happened, in plain words, for the editor: shown in the popup and by the admin. */
  message: string;
}

export const SIGN_IN_ERRORS = {
  notConfigured: {
    code: 'MISCONFIGURED_CLIENT',
    message: 'Sign-in is not configured on this site yet: its owner has to set up the GitHub OAuth app.',
  },
  unsupportedProvider: {
    code: 'UNSUPPORTED_BACKEND',
    message: 'This site signs in with GitHub only.',
  },
  badState: {
    code: 'CSRF_DETECTED',
    message:
      'This sign-in was not started in this browser, or it took longer than 10 minutes. Close this window and sign in again.',
  },
  noCode: {
    code: 'AUTH_CODE_REQUEST_FAILED',
    message: 'GitHub did not send a sign-in code. Close this window and sign in again.',
  },
  denied: {
    code: 'AUTH_CODE_REQUEST_FAILED',
    message: 'Access was not granted on GitHub, so you are not signed in.',
  },
  unreachable: {
    code: 'TOKEN_REQUEST_FAILED',
    message: 'GitHub could not be reached to finish the sign-in. Try again in a moment.',
  },
  malformed: {
    code: 'MALFORMED_RESPONSE',
    message: 'GitHub answered with something other than a sign-in token. Try again in a moment.',
  },
  unavailable: {
    code: 'TOKEN_REQUEST_FAILED',
    message: 'This site could not check the sign-in just now. Close this window and try again in a moment.',
  },
} as const satisfies Record<string, SignInError>;

/** GitHub's token errors in plain words; its own description is never shown (it could repeat what was sent). */
const PROVIDER_ERRORS: Record<string, string> = {
  bad_verification_code: 'The sign-in code from GitHub was wrong or had expired. Close this window and sign in again.',
  incorrect_client_credentials: 'GitHub did not accept this site’s OAuth app credentials: its owner has to check them.',
  redirect_uri_mismatch: 'The OAuth app’s callback URL on GitHub is not this site’s: its owner has to correct it.',
  unverified_user_email: 'GitHub asks you to verify your email address before you sign in.',
  access_denied: SIGN_IN_ERRORS.denied.message,
};

/**
 * The error for GitHub's `error` field (token answer or callback). Only a known code is put in words; GitHub's own
 * description, and an unknown code, are never shown: either could repeat what was sent, the client secret included.
 */
export function providerError(error: unknown): SignInError {
  const known = typeof error === 'string' && Object.hasOwn(PROVIDER_ERRORS, error) ? PROVIDER_ERRORS[error] : undefined;
  return {
    code: 'TOKEN_REQUEST_FAILED',
    message: known ?? 'GitHub refused the sign-in. Close this window and try again.',
  };
}

/** GitHub's `error` code when it is one this module knows, for a log line; else null (it could hold anything). */
export function knownProviderError(error: unknown): string | null {
  return typeof error === 'string' && Object.hasOwn(PROVIDER_ERRORS, error) ? error : null;
}

/** What an access token may look like: GitHub's are `gho_` and 36 letters; anything printable, not too long. */
export const TOKEN_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** The token in GitHub's answer to the code, or the error to show. */
export function readTokenAnswer(status: number, body: unknown): { token: string } | { error: SignInError } {
  if (body && typeof body === 'object') {
    const { access_token: token, error } = body as Record<string, unknown>;
    if (error !== undefined) return { error: providerError(error) };
    if (status === 200 && typeof token === 'string' && TOKEN_FORMAT.test(token)) return { token };
  }
  return { error: SIGN_IN_ERRORS.malformed };
}

/**
 * A value as a JavaScript literal inside an HTML <script>: JSON, with `<`, `>` and `&` escaped (no `</script>` or
 * `<!--` can end or bend the script) and U+2028/U+2029 too (line breaks in older JavaScript).
 */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** Text for HTML content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The message the admin window takes from the popup: Decap's `authorization:{provider}:{success|error}:{json}`. */
export function authorizationMessage(result: { token: string } | { error: SignInError }): string {
  if ('token' in result)
    return `authorization:${PROVIDER}:success:${JSON.stringify({ token: result.token, provider: PROVIDER })}`;
  const { code, message } = result.error;
  return `authorization:${PROVIDER}:error:${JSON.stringify({ provider: PROVIDER, error: message, errorCode: code })}`;
}

/**
 * The popup's script: says `authorizing:github` to the window that opened it, on the site's own origin only; when that
 * window answers `authorizing:github` from the same origin, hands it the message once. Replies from any other origin
 * or window are ignored, and a foreign opener never hears anything (postMessage drops a message whose target origin is
 * not the receiver's).
 */
export function handshakeScript(siteOrigin: string, message: string): string {
  return [
    '(() => {',
    `  const origin = ${scriptLiteral(siteOrigin)};`,
    `  const message = ${scriptLiteral(message)};`,
    `  const hello = ${scriptLiteral(`authorizing:${PROVIDER}`)};`,
    '  const opener = window.opener;',
    '  if (!opener) return;',
    '  const reply = (event) => {',
    '    if (event.origin !== origin || event.source !== opener || event.data !== hello) return;',
    "    window.removeEventListener('message', reply);",
    '    opener.postMessage(message, origin);',
    '  };',
    "  window.addEventListener('message', reply);",
    '  opener.postMessage(hello, origin);',
    '})();',
  ].join('\n');
}

/** The popup page: a heading and a line for the editor, and the handshake script (`script`, for its CSP hash). */
export function handshakePage(
  siteOrigin: string,
  result: { token: string } | { error: SignInError },
): { html: string; script: string } {
  const ok = 'token' in result;
  const title = ok ? 'Signed in' : 'Sign-in failed';
  const text = ok ? 'You are signed in. This window closes by itself.' : result.error.message;
  const script = handshakeScript(siteOrigin, authorizationMessage(result));
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${title}</title>`,
    '</head>',
    '<body>',
    `<h1>${title}</h1>`,
    `<p>${escapeHtml(text)}</p>`,
    `<script>${script}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { html, script };
}

/** The Content-Security-Policy of a popup page: nothing but its one script, by hash (`'sha256-…'`). */
export function pagePolicy(scriptHash: string): string {
  return [
    "default-src 'none'",
    `script-src '${scriptHash}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Base64 of a SHA-256 digest, as a CSP source: `sha256-…`. */
export function hashSource(digest: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return `sha256-${btoa(binary)}`;
}

/** Headers of every answer of the sign-in routes: never stored, never sniffed, no referrer (the URL holds the code). */
export const NO_STORE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

/** `text` with every occurrence of each secret (of 4 characters or more) replaced: a last guard on any output. */
export function withoutSecrets(text: string, secrets: (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.replaceAll(secret, '[hidden]');
  return out;
}
