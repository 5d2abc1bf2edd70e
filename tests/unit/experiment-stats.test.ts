import { describe, expect, it } from 'vitest';
import {
  chiSquareP,
  formatReadout,
  readout,
  sampleRatioCheck,
  visitorsPerArm,
  type ExperimentCounts,
} from '../../src/lib/experiments/stats';

/**
 * Reference values computed independently with python3 (plain `math`), not with the module:
 *   TAU2 = 0.01**2
 *   hw(V, a) = math.sqrt(V*(V+TAU2)/TAU2 * (2*math.log(1/a) + math.log((V+TAU2)/V)))   # mSPRT half-width
 *   arm(x, n): p = min(max(x/n, 0.5/n), 1 - 0.5/n); return p*(1-p)/n                  # with the continuity floor
 *   interval = (θ̂ − hw(arm(c,nc) + arm(v,nv), a), θ̂ + hw(...)),  θ̂ = v/nv − c/nc
 * Chi-square upper tails by closed forms:
 *   df 1: math.erfc(math.sqrt(x/2));  df 2: math.exp(-x/2);
 *   df 3: math.erfc(math.sqrt(x/2)) + math.sqrt(2*x/math.pi)*math.exp(-x/2);
 *   even df: math.exp(-x/2) * sum((x/2)**k / math.factorial(k) for k in range(df//2))
 */
const REFERENCE = {
  intervals: [
    // 200 / 10,000 vs 260 / 10,000, alpha 0.05
    { c: [10_000, 200], v: [10_000, 260], alpha: 0.05, low: -0.0005495535326231074, high: 0.012549553532623103 },
    // 160 / 8,000 vs 120 / 8,200, alpha 0.05
    { c: [8_000, 160], v: [8_200, 120], alpha: 0.05, low: -0.011718118497150144, high: 0.0009864111800769746 },
    // no conversions on either side, 5,000 each: the floor p = 0.5 / 5,000
    { c: [5_000, 0], v: [5_000, 0], alpha: 0.05, low: -0.0007435093581363789, high: 0.0007435093581363789 },
  ],
  // Three arms, alpha 0.05 / 2 per comparison: control 400 / 20,000, b 470 / 20,000, c 380 / 19,800
  threeArms: {
    b: { low: -0.0014437103153540666, high: 0.008443710315354066 },
    c: { low: -0.005533004739114737, high: 0.003916843122953117 },
  },
  chiSquare: [
    { x: 3.841, df: 1, p: 0.05001368376395671 }, // the textbook 5% critical value
    { x: 0.5, df: 1, p: 0.4795001221869535 },
    { x: 5.991, df: 2, p: 0.05001161502657909 },
    { x: 12, df: 2, p: 0.0024787521766663585 },
    { x: 7.815, df: 3, p: 0.04999390297488389 },
    { x: 2.5, df: 3, p: 0.4752910833430206 },
    { x: 30, df: 3, p: 1.3800570312932547e-6 },
    { x: 9.488, df: 4, p: 0.04999440557799463 },
    { x: 18.307, df: 10, p: 0.05000058909139812 },
  ],
  // x = 2 * 200**2 / 5200 and x = 2 * 15**2 / 5015; p = math.erfc(math.sqrt(x/2))
  srm5400: { chiSquare: 15.384615384615385, p: 8.769942375590239e-5 },
  srm5030: { chiSquare: 0.0897308075772682, p: 0.7645196573263563 },
  // Smallest n with hw((p*(1-p) + pv*(1-pv))/n, 0.05) <= |pv - p|, pv = p*(1+lift), by a plain scan n = 1, 2, ...
  visitorsPerArm: [
    { baseline: 0.02, lift: 0.2, n: 27_784 },
    { baseline: 0.05, lift: 0.1, n: 39_565 },
    { baseline: 0.02, lift: -0.2, n: 22_824 },
  ],
  // 200 / 10,000 vs 260 / 10,000: the same scan at the observed rates down to max(|θ̂|, 0.1 * 0.02 - |θ̂|) = 0.006
  // gives n = 12,062 per arm, so 2,062 more.
  neededA: 2_062,
  // 400 / 20,000 vs 430 / 20,000: θ̂ = 0.0015 lies inside the ±10% margin (0.002), so the interval must shrink to
  // max(|θ̂|, 0.002 - |θ̂|) = 0.0015 to decide either way: n = 222,539 per arm, 202,539 more.
  neededB: 202_539,
  // 5,000 / 5,360 and 5,000 / 5,330 planned 50/50, p by math.erfc(math.sqrt(x/2)): either side of the 0.001 alarm
  srm5360: 0.0004048548966020865,
  srm5330: 0.0011668510973414708,
};

/** |actual − expected| within `relative` of |expected|. */
const expectClose = (actual: number, expected: number, relative = 1e-9) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.abs(expected));

const experiment = (...arms: [name: string, weight: number, visitors: number, conversions: number][]) =>
  ({
    id: 'hero-headline',
    daysRunning: 14,
    variants: arms.map(([name, weight, visitors, conversions]) => ({ name, weight, visitors, conversions })),
  }) satisfies ExperimentCounts;

const two = (c: [number, number], v: [number, number]) =>
  experiment(['control', 50, c[0], c[1]], ['b', 50, v[0], v[1]]);

describe('the anytime-valid interval', () => {
  it.each(REFERENCE.intervals)('matches the reference for $c vs $v', ({ c, v, alpha, low, high }) => {
    const result = readout(two(c as [number, number], v as [number, number]), { alpha });
    const difference = result.comparisons[0]!.difference;
    expectClose(difference.low, low);
    expectClose(difference.high, high);
    expectClose(difference.value, v[1]! / v[0]! - c[1]! / c[0]!);
  });

  it('splits alpha across the non-control variants', () => {
    const result = readout(experiment(['control', 34, 20_000, 400], ['b', 33, 20_000, 470], ['c', 33, 19_800, 380]));
    expect(result.alphaPerComparison).toBe(0.025);
    const [b, c] = result.comparisons;
    expectClose(b!.difference.low, REFERENCE.threeArms.b.low);
    expectClose(b!.difference.high, REFERENCE.threeArms.b.high);
    expectClose(c!.difference.low, REFERENCE.threeArms.c.low);
    expectClose(c!.difference.high, REFERENCE.threeArms.c.high);
  });

  it('gives the lift and its interval relative to the control rate', () => {
    const ref = REFERENCE.intervals[0]!;
    const lift = readout(two([10_000, 200], [10_000, 260])).comparisons[0]!.lift!;
    expectClose(lift.value, 0.3);
    expectClose(lift.low, ref.low / 0.02);
    expectClose(lift.high, ref.high / 0.02);
  });

  it('has no lift while control has no conversions', () => {
    const result = readout(two([5_000, 0], [5_000, 3]));
    expect(result.comparisons[0]!.lift).toBeNull();
    expect(result.verdict).toBe('keep running');
  });

  it('rates an arm without visitors as 0 with an unbounded interval', () => {
    const result = readout(two([0, 0], [100, 2]));
    expect(result.variants[0]!.rate).toBe(0);
    expect(result.comparisons[0]!.difference.low).toBe(-Infinity);
    expect(result.verdict).toBe('keep running');
  });

  it('refuses counts that cannot be', () => {
    expect(() => readout(two([100, 101], [100, 1]))).toThrow(RangeError);
    expect(() => readout(two([100, 1.5], [100, 1]))).toThrow(RangeError);
    expect(() => readout(experiment(['b', 50, 100, 1], ['control', 50, 100, 1]))).toThrow(RangeError);
    expect(() => readout(experiment(['control', 100, 100, 1]))).toThrow(RangeError);
  });
});

describe('the verdict', () => {
  it('names a clear winner', () => {
    const result = readout(two([10_000, 200], [10_000, 300]));
    expect(result.verdict).toBe('b wins');
    expect(result.comparisons[0]!.decision).toBe('wins');
    expect(result.visitorsNeeded).toBeNull();
  });

  it('names a clear loser', () => {
    const result = readout(two([10_000, 200], [10_000, 120]));
    expect(result.verdict).toBe('b loses');
    expect(result.visitorsNeeded).toBeNull();
  });

  it('keeps running on a small sample, and says roughly how many more visitors it needs', () => {
    const small = readout(two([1_000, 20], [1_000, 25]));
    expect(small.verdict).toBe('keep running');
    expect(small.visitorsNeeded).toBeGreaterThan(1_000);
    expect(Number.isFinite(small.visitorsNeeded)).toBe(true);

    const a = readout(two([10_000, 200], [10_000, 260]));
    expect(a.verdict).toBe('keep running');
    expect(a.visitorsNeeded).toBe(REFERENCE.neededA);
    expect(readout(two([20_000, 400], [20_000, 430])).visitorsNeeded).toBe(REFERENCE.neededB);
  });

  it('decides once the estimated visitors have come, if the rates hold', () => {
    const before = readout(two([10_000, 200], [10_000, 260]));
    const n = 10_000 + before.visitorsNeeded!;
    // The same rates on 5% more and 5% fewer visitors than estimated (whole conversions shift θ̂ by under 1/n).
    const at = (visitors: number) =>
      readout(two([visitors, Math.round(visitors * 0.02)], [visitors, Math.round(visitors * 0.026)])).verdict;
    expect(at(Math.round(n * 1.05))).toBe('b wins');
    expect(at(Math.round(n * 0.95))).toBe('keep running');
  });

  it('finds no difference large enough to matter when the interval sits tight around zero', () => {
    const result = readout(two([500_000, 10_000], [500_000, 10_050]));
    const lift = result.comparisons[0]!.lift!;
    expect(lift.low).toBeGreaterThan(-0.1);
    expect(lift.high).toBeLessThan(0.1);
    expect(result.verdict).toBe('no difference large enough to matter');
    // An interval reaching past −10% on one side is not negligible, and still holds 0.
    const leaning = readout(two([300_000, 6_000], [300_000, 5_700]));
    expect(leaning.comparisons[0]!.lift!.low).toBeLessThan(-0.1);
    expect(leaning.comparisons[0]!.lift!.high).toBeGreaterThan(0);
    expect(leaning.verdict).toBe('keep running');
    // The same counts matter when the smallest lift that matters is 3%.
    expect(readout(two([500_000, 10_000], [500_000, 10_050]), { minRelativeLift: 0.03 }).verdict).toBe('keep running');
  });

  it('with several variants: a winner decides, a loser waits for the undecided', () => {
    const arms = (b: number, c: number) =>
      experiment(['control', 34, 10_000, 200], ['b', 33, 10_000, b], ['c', 33, 10_000, c]);
    expect(readout(arms(320, 210)).verdict).toBe('b wins');
    expect(readout(arms(100, 230)).verdict).toBe('keep running');
    expect(readout(arms(300, 330)).verdict).toBe('c wins');
    const allDecided = readout(
      experiment(['control', 34, 600_000, 12_000], ['b', 33, 600_000, 9_000], ['c', 33, 600_000, 12_020]),
    );
    expect(allDecided.comparisons.map((c) => c.decision)).toEqual(['loses', 'negligible']);
    expect(allDecided.verdict).toBe('b loses');
  });
});

describe('the chi-square p-value', () => {
  it.each(REFERENCE.chiSquare)('matches the closed form at x = $x, df = $df', ({ x, df, p }) => {
    expectClose(chiSquareP(x, df), p);
  });

  it('is 1 at 0 and 0 far out', () => {
    expect(chiSquareP(0, 2)).toBe(1);
    expect(chiSquareP(2_000, 3)).toBeLessThan(1e-300);
  });
});

describe('the sample ratio check', () => {
  it('raises the alarm on 5,000 / 5,400 planned 50/50', () => {
    const srm = readout(two([5_000, 100], [5_400, 108])).srm;
    expectClose(srm.chiSquare, REFERENCE.srm5400.chiSquare);
    expectClose(srm.p, REFERENCE.srm5400.p);
    expect(srm.df).toBe(1);
    expect(srm.alarm).toBe(true);
  });

  it('is quiet on 5,000 / 5,030', () => {
    const srm = readout(two([5_000, 100], [5_030, 101])).srm;
    expectClose(srm.chiSquare, REFERENCE.srm5030.chiSquare);
    expectClose(srm.p, REFERENCE.srm5030.p);
    expect(srm.alarm).toBe(false);
  });

  it('raises the alarm below p = 0.001 only', () => {
    const alarmed = readout(two([5_000, 100], [5_360, 107])).srm;
    expectClose(alarmed.p, REFERENCE.srm5360);
    expect(alarmed.alarm).toBe(true);
    const quiet = readout(two([5_000, 100], [5_330, 107])).srm;
    expectClose(quiet.p, REFERENCE.srm5330);
    expect(quiet.alarm).toBe(false);
  });

  it('checks against the planned weights, with one degree of freedom less than arms', () => {
    // 20/40/40 planned, visitors exactly so: no mismatch. 2 x**2/exp at 3 arms: p = math.exp(-x/2) (df 2).
    expect(sampleRatioCheck([20, 40, 40].map((w) => ({ weight: w, visitors: w * 100 }))).chiSquare).toBe(0);
    const srm = sampleRatioCheck([
      { weight: 20, visitors: 2_100 },
      { weight: 40, visitors: 3_900 },
      { weight: 40, visitors: 4_000 },
    ]);
    // x = 100**2/2000 + 100**2/4000 + 0 = 7.5; python: math.exp(-7.5/2) = 0.023517745856009107
    expect(srm.df).toBe(2);
    expectClose(srm.chiSquare, 7.5);
    expectClose(srm.p, 0.023517745856009107);
  });
});

describe('visitors per arm', () => {
  it.each(REFERENCE.visitorsPerArm)('$baseline baseline, $lift lift: $n', ({ baseline, lift, n }) => {
    expect(visitorsPerArm(baseline, lift)).toBe(n);
  });

  it('needs more with the error rate split over more variants', () => {
    expect(visitorsPerArm(0.02, 0.2, { comparisons: 3 })).toBeGreaterThan(visitorsPerArm(0.02, 0.2));
  });
});

describe('the printed readout', () => {
  it('prints the id, the table, the verdict, the sample ratio and the visitors needed', () => {
    const text = formatReadout(readout(two([10_000, 200], [10_000, 260])));
    const lines = text.split('\n');
    expect(lines[0]).toBe('Experiment hero-headline, 14 days running');
    expect(lines[2]).toMatch(/^control +10,000 +200 +2\.00%$/);
    expect(lines[3]).toMatch(
      /^b +10,000 +260 +2\.60% +\+0\.60 pp \(-0\.05 to \+1\.25\) +\+30\.0% \(-2\.7% to \+62\.7%\)$/,
    );
    expect(lines).toContain('Verdict: keep running');
    expect(lines).toContain('sample ratio OK (p = 1.00)');
    expect(lines.at(-1)).toBe('needs about 2,100 more visitors per variant');
  });

  it('shouts on a sample ratio mismatch and stays quiet about visitors once decided', () => {
    const text = formatReadout(readout(two([5_000, 50], [5_400, 160])));
    expect(text).toContain('Verdict: b wins');
    expect(text).toContain(
      'SAMPLE RATIO MISMATCH (p < 0.0001): the split is not the planned one; check the assignment before reading the results',
    );
    expect(text).not.toContain('needs about');
    // 5,000 / 5,300: python math.erfc(math.sqrt(x/2)) at x = 2 * 150**2 / 5150 is 0.0031, not yet an alarm.
    expect(formatReadout(readout(two([5_000, 50], [5_300, 53])))).toContain('\nsample ratio OK (p = 0.003)\n');
  });
});

/** Seeded PRNG (mulberry32): uniform in [0, 1). */
const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Experiments looked at every 1,000 visitors per arm up to 10,000: the share that ever showed each verdict. */
const simulate = (runs: number, controlRate: number, variantRate: number, seed: number) => {
  const random = mulberry32(seed);
  const looks = 10;
  const step = 1_000;
  let wins = 0;
  let loses = 0;
  let decided = 0;
  let conversions = 0;
  for (let run = 0; run < runs; run++) {
    let c = 0;
    let v = 0;
    const seen = new Set<string>();
    for (let look = 1; look <= looks; look++) {
      for (let i = 0; i < step; i++) {
        if (random() < controlRate) c++;
        if (random() < variantRate) v++;
      }
      seen.add(readout(two([look * step, c], [look * step, v])).verdict);
    }
    if (seen.has('b wins')) wins++;
    if (seen.has('b loses')) loses++;
    decided += seen.has('b wins') || seen.has('b loses') ? 1 : 0;
    conversions += c + v;
  }
  return {
    wins: wins / runs,
    loses: loses / runs,
    decided: decided / runs,
    conversionRate: conversions / (runs * 2 * looks * step),
  };
};

describe('simulation', () => {
  it('A/A: 1,000 experiments at 2% looked at 10 times declare a false winner at most 5% of the time', () => {
    const { decided: rate, conversionRate } = simulate(1_000, 0.02, 0.02, 20_240_601);
    console.log(`A/A false-winner rate over 10 looks: ${(rate * 100).toFixed(1)}%`);
    expect(conversionRate).toBeGreaterThan(0.0195);
    expect(conversionRate).toBeLessThan(0.0205);
    expect(rate).toBeLessThanOrEqual(0.05);
  });

  it('A/B: a true lift of 2% to 3% is found most of the time by 10,000 visitors per arm', () => {
    const { wins, loses } = simulate(200, 0.02, 0.03, 7);
    expect(wins).toBeGreaterThan(0.8);
    expect(loses).toBe(0);
  });
});
