/**
 * The rate limit: one Durable Object per client (named by its rateLimitKey: an IPv4 address, or an IPv6 address's /64)
 * holds the times of that client's accepted leads in the last window. A Durable Object runs one request at a time, and
 * its storage calls keep others out meanwhile, so a burst of concurrent requests is counted exactly: 10 are accepted,
 * the rest refused. An alarm deletes the times once the window has passed since the last accepted lead.
 */
import { DurableObject } from 'cloudflare:workers';
import { RATE_LIMIT_WINDOW_MS, takeRateSlot } from './outbox';

export type RateDecision = { accepted: true } | { accepted: false; retryAfterS: number };

/** What the intake calls on a client's object (over RPC). */
export interface LeadRateLimiterApi {
  take(): Promise<RateDecision>;
}

const KEY = 'accepted';

export class LeadRateLimiter extends DurableObject implements LeadRateLimiterApi {
  async take(): Promise<RateDecision> {
    const now = Date.now();
    const decision = takeRateSlot((await this.ctx.storage.get<number[]>(KEY)) ?? [], now);
    if (!decision.accepted) return { accepted: false, retryAfterS: decision.retryAfterS };
    await this.ctx.storage.put(KEY, decision.times);
    await this.ctx.storage.setAlarm(now + RATE_LIMIT_WINDOW_MS);
    return { accepted: true };
  }

  /** The window has passed since the last accepted lead: nothing about this client is kept. */
  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
