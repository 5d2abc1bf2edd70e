/**
 * The rate limit: one Durable Object per client (named by its rateLimitKey: an IPv4 address, or an IPv6 address's /64)
 * holds the times of that client's accepted leads in the last window, with the key of each lead that came with one. A
 * Durable Object runs one request at a time, and its storage calls keep others out meanwhile, so a burst of concurrent
 * requests is counted exactly: 10 are accepted, the rest refused; and tries of one lead (its key) racing each other
 * spend one slot between them, whichever of them the lead table keeps. An alarm deletes the times and keys once the
 * window has passed since the last accepted lead.
 */
import { DurableObject } from 'cloudflare:workers';
import { RATE_LIMIT_WINDOW_MS, takeRateSlot } from './outbox';

export type RateDecision = { accepted: true } | { accepted: false; retryAfterS: number };

/** What the intake calls on a client's object (over RPC). */
export interface LeadRateLimiterApi {
  /** Takes a slot for a lead, or none when a lead with the same key (not null) took one in the window. */
  take(leadKey?: string | null): Promise<RateDecision>;
}

const KEY = 'accepted';
/** The keys of the accepted leads that had one, with the time each was accepted: `[key, time][]`. */
const LEAD_KEYS = 'keys';

export class LeadRateLimiter extends DurableObject implements LeadRateLimiterApi {
  async take(leadKey: string | null = null): Promise<RateDecision> {
    const now = Date.now();
    const keys = ((await this.ctx.storage.get<[string, number][]>(LEAD_KEYS)) ?? []).filter(
      ([, at]) => at > now - RATE_LIMIT_WINDOW_MS,
    );
    if (leadKey !== null && keys.some(([key]) => key === leadKey)) return { accepted: true };
    const decision = takeRateSlot((await this.ctx.storage.get<number[]>(KEY)) ?? [], now);
    if (!decision.accepted) return { accepted: false, retryAfterS: decision.retryAfterS };
    await this.ctx.storage.put(KEY, decision.times);
    if (leadKey !== null) await this.ctx.storage.put(LEAD_KEYS, [...keys, [leadKey, now]]);
    await this.ctx.storage.setAlarm(now + RATE_LIMIT_WINDOW_MS);
    return { accepted: true };
  }

  /** The window has passed since the last accepted lead: nothing about this client is kept. */
  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
