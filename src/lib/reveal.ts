/** When a section fades in: the rule of src/browser/reveal.ts as pure functions of what the viewport shows. */
import { REVEAL } from './timings';

/**
 * A section reveals once 20 % of it is in view (product rule, REVEAL.threshold). A section more than five viewports
 * tall can never be 20 % in view: it reveals once its visible part fills 20 % of the viewport instead, so no section
 * stays hidden on a small screen.
 */
export function shouldReveal(visibleHeight: number, sectionHeight: number, viewportHeight: number): boolean {
  if (visibleHeight <= 0 || sectionHeight <= 0) return false;
  const share = REVEAL.threshold;
  return visibleHeight >= share * sectionHeight || visibleHeight >= share * viewportHeight;
}

/** Intersection thresholds fine enough to notice either condition of shouldReveal: every 1 % up to the share. */
export function revealThresholds(): number[] {
  const steps = Math.round(REVEAL.threshold * 100);
  return Array.from({ length: steps + 1 }, (_, i) => i / 100);
}
