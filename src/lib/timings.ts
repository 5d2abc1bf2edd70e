/** Timings and thresholds from the spec (section 9, "Timings and layout"): each number lives here once. */

/** The header turns translucent and compact once the page is scrolled more than this many pixels. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;

/** Reveal-on-scroll for sections: 0.6 s, 0.2 s delay, from 50 px lower, once, at 20 % visibility. */
export const REVEAL = {
  durationMs: 600,
  delayMs: 200,
  offsetPx: 50,
  threshold: 0.2,
} as const;

/** The thank-you page sends the visitor on after this delay. */
export const THANK_YOU_REDIRECT_MS = 3000;
/** ...to this page. */
export const THANK_YOU_REDIRECT_TO = '/business-whatsapp-api';

/**
 * The "Book a Free Demo" button on the landing pages shakes every 3 s while its section is at least 30 % visible
 * (never under reduced motion); one shake lasts `durationMs`.
 */
export const DEMO_SHAKE = {
  everyMs: 3000,
  visibleRatio: 0.3,
  durationMs: 600,
} as const;
