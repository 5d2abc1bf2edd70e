/** Timings and thresholds of the site's motion and layout (product rules): each number lives here once. */

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

/** Testimonials: the mobile flip carousel (scroll snapping) and the desktop marquee. */
export const TESTIMONIALS = {
  /** The carousel moves on by one card this often. */
  autoplayMs: 2000,
  /** One move of the carousel (auto-play) slides for this long, easing out; a swipe moves as the finger does. */
  slideMs: 500,
  /** The first time the carousel is this visible (share of its box)... */
  hintThreshold: 0.6,
  /** ...the current card flips to its quote for this long. */
  hintFlipMs: 1800,
  /** Auto-play waits this long after a click that flips a card. */
  clickPauseMs: 1000,
  /** Cards in view: one. The carousel shows below 1024 px only; from there every quote is on the screen at once. */
  cardsInView: 1,
  /** The desktop marquee repeats its list of cards this many times. */
  marqueeRepeats: 4,
  /** Marquee speed: one full pass of the list takes this many seconds per card. */
  marqueeSecondsPerCard: 8,
} as const;

/** Home hero scroll effects (product rule: the mockup slides by scroll / 5, 0-100 %; zooms 1 + scroll / 1000, cap 1.3). */
export const HERO_SCROLL = {
  /** The screenshot in the browser mockup slides by the scroll offset divided by this, in percent... */
  slideDivisor: 5,
  /** ...never beyond this percentage. */
  slideMaxPercent: 100,
  /** The hero image grows by the scroll offset divided by this... */
  zoomDivisor: 1000,
  /** ...up to this scale. */
  zoomCap: 1.3,
} as const;

/** The home tour video plays (muted, looping) only while at least this share of it is in view. */
export const VIDEO_VISIBLE_SHARE = 0.5;

/** Home feature showcase: the active entry moves on this often (wrapping)... */
export const SHOWCASE_ADVANCE_MS = 4000;
/** ...and a tab or arrow click holds auto-advance for this long before it resumes. */
export const SHOWCASE_PAUSE_MS = 8000;
/**
 * The "Book a Free Demo" button on the landing pages shakes every 3 s while its section is at least 30 % visible
 * (never under reduced motion); one shake lasts `durationMs`.
 */
export const DEMO_SHAKE = {
  everyMs: 3000,
  visibleRatio: 0.3,
  durationMs: 600,
} as const;
