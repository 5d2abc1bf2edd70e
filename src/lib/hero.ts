/** The home hero's scroll effects as pure functions of the page's scroll offset (pixels). */
import { HERO_SCROLL } from './timings';

/** How far the mockup's screenshot has slid in, 0-100 (percent). */
export function mockupSlidePercent(scrollY: number): number {
  const value = Math.max(0, scrollY) / HERO_SCROLL.slideDivisor;
  return Math.min(HERO_SCROLL.slideMaxPercent, value);
}

/** Scale of the hero image: 1 at the top, growing with scroll, capped. */
export function heroScale(scrollY: number): number {
  return Math.min(HERO_SCROLL.zoomCap, 1 + Math.max(0, scrollY) / HERO_SCROLL.zoomDivisor);
}
