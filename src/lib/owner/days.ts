/**
 * The owner's page's figures, from the API's answers (./wire.ts): leads counted per local day (the browser's time
 * zone: a day starts at local midnight, so a DST day has 23 or 25 hours), per form, per page and per language, and the rows each
 * chart and its table both draw: the chart and the table of one figure are made from one value of these functions,
 * so they cannot disagree. Pure: the clock comes in as an argument, the time zone is the runtime's own.
 */
import type { OwnerExperiment, OwnerLead, OwnerLeadState } from './wire';
import { OWNER_CONTACTS_MAX_SPAN_MS, OWNER_DAYS } from './wire';
import { count, dayName, formName, languageName, pageName, percent, shortDay, utcDay } from './format';
import { LOCALES, type Locale } from '../i18n/locales';

export interface LocalDay {
  /** `YYYY-MM-DD` in the local time zone. */
  key: string;
  /** Local midnight starting the day, and the next one, ms since the epoch. */
  start: number;
  end: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of a moment, as `YYYY-MM-DD`. */
export function localDayKey(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight `offset` days after the one that starts the day of `ms`. */
export function localMidnight(ms: number, offset = 0): number {
  const date = new Date(ms);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + offset).getTime();
}

/** The local day holding `ms`. */
export function localDay(ms: number): LocalDay {
  return { key: localDayKey(ms), start: localMidnight(ms), end: localMidnight(ms, 1) };
}

/** The last `days` local days up to today (that of `now`), oldest first. */
export function lastDays(now: number, days = OWNER_DAYS): LocalDay[] {
  return Array.from({ length: days }, (_, i) => localDay(localMidnight(now, i - days + 1)));
}

/** Where the page's span starts: the local midnight that begins the oldest of the last `days` days. */
export function spanStart(now: number, days = OWNER_DAYS): number {
  return localMidnight(now, 1 - days);
}

/**
 * The contacts request for one local day as spans of at most `maxSpan` ms each (the API takes at most a day at once):
 * one span, or two on the 25-hour day a clock goes back.
 */
export function daySpans(day: LocalDay, maxSpan = OWNER_CONTACTS_MAX_SPAN_MS): { from: number; to: number }[] {
  const spans: { from: number; to: number }[] = [];
  for (let from = day.start; from < day.end; from += maxSpan)
    spans.push({ from, to: Math.min(day.end, from + maxSpan) });
  return spans;
}

/** A lead's state as the page counts it. */
export interface LeadCounts {
  received: number;
  delivered: number;
  waiting: number;
  failed: number;
}

const FIELD: Record<OwnerLeadState, keyof LeadCounts> = { sent: 'delivered', pending: 'waiting', dead: 'failed' };

const noLeads = (): LeadCounts => ({ received: 0, delivered: 0, waiting: 0, failed: 0 });

function add(counts: LeadCounts, lead: OwnerLead): void {
  counts.received += 1;
  const field = FIELD[lead.state];
  if (field) counts[field] += 1;
}

/** Every lead counted: received, and how many of them are delivered, waiting or failed. */
export function totals(leads: readonly OwnerLead[]): LeadCounts {
  const counts = noLeads();
  for (const lead of leads) add(counts, lead);
  return counts;
}

export type DayCounts = LocalDay & LeadCounts;

/** The leads of each of the last `days` local days (oldest first), by the day they were received. */
export function leadsByDay(leads: readonly OwnerLead[], now: number, days = OWNER_DAYS): DayCounts[] {
  const out = lastDays(now, days).map((day) => ({ ...day, ...noLeads() }));
  const byKey = new Map(out.map((day) => [day.key, day]));
  for (const lead of leads) {
    const day = byKey.get(localDayKey(lead.createdAt));
    if (day) add(day, lead);
  }
  return out;
}

export type GroupCounts = { key: string; label: string } & LeadCounts;

/**
 * The leads grouped by `keyOf`, most first (then by key), named by `labelOf`. With `top`, the groups past the first
 * `top - 1` are added up in one last group named `rest`.
 */
export function leadsBy(
  leads: readonly OwnerLead[],
  keyOf: (lead: OwnerLead) => string,
  labelOf: (key: string) => string,
  { top, rest = 'Others' }: { top?: number; rest?: string } = {},
): GroupCounts[] {
  const groups = new Map<string, GroupCounts>();
  for (const lead of leads) {
    const key = keyOf(lead);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, label: labelOf(key), ...noLeads() }));
    add(group, lead);
  }
  const sorted = [...groups.values()].sort((a, b) => b.received - a.received || a.key.localeCompare(b.key));
  if (top === undefined || sorted.length <= top) return sorted;
  const others: GroupCounts = { key: '', label: rest, ...noLeads() };
  for (const group of sorted.slice(top - 1)) {
    for (const field of ['received', 'delivered', 'waiting', 'failed'] as const) others[field] += group[field];
  }
  return [...sorted.slice(0, top - 1), others];
}

/** The page of a lead as a group key: its path, or '' when it is unknown. */
const pageKey = (lead: OwnerLead) => lead.page ?? '';

/** What a stacked bar chart and its table both show: one row per bar, one value per series, stacked in order. */
export interface StackedData {
  caption: string;
  /** The heading of the column of row names: "Day", "Form", "Page". */
  rowHeading: string;
  /** The heading of each row's total (the sum of its values). */
  totalHeading: string;
  series: { name: string; tone: string }[];
  rows: { key: string; label: string; short: string; values: number[] }[];
}

/** The three states a lead's bar is made of, in stacking order; `tone` is a class of the page's stylesheet. */
export const LEAD_SERIES = [
  { name: 'Delivered', tone: 'delivered' },
  { name: 'Waiting', tone: 'waiting' },
  { name: 'Failed', tone: 'failed' },
];

const leadValues = (counts: LeadCounts) => [counts.delivered, counts.waiting, counts.failed];

/** The leads of the last days, per local day. */
export function dailyChart(leads: readonly OwnerLead[], now: number, days = OWNER_DAYS): StackedData {
  return {
    caption: `Leads received per day, last ${days} days`,
    rowHeading: 'Day',
    totalHeading: 'Received',
    series: LEAD_SERIES,
    rows: leadsByDay(leads, now, days).map((day) => ({
      key: day.key,
      label: dayName(day.start),
      short: shortDay(day.start),
      values: leadValues(day),
    })),
  };
}

/** A chart of groups of leads (a form, a page, a language), a bar each, its name as it stands. */
function groupChart(caption: string, rowHeading: string, groups: GroupCounts[]): StackedData {
  return {
    caption,
    rowHeading,
    totalHeading: 'Received',
    series: LEAD_SERIES,
    rows: groups.map((group) => ({
      key: group.key,
      label: group.label,
      short: group.label,
      values: leadValues(group),
    })),
  };
}

/** The leads of the span per form. */
export function formChart(leads: readonly OwnerLead[], days = OWNER_DAYS): StackedData {
  return groupChart(
    `Leads per form, last ${days} days`,
    'Form',
    leadsBy(leads, (lead) => lead.form, formName),
  );
}

/** How many pages the chart of pages names; the others are added up in one bar. */
export const TOP_PAGES = 8;

/** The leads of the span per page they were sent from. */
export function pageChart(leads: readonly OwnerLead[], days = OWNER_DAYS): StackedData {
  return groupChart(
    `Leads per page they were sent from, last ${days} days`,
    'Page',
    leadsBy(leads, pageKey, (key) => pageName(key || null), { top: TOP_PAGES, rest: 'Other pages' }),
  );
}

/**
 * The leads of the span per language of the page they were sent from: every language of the site, most first, one
 * without leads too (that none came from the Hindi pages is itself a figure).
 */
export function languageChart(leads: readonly OwnerLead[], days = OWNER_DAYS): StackedData {
  const label = (lang: string) => languageName(lang as Locale);
  const groups = leadsBy(leads, (lead) => lead.lang, label);
  const none = (Object.keys(LOCALES) as Locale[])
    .filter((lang) => !groups.some((group) => group.key === lang))
    .map((lang) => ({ key: lang, label: label(lang), ...noLeads() }));
  return groupChart(`Leads per language of the page they were sent from, last ${days} days`, 'Language', [
    ...groups,
    ...none,
  ]);
}

/** A point of a line with its band: a rate and its interval (null: unbounded), and what it was computed from. */
export interface LinePoint {
  value: number;
  low: number | null;
  high: number | null;
  visitors: number;
  conversions: number;
}

/** What a line chart with bands and its table both show: one column per day, one line per series. */
export interface LineData {
  caption: string;
  days: { key: string; label: string; short: string }[];
  /** `points[i]` is the series' value on `days[i]`, or null when the day has none. */
  series: { name: string; points: (LinePoint | null)[] }[];
}

/** An experiment's variants' conversion rates, counted from the first day, with their intervals, day by day. */
export function experimentChart(experiment: OwnerExperiment): LineData {
  const names: string[] = [];
  for (const day of experiment.series) {
    for (const variant of day.variants) if (!names.includes(variant.name)) names.push(variant.name);
  }
  return {
    caption: `${experiment.id}: conversion rate of each version by day (UTC), counted from the first day, with its 95% range`,
    days: experiment.series.map((day) => ({ key: day.day, label: utcDay(day.day), short: utcDay(day.day) })),
    series: names.map((name) => ({
      name,
      points: experiment.series.map((day) => {
        const variant = day.variants.find((v) => v.name === name);
        return variant
          ? {
              value: variant.rate ?? 0,
              low: variant.low,
              high: variant.high,
              visitors: variant.visitors,
              conversions: variant.conversions,
            }
          : null;
      }),
    })),
  };
}

/** A table's words: its caption, the column headings, and per row its heading cell and data cells. */
export interface TableModel {
  caption: string;
  head: string[];
  rows: { header: string; cells: string[] }[];
}

export function stackedTable(data: StackedData): TableModel {
  return {
    caption: data.caption,
    head: [data.rowHeading, data.totalHeading, ...data.series.map((s) => s.name)],
    rows: data.rows.map((row) => ({
      header: row.label,
      cells: [row.values.reduce((a, b) => a + b, 0), ...row.values].map(count),
    })),
  };
}

/** A point in words: "2.35% (from 1.10% to 4.20%), 12 of 510 visitors". */
export function pointText(point: LinePoint | null): string {
  if (!point) return 'no count';
  return `${percent(point.value)} (from ${percent(point.low)} to ${percent(point.high)}), ${count(point.conversions)} of ${count(point.visitors)} visitors`;
}

export function lineTable(data: LineData): TableModel {
  return {
    caption: data.caption,
    head: ['Day', ...data.series.map((s) => s.name)],
    rows: data.days.map((day, i) => ({
      header: day.label,
      cells: data.series.map((s) => pointText(s.points[i] ?? null)),
    })),
  };
}

/** One sentence saying what a stacked chart shows, for its accessible name. */
export function stackedSummary(data: StackedData): string {
  const totals = data.series.map((_, i) => data.rows.reduce((sum, row) => sum + (row.values[i] ?? 0), 0));
  const all = totals.reduce((a, b) => a + b, 0);
  const parts = data.series.map((s, i) => `${count(totals[i]!)} ${s.name.toLowerCase()}`);
  let top = data.rows[0];
  const sum = (row: StackedData['rows'][number]) => row.values.reduce((a, b) => a + b, 0);
  for (const row of data.rows) if (top && sum(row) > sum(top)) top = row;
  const most = top && sum(top) > 0 ? `; most: ${top.label}, ${count(sum(top))}` : '';
  return `${data.caption}: ${count(all)} in all (${parts.join(', ')})${most}.`;
}

/** One sentence saying what a line chart shows: each series' latest value. */
export function lineSummary(data: LineData): string {
  const last = data.series.map((s) => {
    const point = [...s.points].reverse().find((p) => p !== null) ?? null;
    return `${s.name} ${point ? percent(point.value) : 'no count'}`;
  });
  const span = data.days.length ? `, ${data.days[0]!.label} to ${data.days.at(-1)!.label}` : '';
  return `${data.caption}${span}. Latest: ${last.join(', ')}.`;
}
