import { describe, expect, it, vi } from 'vitest';
import { handleLeadIntake, type IntakeDeps } from '../../worker/leads/intake';
import type { LeadLog } from '../../worker/leads/log';

const SITE = 'https://www.communiti.example';
const ENDPOINT = `${SITE}/api/leads`;
const FORM = 'application/x-www-form-urlencoded';
const T0 = Date.UTC(2026, 4, 1, 10, 0, 0);
const IP = '203.0.113.7';

const goodLead = { name: 'Asha Rao', phonenumber: '+91 98765 43210', company_website: '' };

/** The intake wired to fakes: a store, a rate limiter that accepts, a queue, numbered ids, a fixed clock, a log. */
function intake(
  overrides: Partial<Pick<IntakeDeps, 'takeRateSlot' | 'enqueue'>> & { insert?: IntakeDeps['store']['insert'] } = {},
) {
  const insert = vi.fn<IntakeDeps['store']['insert']>(overrides.insert ?? (async () => {}));
  const takeRateSlot = vi.fn<IntakeDeps['takeRateSlot']>(overrides.takeRateSlot ?? (async () => ({ accepted: true })));
  const enqueue = vi.fn<IntakeDeps['enqueue']>(overrides.enqueue ?? (async () => {}));
  let ids = 0;
  const newId = vi.fn(() => `lead-${++ids}`);
  const log = vi.fn<LeadLog>();
  const deps: IntakeDeps = { store: { insert }, takeRateSlot, enqueue, newId, now: () => T0, log };
  return { insert, takeRateSlot, enqueue, newId, log, send: (request: Request) => handleLeadIntake(request, deps) };
}
type Intake = ReturnType<typeof intake>;

interface PostOptions {
  method?: string;
  origin?: string | null;
  contentType?: string | null;
  ip?: string | null;
}

function post(body: string | Record<string, string>, options: PostOptions = {}): Request {
  const { method = 'POST', origin = SITE, contentType = FORM, ip = IP } = options;
  const headers = new Headers();
  if (origin !== null) headers.set('Origin', origin);
  if (contentType !== null) headers.set('Content-Type', contentType);
  if (ip !== null) headers.set('CF-Connecting-IP', ip);
  const text = typeof body === 'string' ? body : new URLSearchParams(body).toString();
  return new Request(ENDPOINT, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : text });
}

/** A refusal: short JSON, never cached. */
async function refusal(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  return (await response.json()) as Record<string, unknown>;
}

/** Nothing stored, counted against the address, or queued. */
function expectNothingDone(r: Intake) {
  expect(r.takeRateSlot).not.toHaveBeenCalled();
  expect(r.insert).not.toHaveBeenCalled();
  expect(r.enqueue).not.toHaveBeenCalled();
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('what the intake refuses: nothing stored, counted or queued', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s: 405, with Allow: POST', async (method) => {
    const r = intake();
    const response = await r.send(post(goodLead, { method }));
    expect(response.headers.get('Allow')).toBe('POST');
    expect((await refusal(response, 405)).error).toMatch(/method/);
    expectNothingDone(r);
  });

  it.each([['application/json'], ['text/plain'], ['multipart/form-data; boundary=x'], [null]])(
    'content type %s: 415',
    async (contentType) => {
      const r = intake();
      const body = await refusal(await r.send(post(goodLead, { contentType })), 415);
      expect(body.error).toMatch(/content type/);
      expectNothingDone(r);
    },
  );

  it('accepts the content type with a charset, as browsers send it', async () => {
    const r = intake();
    const response = await r.send(post(goodLead, { contentType: 'application/x-www-form-urlencoded;charset=UTF-8' }));
    expect(response.status).toBe(202);
    expect(r.insert).toHaveBeenCalledTimes(1);
  });

  it('a body over 4 KB: 413', async () => {
    const r = intake();
    const big = new URLSearchParams({ ...goodLead, note: 'x'.repeat(4096) }).toString();
    const body = await refusal(await r.send(post(big)), 413);
    expect(body.error).toMatch(/4096 bytes/);
    expectNothingDone(r);
  });

  it('a body over 4 KB sent without a Content-Length (streamed): 413', async () => {
    const r = intake();
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
    await refusal(await r.send(request), 413);
    expectNothingDone(r);
  });

  it('a body of exactly 4 KB is read', async () => {
    const r = intake();
    const base = new URLSearchParams(goodLead).toString() + '&note=';
    const body = base + 'x'.repeat(4096 - base.length);
    expect(new TextEncoder().encode(body).byteLength).toBe(4096);
    expect((await r.send(post(body))).status).toBe(202);
    expect(r.insert).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['the same host over http', 'http://www.communiti.example'],
    ['another port', 'https://www.communiti.example:8443'],
    ['an opaque origin', 'null'],
    ['no Origin header', null],
  ])('Origin from %s: 403', async (_label, origin) => {
    const r = intake();
    const body = await refusal(await r.send(post(goodLead, { origin })), 403);
    expect(body.error).toMatch(/origin/);
    expectNothingDone(r);
  });

  it.each([
    ['name', 'missing', 'required', { phonenumber: '9876543210' }],
    ['name', 'missing', 'required', { name: '   ', phonenumber: '9876543210' }],
    ['name', 'invalid', 'tooLong', { name: 'a'.repeat(101), phonenumber: '9876543210' }],
    ['phonenumber', 'missing', 'required', { name: 'Asha' }],
    ['phonenumber', 'missing', 'required', { name: 'Asha', phonenumber: '' }],
    ['phonenumber', 'invalid', 'invalid', { name: 'Asha', phonenumber: '12ab' }],
    ['phonenumber', 'invalid', 'invalid', { name: 'Asha', phonenumber: '123456' }],
    // The popup's own field name is not the intake's: mobile travels as phonenumber.
    ['phonenumber', 'missing', 'required', { name: 'Asha', mobile: '9876543210' }],
    ['form', 'invalid', 'invalid', { ...goodLead, form: 'footer' }],
    ['form', 'invalid', 'invalid', { ...goodLead, form: '' }],
  ])('%s %s (%s): 400 naming the field and its problem', async (field, kind, problem, fields) => {
    const r = intake();
    const body = await refusal(await r.send(post(fields as Record<string, string>)), 400);
    expect(body.field).toBe(field);
    expect(body.error).toBe(`${kind} field: ${field}`);
    expect(body.problem).toBe(problem);
    expectNothingDone(r);
  });

  it('names the name first when both fields are wrong', async () => {
    const r = intake();
    const body = await refusal(await r.send(post({ name: '', phonenumber: 'x' })), 400);
    expect(body.field).toBe('name');
    expectNothingDone(r);
  });

  it('a filled honeypot: 202 with an id, as if accepted, and nothing stored, counted or queued', async () => {
    const r = intake();
    const response = await r.send(post({ ...goodLead, company_website: 'https://spam.example' }));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, id: 'lead-1' });
    expectNothingDone(r);
  });
});

describe('a valid lead: stored, answered, queued', () => {
  it('stores the trimmed lead from the popup, answers 202 with its id, then queues that id', async () => {
    const r = intake();
    const response = await r.send(post({ name: '  Asha Rao ', phonenumber: ' +91 98765 43210 ', company_website: '' }));
    expect(response.status).toBe(202);
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true, id: 'lead-1' });
    expect(r.insert).toHaveBeenCalledTimes(1);
    expect(r.insert).toHaveBeenCalledWith(
      { id: 'lead-1', name: 'Asha Rao', mobile: '+91 98765 43210', form: 'popup' },
      T0,
    );
    expect(r.enqueue).toHaveBeenCalledTimes(1);
    expect(r.enqueue).toHaveBeenCalledWith('lead-1');
    expect(r.insert.mock.invocationCallOrder[0]!).toBeLessThan(r.enqueue.mock.invocationCallOrder[0]!);
    expect(r.log).toHaveBeenCalledWith({ event: 'accepted', id: 'lead-1', state: 'pending', attempt: 0 });
  });

  it.each(['popup', 'contact-modal', 'inline'])('records the form that sent it: %s', async (form) => {
    const r = intake();
    expect((await r.send(post({ ...goodLead, form }))).status).toBe(202);
    expect(r.insert.mock.calls[0]![0].form).toBe(form);
  });

  it('stores only its own fields, whatever else the browser posts', async () => {
    const r = intake();
    await r.send(post({ ...goodLead, id: 'mine', state: 'sent', source: '1', authtoken: 'x' }));
    expect(r.insert).toHaveBeenCalledWith(
      { id: 'lead-1', name: 'Asha Rao', mobile: '+91 98765 43210', form: 'popup' },
      T0,
    );
  });

  it('answers only once the lead is stored', async () => {
    const write = deferred<void>();
    const r = intake({ insert: () => write.promise });
    let answered = false;
    const pending = r.send(post(goodLead)).then((response) => {
      answered = true;
      return response;
    });
    await vi.waitFor(() => expect(r.insert).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    expect(r.enqueue).not.toHaveBeenCalled();
    write.resolve();
    expect((await pending).status).toBe(202);
    expect(r.enqueue).toHaveBeenCalledWith('lead-1');
  });

  it('a store that fails: 503 with Retry-After, and nothing queued', async () => {
    const r = intake({
      insert: async () => {
        throw new Error('D1_ERROR: database unavailable');
      },
    });
    const response = await r.send(post(goodLead));
    expect(response.headers.get('Retry-After')).toBe('60');
    expect((await refusal(response, 503)).error).toBe('lead could not be stored');
    expect(r.enqueue).not.toHaveBeenCalled();
    expect(r.log).toHaveBeenCalledWith(expect.objectContaining({ event: 'store-failed' }));
    expect(r.log).not.toHaveBeenCalledWith(expect.objectContaining({ event: 'accepted' }));
  });

  it('a queue that fails: still 202 (the lead is stored; the sweep sends it), and the failure is logged', async () => {
    const r = intake({
      enqueue: async () => {
        throw new Error('queue unavailable');
      },
    });
    const response = await r.send(post(goodLead));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, id: 'lead-1' });
    expect(r.insert).toHaveBeenCalledTimes(1);
    expect(r.log).toHaveBeenCalledWith(
      expect.objectContaining({
        event: 'enqueue-failed',
        id: 'lead-1',
        state: 'pending',
        error: expect.stringMatching(/queue unavailable/),
      }),
    );
  });

  it('an unexpected failure: 500, and nothing stored or queued', async () => {
    const r = intake();
    r.newId.mockImplementation(() => {
      throw new Error('no randomness');
    });
    expect((await refusal(await r.send(post(goodLead)), 500)).error).toBe('internal error');
    expect(r.insert).not.toHaveBeenCalled();
    expect(r.enqueue).not.toHaveBeenCalled();
    expect(r.log).toHaveBeenCalledWith(expect.objectContaining({ event: 'intake-failed' }));
  });
});

describe('rate limit', () => {
  it('counts by the CF-Connecting-IP header: an IPv4 address on its own, an IPv6 address by its /64', async () => {
    const r = intake();
    await r.send(post(goodLead, { ip: '203.0.113.7' }));
    await r.send(post(goodLead, { ip: '2001:db8:0:1::1' }));
    await r.send(post(goodLead, { ip: '2001:DB8:0:1:ffff:ffff:ffff:ffff' }));
    await r.send(post(goodLead, { ip: '2001:db8:0:2::1' }));
    await r.send(post(goodLead, { ip: '::ffff:203.0.113.7' }));
    expect(r.takeRateSlot.mock.calls.map(([key]) => key)).toEqual([
      '203.0.113.7',
      '2001:db8:0:1::/64',
      '2001:db8:0:1::/64',
      '2001:db8:0:2::/64',
      '203.0.113.7',
    ]);
  });

  it("counts a request without that header, or with one that is not an address, as 'unknown'", async () => {
    const r = intake();
    await r.send(post(goodLead, { ip: null }));
    await r.send(post(goodLead, { ip: 'not an address' }));
    expect(r.takeRateSlot.mock.calls).toEqual([['unknown'], ['unknown']]);
  });

  it('takes the slot before storing', async () => {
    const r = intake();
    await r.send(post(goodLead));
    expect(r.takeRateSlot.mock.invocationCallOrder[0]!).toBeLessThan(r.insert.mock.invocationCallOrder[0]!);
  });

  it('a refusal: 429 with the Retry-After it was given, and nothing stored or queued', async () => {
    const r = intake({ takeRateSlot: async () => ({ accepted: false, retryAfterS: 300 }) });
    const response = await r.send(post(goodLead));
    expect(response.headers.get('Retry-After')).toBe('300');
    expect((await refusal(response, 429)).error).toMatch(/too many/);
    expect(r.insert).not.toHaveBeenCalled();
    expect(r.enqueue).not.toHaveBeenCalled();
  });

  it('a rate limiter that fails: 503, and nothing stored or queued', async () => {
    const r = intake({
      takeRateSlot: async () => {
        throw new Error('Durable Object unavailable');
      },
    });
    const response = await r.send(post(goodLead));
    expect(response.headers.get('Retry-After')).toBe('60');
    expect((await refusal(response, 503)).error).toBe('rate limit unavailable');
    expect(r.insert).not.toHaveBeenCalled();
    expect(r.enqueue).not.toHaveBeenCalled();
    expect(r.log).toHaveBeenCalledWith(expect.objectContaining({ event: 'rate-limit-failed' }));
  });
});

describe('the log', () => {
  it('never holds the name or the mobile number', async () => {
    const fail = async () => {
      throw new Error('down');
    };
    const runs = [intake(), intake({ enqueue: fail }), intake({ insert: fail }), intake({ takeRateSlot: fail })];
    for (const r of runs) {
      await r.send(post({ name: 'Asha Rao', phonenumber: '+91 98765 43210', company_website: '' }));
      await r.send(post({ name: 'Asha Rao', phonenumber: 'bad number 12' }));
      expect(r.log).toHaveBeenCalled();
      const logged = JSON.stringify(r.log.mock.calls);
      expect(logged).not.toMatch(/Asha|Rao/);
      expect(logged).not.toMatch(/98765|43210|bad number/);
    }
  });
});
