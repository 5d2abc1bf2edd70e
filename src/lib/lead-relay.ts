/**
 * The lead relay: the server side of the home popup in relay mode, run by the Pages Function in
 * functions/api/leads.ts. It takes the popup's form (name, phonenumber, honeypot), judges it with the browser's own
 * rules (./lead), and forwards the CRM request of spec section 7 (./crm) with the token it alone holds.
 *
 * Pure: a standard Request in, a Response out; the environment and the outside world (fetch, clock, timer) are
 * passed in, so tests drive every branch without a network or real waiting.
 */
import { buildLeadRequest, LEAD_PATH } from './crm';
import {
  decodeLeadPost,
  isBot,
  LEAD_POST_FIELDS,
  normaliseLead,
  validateLead,
  type Lead,
  type LeadProblem,
} from './lead';

/** At most this many accepted leads from one client address... */
export const RATE_LIMIT_MAX_LEADS = 10;
/** ...within this sliding window. */
export const RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;
/** Bodies larger than this are refused unread (413); the popup's form is well under 1 KB. */
export const MAX_BODY_BYTES = 4 * 1024;
/** The CRM must answer within this time, or the relay answers 504. */
export const CRM_TIMEOUT_MS = 8000;
/** Key prefix of the rate-limit entries in the KV namespace; the client address follows it. */
export const RATE_LIMIT_KEY_PREFIX = 'lead-rate:';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The part of a Workers KV namespace binding the relay uses. */
export interface KvNamespaceLike {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
}

/** The function's environment: variables and secrets set on the host, and the KV binding of wrangler.toml. */
export interface LeadRelayEnv {
  /** Base URL of the CRM, e.g. https://crm.example.com (the relay posts to {CRM_HOST}/api/leads). */
  CRM_HOST?: string;
  /** Sent to the CRM as the `authtoken` header. A secret: never a PUBLIC_ variable. */
  CRM_TOKEN?: string;
  /** KV namespace that counts accepted leads per client address. */
  LEAD_RATE_LIMIT?: KvNamespaceLike;
}

export interface LeadRelayDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Calls `onTimeout` after `ms` milliseconds; returns a function that cancels the timer. */
  setTimer: (ms: number, onTimeout: () => void) => () => void;
  /** Where failures are reported (the host's log). */
  log: (...args: unknown[]) => void;
}

export const defaultDeps: LeadRelayDeps = {
  // Wrapped: workerd refuses a bare `fetch` called as a method of another object ("Illegal invocation").
  fetch: (url, init) => fetch(url, init),
  now: () => Date.now(),
  setTimer: (ms, onTimeout) => {
    const id = setTimeout(onTimeout, ms);
    return () => clearTimeout(id);
  },
  log: (...args) => console.error(...args),
};

function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/** The body as text, or null when it is larger than `limit` bytes (declared or actual); stops reading at the limit. */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  const declared = request.headers.get('Content-Length');
  if (declared !== null && Number(declared) > limit) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function isForm(request: Request): boolean {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0] ?? '';
  return type.trim().toLowerCase() === FORM_TYPE;
}

/** The first field that breaks the lead rules, under the name the popup posts it as, with its problem. */
function firstInvalidField(lead: Lead): { field: string; problem: LeadProblem } | null {
  const errors = validateLead(lead);
  for (const key of ['name', 'mobile'] as const) {
    const problem = errors[key];
    if (problem) return { field: LEAD_POST_FIELDS[key], problem };
  }
  return null;
}

/**
 * Records one accepted lead for `client` unless it already has the maximum inside the window. The entry is the list of
 * its accepted times within the window; KV drops it once the window has passed since the last one.
 */
async function takeRateSlot(kv: KvNamespaceLike, client: string, now: number): Promise<number | null> {
  const key = RATE_LIMIT_KEY_PREFIX + client;
  const raw = await kv.get(key);
  let times: number[] = [];
  try {
    const stored: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(stored)) times = stored.filter((t): t is number => typeof t === 'number');
  } catch {
    // An unreadable entry counts as none: it is overwritten below.
  }
  const recent = times.filter((t) => t > now - RATE_LIMIT_WINDOW_MS);
  if (recent.length >= RATE_LIMIT_MAX_LEADS) {
    // Seconds until the oldest of them leaves the window.
    return Math.max(1, Math.ceil((Math.min(...recent) + RATE_LIMIT_WINDOW_MS - now) / 1000));
  }
  recent.push(now);
  await kv.put(key, JSON.stringify(recent), { expirationTtl: RATE_LIMIT_WINDOW_MS / 1000 });
  return null;
}

/** Answers one request to /api/leads. Every refusal is a short JSON `{ "error": ... }`, and reaches nobody else. */
export async function handleLeadRelay(
  request: Request,
  env: LeadRelayEnv,
  deps: Partial<LeadRelayDeps> = {},
): Promise<Response> {
  const { fetch, now, setTimer, log } = { ...defaultDeps, ...deps };
  try {
    if (request.method !== 'POST') return json(405, { error: 'method not allowed: use POST' }, { Allow: 'POST' });
    if (request.headers.get('Origin') !== new URL(request.url).origin) {
      return json(403, { error: 'origin not allowed' });
    }
    if (!isForm(request)) return json(415, { error: `content type must be ${FORM_TYPE}` });
    const text = await readLimited(request, MAX_BODY_BYTES);
    if (text === null) return json(413, { error: `body larger than ${MAX_BODY_BYTES} bytes` });

    const input = decodeLeadPost(new URLSearchParams(text));
    // A bot that filled the honeypot is told it worked, and nothing goes anywhere.
    if (isBot(input)) return json(200, { ok: true });
    const lead = normaliseLead(input);
    const invalid = firstInvalidField(lead);
    if (invalid) {
      const error = `${invalid.problem === 'required' ? 'missing' : 'invalid'} field: ${invalid.field}`;
      return json(400, { error, field: invalid.field, problem: invalid.problem });
    }

    const host = env.CRM_HOST?.trim() ?? '';
    const token = env.CRM_TOKEN?.trim() ?? '';
    const kv = env.LEAD_RATE_LIMIT;
    if (!/^https?:\/\/[^/]/i.test(host) || !URL.canParse(host) || !token || !kv) {
      log('Lead relay is not configured: it needs CRM_HOST (a URL), CRM_TOKEN and the LEAD_RATE_LIMIT KV binding.');
      return json(500, { error: 'relay not configured' });
    }

    let retryAfter: number | null;
    try {
      retryAfter = await takeRateSlot(kv, request.headers.get('CF-Connecting-IP') ?? 'unknown', now());
    } catch (error) {
      log('Lead relay: the rate-limit store failed:', error);
      return json(503, { error: 'rate limit unavailable' }, { 'Retry-After': '60' });
    }
    if (retryAfter !== null) {
      return json(429, { error: 'too many leads from this address' }, { 'Retry-After': String(retryAfter) });
    }

    const crm = buildLeadRequest(lead, { host, token });
    const controller = new AbortController();
    let cancelTimer = () => {};
    const timedOut = new Promise<'timeout'>((resolve) => {
      cancelTimer = setTimer(CRM_TIMEOUT_MS, () => {
        controller.abort();
        resolve('timeout');
      });
    });
    try {
      const answer = await Promise.race([
        fetch(crm.url, {
          method: crm.method,
          headers: crm.headers,
          body: crm.body,
          // A redirect is an error, not a reason to send the token somewhere else.
          redirect: 'manual',
          signal: controller.signal,
        }),
        timedOut,
      ]);
      if (answer === 'timeout') {
        log(`Lead relay: the CRM did not answer within ${CRM_TIMEOUT_MS} ms.`);
        return json(504, { error: 'CRM timed out' });
      }
      await answer.body?.cancel();
      if (!answer.ok) {
        log(`Lead relay: the CRM answered ${answer.status} to POST ${LEAD_PATH}.`);
        return json(502, { error: `CRM answered ${answer.status}` });
      }
      return json(200, { ok: true });
    } catch (error) {
      if (controller.signal.aborted) return json(504, { error: 'CRM timed out' });
      log('Lead relay: the CRM could not be reached:', error);
      return json(502, { error: 'CRM unreachable' });
    } finally {
      cancelTimer();
    }
  } catch (error) {
    log('Lead relay failed:', error);
    return json(500, { error: 'internal error' });
  }
}
