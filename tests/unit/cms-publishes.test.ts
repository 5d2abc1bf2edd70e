/**
 * GET /api/cms-publishes (worker/cms-publish/routes.ts) with a fake store, and the admin's bar (src/cms/publish-bar.ts):
 * what the route answers and refuses, and the sentence the bar makes of a record, in the browser's own time zone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clockTime, newestPublish, publishSentence } from '../../src/cms/publish-bar';
import { CMS_PUBLISHES_ROUTE, type PublishRecord } from '../../src/lib/cms/publish-wire';
import { handleCmsPublishes, PUBLISHES_ANSWERED } from '../../worker/cms-publish/routes';
import type { PublishRow } from '../../worker/cms-publish/table.mjs';

const ROW: PublishRow = {
  commit_sha: '0123456789abcdef0123456789abcdef01234567',
  committed_at: Date.parse('2026-05-04T08:32:00Z'),
  finished_at: Date.parse('2026-05-04T09:05:00Z'),
  status: 'failed',
  file: 'Offer',
  field: 'Original price',
  message: 'must be above the price',
};

/** ROW as the route answers it, and as the bar reads it. */
const RECORD: PublishRecord = {
  commit: '0123456',
  committedAt: '2026-05-04T08:32:00.000Z',
  finishedAt: '2026-05-04T09:05:00.000Z',
  status: 'failed',
  file: 'Offer',
  field: 'Original price',
  message: 'must be above the price',
};

const request = (method = 'GET') => new Request(`https://site.example${CMS_PUBLISHES_ROUTE}`, { method });

describe('GET /api/cms-publishes', () => {
  it('answers the newest records, only the fields the bar shows, never stored', async () => {
    const asked: number[] = [];
    const response = await handleCmsPublishes(request(), {
      store: { latest: async (limit) => (asked.push(limit), [{ ...ROW, id: 9 } as PublishRow]) },
      log: () => undefined,
    });
    expect(asked).toEqual([PUBLISHES_ANSWERED]);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ publishes: [RECORD] });
  });

  it('refuses any other method, and answers 503 when D1 does not', async () => {
    const store = { latest: async () => [ROW] };
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD']) {
      const response = await handleCmsPublishes(request(method), { store, log: () => undefined });
      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toBe('GET');
    }
    const logged: unknown[] = [];
    const down = await handleCmsPublishes(request(), {
      store: { latest: () => Promise.reject(new Error('D1_ERROR: no such table: publishes')) },
      log: (event) => logged.push(event),
    });
    expect(down.status).toBe(503);
    expect(down.headers.get('Cache-Control')).toBe('no-store');
    expect(logged).toEqual([{ event: 'unavailable', reason: 'D1_ERROR: no such table: publishes' }]);
  });
});

describe("the admin's bar", () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Asia/Kolkata';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("gives the change's time in the browser's time zone, on a 24-hour clock", () => {
    expect(clockTime('2026-05-04T08:32:00Z')).toBe('14:02');
    expect(clockTime('2026-05-04T18:35:00Z')).toBe('00:05');
  });

  it('says the change is live, or why it was not published', () => {
    expect(publishSentence({ ...RECORD, status: 'live', file: null, field: null, message: null })).toBe(
      'Your change of 14:02 is live',
    );
    expect(publishSentence(RECORD)).toBe(
      'Your change of 14:02 was not published: Offer, Original price: must be above the price',
    );
    expect(publishSentence({ ...RECORD, file: null, field: null, message: 'the checks failed' })).toBe(
      'Your change of 14:02 was not published: the checks failed',
    );
  });

  it('shows nothing without a record, or when the endpoint fails or answers something else', async () => {
    const answer = (status: number, body: unknown) => async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    expect(await newestPublish(answer(200, { publishes: [RECORD] }))).toEqual(RECORD);
    expect(await newestPublish(answer(200, { publishes: [] }))).toBeNull();
    expect(await newestPublish(answer(503, { error: 'unavailable' }))).toBeNull();
    expect(await newestPublish(answer(200, { publishes: [{ ...RECORD, status: 'pending' }] }))).toBeNull();
    expect(await newestPublish(answer(200, { publishes: [{ ...RECORD, message: { html: '<b>' } }] }))).toBeNull();
    expect(await newestPublish(() => Promise.reject(new TypeError('Failed to fetch')))).toBeNull();
  });
});
