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

/** The WhatsApp landing page hero flower turns this many degrees per scroll event (down adds, up subtracts). */
export const FLOWER_DEGREES_PER_SCROLL = 2;

/** Home revenue calculators: the total highlights for 600 ms when it changes; the WhatsApp revenue for 400 ms. */
export const ROI_TOTAL_HIGHLIGHT_MS = 600;
export const WHATSAPP_REVENUE_HIGHLIGHT_MS = 400;

/** The offer countdown ticks every second. */
export const COUNTDOWN_TICK_MS = 1000;
