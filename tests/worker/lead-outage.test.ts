/**
 * An outage of the CRM under load, on the Workers runtime (the Worker with its D1 table, queue, rate-limit Durable
 * Object and sweep) against a stand-in CRM on 127.0.0.1: 200 leads stored while it is away reach it exactly once when
 * it is back. Its own file, with its own runtime, so that the other lead tests run beside its minute of retries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeCrm } from '../fakes/fake-crm';
import type { Runtime } from './runtime';
import { arrivals, form, post, sleep, startSiteWithCrm } from './lead-posts';

const TOKEN = 'outage-test-token-8c2e47';

describe('with the CRM set, and away for a while', () => {
  let crm: FakeCrm;
  let site: Runtime;

  beforeAll(async () => {
    ({ crm, site } = await startSiteWithCrm(TOKEN));
  });

  afterAll(async () => {
    await site?.stop();
    await crm?.close();
  });

  it(
    '200 leads from 40 addresses while the CRM is down across two tries of each: each arrives exactly once after it is back, though queued twice',
    { timeout: 240_000 },
    async () => {
      await crm.close();
      const names = Array.from({ length: 200 }, (_, i) => `Outage Lead ${String(i + 1).padStart(3, '0')}`);
      const answers = await Promise.all(
        names.map((name, i) =>
          post(site, form({ name, phonenumber: `+91 90000 ${String(i).padStart(5, '0')}` }), {
            'CF-Connecting-IP': `198.51.100.${(i % 40) + 1}`,
          }).then((response) => response.status),
        ),
      );
      expect(answers.filter((status) => status === 202)).toHaveLength(200);

      // The outage lasts until every lead has been tried twice, one second apart (LEAD_RETRY_BASE_S), and found no CRM.
      const outage = "name LIKE 'Outage Lead %'";
      const triedTwice = async () =>
        (
          await site.sql<{ n: number }>(
            `SELECT COUNT(*) AS n FROM leads WHERE ${outage} AND state = 'pending' AND attempts >= 2 ` +
              "AND last_error LIKE 'CRM unreachable%'",
          )
        )[0]!.n;
      await expect.poll(triedTwice, { timeout: 90_000, interval: 250 }).toBe(200);
      expect(crm.requests).toHaveLength(0);

      // The CRM is back. Each lead still has its next try queued, after its doubled wait; the sweep queues every one
      // again now, instead of that wait: two messages for each lead, and the table lets only one of them send it.
      await crm.open();
      const backAt = Date.now();
      // When the last of those tries is due (the sweep makes every lead due now in the table, not in the queue).
      const [due] = await site.sql<{ last: number }>(`SELECT MAX(next_attempt_at) AS last FROM leads WHERE ${outage}`);
      await site.sweep();
      await expect.poll(() => arrivals(crm.requests).size, { timeout: 60_000, interval: 500 }).toBe(200);
      const allArrived = Date.now() - backAt;
      // Every queued try has come by now (its time, with the queue's second of batching): none sent a lead again.
      await sleep(Math.max(0, due!.last - Date.now()) + 3000);
      const counts = arrivals(crm.requests);
      expect([...counts.keys()].sort()).toEqual(names);
      // No lead twice: none of them is listed here with how often it arrived.
      expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
      expect(crm.requests).toHaveLength(200);
      for (const r of crm.requests) expect(r.headers['authtoken']).toBe(TOKEN);
      expect(
        await site.sql<{ state: string; n: number }>(
          `SELECT state, COUNT(*) AS n FROM leads WHERE ${outage} GROUP BY state`,
        ),
      ).toEqual([{ state: 'sent', n: 200 }]);
      console.log(
        `Outage: 200 leads tried twice while the CRM was down; all arrived ${allArrived} ms after it came back.`,
      );
    },
  );
});
