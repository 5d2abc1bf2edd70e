/**
 * The scheduled sweep (every 5 minutes, wrangler.jsonc `triggers`): the lead table, not the queue, is the source of
 * truth. A pending lead that nothing has touched for LEAD_SWEEP_AFTER_S (its message was lost on a restart, expired,
 * or was never sent; or no CRM was set) is queued again. Then leads past their retention are deleted, and so are the
 * used nonces that have expired (../cms-auth/used-nonces.ts) and the owner's signed-out sessions once they would have
 * expired (../owner/ended-sessions.ts); the experiments' conversions older than PERSON_CODE_DAYS forget the code of
 * their sender's number.
 */
import type { DeliverySettings } from './outbox';
import type { LeadLog } from './log';
import type { ConversionStore, LeadStore } from './store';
import { PERSON_CODE_DAYS } from '../../src/lib/experiments/wire';
import { utcDay } from '../experiments/edge';
import type { UsedNonces } from '../cms-auth/used-nonces';
import type { EndedSessions } from '../owner/ended-sessions';

/** Leads queued again per run, at most (a run stays short; the next run takes the rest). */
export const SWEEP_BATCH = 500;
/** A queue takes at most 100 messages per sendBatch call. */
export const QUEUE_BATCH = 100;

export interface SweepDeps {
  store: Pick<LeadStore, 'takeStale' | 'purge'>;
  nonces: Pick<UsedNonces, 'purge'>;
  endedSessions: Pick<EndedSessions, 'purge'>;
  conversions: Pick<ConversionStore, 'forget'>;
  enqueueAll: (ids: string[]) => Promise<void>;
  settings: DeliverySettings;
  now: () => number;
  log: LeadLog;
}

export interface SweepResult {
  requeued: number;
  deleted: number;
  expiredNonces: number;
  endedSessions: number;
  forgottenCodes: number;
}

export async function sweep(deps: SweepDeps): Promise<SweepResult> {
  const { store, log } = deps;
  const now = deps.now();
  const stale = await store.takeStale(now - deps.settings.sweepAfterS * 1000, now, SWEEP_BATCH);
  let requeued = 0;
  for (let i = 0; i < stale.length; i += QUEUE_BATCH) {
    const ids = stale.slice(i, i + QUEUE_BATCH);
    try {
      await deps.enqueueAll(ids);
      requeued += ids.length;
      for (const id of ids) log({ event: 'requeued', id, state: 'pending' });
    } catch (error) {
      // Touched but not queued: the next run after LEAD_SWEEP_AFTER_S tries them again.
      log({ event: 'requeue-failed', count: ids.length, error: String(error) });
    }
  }
  const purged = await store.purge(now);
  const deleted = purged.sent + purged.dead;
  if (deleted) log({ event: 'deleted', count: deleted });
  let expiredNonces = 0;
  try {
    expiredNonces = await deps.nonces.purge(now);
  } catch (error) {
    // Only housekeeping: an expired nonce is refused for its age anyway. The next run deletes it.
    log({ event: 'nonce-purge-failed', error: String(error) });
  }
  let endedSessions = 0;
  try {
    endedSessions = await deps.endedSessions.purge(now);
  } catch (error) {
    // Only housekeeping: a session past its expiry is refused for its age anyway. The next run deletes it.
    log({ event: 'ended-session-purge-failed', error: String(error) });
  }
  let forgottenCodes = 0;
  try {
    forgottenCodes = await deps.conversions.forget(utcDay(now - PERSON_CODE_DAYS * 86_400_000));
  } catch (error) {
    // The next run forgets them.
    log({ event: 'conversion-forget-failed', error: String(error) });
  }
  return { requeued, deleted, expiredNonces, endedSessions, forgottenCodes };
}
