import { describe, expect, it, vi } from 'vitest';
import { handleLeadRelay, type KvNamespaceLike, type LeadRelayDeps, type LeadRelayEnv } from '../../src/lib/lead-relay';
import { SPEC_CRM_LEAD_BODY } from '../fixtures/crm-lead';

const SITE = 'https://www.communiti.example';
const ENDPOINT = `${SITE}/api/leads`;
const FORM = 'application/x-www-form-urlencoded';
const T0 = Date.UTC(2026, 4, 1, 10, 0, 0);
const MINUTE = 60_000;

/** A KV namespace in memory whose entries expire on the test's clock, as Workers KV's expirationTtl does. */
function memoryKv(now: () => number) {
  const entries = new Map<string, { value: string; expiresAt: number | null; ttl?: number }>();
  const kv: KvNamespaceLike = {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt !== null && now() >= entry.expiresAt) {
        entries.delete(key);
        return null;
      }
      return entry.value;
    },
    async put(key, value, options) {
      const ttl = options?.expirationTtl;
      entries.set(key, { value, expiresAt: ttl === undefined ? null : now() + ttl * 1000, ttl });
    },
  };
  return { kv, entries };
}

/** A timer the test fires by hand. */
function manualTimer() {
  const timers: { ms: number; fire: () => void; cancelled: boolean }[] = [];
  const setTimer: LeadRelayDeps['setTimer'] = (ms, onTimeout) => {
    const timer = { ms, fire: onTimeout, cancelled: false };
    timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  return { timers, setTimer };
}

interface Forwarded {
  url: string;
  init: RequestInit;
}

/** The relay wired to fakes: a clock, an in-memory KV, a CRM answering `crmStatus`, and a hand-fired timer. */
function relay(options: { crmStatus?: number; fetch?: LeadRelayDeps['fetch']; env?: Partial<LeadRelayEnv> } = {}) {
  let clock = T0;
  const now = () => clock;
  const store = memoryKv(now);
  const timer = manualTimer();
  const forwarded: Forwarded[] = [];
  const log = vi.fn();
  const fetch = vi.fn<LeadRelayDeps['fetch']>(async (url, init) => {
    forwarded.push({ url, init });
    if (options.fetch) return options.fetch(url, init);
    const status = options.crmStatus ?? 200;
    return new Response(status === 204 ? null : '{"status":true}', { status });
  });
  const env: LeadRelayEnv = {
    CRM_HOST: 'https://crm.test.example/',
    CRM_TOKEN: 'secret-crm-token',
    LEAD_RATE_LIMIT: store.kv,
    ...options.env,
  };
  return {
    forwarded,
    fetch,
    log,
    timer,
    store,
    advance: (ms: number) => (clock += ms),
    send: (request: Request) => handleLeadRelay(request, env, { fetch, now, setTimer: timer.setTimer, log }),
  };
}

interface PostOptions {
  method?: string;
  origin?: string | null;
  contentType?: string | null;
  ip?: string | null;
}

function post(body: string | Record<string, string>, options: PostOptions = {}): Request {
  const { method = 'POST', origin = SITE, contentType = FORM, ip = '203.0.113.7' } = options;
  const headers = new Headers();
  if (origin !== null) headers.set('Origin', origin);
  if (contentType !== null) headers.set('Content-Type', contentType);
  if (ip !== null) headers.set('CF-Connecting-IP', ip);
  const text = typeof body === 'string' ? body : new URLSearchParams(body).toString();
  return new Request(ENDPOINT, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : text,
  });
}

const goodLead = { name: 'Asha Rao', phonenumber: '+91 98765 43210', company_website: '' };

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('what the relay refuses, and never forwards', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s: 405, with Allow: POST', async (method) => {
    const r = relay();
    const response = await r.send(post(goodLead, { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect((await answer(response)).body.error).toMatch(/method/);
    expect(r.fetch).not.toHaveBeenCalled();
  });

  it.each([['application/json'], ['text/plain'], ['multipart/form-data; boundary=x'], [null]])(
    'content type %s: 415',
    async (contentType) => {
      const r = relay();
      const { status, body } = await answer(await r.send(post(goodLead, { contentType })));
      expect(status).toBe(415);
      expect(body.error).toMatch(/content type/);
      expect(r.fetch).not.toHaveBeenCalled();
    },
  );

  it('a body over 4 KB: 413', async () => {
    const r = relay();
    const big = new URLSearchParams({ ...goodLead, note: 'x'.repeat(4096) }).toString();
    const { status, body } = await answer(await r.send(post(big)));
    expect(status).toBe(413);
    expect(body.error).toMatch(/4096 bytes/);
    expect(r.fetch).not.toHaveBeenCalled();
  });

  it('a body over 4 KB sent without a Content-Length (streamed): 413', async () => {
    const r = relay();
    const chunk = new TextEncoder().encode(`name=Asha&phonenumber=9876543210&note=${'x'.repeat(1000)}`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const request = new Request(ENDPOINT, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': FORM },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('Content-Length')).toBeNull();
    expect((await r.send(request)).status).toBe(413);
    expect(r.fetch).not.toHaveBeenCalled();
  });

  it('a body of exactly 4 KB is read', async () => {
    const r = relay();
    const base = new URLSearchParams(goodLead).toString() + '&note=';
    const body = base + 'x'.repeat(4096 - base.length);
    expect(new TextEncoder().encode(body).byteLength).toBe(4096);
    expect((await r.send(post(body))).status).toBe(200);
    expect(r.fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['the same host over http', 'http://www.communiti.example'],
    ['another port', 'https://www.communiti.example:8443'],
    ['an opaque origin', 'null'],
    ['no Origin header', null],
  ])('Origin from %s: 403', async (_label, origin) => {
    const r = relay();
    const { status, body } = await answer(await r.send(post(goodLead, { origin })));
    expect(status).toBe(403);
    expect(body.error).toMatch(/origin/);
    expect(r.fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['name', 'missing', 'required', { phonenumber: '9876543210' }],
    ['name', 'missing', 'required', { name: '   ', phonenumber: '9876543210' }],
    ['name', 'invalid', 'tooLong', { name: 'a'.repeat(101), phonenumber: '9876543210' }],
    ['phonenumber', 'missing', 'required', { name: 'Asha' }],
    ['phonenumber', 'missing', 'required', { name: 'Asha', phonenumber: '' }],
    ['phonenumber', 'invalid', 'invalid', { name: 'Asha', phonenumber: '12ab' }],
    ['phonenumber', 'invalid', 'invalid', { name: 'Asha', phonenumber: '123456' }],
    // The popup's own field name is not the relay's: mobile travels as phonenumber.
    ['phonenumber', 'missing', 'required', { name: 'Asha', mobile: '9876543210' }],
  ])('%s %s (%s): 400 naming the field and its problem', async (field, kind, problem, fields) => {
    const r = relay();
    const { status, body } = await answer(await r.send(post(fields as Record<string, string>)));
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expect(body.error).toBe(`${kind} field: ${field}`);
    expect(body.problem).toBe(problem);
    expect(r.fetch).not.toHaveBeenCalled();
  });

  it('names the name first when both fields are wrong', async () => {
    const r = relay();
    const { status, body } = await answer(await r.send(post({ name: '', phonenumber: 'x' })));
    expect(status).toBe(400);
    expect(body.field).toBe('name');
  });

  it('a filled honeypot: 200 as if accepted, and nothing forwarded or counted', async () => {
    const r = relay();
    const response = await r.send(post({ ...goodLead, company_website: 'https://spam.example' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(r.fetch).not.toHaveBeenCalled();
    expect(r.store.entries.size).toBe(0);
  });

  it('without its settings: 500, and nothing forwarded', async () => {
    for (const env of [{ CRM_TOKEN: '' }, { CRM_HOST: undefined }, { CRM_HOST: 'crm.test.example' }]) {
      const r = relay({ env });
      const { status, body } = await answer(await r.send(post(goodLead)));
      expect(status).toBe(500);
      expect(body.error).toBe('relay not configured');
      expect(r.fetch).not.toHaveBeenCalled();
      expect(r.log).toHaveBeenCalled();
    }
  });

  it('every refusal is JSON that is never cached', async () => {
    const r = relay();
    const response = await r.send(post(goodLead, { origin: null }));
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('what the relay forwards', () => {
  it('exactly the request of spec section 7, with the token it holds', async () => {
    const r = relay();
    const response = await r.send(post({ name: '  Asha Rao ', phonenumber: ' +91 98765 43210 ', company_website: '' }));
    expect(response.status).toBe(200);
    expect(r.forwarded).toHaveLength(1);
    const { url, init } = r.forwarded[0]!;
    expect(url).toBe('https://crm.test.example/api/leads');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('authtoken')).toBe('secret-crm-token');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect([...headers.keys()].sort()).toEqual(['accept', 'authtoken', 'content-type']);
    const body = new URLSearchParams(String(init.body));
    expect([...body.keys()].sort()).toEqual(
      ['assigned', 'contact', 'email', 'name', 'phonenumber', 'source', 'status', 'tags', 'title'].sort(),
    );
    expect(Object.fromEntries(body)).toEqual(SPEC_CRM_LEAD_BODY);
  });

  it('forwards only its own fields, whatever else the browser posts', async () => {
    const r = relay();
    await r.send(post({ ...goodLead, source: '1', email: 'x@example.com', tags: 'vip', authtoken: 'mine' }));
    const body = new URLSearchParams(String(r.forwarded[0]!.init.body));
    expect(body.getAll('source')).toEqual(['7']);
    expect(body.getAll('email')).toEqual(['']);
    expect(body.getAll('tags')).toEqual(['lead']);
    expect(body.has('authtoken')).toBe(false);
    expect(new Headers(r.forwarded[0]!.init.headers).get('authtoken')).toBe('secret-crm-token');
  });

  it('accepts the content type with a charset, as browsers send it', async () => {
    const r = relay();
    const response = await r.send(post(goodLead, { contentType: 'application/x-www-form-urlencoded;charset=UTF-8' }));
    expect(response.status).toBe(200);
    expect(r.fetch).toHaveBeenCalledTimes(1);
  });

  it('does not follow a redirect with the token', async () => {
    const r = relay();
    await r.send(post(goodLead));
    expect(r.forwarded[0]!.init.redirect).toBe('manual');
  });
});

describe('what the relay answers', () => {
  it.each([200, 201, 204])('CRM %i: 200', async (crmStatus) => {
    const r = relay({ crmStatus });
    const { status, body } = await answer(await r.send(post(goodLead)));
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  });

  it.each([500, 503, 401, 404, 302])('CRM %i: 502', async (crmStatus) => {
    const r = relay({ crmStatus });
    const { status, body } = await answer(await r.send(post(goodLead)));
    expect(status).toBe(502);
    expect(body.error).toBe(`CRM answered ${crmStatus}`);
    expect(r.log).toHaveBeenCalled();
  });

  it('CRM unreachable (fetch throws): 502', async () => {
    const r = relay({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const { status, body } = await answer(await r.send(post(goodLead)));
    expect(status).toBe(502);
    expect(body.error).toBe('CRM unreachable');
  });

  it('no CRM answer within 8 s: 504, and the request is aborted', async () => {
    const r = relay({ fetch: () => new Promise<Response>(() => {}) });
    const pending = r.send(post(goodLead));
    await vi.waitFor(() => expect(r.timer.timers).toHaveLength(1));
    const timer = r.timer.timers[0]!;
    expect(timer.ms).toBe(8000);
    timer.fire();
    const { status, body } = await answer(await pending);
    expect(status).toBe(504);
    expect(body.error).toBe('CRM timed out');
    expect((r.forwarded[0]!.init.signal as AbortSignal).aborted).toBe(true);
  });

  it('a fetch that rejects once aborted still answers 504', async () => {
    const r = relay({
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    const pending = r.send(post(goodLead));
    await vi.waitFor(() => expect(r.timer.timers).toHaveLength(1));
    r.timer.timers[0]!.fire();
    expect((await pending).status).toBe(504);
  });

  it('an answer in time cancels the timer', async () => {
    const r = relay();
    expect((await r.send(post(goodLead))).status).toBe(200);
    expect(r.timer.timers).toHaveLength(1);
    expect(r.timer.timers[0]!.cancelled).toBe(true);
  });
});

describe('rate limit', () => {
  it('accepts 10 leads from one address in 10 minutes, refuses the 11th with 429, accepts again 10 minutes later', async () => {
    const r = relay();
    for (let i = 1; i <= 10; i++) {
      expect((await r.send(post({ ...goodLead, name: `Lead ${i}` }))).status).toBe(200);
      r.advance(MINUTE / 2);
    }
    // The first was accepted at T0; it is now T0 + 5 min.
    const refused = await r.send(post({ ...goodLead, name: 'Lead 11' }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe(String(5 * 60));
    expect((await refused.json()).error).toMatch(/too many/);
    expect(r.fetch).toHaveBeenCalledTimes(10);

    // Another address is not affected.
    expect((await r.send(post(goodLead, { ip: '198.51.100.20' }))).status).toBe(200);

    // Ten minutes after the first lead, one slot is free again, and only one.
    r.advance(5 * MINUTE - 1);
    expect((await r.send(post(goodLead))).status).toBe(429);
    r.advance(1);
    expect((await r.send(post(goodLead))).status).toBe(200);
    expect((await r.send(post(goodLead))).status).toBe(429);
  });

  it('every lead after a quiet 10 minutes is accepted again, the stored entry having expired', async () => {
    const r = relay();
    for (let i = 0; i < 11; i++) await r.send(post(goodLead));
    expect(r.fetch).toHaveBeenCalledTimes(10);
    const entry = [...r.store.entries.values()][0]!;
    expect(entry.ttl).toBe(600);
    r.advance(10 * MINUTE);
    expect((await r.send(post(goodLead))).status).toBe(200);
    expect(r.fetch).toHaveBeenCalledTimes(11);
  });

  it('counts only accepted leads: refused requests and honeypot hits do not use up the limit', async () => {
    const r = relay();
    for (let i = 0; i < 20; i++) {
      await r.send(post({ name: 'Asha', phonenumber: 'bad' }));
      await r.send(post({ ...goodLead, company_website: 'spam' }));
      await r.send(post(goodLead, { origin: 'https://evil.example' }));
    }
    for (let i = 0; i < 10; i++) expect((await r.send(post(goodLead))).status).toBe(200);
  });

  it('keys the count by CF-Connecting-IP', async () => {
    const r = relay();
    await r.send(post(goodLead, { ip: '2001:db8::1' }));
    expect([...r.store.entries.keys()]).toEqual(['lead-rate:2001:db8::1']);
  });

  it.each(['get', 'put'] as const)('a rate-limit store whose %s fails: 503, and nothing forwarded', async (failing) => {
    const fail = async () => {
      throw new Error('KV unavailable');
    };
    const broken: KvNamespaceLike = {
      get: failing === 'get' ? fail : async () => null,
      put: failing === 'put' ? fail : async () => {},
    };
    const r = relay({ env: { LEAD_RATE_LIMIT: broken } });
    const { status, body } = await answer(await r.send(post(goodLead)));
    expect(status).toBe(503);
    expect(body.error).toBe('rate limit unavailable');
    expect(r.fetch).not.toHaveBeenCalled();
  });

  it('an unreadable stored entry counts as no leads', async () => {
    const r = relay();
    await r.store.kv.put('lead-rate:203.0.113.7', 'not json');
    expect((await r.send(post(goodLead))).status).toBe(200);
  });
});
