/**
 * The owner's API (src/lib/owner/wire.ts) from the page: every call is same-origin with the session cookie, and every
 * POST or DELETE carries the session's CSRF token. An answer is the JSON it holds or the error it names.
 */
import {
  OWNER_CSRF_HEADER,
  OWNER_ROUTES,
  type OwnerContacts,
  type OwnerErrorBody,
  type OwnerExperiments,
  type OwnerLeads,
  type OwnerRetried,
  type OwnerSession,
} from '../../lib/owner/wire';

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; error: OwnerErrorBody | null };

/** The session's CSRF token, held in memory only, for the calls that change something. */
let csrf = '';

export function setCsrf(token: string): void {
  csrf = token;
}

async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer<T>> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrf) headers[OWNER_CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, error: null };
  }
  let body: unknown = null;
  if (response.status !== 204) {
    try {
      body = await response.json();
    } catch {
      body = null;
    }
  }
  if (response.ok) return { ok: true, data: body as T };
  const error =
    body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
      ? (body as OwnerErrorBody)
      : null;
  return { ok: false, status: response.status, error };
}

export const api = {
  session: () => call<OwnerSession>(OWNER_ROUTES.session),
  /** Trades a GitHub token for a session; the caller forgets the token once this answers. */
  signIn: (token: string) => call<OwnerSession>(OWNER_ROUTES.session, { method: 'POST', body: { token } }),
  signOut: () => call<null>(OWNER_ROUTES.session, { method: 'DELETE' }),
  leads: (since: number) => call<OwnerLeads>(`${OWNER_ROUTES.leads}?since=${encodeURIComponent(String(since))}`),
  retry: () => call<OwnerRetried>(OWNER_ROUTES.retry, { method: 'POST', body: {} }),
  contacts: (from: number, to: number) =>
    call<OwnerContacts>(OWNER_ROUTES.contacts, { method: 'POST', body: { from, to } }),
  experiments: () => call<OwnerExperiments>(OWNER_ROUTES.experiments),
};
