import { describe, expect, it } from 'vitest';
import { dailySeries, type DailyRows, type Definition } from '../../src/lib/experiments/report';
import { rateInterval } from '../../src/lib/experiments/stats';

// Reference values: the published normal-mixture bound (Johari et al., tau^2 = 1e-4, alpha = 0.05) on one rate, with
// the continuity floor of half a conversion, computed apart from the code with Python's math module.
describe('rateInterval', () => {
  it.each([
    [1000, 20, 0.02, 0.006477924024126639, 0.03352207597587336],
    [50, 0, 0, 0, 0.0614526460240911],
    [200, 3, 0.015, 0, 0.044657259352529496],
  ])('%i visitors, %i conversions', (visitors, conversions, rate, low, high) => {
    const interval = rateInterval(visitors, conversions);
    expect(interval.rate).toBeCloseTo(rate, 12);
    expect(interval.low).toBeCloseTo(low, 9);
    expect(interval.high).toBeCloseTo(high, 9);
  });

  it('without visitors: rate 0, the whole of [0, 1]', () => {
    expect(rateInterval(0, 0)).toEqual({ rate: 0, low: 0, high: 1 });
  });
});

describe('dailySeries', () => {
  const definition: Definition = {
    id: 'pricing-cta',
    status: 'running',
    page: '/pricing',
    goal: 'demo-click',
    variants: [
      { name: 'control', weight: 50 },
      { name: 'short', weight: 50 },
    ],
  };
  const rows: DailyRows = {
    exposures: [
      { experiment: 'pricing-cta', variant: 'control', day: '2026-05-01', count: 10 },
      { experiment: 'pricing-cta', variant: 'short', day: '2026-05-01', count: 12 },
      { experiment: 'pricing-cta', variant: 'control', day: '2026-05-03', count: 5 },
      { experiment: 'pricing-cta', variant: 'gone', day: '2026-05-03', count: 99 },
      { experiment: 'other', variant: 'control', day: '2026-04-01', count: 7 },
    ],
    // Leads do not count for a click goal.
    conversions: [{ experiment: 'pricing-cta', variant: 'control', day: '2026-05-01', count: 4 }],
    clicks: [
      { experiment: 'pricing-cta', variant: 'short', day: '2026-05-01', count: 1 },
      { experiment: 'pricing-cta', variant: 'control', day: '2026-05-03', count: 2 },
      // More than its visitors: capped, as in the readout.
      { experiment: 'pricing-cta', variant: 'short', day: '2026-05-04', count: 20 },
    ],
  };
  const now = Date.UTC(2026, 4, 4, 9, 0);

  it('gives every day from the first exposure to today, counts cumulative, variants in order', () => {
    const series = dailySeries(definition, rows, now);
    expect(series.map((day) => day.day)).toEqual(['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04']);
    expect(series.map((day) => day.variants.map((v) => [v.name, v.visitors, v.conversions]))).toEqual([
      [
        ['control', 10, 0],
        ['short', 12, 1],
      ],
      [
        ['control', 10, 0],
        ['short', 12, 1],
      ],
      [
        ['control', 15, 2],
        ['short', 12, 1],
      ],
      [
        ['control', 15, 2],
        ['short', 12, 12],
      ],
    ]);
  });

  it("each day's rate and interval are rateInterval's of that day's totals", () => {
    const third = dailySeries(definition, rows, now)[2]!.variants[0]!;
    expect(third).toEqual({ name: 'control', visitors: 15, conversions: 2, ...rateInterval(15, 2) });
  });

  it('no exposures: no series', () => {
    expect(dailySeries(definition, { exposures: [], conversions: [], clicks: rows.clicks }, now)).toEqual([]);
  });
});
