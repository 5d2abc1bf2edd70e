import { describe, expect, it } from 'vitest';
import { countdownParts, offerRuns, twoDigits } from '../../src/lib/countdown';
import { deadlineDay, expiredOfferWarning, validityNote } from '../../src/lib/offer';

// The offer's deadline (product rule): 2025-09-30 23:59:59, India time.
const deadline = new Date('2025-09-30T23:59:59+05:30');

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(deadline, new Date('2025-09-28T21:58:57+05:30'))).toEqual({
      days: 2,
      hours: 2,
      minutes: 1,
      seconds: 2,
    });
  });
  it('counts whole seconds, rounding the remainder down', () => {
    expect(countdownParts(deadline, new Date('2025-09-30T23:59:58.400+05:30'))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
    expect(countdownParts(deadline, new Date('2025-09-30T23:59:57.900+05:30')).seconds).toBe(1);
  });
  it('is zero at the deadline and stays zero after it', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(countdownParts(deadline, deadline)).toEqual(zero);
    expect(countdownParts(deadline, new Date('2026-11-21T10:00:00Z'))).toEqual(zero);
  });
  it('handles more than 99 days', () => {
    expect(countdownParts(deadline, new Date('2025-01-01T00:00:00+05:30')).days).toBe(272);
  });
});

describe('twoDigits', () => {
  it('pads below 10 only', () => {
    expect(twoDigits(0)).toBe('00');
    expect(twoDigits(7)).toBe('07');
    expect(twoDigits(59)).toBe('59');
    expect(twoDigits(123)).toBe('123');
  });
});

describe('offerRuns: the popup opens only while the offer runs', () => {
  it('runs until the deadline, not at it or after it', () => {
    expect(offerRuns(deadline, new Date('2025-09-30T23:59:58.999+05:30'))).toBe(true);
    expect(offerRuns(deadline, deadline)).toBe(false);
    expect(offerRuns(deadline, new Date('2025-10-01T00:00:00+05:30'))).toBe(false);
  });
  it('does not run with a deadline that is no date', () => {
    expect(offerRuns(new Date(''), new Date('2025-01-01T00:00:00Z'))).toBe(false);
  });
});

describe("the offer's validity note and expiry warning", () => {
  it("writes out the deadline's own day, whatever the offset", () => {
    expect(deadlineDay('2027-03-31T23:59:59+05:30')).toBe('March 31, 2027');
    // 00:30 in India is still the previous day in UTC: the note says the day the offer ends where it runs.
    expect(deadlineDay('2027-04-01T00:30:00+05:30')).toBe('April 1, 2027');
  });
  it('fills the note from the deadline, so the two cannot disagree', () => {
    expect(validityNote({ validityNote: 'Offer valid until {deadline}', deadline: '2027-03-31T23:59:59+05:30' })).toBe(
      'Offer valid until March 31, 2027',
    );
  });
  it('warns once the deadline has passed, naming the file and the field', () => {
    const offer = { deadline: '2025-09-30T23:59:59+05:30' };
    expect(expiredOfferWarning('src/content/offer/x.json', offer, new Date('2025-09-30T12:00:00+05:30'))).toBeNull();
    expect(expiredOfferWarning('src/content/offer/x.json', offer, new Date('2025-10-01T00:00:00+05:30'))).toMatch(
      /^src\/content\/offer\/x\.json, field deadline: the offer ended on September 30, 2025 .*popup no longer opens/,
    );
  });
});
