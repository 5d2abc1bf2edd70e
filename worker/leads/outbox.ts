/**
 * The rules of the lead outbox, the Worker's side of every lead (worker/): how many leads a client may send, how long
 * a failed delivery waits before the next try, when a lead is given up on, when a lost delivery is noticed and how long
 * a lead is kept. Pure: numbers in, numbers out, so unit tests and the privacy policy's test read them from here.
 */

/** At most this many accepted leads from one client (rateLimitKey: an IPv4 address or an IPv6 /64)... */
export const RATE_LIMIT_MAX_LEADS = 10;
/** ...within this sliding window. */
export const RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;

/** A lead is tried this many times at most; after the last failure it is dead-lettered (state `dead`). */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** No queued retry waits longer than this (a queue message may be delayed 12 hours at most). */
export const MAX_RETRY_DELAY_S = 6 * 60 * 60;
/** While a consumer sends a lead, no other one may take it, for this long (well over the CRM's timeout). */
export const DELIVERY_LEASE_MS = 60 * 1000;
/** The CRM must answer within this time, or the try counts as failed. */
export const CRM_TIMEOUT_MS = 8000;
/** The consumer sends at most this many leads to the CRM at once. */
export const CRM_CONCURRENCY = 4;

/** Delivered leads are deleted this many days after delivery... */
export const SENT_RETENTION_DAYS = 30;
/** ...and dead-lettered ones this many days after the last try. */
export const DEAD_RETENTION_DAYS = 90;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The defaults of the Worker's two timing variables (wrangler.jsonc `vars`), in seconds. */
export const DEFAULT_RETRY_BASE_S = 30;
export const DEFAULT_SWEEP_AFTER_S = 600;

/** Where a lead stands: waiting for (another) try, delivered, or given up on after the last try. */
export const LEAD_STATES = ['pending', 'sent', 'dead'] as const;
export type LeadState = (typeof LEAD_STATES)[number];

export interface DeliverySettings {
  /** The wait before the first retry, in seconds; each next retry waits twice as long. */
  retryBaseS: number;
  /**
   * How long a pending lead may go untouched (no try, no requeue) before the sweep queues it again, in seconds. A lost
   * queue message is found this way; it also means no lead waits much longer than this (plus the sweep's 5 minutes)
   * between two tries, however long the doubled delay has grown.
   */
  sweepAfterS: number;
}

/** A non-negative number of seconds from a variable, or the default when it is unset or not such a number. */
function seconds(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** The timings from the Worker's variables `LEAD_RETRY_BASE_S` and `LEAD_SWEEP_AFTER_S`. */
export function readDeliverySettings(vars: {
  LEAD_RETRY_BASE_S?: string;
  LEAD_SWEEP_AFTER_S?: string;
}): DeliverySettings {
  return {
    retryBaseS: seconds(vars.LEAD_RETRY_BASE_S, DEFAULT_RETRY_BASE_S),
    sweepAfterS: seconds(vars.LEAD_SWEEP_AFTER_S, DEFAULT_SWEEP_AFTER_S),
  };
}

/**
 * Seconds to wait after failed try number `attempt` (1 for the first try): the base, then twice as long each time, up
 * to MAX_RETRY_DELAY_S. Whole seconds, as a queue delay takes them.
 */
export function retryDelaySeconds(attempt: number, baseS: number): number {
  const delay = baseS * 2 ** Math.max(0, attempt - 1);
  return Math.min(MAX_RETRY_DELAY_S, Math.ceil(delay));
}

/** What becomes of a lead after a failed try: tried again later, or dead-lettered after the last one. */
export function afterFailure(
  attempts: number,
  baseS: number,
): { state: 'pending'; delayS: number } | { state: 'dead' } {
  if (attempts >= MAX_DELIVERY_ATTEMPTS) return { state: 'dead' };
  return { state: 'pending', delayS: retryDelaySeconds(attempts, baseS) };
}

/**
 * One address's accepted-lead times after a new request at `now`: accepted (with the times to keep, the new one
 * included) or refused with the seconds until the oldest one leaves the window.
 */
export function takeRateSlot(
  times: readonly number[],
  now: number,
): { accepted: true; times: number[] } | { accepted: false; retryAfterS: number } {
  const recent = times.filter((t) => t > now - RATE_LIMIT_WINDOW_MS);
  if (recent.length >= RATE_LIMIT_MAX_LEADS) {
    return {
      accepted: false,
      retryAfterS: Math.max(1, Math.ceil((Math.min(...recent) + RATE_LIMIT_WINDOW_MS - now) / 1000)),
    };
  }
  return { accepted: true, times: [...recent, now] };
}

/** The rate limit's key for every request whose address is missing or not an IP address: they share one allowance. */
export const UNKNOWN_CLIENT = 'unknown';
/** An IPv6 client is counted by this many leading bits (a multiple of 16): one home connection usually holds a /64. */
export const IPV6_CLIENT_PREFIX_BITS = 64;

/** The four octets of a dotted-quad IPv4 address (decimal, 1 to 3 digits each, up to 255), or null. */
function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The groups of one side of `::` (hex groups, a dotted quad allowed last when `v4Last`), or null. */
function parseIpv6Groups(text: string, v4Last: boolean): number[] | null {
  if (text === '') return [];
  const pieces = text.split(':');
  const groups: number[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (v4Last && i === pieces.length - 1 && piece.includes('.')) {
      const v4 = parseIpv4(piece);
      if (!v4) return null;
      groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
      groups.push(parseInt(piece, 16));
    } else {
      return null;
    }
  }
  return groups;
}

/** The eight 16-bit groups of an IPv6 address in any text form (`::`, leading zeros, any case, a zone id), or null. */
function parseIpv6(text: string): number[] | null {
  const address = text.split('%')[0]!.toLowerCase();
  if (!address.includes(':')) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  if (halves.length === 1) {
    const groups = parseIpv6Groups(address, true);
    return groups && groups.length === 8 ? groups : null;
  }
  const head = parseIpv6Groups(halves[0]!, false);
  const tail = parseIpv6Groups(halves[1]!, true);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * Whose allowance a request spends, from its client address (`CF-Connecting-IP`): an IPv4 address counts on its own; an
 * IPv6 address by its /64 (one visitor's connection usually holds all of it), written `2001:db8:0:1::/64`; an
 * IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as its IPv4 address. A missing header or anything that is not an IP
 * address shares the one key UNKNOWN_CLIENT.
 */
export function rateLimitKey(address: string | null | undefined): string {
  const text = (address ?? '').trim();
  const v4 = parseIpv4(text);
  if (v4) return v4.join('.');
  const v6 = parseIpv6(text);
  if (!v6) return UNKNOWN_CLIENT;
  if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) {
    return [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join('.');
  }
  const prefix = v6.slice(0, IPV6_CLIENT_PREFIX_BITS / 16).map((g) => g.toString(16));
  return `${prefix.join(':')}::/${IPV6_CLIENT_PREFIX_BITS}`;
}
