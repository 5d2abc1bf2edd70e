import { describe, expect, it, vi } from 'vitest';
import type { LeadLog } from '../../worker/leads/log';
import type { SweepDeps } from '../../worker/leads/sweep';
import { sweep, SWEEP_BATCH } from '../../worker/leads/sweep';

const T0 = Date.UTC(2026, 4, 1, 10, 0, 0);

function ids(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `lead-${i + 1}`);
}

/**
 * The sweep wired to fakes: a table holding `stale` lost leads and `purged` old ones, a ledger of used nonces, one of
 * the owner's ended sessions, a queue, a fixed clock, a log.
 */
function sweeper(
  options: {
    stale?: string[];
    purged?: { sent: number; dead: number };
    sweepAfterS?: number;
    enqueueAll?: SweepDeps['enqueueAll'];
    purgeNonces?: SweepDeps['nonces']['purge'];
    purgeEnded?: SweepDeps['endedSessions']['purge'];
    forget?: SweepDeps['conversions']['forget'];
  } = {},
) {
  const takeStale = vi.fn<SweepDeps['store']['takeStale']>(async () => options.stale ?? []);
  const purge = vi.fn<SweepDeps['store']['purge']>(async () => options.purged ?? { sent: 0, dead: 0 });
  const purgeNonces = vi.fn<SweepDeps['nonces']['purge']>(options.purgeNonces ?? (async () => 0));
  const purgeEnded = vi.fn<SweepDeps['endedSessions']['purge']>(options.purgeEnded ?? (async () => 0));
  const forget = vi.fn<SweepDeps['conversions']['forget']>(options.forget ?? (async () => 0));
  const enqueueAll = vi.fn<SweepDeps['enqueueAll']>(options.enqueueAll ?? (async () => {}));
  const log = vi.fn<LeadLog>();
  const deps: SweepDeps = {
    store: { takeStale, purge },
    nonces: { purge: purgeNonces },
    endedSessions: { purge: purgeEnded },
    conversions: { forget },
    enqueueAll,
    settings: { retryBaseS: 30, sweepAfterS: options.sweepAfterS ?? 600 },
    now: () => T0,
    log,
  };
  return { takeStale, purge, purgeNonces, purgeEnded, forget, enqueueAll, log, run: () => sweep(deps) };
}

/** The events logged, by name. */
function events(log: ReturnType<typeof vi.fn<LeadLog>>, name: string) {
  return log.mock.calls.map(([event]) => event).filter((event) => event.event === name);
}

describe('sweep', () => {
  it('asks for leads untouched for LEAD_SWEEP_AFTER_S (600 s by default), made due now', async () => {
    const s = sweeper();
    await s.run();
    expect(s.takeStale).toHaveBeenCalledTimes(1);
    expect(s.takeStale).toHaveBeenCalledWith(T0 - 600_000, T0, SWEEP_BATCH);
  });

  it('uses the configured LEAD_SWEEP_AFTER_S', async () => {
    const s = sweeper({ sweepAfterS: 45 });
    await s.run();
    expect(s.takeStale).toHaveBeenCalledWith(T0 - 45_000, T0, SWEEP_BATCH);
  });

  it('queues the stale leads again, at most 100 per call, and counts them', async () => {
    const stale = ids(250);
    const s = sweeper({ stale });
    const result = await s.run();
    expect(s.enqueueAll.mock.calls.map(([chunk]) => chunk.length)).toEqual([100, 100, 50]);
    expect(s.enqueueAll.mock.calls.flatMap(([chunk]) => chunk)).toEqual(stale);
    expect(result.requeued).toBe(250);
    expect(events(s.log, 'requeued').map((event) => event.id)).toEqual(stale);
  });

  it('a chunk the queue refuses is logged and not counted; the other chunks still go', async () => {
    let call = 0;
    const s = sweeper({
      stale: ids(250),
      enqueueAll: async () => {
        if (++call === 2) throw new Error('queue unavailable');
      },
    });
    const result = await s.run();
    expect(s.enqueueAll).toHaveBeenCalledTimes(3);
    expect(result.requeued).toBe(150);
    expect(events(s.log, 'requeue-failed')).toEqual([
      expect.objectContaining({ count: 100, error: expect.stringMatching(/queue unavailable/) }),
    ]);
    const requeued = events(s.log, 'requeued').map((event) => event.id);
    expect(requeued).toEqual([...ids(100), ...ids(250).slice(200)]);
    expect(s.purge).toHaveBeenCalledTimes(1);
  });

  it('queues nothing when nothing is stale', async () => {
    const s = sweeper();
    expect((await s.run()).requeued).toBe(0);
    expect(s.enqueueAll).not.toHaveBeenCalled();
  });

  it('purges old leads and returns how many were deleted', async () => {
    const s = sweeper({ purged: { sent: 3, dead: 2 } });
    expect(await s.run()).toEqual({ requeued: 0, deleted: 5, expiredNonces: 0, endedSessions: 0, forgottenCodes: 0 });
    expect(s.purge).toHaveBeenCalledWith(T0);
    expect(events(s.log, 'deleted')).toEqual([{ event: 'deleted', count: 5 }]);
  });

  it('deletes the used nonces that have expired by now, and counts them', async () => {
    const s = sweeper({ purgeNonces: async () => 7 });
    expect(await s.run()).toEqual({ requeued: 0, deleted: 0, expiredNonces: 7, endedSessions: 0, forgottenCodes: 0 });
    expect(s.purgeNonces).toHaveBeenCalledWith(T0);
  });

  it('still answers for the leads when the nonces cannot be deleted, and logs why', async () => {
    const s = sweeper({
      purged: { sent: 1, dead: 0 },
      purgeNonces: async () => {
        throw new Error('no such table: used_nonces');
      },
    });
    expect(await s.run()).toEqual({ requeued: 0, deleted: 1, expiredNonces: 0, endedSessions: 0, forgottenCodes: 0 });
    expect(events(s.log, 'nonce-purge-failed')).toEqual([
      expect.objectContaining({ error: expect.stringMatching(/used_nonces/) }),
    ]);
  });

  it("deletes the owner's ended sessions that have expired by now, and counts them", async () => {
    const s = sweeper({ purgeEnded: async () => 3 });
    expect(await s.run()).toEqual({ requeued: 0, deleted: 0, expiredNonces: 0, endedSessions: 3, forgottenCodes: 0 });
    expect(s.purgeEnded).toHaveBeenCalledWith(T0);
  });

  it('still answers for the leads and the nonces when the ended sessions cannot be deleted, and logs why', async () => {
    const s = sweeper({
      purged: { sent: 1, dead: 0 },
      purgeNonces: async () => 2,
      purgeEnded: async () => {
        throw new Error('no such table: ended_sessions');
      },
    });
    expect(await s.run()).toEqual({ requeued: 0, deleted: 1, expiredNonces: 2, endedSessions: 0, forgottenCodes: 0 });
    expect(events(s.log, 'ended-session-purge-failed')).toEqual([
      expect.objectContaining({ error: expect.stringMatching(/ended_sessions/) }),
    ]);
  });

  it("makes the experiments' conversions older than the assignment's 30 days forget their sender's code", async () => {
    const s = sweeper({ forget: async () => 4 });
    expect((await s.run()).forgottenCodes).toBe(4);
    // T0 is 2026-05-01 (UTC): the first day kept is 30 days before.
    expect(s.forget).toHaveBeenCalledWith('2026-04-01');
  });

  it('still answers for the leads when the codes cannot be forgotten, and logs why', async () => {
    const s = sweeper({
      purged: { sent: 1, dead: 0 },
      forget: async () => {
        throw new Error('no such table: experiment_conversions');
      },
    });
    expect(await s.run()).toEqual({ requeued: 0, deleted: 1, expiredNonces: 0, endedSessions: 0, forgottenCodes: 0 });
    expect(events(s.log, 'conversion-forget-failed')).toHaveLength(1);
  });

  it('logs no deletion when nothing was old enough', async () => {
    const s = sweeper({ stale: ids(1) });
    expect(await s.run()).toEqual({ requeued: 1, deleted: 0, expiredNonces: 0, endedSessions: 0, forgottenCodes: 0 });
    expect(events(s.log, 'deleted')).toEqual([]);
  });
});
