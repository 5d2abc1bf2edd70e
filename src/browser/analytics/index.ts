/**
 * Privacy-first analytics, in the shared page script only when the build has an endpoint (src/browser/site.ts): no
 * cookies, no storage, no third-party script. A visitor who sends Global Privacy Control or Do Not Track is not tracked
 * at all: nothing below runs, nothing loads, nothing is sent.
 *
 * What runs at once is small: one delegated click listener for calls to action (`data-cta`), one change listener for
 * the pricing period, one listener for the events islands dispatch (`site:track`). The Plausible tracker and web-vitals
 * load after the page has loaded and the browser is idle (or at the first event, if that comes sooner); events made
 * before are queued and sent in order once the tracker is there. A page the browser prerenders loads the tracker only
 * once the visitor opens it, so a page never shown sends nothing, and one that is shown sends one pageview, then.
 */
import {
  CTA_ATTR,
  CTA_LOCATION_ATTR,
  CTA_TOPIC_ATTR,
  EVENTS,
  PERIOD_TOGGLE_ATTR,
  TRACK_EVENT,
  ctaEvent,
  optedOut,
  type AnalyticsSettings,
  type TrackDetail,
} from '../../lib/analytics';
import { whenShown } from '../when-shown';

type Send = (detail: TrackDetail) => void;

/**
 * Runs `run` once the page has loaded and shown its first content, when the browser is idle. On a busy device the
 * first paint can come after the load event, so it is waited for (or at most 3 s: a page loaded in a background tab
 * paints nothing until it is shown).
 */
function whenIdle(run: () => void) {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run));
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const afterPaint = () => {
    if (painted() || !('PerformanceObserver' in window)) return idle();
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      observer.disconnect();
      idle();
    };
    const observer = new PerformanceObserver(() => painted() && once());
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(once, 3000);
  };
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}

export function startAnalytics(settings: AnalyticsSettings): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const signals = {
    globalPrivacyControl: nav.globalPrivacyControl,
    doNotTrack: nav.doNotTrack,
    windowDoNotTrack: (window as Window & { doNotTrack?: string }).doNotTrack,
  };
  if (optedOut(signals)) return;

  const queue: TrackDetail[] = [];
  let send: Send = (detail) => {
    queue.push(detail);
    load();
  };

  let loading = false;
  function load() {
    if (loading) return;
    loading = true;
    whenShown(() => {
      import('./tracker')
        .then(({ startTracker }) => {
          send = startTracker(settings);
          queue.splice(0).forEach((detail) => send(detail));
        })
        .catch((error: unknown) => console.warn('Analytics did not load:', error));
    });
  }

  // A link is followed by a click, a middle click, or Enter (which clicks). Each is one event.
  const onClick = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const target = event.target instanceof Element ? event.target.closest(`[${CTA_ATTR}]`) : null;
    if (!target) return;
    const detail = ctaEvent(target.getAttribute(CTA_ATTR), {
      location: target.getAttribute(CTA_LOCATION_ATTR),
      topic: target.getAttribute(CTA_TOPIC_ATTR),
    });
    if (detail) send(detail);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('auxclick', onClick, true);

  document.addEventListener('change', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'radio' || !input.closest(`[${PERIOD_TOGGLE_ATTR}]`)) {
      return;
    }
    send({ name: EVENTS.pricingPeriod, props: { period: input.value, page: location.pathname } });
  });

  window.addEventListener(TRACK_EVENT, (event) => {
    const detail = (event as CustomEvent<TrackDetail>).detail;
    if (detail?.name) send({ name: detail.name, props: detail.props });
  });

  whenIdle(load);
}
