import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { variantFile, type ExperimentManifest } from '../../src/lib/experiments/wire';
import { assignmentsFrom, MAX_PAIRS, optsOut } from '../../worker/experiments/edge';
import { REPORT_SQL } from '../../worker/experiments/table.mjs';
import {
  conversionPerson,
  handleLeadIntake,
  MAX_PAGE_PATH,
  pageFromReferer,
  type IntakeDeps,
} from '../../worker/leads/intake';
import type { LeadLog } from '../../worker/leads/log';
import { d1Conversions, d1Store } from '../../worker/leads/store';
import type { D1Database } from '../../worker/platform';
import { localD1 } from './local-d1';

const SITE = 'https://www.communiti.example';
const ENDPOINT = `${SITE}/api/leads`;
const FORM = 'application/x-www-form-urlencoded';
const T0 = Date.UTC(2026, 4, 1, 10, 0, 0);
const IP = '203.0.113.7';

const goodLead = { name: 'Asha Rao', phonenumber: '+91 98765 43210', company_website: '' };
/** goodLead as the intake stores it. */
const goodLeadStored = { name: 'Asha Rao', mobile: '+91 98765 43210', form: 'popup', lang: 'en' };

/** Two running experiments: one judged on leads, one on demo clicks (its lead still records the variant). */
const MANIFEST: ExperimentManifest = {
  experiments: [
    {
      id: 'creator-headline',
      page: '/creator',
      goal: 'lead',
      variants: [
        { name: 'control', weight: 50, file: null },
        { name: 'income', weight: 30, file: variantFile('creator-headline', 'income') },
        { name: 'launch', weight: 20, file: variantFile('creator-headline', 'launch') },
      ],
    },
    {
      id: 'home-hero',
      page: '/',
      goal: 'demo-click',
      variants: [
        { name: 'control', weight: 50, file: null },
        { name: 'b', weight: 50, file: variantFile('home-hero', 'b') },
      ],
    },
  ],
};

/** The Worker's own wiring of the dep (worker/index.ts), with MANIFEST for the build's manifest. */
const fromCookie: IntakeDeps['assignments'] = async (request) =>
  optsOut(request) ? {} : assignmentsFrom(request.headers.get('Cookie'), MANIFEST);

/** The person of a conversion, computed here independently of the intake. */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The intake wired to fakes: a store, no experiments (or the cookie's), a conversion counter, a rate limiter that
 * accepts, a queue, numbered ids, a fixed clock, a log.
 */
function intake(
  overrides: Partial<Pick<IntakeDeps, 'takeRateSlot' | 'enqueue' | 'assignments'>> & {
    insert?: IntakeDeps['store']['insert'];
    idOfKey?: IntakeDeps['store']['idOfKey'];
    addConversions?: IntakeDeps['conversions']['add'];
  } = {},
) {
  const insert = vi.fn<IntakeDeps['store']['insert']>(overrides.insert ?? (async () => true));
  const idOfKey = vi.fn<IntakeDeps['store']['idOfKey']>(overrides.idOfKey ?? (async () => null));
  const assignments = vi.fn<IntakeDeps['assignments']>(overrides.assignments ?? (async () => ({})));
  const addConversions = vi.fn<IntakeDeps['conversions']['add']>(overrides.addConversions ?? (async () => {}));
  const takeRateSlot = vi.fn<IntakeDeps['takeRateSlot']>(overrides.takeRateSlot ?? (async () => ({ accepted: true })));
  const enqueue = vi.fn<IntakeDeps['enqueue']>(overrides.enqueue ?? (async () => {}));
  let ids = 0;
  const newId = vi.fn(() => `lead-${++ids}`);
  const log = vi.fn<LeadLog>();
  const deps: IntakeDeps = {
    store: { insert, idOfKey },
    assignments,
    conversions: { add: addConversions },
    takeRateSlot,
    enqueue,
    newId,
    now: () => T0,
    log,
  };
  return {
    insert,
    idOfKey,
    assignments,
    addConversions,
    takeRateSlot,
    enqueue,
    newId,
    log,
    send: (request: Request) => handleLeadIntake(request, deps),
  };
}
type Intake = ReturnType<typeof intake>;

interface PostOptions {
  method?: string;
  origin?: string | null;
  contentType?: string | null;
  ip?: string | null;
  headers?: Record<string, string>;
}

function post(body: string | Record<string, string>, options: PostOptions = {}): Request {
  const { method = 'POST', origin = SITE, contentType = FORM, ip = IP } = options;
  const headers = new Headers(options.headers);
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
  expect(r.addConversions).not.toHaveBeenCalled();
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
      {
        id: 'lead-1',
        name: 'Asha Rao',
        mobile: '+91 98765 43210',
        form: 'popup',
        experiments: {},
        page: null,
        key: null,
        lang: 'en',
      },
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
      {
        id: 'lead-1',
        name: 'Asha Rao',
        mobile: '+91 98765 43210',
        form: 'popup',
        experiments: {},
        page: null,
        key: null,
        lang: 'en',
      },
      T0,
    );
  });

  it('answers only once the lead is stored', async () => {
    const write = deferred<boolean>();
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
    write.resolve(true);
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

describe('the language of the page a lead was sent from', () => {
  it.each(['en', 'hi'])('stores the language the form posts: %s', async (lang) => {
    const r = intake();
    expect((await r.send(post({ ...goodLead, lang }))).status).toBe(202);
    expect(r.insert.mock.calls[0]![0].lang).toBe(lang);
  });

  it('a lead posted without one (kept in a browser before the site had languages) is English', async () => {
    const r = intake();
    expect((await r.send(post(goodLead))).status).toBe(202);
    expect(r.insert.mock.calls[0]![0].lang).toBe('en');
  });

  it.each(['', 'mr', 'HI', 'hi-IN', 'qps', 'constructor', '__proto__', '<b>hi</b>', 'hi '])(
    'a language that is not one of the site (%j): 400 naming the field, nothing done',
    async (lang) => {
      const r = intake();
      const body = await refusal(await r.send(post({ ...goodLead, lang })), 400);
      expect(body).toEqual({ error: 'invalid field: lang', field: 'lang', problem: 'invalid' });
      expectNothingDone(r);
    },
  );
});

describe("the lead's key: one lead stored per key, a repeat answered as the first", () => {
  const KEY = '6d2f0c4a-8b3e-4f1a-9c5d-7e8f9a0b1c2d';

  it('stores the key with the lead', async () => {
    const r = intake();
    expect((await r.send(post({ ...goodLead, key: KEY }))).status).toBe(202);
    expect(r.idOfKey).toHaveBeenCalledWith(KEY);
    expect(r.insert.mock.calls[0]![0].key).toBe(KEY);
  });

  it.each(['not-a-key', KEY.toUpperCase(), `${KEY}0`, '6d2f0c4a-8b3e-1f1a-9c5d-7e8f9a0b1c2d', '<b>x</b>', ''])(
    'a key that is not a version 4 UUID in lower case (%j): 400 naming it, nothing done',
    async (key) => {
      const r = intake();
      const body = await refusal(await r.send(post({ ...goodLead, key })), 400);
      expect(body).toEqual({ error: 'invalid field: key', field: 'key', problem: 'invalid' });
      expectNothingDone(r);
    },
  );

  it("a repeat: 202 with the stored lead's id, and no allowance spent, nothing stored, counted or queued", async () => {
    const r = intake({ idOfKey: async () => 'lead-stored-earlier', assignments: fromCookie });
    const response = await r.send(
      post({ ...goodLead, form: 'inline', key: KEY }, { headers: { Cookie: 'exp=creator-headline.income' } }),
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, id: 'lead-stored-earlier' });
    expectNothingDone(r);
    expect(r.log).toHaveBeenCalledWith({ event: 'repeat', id: 'lead-stored-earlier' });
  });

  it('asks the rate limiter for a slot naming the key, so that tries of one lead racing each other spend one', async () => {
    const r = intake();
    await r.send(post({ ...goodLead, key: KEY }));
    expect(r.takeRateSlot).toHaveBeenCalledWith(IP, KEY);
  });

  it('two tries racing: the one whose write finds the key taken answers as the repeat, and queues nothing', async () => {
    let looked = 0;
    const r = intake({ insert: async () => false, idOfKey: async () => (looked++ === 0 ? null : 'lead-raced') });
    const response = await r.send(post({ ...goodLead, key: KEY }));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, id: 'lead-raced' });
    expect(r.enqueue).not.toHaveBeenCalled();
    expect(r.addConversions).not.toHaveBeenCalled();
  });

  it('a look-up of the key that fails: 503 with Retry-After, nothing spent or stored', async () => {
    const r = intake({
      idOfKey: async () => {
        throw new Error('D1_ERROR: database unavailable');
      },
    });
    const response = await r.send(post({ ...goodLead, key: KEY }));
    expect(response.headers.get('Retry-After')).toBe('60');
    expect((await refusal(response, 503)).error).toBe('lead could not be stored');
    expectNothingDone(r);
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
    expect(r.takeRateSlot.mock.calls).toEqual([
      ['unknown', null],
      ['unknown', null],
    ]);
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
    const runs = [
      intake(),
      intake({ enqueue: fail }),
      intake({ insert: fail }),
      intake({ takeRateSlot: fail }),
      intake({ assignments: fromCookie, addConversions: fail }),
      intake({ assignments: fail }),
    ];
    for (const r of runs) {
      const cookie = { Cookie: 'exp=creator-headline:income' };
      await r.send(
        post({ name: 'Asha Rao', phonenumber: '+91 98765 43210', company_website: '' }, { headers: cookie }),
      );
      await r.send(post({ name: 'Asha Rao', phonenumber: 'bad number 12' }));
      expect(r.log).toHaveBeenCalled();
      const logged = JSON.stringify(r.log.mock.calls);
      expect(logged).not.toMatch(/Asha|Rao/);
      expect(logged).not.toMatch(/98765|43210|bad number/);
    }
  });
});

describe("experiments: the variants a lead's sender saw, and the lead goal's conversions", () => {
  const cookie = (value: string) => ({ headers: { Cookie: value } });

  it('stores the variants of the cookie with the lead, and counts one conversion per experiment', async () => {
    const r = intake({ assignments: fromCookie });
    const response = await r.send(post(goodLead, cookie('_ga=1; exp=creator-headline:income|home-hero:b')));
    expect(response.status).toBe(202);
    const experiments = { 'creator-headline': 'income', 'home-hero': 'b' };
    expect(r.insert).toHaveBeenCalledWith({ id: 'lead-1', ...goodLeadStored, experiments, page: null, key: null }, T0);
    expect(r.addConversions).toHaveBeenCalledTimes(1);
    expect(r.addConversions).toHaveBeenCalledWith([
      {
        experiment: 'creator-headline',
        variant: 'income',
        person: sha256('creator-headline:+91 98765 43210'),
        day: '2026-05-01',
      },
      { experiment: 'home-hero', variant: 'b', person: sha256('home-hero:+91 98765 43210'), day: '2026-05-01' },
    ]);
    const [first, second] = r.addConversions.mock.calls[0]![0];
    expect(first!.person).toMatch(/^[0-9a-f]{64}$/);
    expect(first!.person).not.toBe(second!.person);
  });

  it('counts after the lead is stored and before the answer', async () => {
    const write = deferred<void>();
    const r = intake({ assignments: fromCookie, addConversions: () => write.promise });
    let answered = false;
    const pending = r.send(post(goodLead, cookie('exp=creator-headline:launch'))).then((response) => {
      answered = true;
      return response;
    });
    await vi.waitFor(() => expect(r.addConversions).toHaveBeenCalledTimes(1));
    expect(r.insert.mock.invocationCallOrder[0]!).toBeLessThan(r.addConversions.mock.invocationCallOrder[0]!);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    write.resolve();
    expect((await pending).status).toBe(202);
  });

  it('the person is the hashed mobile number as stored (trimmed), per experiment', async () => {
    expect(await conversionPerson('creator-headline', '+91 98765 43210')).toBe(
      sha256('creator-headline:+91 98765 43210'),
    );
    const r = intake({ assignments: fromCookie });
    await r.send(post({ ...goodLead, phonenumber: '  +91 98765 43210 ' }, cookie('exp=creator-headline:income')));
    expect(r.addConversions.mock.calls[0]![0][0]!.person).toBe(sha256('creator-headline:+91 98765 43210'));
  });

  it('no cookie, or a cookie of no running experiment: no variants, nothing counted', async () => {
    const r = intake({ assignments: fromCookie });
    await r.send(post(goodLead));
    await r.send(post(goodLead, cookie('exp=stopped-test:b')));
    expect(r.insert.mock.calls.map(([lead]) => lead.experiments)).toEqual([{}, {}]);
    expect(r.addConversions).not.toHaveBeenCalled();
  });

  it.each([
    ['Global Privacy Control', { 'Sec-GPC': '1' }],
    ['Do Not Track', { DNT: '1' }],
  ])('%s: the cookie is not read; no variants stored, nothing counted', async (_label, signal) => {
    const r = intake({ assignments: fromCookie });
    const response = await r.send(post(goodLead, { headers: { ...signal, Cookie: 'exp=creator-headline:income' } }));
    expect(response.status).toBe(202);
    expect(r.insert.mock.calls[0]![0].experiments).toEqual({});
    expect(r.addConversions).not.toHaveBeenCalled();
  });

  it.each([
    ['a variant the experiment lacks', 'exp=creator-headline:evil'],
    ['markup', 'exp=creator-headline:<script>alert(1)</script>'],
    ['a JSON payload', 'exp={"creator-headline":"income","x":"y"}'],
    ['extra colons', 'exp=creator-headline:income:launch'],
    ['prototype keys', 'exp=__proto__:income|constructor:control'],
    ['SQL', "exp=creator-headline:income');DROP TABLE leads;--"],
    ['a pair past the header limit', `pad=${'x'.repeat(9000)}; exp=creator-headline:income`],
  ])('a hostile cookie (%s) stores no variant', async (_label, value) => {
    const r = intake({ assignments: fromCookie });
    expect((await r.send(post(goodLead, cookie(value)))).status).toBe(202);
    expect(r.insert.mock.calls[0]![0].experiments).toEqual({});
    expect(r.addConversions).not.toHaveBeenCalled();
  });

  it('keeps only the valid pairs of a cookie, the first of an id winning', async () => {
    const r = intake({ assignments: fromCookie });
    await r.send(post(goodLead, cookie('exp=home-hero:zzz|creator-headline:launch|creator-headline:income|x:y')));
    expect(r.insert.mock.calls[0]![0].experiments).toEqual({ 'creator-headline': 'launch' });
  });

  it('stores names only, at most MAX_PAIRS, whatever the dep hands over', async () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`e${i}`, 'control']));
    const junk = { 'Bad Id': 'b', ok: 'Bad Variant', long: 'a'.repeat(65), num: 7, also: 'fine' };
    for (const [given, stored] of [
      [many, Object.fromEntries(Object.entries(many).slice(0, MAX_PAIRS))],
      [junk, { also: 'fine' }],
      [['creator-headline'], {}],
      [null, {}],
    ] as const) {
      const r = intake({ assignments: async () => given as unknown as Record<string, string> });
      expect((await r.send(post(goodLead))).status).toBe(202);
      expect(r.insert.mock.calls[0]![0].experiments).toEqual(stored);
    }
  });

  it('a conversion write that fails: still 202, the lead stored and queued, the failure logged', async () => {
    const r = intake({
      assignments: fromCookie,
      addConversions: async () => {
        throw new Error('D1_ERROR: no such table: experiment_conversions');
      },
    });
    const response = await r.send(post(goodLead, cookie('exp=creator-headline:income')));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, id: 'lead-1' });
    expect(r.insert).toHaveBeenCalledTimes(1);
    expect(r.enqueue).toHaveBeenCalledWith('lead-1');
    expect(r.log).toHaveBeenCalledWith({
      event: 'conversion-failed',
      id: 'lead-1',
      error: expect.stringMatching(/no such table/),
    });
  });

  it('assignments that cannot be read: the lead is stored without variants, and the failure logged', async () => {
    const r = intake({
      assignments: async () => {
        throw new Error('manifest unavailable');
      },
    });
    expect((await r.send(post(goodLead, cookie('exp=creator-headline:income')))).status).toBe(202);
    expect(r.insert.mock.calls[0]![0].experiments).toEqual({});
    expect(r.addConversions).not.toHaveBeenCalled();
    expect(r.log).toHaveBeenCalledWith(expect.objectContaining({ event: 'assignments-failed' }));
  });

  it('nothing is read or counted for a refused lead or a bot', async () => {
    const r = intake({ assignments: fromCookie, takeRateSlot: async () => ({ accepted: false, retryAfterS: 60 }) });
    await r.send(post(goodLead, cookie('exp=creator-headline:income')));
    await r.send(post({ ...goodLead, company_website: 'x' }, cookie('exp=creator-headline:income')));
    await r.send(post({ name: '' }, cookie('exp=creator-headline:income')));
    expect(r.assignments).not.toHaveBeenCalled();
    expect(r.insert).not.toHaveBeenCalled();
    expect(r.addConversions).not.toHaveBeenCalled();
  });
});

describe('the page a lead was sent from', () => {
  const referer = (value: string) => ({ headers: { Referer: value } });

  it.each([
    [`${SITE}/pricing/`, '/pricing/'],
    [`${SITE}/`, '/'],
    [`${SITE}/creator?utm_source=ad&phone=1#form`, '/creator'],
    [`${SITE}/mr/pricing/`, '/mr/pricing/'],
  ])('a same-origin Referer %s: its path only, %s', async (from, page) => {
    const r = intake();
    expect((await r.send(post(goodLead, referer(from)))).status).toBe(202);
    expect(r.insert.mock.calls[0]![0].page).toBe(page);
  });

  it.each([
    ['another site', 'https://evil.example/pricing/'],
    ['another scheme', 'http://www.communiti.example/pricing/'],
    ['another port', 'https://www.communiti.example:8443/pricing/'],
    ['a subdomain', 'https://blog.communiti.example/pricing/'],
    ['no URL', 'pricing'],
    ['a path too long', `${SITE}/${'a'.repeat(MAX_PAGE_PATH)}`],
  ])('%s: null', async (_, from) => {
    const r = intake();
    expect((await r.send(post(goodLead, referer(from)))).status).toBe(202);
    expect(r.insert.mock.calls[0]![0].page).toBeNull();
  });

  it('no Referer: null; a path of exactly the limit is kept', async () => {
    const r = intake();
    await r.send(post(goodLead));
    expect(r.insert.mock.calls[0]![0].page).toBeNull();
    const longest = `/${'a'.repeat(MAX_PAGE_PATH - 1)}`;
    expect(pageFromReferer(`${SITE}${longest}`, ENDPOINT)).toBe(longest);
    expect(MAX_PAGE_PATH).toBe(200);
  });
});

/**
 * The intake against a real D1 (SQLite in workerd, from wrangler's local runtime), every migration applied: the lead's
 * row, the conversions and their report as the Worker and `npm run experiments` see them.
 */
describe('the lead and its conversions in D1', () => {
  let db: D1Database;
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, dispose } = await localD1([
      '0001_leads.sql',
      '0004_experiments.sql',
      '0005_lead_experiments.sql',
      '0006_lead_page.sql',
      '0009_lead_key.sql',
      '0010_lead_lang.sql',
    ]));
  }, 60_000);

  afterAll(async () => {
    await dispose?.();
  });

  it('stores the variants as JSON (NULL without), counts each number once per experiment, keeps them after the lead', async () => {
    let ids = 0;
    let clock = T0;
    const deps: IntakeDeps = {
      store: d1Store(db),
      assignments: fromCookie,
      conversions: d1Conversions(db),
      takeRateSlot: async () => ({ accepted: true }),
      enqueue: async () => {},
      newId: () => `lead-${++ids}`,
      now: () => clock,
      log: () => {},
    };
    const send = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      handleLeadIntake(post(fields, { headers }), deps);

    expect(
      (await send(goodLead, { Cookie: 'exp=creator-headline:income|home-hero:b', Referer: `${SITE}/creator?x=1` }))
        .status,
    ).toBe(202);
    // The same number again, a day later and from another device (assigned control): counted once, as income.
    clock += 86_400_000;
    expect((await send(goodLead, { Cookie: 'exp=creator-headline:control' })).status).toBe(202);
    expect(
      (
        await send(
          { ...goodLead, phonenumber: '+91 90000 00001', lang: 'hi' },
          { Cookie: 'exp=creator-headline:control', Referer: `${SITE}/hi/creator` },
        )
      ).status,
    ).toBe(202);
    expect(
      (
        await send(
          { ...goodLead, phonenumber: '+91 90000 00002' },
          { 'Sec-GPC': '1', Cookie: 'exp=creator-headline:launch' },
        )
      ).status,
    ).toBe(202);

    const { results: leads } = await db.prepare('SELECT id, experiments, page, lang FROM leads ORDER BY id').all();
    expect(leads).toEqual([
      { id: 'lead-1', experiments: '{"creator-headline":"income","home-hero":"b"}', page: '/creator', lang: 'en' },
      { id: 'lead-2', experiments: '{"creator-headline":"control"}', page: null, lang: 'en' },
      { id: 'lead-3', experiments: '{"creator-headline":"control"}', page: '/hi/creator', lang: 'hi' },
      { id: 'lead-4', experiments: null, page: null, lang: 'en' },
    ]);
    const { results: rows } = await db
      .prepare('SELECT experiment, variant, person, day FROM experiment_conversions ORDER BY experiment, day')
      .all();
    expect(rows).toEqual([
      {
        experiment: 'creator-headline',
        variant: 'income',
        person: sha256('creator-headline:+91 98765 43210'),
        day: '2026-05-01',
      },
      {
        experiment: 'creator-headline',
        variant: 'control',
        person: sha256('creator-headline:+91 90000 00001'),
        day: '2026-05-02',
      },
      { experiment: 'home-hero', variant: 'b', person: sha256('home-hero:+91 98765 43210'), day: '2026-05-01' },
    ]);

    // The sweep deletes the leads; the counts stay.
    await db.prepare('DELETE FROM leads').run();
    const { results: report } = await db.prepare(REPORT_SQL.conversions).all();
    expect(report).toEqual([
      { experiment: 'creator-headline', variant: 'control', conversions: 1 },
      { experiment: 'creator-headline', variant: 'income', conversions: 1 },
      { experiment: 'home-hero', variant: 'b', conversions: 1 },
    ]);

    // Days later, the sweep forgets the codes of the conversions before the first day kept: the counts stay, no code
    // of a number does, and that number counts again (its sender is a new visitor by then).
    const conversions = d1Conversions(db);
    expect(await conversions.forget('2026-05-02')).toBe(2);
    expect(await conversions.forget('2026-05-02')).toBe(0);
    const { results: kept } = await db
      .prepare('SELECT experiment, person FROM experiment_conversions ORDER BY experiment, day')
      .all<{ experiment: string; person: string }>();
    expect(kept.map((row) => [row.experiment, /^forgotten-\d+$/.test(row.person)])).toEqual([
      ['creator-headline', true],
      ['creator-headline', false],
      ['home-hero', true],
    ]);
    expect((await db.prepare(REPORT_SQL.conversions).all()).results).toEqual(report);
    clock += 86_400_000;
    expect((await send(goodLead, { Cookie: 'exp=creator-headline:launch' })).status).toBe(202);
    const { results: after } = await db.prepare(REPORT_SQL.conversions).all();
    expect(after).toContainEqual({ experiment: 'creator-headline', variant: 'launch', conversions: 1 });
  });
});
