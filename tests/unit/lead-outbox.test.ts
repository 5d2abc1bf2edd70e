import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  DAY_MS,
  DEAD_RETENTION_DAYS,
  MAX_DELIVERY_ATTEMPTS,
  MAX_RETRY_DELAY_S,
  RATE_LIMIT_MAX_LEADS,
  RATE_LIMIT_WINDOW_MS,
  rateLimitKey,
  readDeliverySettings,
  retryDelaySeconds,
  SENT_RETENTION_DAYS,
  takeRateSlot,
  UNKNOWN_CLIENT,
} from '../../worker/leads/outbox';

const T0 = Date.UTC(2026, 4, 1, 10, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Runs `count` requests through takeRateSlot, `gapMs` apart from `start`; the times kept and each decision. */
function burst(count: number, start: number, gapMs: number, times: number[] = []) {
  let kept = times;
  const decisions: ReturnType<typeof takeRateSlot>[] = [];
  for (let i = 0; i < count; i++) {
    const decision = takeRateSlot(kept, start + i * gapMs);
    decisions.push(decision);
    if (decision.accepted) kept = decision.times;
  }
  return { kept, decisions };
}

describe('the numbers of the product rules', () => {
  it('10 leads per client per 10 minutes', () => {
    expect(RATE_LIMIT_MAX_LEADS).toBe(10);
    expect(RATE_LIMIT_WINDOW_MS).toBe(10 * 60 * 1000);
  });

  it('keeps delivered leads 30 days and dead-lettered ones 90 days', () => {
    expect(SENT_RETENTION_DAYS).toBe(30);
    expect(DEAD_RETENTION_DAYS).toBe(90);
    expect(DAY_MS).toBe(86_400_000);
  });

  it('gives up after the 10th try', () => {
    expect(MAX_DELIVERY_ATTEMPTS).toBe(10);
  });
});

describe('takeRateSlot', () => {
  it('accepts 10 leads within 10 minutes and refuses the 11th until the oldest leaves the window', () => {
    // One lead every 30 s from T0: the 10th at T0 + 4.5 min.
    const { kept, decisions } = burst(10, T0, 30 * SECOND);
    expect(decisions.every((d) => d.accepted)).toBe(true);
    expect(kept).toHaveLength(10);

    // At T0 + 5 min the oldest (T0) leaves the window at T0 + 10 min: 300 s away.
    expect(takeRateSlot(kept, T0 + 5 * MINUTE)).toEqual({ accepted: false, retryAfterS: 300 });
    // Part of a second rounds up, so a client that waits as told is accepted.
    expect(takeRateSlot(kept, T0 + 5 * MINUTE + 1)).toEqual({ accepted: false, retryAfterS: 300 });
    expect(takeRateSlot(kept, T0 + 10 * MINUTE - 1)).toEqual({ accepted: false, retryAfterS: 1 });
  });

  it('a refusal keeps nothing: the times of refused requests are not counted', () => {
    const { kept } = burst(10, T0, SECOND);
    const { kept: after, decisions } = burst(5, T0 + MINUTE, SECOND, kept);
    expect(decisions.every((d) => !d.accepted)).toBe(true);
    expect(after).toEqual(kept);
  });

  it('frees exactly one slot when the oldest lead leaves the window', () => {
    const { kept } = burst(10, T0, 30 * SECOND);
    const freed = takeRateSlot(kept, T0 + 10 * MINUTE);
    expect(freed.accepted).toBe(true);
    if (!freed.accepted) return;
    expect(freed.times).toHaveLength(10);
    expect(freed.times).not.toContain(T0);
    expect(freed.times.at(-1)).toBe(T0 + 10 * MINUTE);
    // The next one must wait for the second oldest (T0 + 30 s) to leave: 30 s.
    expect(takeRateSlot(freed.times, T0 + 10 * MINUTE)).toEqual({ accepted: false, retryAfterS: 30 });
  });

  it('drops the times outside the window', () => {
    const old = [T0 - 20 * MINUTE, T0 - 10 * MINUTE, T0 - 10 * MINUTE + 1];
    const decision = takeRateSlot(old, T0);
    expect(decision).toEqual({ accepted: true, times: [T0 - 10 * MINUTE + 1, T0] });
  });

  it('accepts after a quiet 10 minutes, however many leads came before', () => {
    const full = Array.from({ length: 50 }, (_, i) => T0 + i);
    expect(takeRateSlot(full, T0 + 100).accepted).toBe(false);
    expect(takeRateSlot(full, T0 + 49 + 10 * MINUTE)).toEqual({ accepted: true, times: [T0 + 10 * MINUTE + 49] });
  });
});

describe('retryDelaySeconds', () => {
  it('waits the base after the first try, then twice as long after each next one', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelaySeconds(attempt, 30))).toEqual([30, 60, 120, 240, 480, 960]);
  });

  it('waits whole seconds', () => {
    // Rounded up: a retry never comes before the wait it was given.
    expect(retryDelaySeconds(1, 1.2)).toBe(2);
    expect(retryDelaySeconds(2, 0.3)).toBe(1);
    expect(retryDelaySeconds(3, 0.7)).toBe(3);
  });

  it('never waits longer than 6 hours', () => {
    expect(MAX_RETRY_DELAY_S).toBe(6 * 60 * 60);
    // 30 s doubled 9 times is 15360 s; doubled 10 times, 30720 s, past the cap.
    expect(retryDelaySeconds(10, 30)).toBe(15_360);
    expect(retryDelaySeconds(11, 30)).toBe(6 * 60 * 60);
    expect(retryDelaySeconds(60, 30)).toBe(6 * 60 * 60);
    expect(retryDelaySeconds(1, 100_000)).toBe(6 * 60 * 60);
  });

  it('a base of 0 retries at once, every time', () => {
    expect([1, 5, 10].map((attempt) => retryDelaySeconds(attempt, 0))).toEqual([0, 0, 0]);
  });
});

describe('afterFailure', () => {
  it('keeps a lead pending, with the growing delay, up to the 9th failed try', () => {
    expect(afterFailure(1, 30)).toEqual({ state: 'pending', delayS: 30 });
    expect(afterFailure(3, 30)).toEqual({ state: 'pending', delayS: 120 });
    expect(afterFailure(9, 30)).toEqual({ state: 'pending', delayS: 7680 });
  });

  it('dead-letters the lead after the 10th', () => {
    expect(afterFailure(10, 30)).toEqual({ state: 'dead' });
    expect(afterFailure(11, 30)).toEqual({ state: 'dead' });
  });
});

describe('readDeliverySettings', () => {
  it('defaults to a 30 s first retry and a 600 s sweep', () => {
    expect(readDeliverySettings({})).toEqual({ retryBaseS: 30, sweepAfterS: 600 });
  });

  it.each([[''], ['   '], ['soon'], ['-5'], ['NaN'], ['Infinity'], ['1e999']])(
    'falls back to the defaults for %j',
    (value) => {
      expect(readDeliverySettings({ LEAD_RETRY_BASE_S: value, LEAD_SWEEP_AFTER_S: value })).toEqual({
        retryBaseS: 30,
        sweepAfterS: 600,
      });
    },
  );

  it('reads the values that are set, each on its own', () => {
    expect(readDeliverySettings({ LEAD_RETRY_BASE_S: '2', LEAD_SWEEP_AFTER_S: '45' })).toEqual({
      retryBaseS: 2,
      sweepAfterS: 45,
    });
    expect(readDeliverySettings({ LEAD_RETRY_BASE_S: ' 0 ' })).toEqual({ retryBaseS: 0, sweepAfterS: 600 });
    expect(readDeliverySettings({ LEAD_SWEEP_AFTER_S: '1.5' })).toEqual({ retryBaseS: 30, sweepAfterS: 1.5 });
  });
});

describe('rateLimitKey: whose allowance a request spends', () => {
  it('an IPv4 address is its own key', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(rateLimitKey('203.0.113.8')).not.toBe(rateLimitKey('203.0.113.7'));
  });

  it('an IPv6 address counts by its /64, in whatever form it arrives', () => {
    const key = '2001:db8:85a3:0::/64';
    for (const address of [
      '2001:db8:85a3::8a2e:370:7334',
      '2001:0db8:85a3:0000:0000:8a2e:0370:7334', // leading zeros, nothing compressed
      '2001:DB8:85A3::8A2E:370:7334', // upper case
      '2001:db8:85a3:0:ffff:ffff:ffff:ffff', // another address of the same /64
      '2001:db8:85a3::', // the /64's first address
      '2001:db8:85a3::1%eth0', // a zone id
      '2001:db8:85a3::1%25', // a numeric zone id
      '2001:db8:85a3::0.0.0.1', // the last 32 bits as a dotted quad
    ]) {
      expect(rateLimitKey(address), address).toBe(key);
    }
  });

  it('two /64s next to each other are two keys', () => {
    const keys = new Set(
      ['2001:db8:85a3::1', '2001:db8:85a3:1::1', '2001:db8:85a2:ffff::1', '2001:db9:85a3::1'].map(rateLimitKey),
    );
    expect(keys.size).toBe(4);
    expect(keys.has(UNKNOWN_CLIENT)).toBe(false);
  });

  it('the loopback and unspecified addresses are the ::/64', () => {
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('::')).toBe('0:0:0:0::/64');
  });

  it('an IPv4-mapped IPv6 address counts as its IPv4 address', () => {
    for (const address of ['::ffff:1.2.3.4', '::FFFF:1.2.3.4', '0:0:0:0:0:ffff:1.2.3.4', '::ffff:0102:0304']) {
      expect(rateLimitKey(address), address).toBe('1.2.3.4');
    }
    expect(rateLimitKey('::ffff:1.2.3.5')).toBe(rateLimitKey('1.2.3.5'));
  });

  it('a missing header or anything that is not an address shares the one key', () => {
    expect(UNKNOWN_CLIENT).toBe('unknown');
    for (const address of [
      null,
      undefined,
      '',
      '   ',
      'not an address',
      '1.2.3',
      '1.2.3.4.5',
      '1.2.3.256',
      '1.2.3.-4',
      '1.2.3.4:5678',
      '203.0.113.7, 198.51.100.1',
      '2001:db8::1::2',
      '2001:db8:85a3:0:0:8a2e:370:7334:1',
      '2001:db8:85a3:0:0:8a2e:370',
      '12345::1',
      '2001:db8:g::1',
      ':::',
      '1.2.3.4::',
      '::ffff:1.2.3.999',
      '[2001:db8::1]',
      '%eth0',
    ]) {
      expect(rateLimitKey(address), String(address)).toBe(UNKNOWN_CLIENT);
    }
  });
});
