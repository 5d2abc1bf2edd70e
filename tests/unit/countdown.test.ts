import { describe, expect, it } from 'vitest';
import { countdownParts, twoDigits } from '../../src/lib/countdown';

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
