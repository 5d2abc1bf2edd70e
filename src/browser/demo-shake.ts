/**
 * The "Book a Free Demo" nudge: the demo link (`data-cta="demo"`) shakes every DEMO_SHAKE.everyMs while the section
 * marked `data-demo-shake-zone` around it is at least DEMO_SHAKE.visibleRatio visible, and stops as soon as the section
 * drops below that. Nothing moves under prefers-reduced-motion, nor while the visitor points at or focuses the button.
 */
import { DEMO_SHAKE } from '../lib/timings';

export function setupDemoShake(): void {
  if (!('IntersectionObserver' in window)) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');

  for (const zone of document.querySelectorAll<HTMLElement>('[data-demo-shake-zone]')) {
    const button = zone.querySelector<HTMLElement>('[data-cta="demo"]');
    if (!button) continue;
    button.style.setProperty('--demo-shake-ms', `${DEMO_SHAKE.durationMs}ms`);

    let visible = false;
    let interval: number | undefined;
    let settle: number | undefined;

    const rest = () => {
      window.clearTimeout(settle);
      button.removeAttribute('data-shaking');
    };
    const shake = () => {
      if (reduced.matches || button.matches(':hover, :focus-visible')) return;
      rest();
      void button.offsetWidth; // restart the animation if a previous shake is still running
      button.setAttribute('data-shaking', '');
      settle = window.setTimeout(rest, DEMO_SHAKE.durationMs);
    };
    const update = () => {
      const run = visible && !reduced.matches;
      if (run && interval === undefined) {
        interval = window.setInterval(shake, DEMO_SHAKE.everyMs);
      } else if (!run && interval !== undefined) {
        window.clearInterval(interval);
        interval = undefined;
        rest();
      }
    };

    new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          visible = entry.isIntersecting && entry.intersectionRatio >= DEMO_SHAKE.visibleRatio;
        update();
      },
      { threshold: [0, DEMO_SHAKE.visibleRatio] },
    ).observe(zone);
    reduced.addEventListener('change', update);
  }
}
