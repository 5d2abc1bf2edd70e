/**
 * The statistics of a conversion experiment: rates, each variant's difference and lift over control with an
 * anytime-valid 95% interval, a verdict, a sample-ratio check and a rough count of the visitors still needed. Pure.
 *
 * Method: the mixture sequential probability ratio test (mSPRT) of Johari, Koomen, Pekelis & Walsh, "Always Valid
 * Inference: Continuous Monitoring of A/B Tests" (Operations Research 2022; arXiv 1512.04922), with the normal
 * approximation for a difference of two proportions and a normal mixing distribution N(0, tau^2). Its interval holds at
 * every look at once, so the results can be read every day and the experiment stopped as soon as a verdict shows.
 */
import { CONTROL } from './wire';

export interface VariantCounts {
  name: string;
  /** Whole percent: the variant's planned share of the visitors. */
  weight: number;
  visitors: number;
  conversions: number;
}

export interface ExperimentCounts {
  id: string;
  daysRunning: number;
  /** Control first, named 'control'. */
  variants: VariantCounts[];
}

export interface StatsOptions {
  /** Overall error rate, split evenly (Bonferroni) across the non-control variants. Default 0.05. */
  alpha?: number;
  /**
   * Variance tau^2 of the mixing distribution over the true difference in rate. Default (0.01)^2: the test is most
   * sensitive to differences of up to about a percentage point, the size that matters on a 2% baseline.
   */
  tau2?: number;
  /** The smallest relative lift that matters, either way. Default 0.10 (+/-10%). */
  minRelativeLift?: number;
  /** The conversion rate to plan with while an arm has no conversions yet. Default 0.02. */
  baselineRate?: number;
}

export interface Estimate {
  value: number;
  low: number;
  high: number;
}

/** A variant against control: wins or loses (interval excludes 0), negligible (lift inside +/-min), or undecided. */
export type Decision = 'wins' | 'loses' | 'negligible' | 'undecided';

export interface VariantRate {
  name: string;
  weight: number;
  visitors: number;
  conversions: number;
  /** conversions / visitors, 0 without visitors. */
  rate: number;
}

export interface Comparison {
  name: string;
  /** Variant rate - control rate, as a rate (0.006 is 0.6 percentage points), with its anytime-valid interval. */
  difference: Estimate;
  /** Variant rate / control rate - 1; the interval is the difference's divided by the control rate (approximate). */
  lift: Estimate | null;
  decision: Decision;
}

export interface SampleRatioCheck {
  chiSquare: number;
  df: number;
  p: number;
  alarm: boolean;
}

export interface Readout {
  id: string;
  daysRunning: number;
  /** Error rate of each comparison's interval (alpha split across the non-control variants). */
  alphaPerComparison: number;
  minRelativeLift: number;
  variants: VariantRate[];
  /** One per non-control variant, in their order. */
  comparisons: Comparison[];
  /** `keep running`, `<variant> wins`, `<variant> loses` or `no difference large enough to matter`. */
  verdict: string;
  srm: SampleRatioCheck;
  /** While the verdict is `keep running`: roughly how many more visitors each variant needs; otherwise null. */
  visitorsNeeded: number | null;
}

const DEFAULTS = { alpha: 0.05, tau2: 0.01 ** 2, minRelativeLift: 0.1, baselineRate: 0.02 };
const SRM_ALARM_P = 0.001;

/**
 * One arm's variance p(1-p)/n. The rate is kept at least half a conversion away from 0 and from n (a continuity
 * floor), so that with no conversions yet the variance, and so the interval, does not collapse to nothing.
 */
const armVariance = (rate: number, visitors: number): number => {
  if (visitors <= 0) return Infinity;
  const floor = 0.5 / visitors;
  const p = Math.min(Math.max(rate, floor), 1 - floor);
  return (p * (1 - p)) / visitors;
};

/** Half-width of the mSPRT always-valid interval for an estimate of variance v (Johari et al., normal mixture). */
export const halfWidth = (v: number, tau2: number, alpha: number): number => {
  if (!Number.isFinite(v)) return Infinity;
  return Math.sqrt(((v * (v + tau2)) / tau2) * (2 * Math.log(1 / alpha) + Math.log((v + tau2) / v)));
};

/**
 * One variant's conversion rate with its anytime-valid 95% interval (the same normal-mixture bound, for one rate), kept
 * within [0, 1]: the owner's chart draws it day by day, and it holds at every day at once. Without visitors the rate is
 * 0 and the interval [0, 1].
 */
export const rateInterval = (
  visitors: number,
  conversions: number,
  options: Pick<StatsOptions, 'alpha' | 'tau2'> = {},
): { rate: number; low: number; high: number } => {
  const { alpha, tau2 } = { ...DEFAULTS, ...options };
  if (!(visitors > 0)) return { rate: 0, low: 0, high: 1 };
  const rate = conversions / visitors;
  const half = halfWidth(armVariance(rate, visitors), tau2, alpha);
  return { rate, low: Math.max(0, rate - half), high: Math.min(1, rate + half) };
};

/**
 * The smallest whole n >= 1 for which width(n) <= target, width decreasing in n: doubling, then bisection. Infinity
 * when even 2^52 is not enough.
 */
const smallestN = (width: (n: number) => number, target: number): number => {
  if (!(target > 0)) return Infinity;
  let high = 1;
  while (width(high) > target) {
    high *= 2;
    if (high > 2 ** 52) return Infinity;
  }
  let low = high / 2; // width(low) > target, or low < 1
  if (low < 1) return 1;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (width(mid) > target) low = mid;
    else high = mid;
  }
  return high;
};

/**
 * Visitors per arm at which the anytime-valid interval excludes 0 when the estimate equals a true lift of
 * `relativeLift` over `baselineRate` (so roughly even odds of a verdict by then; sooner is possible). `comparisons` is
 * the number of non-control variants the error rate is split across (default 1).
 */
export const visitorsPerArm = (
  baselineRate: number,
  relativeLift: number,
  options: { alpha?: number; tau2?: number; comparisons?: number } = {},
): number => {
  const alpha = (options.alpha ?? DEFAULTS.alpha) / (options.comparisons ?? 1);
  const tau2 = options.tau2 ?? DEFAULTS.tau2;
  const variantRate = baselineRate * (1 + relativeLift);
  const width = (n: number) => halfWidth(armVariance(baselineRate, n) + armVariance(variantRate, n), tau2, alpha);
  return smallestN(width, Math.abs(variantRate - baselineRate));
};

// Chi-square p-value: the regularized upper incomplete gamma function Q(a, x), as in Numerical Recipes (gser, gcf).

/** lnGamma(x) for x > 0: Lanczos approximation (g = 7, nine terms), about 15 digits. */
const LANCZOS = [
  0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406, 12.507343278686905,
  -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
];
const lnGamma = (x: number): number => {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
};

const EPS = 1e-15;
const MAX_ITERATIONS = 10_000;

/** P(a, x) by its series; converges fast for x < a + 1. */
const lowerSeries = (a: number, x: number): number => {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
};

/** Q(a, x) by its continued fraction (modified Lentz); converges fast for x >= a + 1. */
const upperFraction = (a: number, x: number): number => {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
};

/** Regularized upper incomplete gamma Q(a, x) = Gamma(a, x) / Gamma(a). */
export const gammaQ = (a: number, x: number): number => {
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  return x < a + 1 ? 1 - lowerSeries(a, x) : upperFraction(a, x);
};

/** P(chi-square >= x) with df degrees of freedom. */
export const chiSquareP = (x: number, df: number): number => gammaQ(df / 2, x / 2);

/** Pearson's chi-square goodness of fit of the visitor counts against the planned weights. */
export const sampleRatioCheck = (variants: Pick<VariantCounts, 'weight' | 'visitors'>[]): SampleRatioCheck => {
  const total = variants.reduce((sum, v) => sum + v.visitors, 0);
  const weights = variants.reduce((sum, v) => sum + v.weight, 0);
  let chiSquare = 0;
  for (const v of variants) {
    const expected = (total * v.weight) / weights;
    // A variant planned at 0% that still gets visitors is as far off the plan as it gets.
    if (expected === 0) chiSquare += v.visitors > 0 ? Infinity : 0;
    else chiSquare += (v.visitors - expected) ** 2 / expected;
  }
  const df = variants.length - 1;
  const p = total === 0 ? 1 : chiSquareP(chiSquare, df);
  return { chiSquare, df, p, alarm: p < SRM_ALARM_P };
};

const check = (counts: ExperimentCounts) => {
  const [first] = counts.variants;
  if (counts.variants.length < 2 || first?.name !== CONTROL) {
    throw new RangeError(`Experiment ${counts.id}: needs control first and at least one other variant`);
  }
  for (const v of counts.variants) {
    const whole = (n: number) => Number.isInteger(n) && n >= 0;
    if (!whole(v.visitors) || !whole(v.conversions) || v.conversions > v.visitors || !(v.weight >= 0)) {
      throw new RangeError(`Experiment ${counts.id}, variant ${v.name}: counts must be whole, conversions <= visitors`);
    }
  }
};

/**
 * The readout of an experiment. Each variant is compared with control at alpha / (number of non-control variants).
 * Verdict with several variants: any variant that wins makes the verdict `<it> wins` (the one with the highest rate
 * if several do: each is only tested against control); otherwise the experiment keeps running while any variant is
 * undecided; once all are decided, `<worst> loses` if any loses, else `no difference large enough to matter`.
 */
export const readout = (counts: ExperimentCounts, options: StatsOptions = {}): Readout => {
  check(counts);
  const { alpha, tau2, minRelativeLift, baselineRate } = { ...DEFAULTS, ...withoutUndefined(options) };
  const variants: VariantRate[] = counts.variants.map((v) => ({
    name: v.name,
    weight: v.weight,
    visitors: v.visitors,
    conversions: v.conversions,
    rate: v.visitors > 0 ? v.conversions / v.visitors : 0,
  }));
  const [control, ...others] = variants as [VariantRate, ...VariantRate[]];
  const alphaEach = alpha / others.length;

  const comparisons: Comparison[] = [];
  const needed: number[] = [];
  for (const v of others) {
    const theta = v.rate - control.rate;
    const w = halfWidth(armVariance(v.rate, v.visitors) + armVariance(control.rate, control.visitors), tau2, alphaEach);
    const difference = { value: theta, low: theta - w, high: theta + w };
    const lift =
      control.rate > 0
        ? { value: theta / control.rate, low: difference.low / control.rate, high: difference.high / control.rate }
        : null;
    let decision: Decision = 'undecided';
    if (difference.low > 0) decision = 'wins';
    else if (difference.high < 0) decision = 'loses';
    else if (lift && lift.low > -minRelativeLift && lift.high < minRelativeLift) decision = 'negligible';
    comparisons.push({ name: v.name, difference, lift, decision });

    if (decision === 'undecided') {
      // Plan with the observed rates; an arm without conversions takes the other's rate, or the baseline.
      const planControl = control.rate || v.rate || baselineRate;
      const planVariant = v.rate || control.rate || baselineRate;
      // Decided once the half-width is below |theta-hat| (excludes 0) or below the margin left inside +/-min (negligible),
      // if the estimate holds: max(|theta-hat|, min*p_c - |theta-hat|), which is min*p_c when theta-hat = 0.
      const margin = minRelativeLift * planControl;
      const target = Math.max(Math.abs(theta), margin - Math.abs(theta));
      const width = (n: number) =>
        halfWidth(armVariance(planVariant, n) + armVariance(planControl, n), tau2, alphaEach);
      needed.push(Math.max(0, smallestN(width, target) - Math.min(v.visitors, control.visitors)));
    }
  }

  return {
    id: counts.id,
    daysRunning: counts.daysRunning,
    alphaPerComparison: alphaEach,
    minRelativeLift,
    variants,
    comparisons,
    verdict: verdictOf(comparisons, variants),
    srm: sampleRatioCheck(counts.variants),
    visitorsNeeded: needed.length > 0 ? Math.max(...needed) : null,
  };
};

const withoutUndefined = (options: StatsOptions): StatsOptions =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));

const verdictOf = (comparisons: Comparison[], variants: VariantRate[]): string => {
  const rate = (name: string) => variants.find((v) => v.name === name)?.rate ?? 0;
  const byRate = (decision: Decision) =>
    comparisons.filter((c) => c.decision === decision).sort((a, b) => rate(b.name) - rate(a.name));
  const winner = byRate('wins')[0];
  if (winner) return `${winner.name} wins`;
  if (comparisons.some((c) => c.decision === 'undecided')) return 'keep running';
  const worst = byRate('loses').at(-1);
  if (worst) return `${worst.name} loses`;
  return 'no difference large enough to matter';
};

// The terminal's text.

const count = (n: number) => n.toLocaleString('en-US');
const percent = (rate: number, digits = 2) => `${(rate * 100).toFixed(digits)}%`;
const signed = (x: number, digits: number) =>
  x === Infinity ? '+inf' : x === -Infinity ? '-inf' : `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
const pValue = (p: number) => (p < 0.0001 ? 'p < 0.0001' : `p = ${p < 0.01 ? Number(p.toPrecision(1)) : p.toFixed(2)}`);
/** Rounded up to two significant digits: it is an estimate. */
const roughly = (n: number) => {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return count(Math.ceil(n / step) * step);
};
const neededLine = (n: number) =>
  !Number.isFinite(n)
    ? 'needs more visitors than can be estimated (no margin to reach)'
    : n === 0
      ? 'needs only a few more visitors per variant'
      : `needs about ${roughly(n)} more visitors per variant`;

/** The readout as the lines a terminal prints. */
export const formatReadout = (result: Readout): string => {
  const confidence = `${Math.round((1 - result.alphaPerComparison * result.comparisons.length) * 100)}% anytime-valid`;
  const rows: string[][] = [
    ['variant', 'visitors', 'conversions', 'rate', `difference (${confidence})`, `lift (${confidence})`],
  ];
  for (const v of result.variants) {
    const c = result.comparisons.find((comparison) => comparison.name === v.name);
    const difference = c
      ? `${signed(c.difference.value * 100, 2)} pp (${signed(c.difference.low * 100, 2)} to ${signed(c.difference.high * 100, 2)})`
      : '';
    const lift = !c
      ? ''
      : c.lift
        ? `${signed(c.lift.value * 100, 1)}% (${signed(c.lift.low * 100, 1)}% to ${signed(c.lift.high * 100, 1)}%)`
        : 'n/a (control has no conversions)';
    rows.push([v.name, count(v.visitors), count(v.conversions), percent(v.rate), difference, lift]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const table = rows.map((row) =>
    row
      .map((cell, i) => (i === 0 || i >= 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
  const srm = result.srm.alarm
    ? `SAMPLE RATIO MISMATCH (${pValue(result.srm.p)}): the split is not the planned one; check the assignment before reading the results`
    : `sample ratio OK (${pValue(result.srm.p)})`;
  const lines = [
    `Experiment ${result.id}, ${result.daysRunning} ${result.daysRunning === 1 ? 'day' : 'days'} running`,
    ...table,
    `Verdict: ${result.verdict}`,
    srm,
  ];
  if (result.visitorsNeeded !== null) {
    lines.push(neededLine(result.visitorsNeeded));
  }
  return lines.join('\n');
};
