import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRupees } from '../../src/lib/format';

describe('formatRupees', () => {
  it('groups digits the Indian way', () => {
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(999)).toBe('₹999');
    expect(formatRupees(2499)).toBe('₹2,499');
    expect(formatRupees(49999)).toBe('₹49,999');
    expect(formatRupees(4800000)).toBe('₹48,00,000');
    expect(formatRupees(123456789)).toBe('₹12,34,56,789');
  });
  it('prints decimals only when asked', () => {
    expect(formatRupees(29.05, { decimals: 2 })).toBe('₹29.05');
    expect(formatRupees(0.9, { decimals: 2 })).toBe('₹0.90');
  });
});

describe('formatLongDate', () => {
  const date = new Date('2024-03-20T00:00:00Z');
  it('prints month-first for the legal pages', () => {
    expect(formatLongDate(date, 'month-first')).toBe('March 20, 2024');
  });
  it('prints day-month-year by default', () => {
    expect(formatLongDate(date)).toBe('20 March 2024');
  });
  it('keeps the UTC day whatever the time zone', () => {
    expect(formatLongDate(new Date('2024-03-20T23:30:00Z'))).toBe('20 March 2024');
  });
});
