import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrmSettings } from '../../src/lib/leads/wire';
import type { LeadFormName } from '../../src/lib/leads/rules';
import { CRM_CONCURRENCY, CRM_TIMEOUT_MS, DELIVERY_LEASE_MS, type LeadState } from '../../worker/leads/outbox';
import { crmSettings, deliverBatch, deliverLead, type DeliveryDeps } from '../../worker/leads/delivery';
import type { LeadLog } from '../../worker/leads/log';
import type { LeadMessage, QueueMessage } from '../../worker/platform';
import { DUE_SLACK_MS, type LeadStore } from '../../worker/leads/store';
import { EXPECTED_CRM_LEAD_BODY } from '../fixtures/crm-lead';

const T0 = Date.UTC(2026, 4, 1, 10, 0, 0);
const CRM: CrmSettings = { host: 'https://crm.test.example/', token: 'secret-crm-token' };
const ASHA = { name: 'Asha Rao', mobile: '+91 98765 43210' };

interface Row {
  id: string;
  name: string;
  mobile: string;
  form: string;
  state: LeadState;
  attempts: number;
  updatedAt: number;
  nextAttemptAt: number;
  claimedUntil: number;
  lastStatus: number | null;
  lastError: string | null;
  sentAt: number | null;
}

/**
 * The lead table in memory, following the contract of worker/leads/store.ts (and the statements of its D1 implementation):
 * a lead is claimed only when pending, due (within DUE_SLACK_MS) and not held; a claim counts the try and holds the
 * lead for DELIVERY_LEASE_MS; markSent and markFailed act only on a pending lead, and release it.
 */
function memoryStore() {
  const rows = new Map<string, Row>();
  const store: LeadStore = {
    async insert(lead, now) {
      rows.set(lead.id, {
        ...lead,
        state: 'pending',
        attempts: 0,
        updatedAt: now,
        nextAttemptAt: now,
        claimedUntil: 0,
        lastStatus: null,
        lastError: null,
        sentAt: null,
      });
      return true;
    },
    async idOfKey() {
      return null;
    },
    async claim(id, now) {
      const row = rows.get(id);
      if (!row || row.state !== 'pending' || row.claimedUntil > now || row.nextAttemptAt > now + DUE_SLACK_MS) {
        return null;
      }
      row.attempts += 1;
      row.claimedUntil = now + DELIVERY_LEASE_MS;
      row.updatedAt = now;
      return { id: row.id, name: row.name, mobile: row.mobile, form: row.form, attempts: row.attempts };
    },
    async markSent(id, now, crmStatus) {
      const row = rows.get(id);
      if (row?.state !== 'pending') return;
      Object.assign(row, { state: 'sent', sentAt: now, updatedAt: now, claimedUntil: 0, lastStatus: crmStatus });
      row.lastError = null;
    },
    async markFailed(id, now, outcome, failure) {
      const row = rows.get(id);
      if (row?.state !== 'pending') return;
      row.state = outcome.state;
      row.nextAttemptAt = outcome.state === 'pending' ? outcome.nextAttemptAt : now;
      row.updatedAt = now;
      row.claimedUntil = 0;
      row.lastStatus = failure.crmStatus;
      row.lastError = failure.error;
    },
    async takeStale() {
      throw new Error('not used by delivery');
    },
    async purge() {
      throw new Error('not used by delivery');
    },
  };
  return { store, rows };
}

/** The CRM's answer with this status (no body where a status allows none). */
function crmAnswer(status: number): Response {
  return new Response(status === 204 ? null : '{"status":true}', { status });
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** Delivery wired to fakes: an in-memory table, a CRM answering `crmStatus` (200), a clock the test moves, a log. */
function delivery(options: { crm?: CrmSettings | null; crmStatus?: number; fetch?: DeliveryDeps['fetch'] } = {}) {
  let clock = T0;
  const { store, rows } = memoryStore();
  const fetch = vi.fn<DeliveryDeps['fetch']>(options.fetch ?? (async () => crmAnswer(options.crmStatus ?? 200)));
  const log = vi.fn<LeadLog>();
  const deps: DeliveryDeps = {
    store,
    crm: options.crm === undefined ? CRM : options.crm,
    settings: { retryBaseS: 30, sweepAfterS: 600 },
    fetch,
    now: () => clock,
    log,
  };
  return {
    deps,
    store,
    rows,
    fetch,
    log,
    advance: (ms: number) => (clock += ms),
    /** Stores a pending lead, due now. */
    add: (id: string, lead = ASHA, form: LeadFormName = 'popup') => store.insert({ id, ...lead, form }, clock),
    deliver: (id: string) => deliverLead(id, deps),
    row: (id: string) => rows.get(id)!,
  };
}

function message(body: Partial<LeadMessage>) {
  return { body: body as LeadMessage, ack: vi.fn(), retry: vi.fn() } satisfies QueueMessage<LeadMessage>;
}

/** No name or number in anything logged. */
function expectNoPersonalData(log: ReturnType<typeof vi.fn<LeadLog>>) {
  const logged = JSON.stringify(log.mock.calls);
  expect(logged).not.toMatch(/Asha|Rao/);
  expect(logged).not.toMatch(/98765|43210/);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('crmSettings', () => {
  it('reads the host and the token', () => {
    expect(crmSettings({ CRM_HOST: ' https://crm.example ', CRM_TOKEN: ' t0ken ' })).toEqual({
      host: 'https://crm.example',
      token: 't0ken',
    });
    expect(crmSettings({ CRM_HOST: 'http://localhost:8788', CRM_TOKEN: 't' })).toEqual({
      host: 'http://localhost:8788',
      token: 't',
    });
  });

  it.each([
    ['no token', { CRM_HOST: 'https://crm.example' }],
    ['an empty token', { CRM_HOST: 'https://crm.example', CRM_TOKEN: '  ' }],
    ['no host', { CRM_TOKEN: 't' }],
    ['an empty host', { CRM_HOST: '', CRM_TOKEN: 't' }],
    ['a host without a scheme', { CRM_HOST: 'crm.example', CRM_TOKEN: 't' }],
    ['an ftp host', { CRM_HOST: 'ftp://crm.example', CRM_TOKEN: 't' }],
    ['a javascript: host', { CRM_HOST: 'javascript:alert(1)', CRM_TOKEN: 't' }],
    ['a scheme with no host', { CRM_HOST: 'https://', CRM_TOKEN: 't' }],
  ])('null for %s', (_label, env) => {
    expect(crmSettings(env)).toBeNull();
  });
});

describe('deliverLead: a due lead', () => {
  it('is sent with exactly the CRM request the product defines, the token held by the Worker, and no redirect followed', async () => {
    const d = delivery();
    await d.add('lead-1');
    await d.deliver('lead-1');
    expect(d.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = d.fetch.mock.calls[0]!;
    expect(url).toBe('https://crm.test.example/api/leads');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect([...headers.keys()].sort()).toEqual(['accept', 'authtoken', 'content-type']);
    expect(headers.get('authtoken')).toBe('secret-crm-token');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual(EXPECTED_CRM_LEAD_BODY);
    expect(init.redirect).toBe('manual');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([200, 201, 204])('CRM %i: sent, and the message acked', async (status) => {
    const d = delivery({ crmStatus: status });
    await d.add('lead-1');
    expect(await d.deliver('lead-1')).toEqual({ ack: true });
    expect(d.row('lead-1')).toMatchObject({
      state: 'sent',
      attempts: 1,
      sentAt: T0,
      lastStatus: status,
      claimedUntil: 0,
    });
    expect(d.log).toHaveBeenCalledWith({ event: 'sent', id: 'lead-1', state: 'sent', attempt: 1, crmStatus: status });
  });

  it('a lead already sent is not sent again', async () => {
    const d = delivery();
    await d.add('lead-1');
    await d.deliver('lead-1');
    d.advance(60_000);
    expect(await d.deliver('lead-1')).toEqual({ ack: true });
    expect(d.fetch).toHaveBeenCalledTimes(1);
    expect(d.row('lead-1')).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a message for a lead that is not stored is acked, and nothing sent', async () => {
    const d = delivery();
    expect(await d.deliver('no-such-lead')).toEqual({ ack: true });
    expect(d.fetch).not.toHaveBeenCalled();
  });

  it('two deliveries racing on one lead with a slow CRM: exactly one request', async () => {
    const crm = deferred<Response>();
    const d = delivery({ fetch: () => crm.promise });
    await d.add('lead-1');
    const first = d.deliver('lead-1');
    const second = d.deliver('lead-1');
    await vi.waitFor(() => expect(d.fetch).toHaveBeenCalledTimes(1));
    expect(await second).toEqual({ ack: true });
    crm.resolve(crmAnswer(200));
    expect(await first).toEqual({ ack: true });
    expect(d.fetch).toHaveBeenCalledTimes(1);
    expect(d.row('lead-1')).toMatchObject({ state: 'sent', attempts: 1 });
  });
});

describe('deliverLead: a failed try', () => {
  it.each([500, 503, 302, 401])('CRM %i: pending, retried in 30 s, logged with the status', async (status) => {
    const d = delivery({ crmStatus: status });
    await d.add('lead-1');
    expect(await d.deliver('lead-1')).toEqual({ ack: false, delayS: 30 });
    expect(d.row('lead-1')).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAt: T0 + 30_000,
      claimedUntil: 0,
      lastStatus: status,
      lastError: `CRM answered ${status}`,
    });
    expect(d.log).toHaveBeenCalledWith({
      event: 'retry',
      id: 'lead-1',
      state: 'pending',
      attempt: 1,
      crmStatus: status,
      retryInS: 30,
      error: `CRM answered ${status}`,
    });
  });

  it('CRM unreachable (fetch throws): pending, retried in 30 s, logged without a status', async () => {
    const d = delivery({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await d.add('lead-1');
    expect(await d.deliver('lead-1')).toEqual({ ack: false, delayS: 30 });
    expect(d.row('lead-1')).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null });
    expect(d.log).toHaveBeenCalledWith(
      expect.objectContaining({
        event: 'retry',
        id: 'lead-1',
        attempt: 1,
        retryInS: 30,
        error: 'CRM unreachable: fetch failed',
      }),
    );
    expect(d.log.mock.calls[0]![0].crmStatus).toBeUndefined();
  });

  it('waits twice as long after each failure, and dead-letters the lead after the 10th', async () => {
    const d = delivery({ crmStatus: 500 });
    await d.add('lead-1');
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 9; attempt++) {
      const outcome = await d.deliver('lead-1');
      expect(outcome.ack).toBe(false);
      if (outcome.ack) return;
      delays.push(outcome.delayS);
      expect(d.row('lead-1')).toMatchObject({ state: 'pending', attempts: attempt });
      d.advance(outcome.delayS * 1000);
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7680]);

    expect(await d.deliver('lead-1')).toEqual({ ack: true });
    expect(d.row('lead-1')).toMatchObject({ state: 'dead', attempts: 10, lastStatus: 500 });
    expect(d.fetch).toHaveBeenCalledTimes(10);
    expect(d.log).toHaveBeenLastCalledWith({
      event: 'dead',
      id: 'lead-1',
      state: 'dead',
      attempt: 10,
      crmStatus: 500,
      error: 'CRM answered 500',
    });

    // A dead lead is never tried again.
    d.advance(24 * 60 * 60 * 1000);
    expect(await d.deliver('lead-1')).toEqual({ ack: true });
    expect(d.fetch).toHaveBeenCalledTimes(10);
  });

  it('a message that comes before the lead is due is acked, and nothing sent', async () => {
    const d = delivery({ crmStatus: 503 });
    await d.add('lead-1');
    await d.deliver('lead-1');
    // Due at T0 + 30 s; a stray message at T0 + 10 s.
    d.advance(10_000);
    expect(await d.deliver('lead-1')).toEqual({ ack: true });
    expect(d.fetch).toHaveBeenCalledTimes(1);
    expect(d.row('lead-1')).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: T0 + 30_000 });
  });

  it('the CRM must answer within 8 s: the request is aborted, and the try counts as failed', async () => {
    expect(CRM_TIMEOUT_MS).toBe(8000);
    vi.useFakeTimers();
    const d = delivery({
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    await d.add('lead-1');
    let settled = false;
    const pending = d.deliver('lead-1').finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(7999);
    const signal = d.fetch.mock.calls[0]![1].signal!;
    expect(signal.aborted).toBe(false);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    expect(await pending).toEqual({ ack: false, delayS: 30 });
    expect(d.row('lead-1')).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'CRM did not answer within 8000 ms',
    });
    expect(d.log).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'retry', error: 'CRM did not answer within 8000 ms' }),
    );
  });

  it('an answer in time leaves no timer running', async () => {
    vi.useFakeTimers();
    const d = delivery();
    await d.add('lead-1');
    expect(await d.deliver('lead-1')).toEqual({ ack: true });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('deliverLead: no CRM set', () => {
  it('acks the message, leaves the lead pending and untried, and says why', async () => {
    const d = delivery({ crm: null });
    const claim = vi.spyOn(d.store, 'claim');
    await d.add('lead-1');
    expect(await d.deliver('lead-1')).toEqual({ ack: true });
    expect(claim).not.toHaveBeenCalled();
    expect(d.fetch).not.toHaveBeenCalled();
    expect(d.row('lead-1')).toMatchObject({ state: 'pending', attempts: 0, claimedUntil: 0 });
    expect(d.log).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'unconfigured', id: 'lead-1', state: 'pending' }),
    );
  });
});

describe('deliverBatch', () => {
  it('acks what was sent and retries what failed, never more than 4 requests at once', async () => {
    expect(CRM_CONCURRENCY).toBe(4);
    const waiting: { name: string; answer: (response: Response) => void }[] = [];
    let started = 0;
    let answered = 0;
    let mostAtOnce = 0;
    const d = delivery({
      fetch: (_url, init) => {
        started++;
        mostAtOnce = Math.max(mostAtOnce, started - answered);
        const crm = deferred<Response>();
        waiting.push({ name: new URLSearchParams(String(init.body)).get('name')!, answer: crm.resolve });
        return crm.promise;
      },
    });
    const messages = [];
    for (let i = 0; i < 12; i++) {
      await d.add(`lead-${i}`, { name: `Lead ${i}`, mobile: '9876543210' });
      messages.push(message({ id: `lead-${i}` }));
    }
    const run = deliverBatch({ messages }, d.deps);

    await vi.waitFor(() => expect(waiting).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(d.fetch).toHaveBeenCalledTimes(4);

    for (let i = 0; i < 12; i++) {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      const next = waiting.shift()!;
      answered++;
      // Even leads are accepted, odd ones fail.
      next.answer(crmAnswer(Number(next.name.split(' ')[1]) % 2 === 0 ? 200 : 500));
    }
    await run;

    expect(d.fetch).toHaveBeenCalledTimes(12);
    expect(mostAtOnce).toBe(4);
    messages.forEach((m, i) => {
      if (i % 2 === 0) {
        expect(m.ack).toHaveBeenCalledTimes(1);
        expect(m.retry).not.toHaveBeenCalled();
        expect(d.row(`lead-${i}`).state).toBe('sent');
      } else {
        expect(m.retry).toHaveBeenCalledTimes(1);
        expect(m.retry).toHaveBeenCalledWith({ delaySeconds: 30 });
        expect(m.ack).not.toHaveBeenCalled();
        expect(d.row(`lead-${i}`).state).toBe('pending');
      }
    });
  });

  it('acks a message without an id, and sends nothing', async () => {
    const d = delivery();
    const claim = vi.spyOn(d.store, 'claim');
    const m = message({});
    await deliverBatch({ messages: [m] }, d.deps);
    expect(m.ack).toHaveBeenCalledTimes(1);
    expect(claim).not.toHaveBeenCalled();
    expect(d.fetch).not.toHaveBeenCalled();
  });

  it.each(['claim', 'markSent'] as const)(
    'a table whose %s fails: the message is retried, and logged',
    async (method) => {
      const d = delivery();
      await d.add('lead-1');
      vi.spyOn(d.store, method).mockRejectedValue(new Error('D1_ERROR: unavailable'));
      const m = message({ id: 'lead-1' });
      await deliverBatch({ messages: [m] }, d.deps);
      expect(m.retry).toHaveBeenCalledTimes(1);
      expect(m.retry).toHaveBeenCalledWith({ delaySeconds: 30 });
      expect(m.ack).not.toHaveBeenCalled();
      expect(d.log).toHaveBeenCalledWith(expect.objectContaining({ event: 'delivery-failed', id: 'lead-1' }));
    },
  );

  it('one failing message does not stop the others', async () => {
    const d = delivery();
    await d.add('lead-1');
    await d.add('lead-2');
    const claim = d.store.claim.bind(d.store);
    vi.spyOn(d.store, 'claim').mockImplementation(async (id, now) => {
      if (id === 'lead-1') throw new Error('D1_ERROR: unavailable');
      return claim(id, now);
    });
    const [bad, good] = [message({ id: 'lead-1' }), message({ id: 'lead-2' })];
    await deliverBatch({ messages: [bad, good] }, d.deps);
    expect(bad.retry).toHaveBeenCalledTimes(1);
    expect(good.ack).toHaveBeenCalledTimes(1);
    expect(d.row('lead-2').state).toBe('sent');
  });
});

describe('the log', () => {
  it('never holds the name or the mobile number', async () => {
    const runs = [
      delivery(),
      delivery({ crmStatus: 500 }),
      delivery({ crm: null }),
      delivery({
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      }),
    ];
    for (const d of runs) {
      await d.add('lead-1');
      await deliverBatch({ messages: [message({ id: 'lead-1' })] }, d.deps);
      expect(d.log).toHaveBeenCalled();
      expectNoPersonalData(d.log);
    }
    const dying = delivery({ crmStatus: 503 });
    await dying.add('lead-1');
    for (let i = 0; i < 10; i++) {
      const outcome = await dying.deliver('lead-1');
      if (!outcome.ack) dying.advance(outcome.delayS * 1000);
    }
    expect(dying.log).toHaveBeenLastCalledWith(expect.objectContaining({ event: 'dead' }));
    expectNoPersonalData(dying.log);
  });
});
