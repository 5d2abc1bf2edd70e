/**
 * The analytics events of the site: their names, the props each carries, and the pure rules behind them (which links
 * count as what, which visitors are not tracked, what of a URL is sent, how Core Web Vitals are written). The browser
 * side is src/browser/analytics/; islands only dispatch events through src/browser/analytics/track.ts.
 *
 * No event carries personal data: props are fixed words from this file or the page (a location, a topic, a period, the
 * page's language as `lang`, on every event), a count of milliseconds, or a layout-shift score. Never a name, a number
 * typed by the visitor or a form value.
 */
import type { Ui } from './schemas/ui';

/** Where events go: `{endpoint}/api/event`, for the site named `domain` there (src/config/site.ts, `analytics`). */
export interface AnalyticsSettings {
  endpoint: string;
  domain: string;
}

/** The tracker's endpoint for a service origin. */
export const eventEndpoint = (origin: string) => `${origin}/api/event`;

export const EVENTS = {
  pageview: 'pageview',
  demo: 'Demo Booking Click',
  start: 'Get Started Click',
  chat: 'Chat Click',
  leadSubmitted: 'Lead Submitted',
  leadFailed: 'Lead Failed',
  pricingPeriod: 'Pricing Period',
  calculatorUsed: 'Calculator Used',
  videoPlayed: 'Video Played',
  webVitals: 'Web Vitals',
} as const;

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];
export type EventProps = Record<string, string>;

/** The DOM event islands dispatch on `window` (detail: { name, props }); the analytics module listens for it. */
export const TRACK_EVENT = 'site:track';

export interface TrackDetail {
  name: EventName;
  props?: EventProps | undefined;
}

/**
 * What a link or button is for, as its `data-cta` attribute says: `demo` (the demo booking page), `start` (the admin
 * app: Login, Get Started, Sign up, Create your Community), `chat` (the sales chat), `video` (opens the tour video).
 */
export type CtaKind = 'demo' | 'start' | 'chat' | 'video';

/** The event a `data-cta` element sends when followed. */
export const CTA_EVENTS: Record<CtaKind, EventName> = {
  demo: EVENTS.demo,
  start: EVENTS.start,
  chat: EVENTS.chat,
  video: EVENTS.videoPlayed,
};

/** The attributes a call to action carries: what it is, where it stands (demo, start), what the chat is about. */
export const CTA_ATTR = 'data-cta';
export const CTA_LOCATION_ATTR = 'data-cta-location';
export const CTA_TOPIC_ATTR = 'data-cta-topic';
/** The radio group of a billing-period switch (components/pricing/PeriodToggle.astro): a change is `Pricing Period`. */
export const PERIOD_TOGGLE_ATTR = 'data-period-toggle';

/** The sales chat's topics, one per prefilled message of the site-wide labels (`chat`). */
export const CHAT_TOPICS = {
  planHelp: 'plan-help',
  plusUpgrade: 'plus-upgrade',
  advanceEnquiry: 'advance',
  whatsappPlans: 'whatsapp-plans',
  thankYou: 'thank-you',
} as const satisfies Record<keyof Ui['chat'], string>;

export type ChatTopic = (typeof CHAT_TOPICS)[keyof Ui['chat']];

/** The event a call to action sends: its name and props, or null for an element that is not one. */
export function ctaEvent(
  kind: string | null,
  attrs: { location?: string | null | undefined; topic?: string | null | undefined },
): TrackDetail | null {
  if (!kind || !Object.hasOwn(CTA_EVENTS, kind)) return null;
  const name = CTA_EVENTS[kind as CtaKind];
  if (kind === 'chat') return { name, props: attrs.topic ? { topic: attrs.topic } : {} };
  if (kind === 'video') return { name };
  return { name, props: attrs.location ? { location: attrs.location } : {} };
}

/** The lead forms, as `Lead Submitted` and `Lead Failed` name them (and the lead store records them). */
export type { LeadFormName } from './leads/rules';

/** The calculators, as `Calculator Used` names them. */
export type CalculatorName = 'revenue' | 'whatsapp';

/** The part of `navigator` and `window` that carries a visitor's privacy signals. */
export interface PrivacySignals {
  globalPrivacyControl?: boolean | undefined;
  doNotTrack?: string | null | undefined;
  windowDoNotTrack?: string | null | undefined;
}

/**
 * True when the visitor asked not to be tracked: Global Privacy Control, or Do Not Track ("1"; older browsers said
 * "yes"). Such a visitor gets no tracker and sends nothing.
 */
export function optedOut(signals: PrivacySignals): boolean {
  const dnt = (value: string | null | undefined) => value === '1' || value === 'yes';
  return signals.globalPrivacyControl === true || dnt(signals.doNotTrack) || dnt(signals.windowDoNotTrack);
}

/**
 * The URL an event reports: the page's URL with only its `utm_*` query parameters (campaign attribution) and no
 * fragment. Anything else in a query string may hold what a visitor typed, so it is not sent.
 */
export function reportedUrl(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (/^utm_/i.test(key)) kept.append(key, value);
  url.search = kept.toString();
  url.hash = '';
  return url.toString();
}

/** Core Web Vitals as measured by the web-vitals package: name (LCP, INP, CLS, FCP, TTFB) and value. */
export interface VitalMetric {
  name: string;
  value: number;
}

const VITAL_PROPS: Record<string, string> = { LCP: 'lcp', INP: 'inp', CLS: 'cls', FCP: 'fcp', TTFB: 'ttfb' };

/**
 * The props of the `Web Vitals` event: times in whole milliseconds, CLS unitless to three decimals. A metric the page
 * did not produce (INP without an interaction) is left out.
 */
export function vitalsProps(metrics: Iterable<VitalMetric>): EventProps {
  const props: EventProps = {};
  for (const { name, value } of metrics) {
    const key = VITAL_PROPS[name];
    if (!key || !Object.hasOwn(VITAL_PROPS, name) || !Number.isFinite(value)) continue;
    props[key] = key === 'cls' ? String(Math.round(value * 1000) / 1000) : String(Math.round(value));
  }
  return props;
}
