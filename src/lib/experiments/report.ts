/**
 * The experiments' report, from the counts the Worker keeps in D1 (worker/experiments/table.mjs) and the experiments'
 * definitions: for `npm run experiments` (scripts/experiments.mjs) and the owner's page (worker/owner/) alike, so both
 * show the same numbers. Pure: the rows, the definitions and the time come in as arguments.
 */
import { CLICK_GOALS } from './wire';
import { rateInterval, type ExperimentCounts, type Readout, type StatsOptions } from './stats';

/** One experiment's variant, its visitors over all days, and the experiment's first counted day (`YYYY-MM-DD`). */
export interface ExposureRow {
  experiment: string;
  variant: string;
  visitors: number;
  first_day: string;
}

/** One experiment's variant and its conversions (people by a lead, or visitors by a click goal's link), all days. */
export interface ConversionRow {
  experiment: string;
  variant: string;
  conversions: number;
}

/** The report's rows: exposures, the lead goal's conversions and the click goals' conversions. */
export interface ReportRows {
  exposures: ExposureRow[];
  conversions: ConversionRow[];
  clicks?: ConversionRow[];
}

/** An experiment as its file defines it, the parts the report needs. */
export interface Definition {
  id: string;
  status: string;
  page: string;
  goal: string;
  variants: { name: string; weight: number }[];
}

export interface ExperimentReport {
  id: string;
  status: string;
  page: string;
  goal: string;
  /** Why there is no readout (no exposures yet), or null. */
  message: string | null;
  readout: Readout | null;
  /** What the counts left out. */
  notes: string[];
}

/**
 * `problems`: definition files that could not be read; `unknownExperiments`: ids counted in D1 with no definition (left
 * out). In JSON an infinite number (an interval with no data) reads null.
 */
export interface Report {
  source: string;
  experimentsFolder: string;
  generatedAt: string;
  message?: string;
  experiments: ExperimentReport[];
  problems: string[];
  unknownExperiments: string[];
}

export const NO_EXPOSURES = 'no exposures yet';

const DAY_MS = 86_400_000;

/** The UTC day of a time, `YYYY-MM-DD`. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whole days from the first exposure day to today, at least 1. */
export function daysRunning(firstDay: string, now: number): number {
  const days = Math.round((Date.parse(utcDay(now)) - Date.parse(firstDay)) / DAY_MS);
  return Number.isFinite(days) ? Math.max(1, days) : 1;
}

/** The conversions an experiment is judged on: its lead goal's, or its click goal's. */
const conversionRows = (goal: string, rows: ReportRows) =>
  goal in CLICK_GOALS ? (rows.clicks ?? []) : rows.conversions;

/**
 * An experiment's counts as readout() takes them: its definition's variants (control first) and weights, the visitors
 * and conversions D1 holds for them. Null without a visitor. Counts of variants the definition lacks are left out,
 * and conversions beyond a variant's visitors (a lead whose exposure was not counted) are capped, each with a note.
 */
export function countsOf(
  definition: Definition,
  rows: ReportRows,
  now: number,
): { counts: ExperimentCounts | null; notes: string[] } {
  const notes: string[] = [];
  const names = new Set(definition.variants.map((variant) => variant.name));
  const exposures = rows.exposures.filter((row) => row.experiment === definition.id);
  const conversions = conversionRows(definition.goal, rows).filter((row) => row.experiment === definition.id);
  const lacking = (row: { variant: string }) => !names.has(row.variant);
  for (const row of exposures.filter(lacking)) {
    notes.push(`${row.visitors} visitors of variant ${row.variant}, which the definition lacks, are left out`);
  }
  for (const row of conversions.filter(lacking)) {
    notes.push(`${row.conversions} conversions of variant ${row.variant}, which the definition lacks, are left out`);
  }
  // A variant's total of one count (wrangler's JSON may hold a number as text).
  const sum = <Row extends { variant: string }>(list: Row[], name: string, count: (row: Row) => unknown) =>
    list.filter((row) => row.variant === name).reduce((total, row) => total + (Number(count(row)) || 0), 0);
  const variants = definition.variants.map(({ name, weight }) => {
    const visitors = sum(exposures, name, (row) => row.visitors);
    const converted = sum(conversions, name, (row) => row.conversions);
    if (converted > visitors) {
      notes.push(`${converted - visitors} conversions of ${name} beyond its counted visitors are left out`);
    }
    return { name, weight, visitors, conversions: Math.min(converted, visitors) };
  });
  if (variants.every((variant) => variant.visitors === 0)) return { counts: null, notes };
  const firstDays = exposures.map((row) => row.first_day).filter(Boolean);
  const firstDay = firstDays.sort()[0] ?? utcDay(now);
  return { counts: { id: definition.id, daysRunning: daysRunning(firstDay, now), variants }, notes };
}

/**
 * The report of every defined experiment, in id order: a readout, or the reason there is none. Counts of ids with no
 * definition are left out and listed.
 */
export function buildReport(
  definitions: Definition[],
  rows: ReportRows,
  context: {
    now: number;
    source: string;
    experimentsFolder: string;
    readout: (counts: ExperimentCounts) => Readout;
    problems?: string[];
  },
): Report {
  const { now, source, experimentsFolder, readout, problems = [] } = context;
  const known = new Set(definitions.map((definition) => definition.id));
  const counted = [...rows.exposures, ...rows.conversions, ...(rows.clicks ?? [])].map((row) => row.experiment);
  const unknownExperiments = [...new Set(counted.filter((id) => !known.has(id)))].sort();
  const experiments = [...definitions]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((definition): ExperimentReport => {
      const { id, status, page, goal } = definition;
      const { counts, notes } = countsOf(definition, rows, now);
      const message = counts ? null : NO_EXPOSURES;
      return { id, status, page, goal, message, readout: counts ? readout(counts) : null, notes };
    });
  return {
    source,
    experimentsFolder,
    generatedAt: new Date(now).toISOString(),
    experiments,
    problems,
    unknownExperiments,
  };
}

/** The report as text for people: each experiment's readout (formatReadout), or why there is none. */
export function formatReport(report: Report, formatReadout: (readout: Readout) => string): string {
  const lines = [`Experiments of ${report.experimentsFolder} (${report.source})`];
  if (report.message) lines.push(report.message);
  for (const problem of report.problems) lines.push(`Not read: ${problem}`);
  if (report.unknownExperiments.length) {
    lines.push(`Counted but not defined in ${report.experimentsFolder}: ${report.unknownExperiments.join(', ')}`);
  }
  if (!report.experiments.length) lines.push(`No experiment is defined in ${report.experimentsFolder}.`);
  for (const experiment of report.experiments) {
    lines.push('');
    const status = experiment.status === 'running' ? '' : ` (${experiment.status})`;
    if (experiment.readout) {
      lines.push(formatReadout(experiment.readout));
      if (status) lines.push(`Status: ${experiment.status}`);
    } else {
      lines.push(`Experiment ${experiment.id}${status}, goal ${experiment.goal}: ${experiment.message}`);
    }
    for (const note of experiment.notes) lines.push(`Note: ${note}`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------------
// Day by day, for the owner's chart

/** One experiment's count of one variant on one UTC day: visitors (exposures) or conversions. */
export interface DailyRow {
  experiment: string;
  variant: string;
  day: string;
  count: number;
}

export interface DailyRows {
  exposures: DailyRow[];
  conversions: DailyRow[];
  clicks: DailyRow[];
}

export interface SeriesDay {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  /** Counts from the first day up to this one, per variant in the definition's order. */
  variants: { name: string; visitors: number; conversions: number; rate: number; low: number; high: number }[];
}

/**
 * Each day from the experiment's first counted day to today (UTC), with each variant's visitors and conversions so far,
 * its rate and that rate's anytime-valid interval (stats.ts rateInterval): the lines an owner watches settle. Counts
 * of variants the definition lacks are left out and conversions are capped at the visitors, as in countsOf. Empty
 * without a visitor.
 */
export function dailySeries(
  definition: Definition,
  rows: DailyRows,
  now: number,
  options: StatsOptions = {},
): SeriesDay[] {
  const mine = (list: DailyRow[]) =>
    list.filter((row) => row.experiment === definition.id && definition.variants.some((v) => v.name === row.variant));
  const exposures = mine(rows.exposures);
  const conversions = mine(definition.goal in CLICK_GOALS ? rows.clicks : rows.conversions);
  const first = exposures
    .map((row) => row.day)
    .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))
    .sort()[0];
  if (first === undefined) return [];
  const today = utcDay(now);
  const totals = new Map(definition.variants.map(({ name }) => [name, { visitors: 0, conversions: 0 }]));
  const days: SeriesDay[] = [];
  for (let at = Date.parse(first); utcDay(at) <= today; at += DAY_MS) {
    const day = utcDay(at);
    for (const row of exposures) if (row.day === day) totals.get(row.variant)!.visitors += Number(row.count) || 0;
    for (const row of conversions) {
      if (row.day === day) totals.get(row.variant)!.conversions += Number(row.count) || 0;
    }
    days.push({
      day,
      variants: definition.variants.map(({ name }) => {
        const { visitors, conversions: converted } = totals.get(name)!;
        const capped = Math.min(converted, visitors);
        return { name, visitors, conversions: capped, ...rateInterval(visitors, capped, options) };
      }),
    });
  }
  return days;
}
