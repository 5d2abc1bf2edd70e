/**
 * When the home offer popup opens: the offer's `trigger` (src/content/offer/mega-bundle.json), which an experiment on
 * the home page may change (docs/experiments.md), and the pure rules each way of opening follows. The browser side
 * (src/browser/offer-popup.ts) feeds them what it sees: scroll positions, times and the pointer.
 *
 * - `load`: as soon as the page is shown (the default, and what the popup always did);
 * - `scroll`: once the visitor has scrolled `scrollShare` percent of the page's scrollable height;
 * - `exit`: when the visitor moves to leave. On a computer (a fine pointer: a mouse, a trackpad), the pointer leaving the window
 *   through its top edge, on its way to the tabs, the address bar or the close button. A phone has no pointer to
 *   follow, and a page cannot see a tap on the back button or a switch of apps before it happens; what it can see is
 *   a quick scroll back up after reading down the page, the gesture that brings back the browser's address bar and
 *   the way to the top, where its back button is. So on a touch screen, a scroll of at least UP_FLICK.distancePx
 *   towards the top at UP_FLICK.pxPerMs or faster, from at least a screen down the page.
 */

export const OFFER_TRIGGERS = ['load', 'scroll', 'exit'] as const;
export type OfferTrigger = (typeof OFFER_TRIGGERS)[number];

/** The scrolled share a `scroll` trigger may ask for, in whole percent. */
export const SCROLL_SHARE = { min: 10, max: 90 } as const;

/** A phone's exit intent: a scroll this far towards the top, this fast, after a screen read down the page. */
const FLICK_PX = 200;
const FLICK_PX_PER_MS = 1.5;
/** The longest pause between two scroll events of one gesture, in milliseconds. */
const FLICK_GAP_MS = 150;
export const UP_FLICK = {
  /** Pixels scrolled up within one gesture. */
  distancePx: FLICK_PX,
  /** Its speed, at least: 1.5 px per millisecond (1,500 px a second), a flick rather than a read back. */
  pxPerMs: FLICK_PX_PER_MS,
  // And it starts a screen down the page at least: someone who has not read on is not leaving it.
} as const;

/** The trigger a dialog's `data-trigger` names; anything else (missing, misspelt) opens on load, as the popup always did. */
export function triggerOf(value: string | undefined): OfferTrigger {
  return (OFFER_TRIGGERS as readonly string[]).includes(value ?? '') ? (value as OfferTrigger) : 'load';
}

/**
 * The share of the page scrolled, in percent: how far the top of the window has come down the page's scrollable
 * height. A page no taller than the window has nothing to scroll: 100.
 */
export function scrolledPercent(scrollY: number, viewportHeight: number, pageHeight: number): number {
  const scrollable = pageHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, (scrollY / scrollable) * 100));
}

/**
 * Whether a `scroll` trigger asking for `share` percent fires at this scroll position: scrolledPercent at `share` or
 * more, in one comparison (a page with nothing to scroll fires at once).
 */
export function scrolledFar(share: number, scrollY: number, viewportHeight: number, pageHeight: number): boolean {
  return scrollY * 100 >= share * (pageHeight - viewportHeight);
}

/** A pointer leaving the window: where it was last (`clientY`), and whether it went to another element of the page. */
export function leavesThroughTop(event: { clientY: number; relatedTarget: unknown }): boolean {
  return !event.relatedTarget && event.clientY <= 0;
}

/**
 * Watches a phone's scroll for the quick flick back up (UP_FLICK). `sample` takes each scroll position as it comes and
 * answers whether the flick has just happened: a run of upward scrolls (each no more than FLICK_GAP_MS after the one
 * before) covering at least `distancePx` at `pxPerMs` or faster, starting at least a screen down the page.
 * Plain numbers, no objects: it runs in the home page's script, before the visitor scrolls.
 */
export function upFlickWatcher(viewportHeight: number) {
  let lastY = Number.NaN;
  let lastAt = 0;
  let startY = 0;
  let startAt = 0;
  return {
    sample(y: number, at: number): boolean {
      // Down, still, or after a pause: any run upwards starts again from here.
      if (!(y < lastY && at - lastAt <= FLICK_GAP_MS)) {
        startY = y;
        startAt = at;
      }
      lastY = y;
      lastAt = at;
      const distance = startY - y;
      return startY >= viewportHeight && distance >= FLICK_PX && distance >= FLICK_PX_PER_MS * (at - startAt);
    },
  };
}
