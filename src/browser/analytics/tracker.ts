/**
 * Loaded after first paint by ./index.ts: the Plausible tracker (cookieless; it sends pageviews, the engagement
 * figures that go with them, and our events) and web-vitals, which measures the page's Core Web Vitals in the field.
 */
import { init, track } from '@plausible-analytics/tracker';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  EVENTS,
  eventEndpoint,
  reportedUrl,
  vitalsProps,
  type AnalyticsSettings,
  type TrackDetail,
} from '../../lib/analytics';
import { pageLocale } from '../page-locale';

export function startTracker({ endpoint, domain }: AnalyticsSettings): (detail: TrackDetail) => void {
  init({
    domain,
    endpoint: eventEndpoint(endpoint),
    // The pageview is sent now, with the page's URL (its utm_* parameters kept, nothing else of its query).
    autoCapturePageviews: true,
    // The site itself decides who is tracked (Global Privacy Control, Do Not Track); on 127.0.0.1 and localhost too.
    captureOnLocalhost: true,
    bindToWindow: false,
    logging: false,
    // Every event, the pageview too, says which language its page is in (Plausible's custom properties); an event's
    // own `lang` wins (a kept lead accepted on a later page is counted in the language of the page it was sent from).
    customProperties: () => ({ lang: pageLocale() }),
    transformRequest: (payload) => ({
      ...payload,
      u: reportedUrl(payload.u),
      r: payload.r ? reportedUrl(payload.r) : payload.r,
    }),
  });

  // The latest value of each metric; sent once, when the visitor leaves the page or hides it.
  const latest = new Map<string, Metric>();
  const keep = (metric: Metric) => latest.set(metric.name, metric);
  for (const observe of [onLCP, onINP, onCLS, onFCP, onTTFB]) observe(keep, { reportAllChanges: true });
  let reported = false;
  const report = (event: Event) => {
    if (reported || latest.size === 0) return;
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    reported = true;
    track(EVENTS.webVitals, { props: vitalsProps(latest.values()), interactive: false });
  };
  document.addEventListener('visibilitychange', report);
  window.addEventListener('pagehide', report);

  return ({ name, props }) => track(name, props ? { props } : {});
}
