/**
 * How the owner's page writes numbers, dates and names: in the browser's time zone, in words an owner reads. Pure; the
 * formatters are made per call so that a change of time zone (a test's process.env.TZ) is seen at once.
 */
import type { OwnerLeadState } from './wire';
import { LOCALES, type Locale } from '../i18n/locales';

/** What a number that the readout could not compute (infinite, sent as null) reads as. */
export const NOT_ENOUGH_DATA = 'not enough data';

const LOCALE = 'en-IN';

/** A whole count with the site's digit grouping: 123456 -> "1,23,456". */
export function count(n: number): string {
  return n.toLocaleString(LOCALE, { maximumFractionDigits: 0 });
}

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/** A rate as a percentage: 0.0235 -> "2.35%"; null or infinite -> NOT_ENOUGH_DATA. */
export function percent(rate: number | null | undefined, digits = 2): string {
  return finite(rate) ? `${(rate * 100).toFixed(digits)}%` : NOT_ENOUGH_DATA;
}

/** A change with its sign: 0.123 -> "+12.3%", as percentage points with `points`: "+1.23 points". */
export function signed(x: number | null | undefined, { digits = 1, points = false } = {}): string {
  if (!finite(x)) return NOT_ENOUGH_DATA;
  const text = (x * 100).toFixed(digits);
  const sign = x >= 0 && !text.startsWith('-') ? '+' : '';
  return points ? `${sign}${text} points` : `${sign}${text}%`;
}

/**
 * An estimate with its interval: "+12.3% (from -4.0% to +28.6%)", in points "+0.87 points (from -0.46 to +2.21)";
 * an unknown bound reads as NOT_ENOUGH_DATA.
 */
export function withInterval(
  estimate: { value: number | null; low: number | null; high: number | null } | null,
  options: { digits?: number; points?: boolean } = {},
): string {
  if (!estimate || !finite(estimate.value)) return NOT_ENOUGH_DATA;
  const bound = (x: number | null) => {
    const text = signed(x, options);
    return options.points ? text.replace(/ points$/, '') : text;
  };
  return `${signed(estimate.value, options)} (from ${bound(estimate.low)} to ${bound(estimate.high)})`;
}

/** A p-value as the experiments' readout prints it. */
export function pValue(p: number | null | undefined): string {
  if (!finite(p)) return NOT_ENOUGH_DATA;
  return p < 0.0001 ? 'p < 0.0001' : `p = ${p < 0.01 ? Number(p.toPrecision(1)) : p.toFixed(2)}`;
}

/** A local day: "Tue, 3 May". */
export function dayName(ms: number): string {
  return new Intl.DateTimeFormat(LOCALE, { weekday: 'short', day: 'numeric', month: 'short' }).format(ms);
}

/** A local day, short, for a chart's axis: "3 May". */
export function shortDay(ms: number): string {
  return new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short' }).format(ms);
}

/** A UTC day `YYYY-MM-DD` (the experiments count per UTC day), short: "3 May". */
export function utcDay(day: string): string {
  return new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    Date.parse(`${day}T00:00:00Z`),
  );
}

/** A local time of day: "2:05 pm". */
export function time(ms: number): string {
  return new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' }).format(ms);
}

/** A local date and time: "Tue, 3 May, 2:05 pm". */
export function dateTime(ms: number): string {
  return `${dayName(ms)}, ${time(ms)}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How long ago, in words: "less than a minute", "12 minutes", "2 hours 5 minutes", "3 days 4 hours". */
export function duration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60 ? `${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')}` : plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${plural(days, 'day')} ${plural(hours % 24, 'hour')}` : plural(days, 'day');
}

/** The lead forms by the name they post (src/lib/leads/rules.ts LEAD_FORMS), as an owner knows them. */
const FORM_NAMES: Record<string, string> = {
  popup: 'Offer popup on the home page',
  'contact-modal': 'Contact form window',
  contact: 'Contact form window',
  inline: 'Form within a page',
};

export function formName(form: string): string {
  return Object.hasOwn(FORM_NAMES, form) ? FORM_NAMES[form]! : form;
}

/**
 * A language of the site as an owner reading English knows it: "English", "Hindi". In English only: the owner's page
 * is in English and loads no Devanagari typeface, and a computer without one would draw the language's own name as
 * empty boxes.
 */
export function languageName(lang: Locale): string {
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(lang) ?? LOCALES[lang].name;
}

/** A lead's page: its path, or words when it is unknown. */
export function pageName(page: string | null): string {
  return page ?? 'Page not known';
}

/** What each state of a lead is called on the page. */
export const STATE_NAMES: Record<OwnerLeadState, string> = {
  sent: 'Delivered',
  pending: 'Waiting',
  dead: 'Failed',
};

/** What an experiment is judged on, in words. */
const GOAL_NAMES: Record<string, string> = {
  lead: 'Leads sent through a form',
  'demo-click': 'Clicks on Book a demo',
  'signup-click': 'Clicks to sign up',
};

export function goalName(goal: string): string {
  return Object.hasOwn(GOAL_NAMES, goal) ? GOAL_NAMES[goal]! : goal;
}

/** What a comparison's decision means, in words. */
const DECISION_NAMES: Record<string, string> = {
  wins: 'better than control',
  loses: 'worse than control',
  negligible: 'no difference that matters',
  undecided: 'not decided yet',
};

export function decisionName(decision: string): string {
  return Object.hasOwn(DECISION_NAMES, decision) ? DECISION_NAMES[decision]! : decision;
}

/** An experiment's status, in words. */
const STATUS_NAMES: Record<string, string> = {
  draft: 'Draft: not shown to visitors yet',
  running: 'Running',
  stopped: 'Stopped: everyone sees the page as it is',
};

export function statusName(status: string): string {
  return Object.hasOwn(STATUS_NAMES, status) ? STATUS_NAMES[status]! : status;
}
