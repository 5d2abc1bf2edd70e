/**
 * Reveal-on-scroll for `[data-reveal]` sections: fade and slide in once when 20 % visible (a section too tall for that:
 * once it fills 20 % of the viewport; src/lib/reveal.ts). Content stays visible when scripts do not run (the hidden
 * state needs html.js) and under prefers-reduced-motion (the CSS never hides it).
 */
import { revealThresholds, shouldReveal } from '../lib/reveal';
import { REVEAL } from '../lib/timings';

export function setupReveal(): void {
  const root = document.documentElement;
  root.style.setProperty('--reveal-offset', `${REVEAL.offsetPx}px`);
  const targets = [...document.querySelectorAll<HTMLElement>('[data-reveal]')];
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduced || !('IntersectionObserver' in window)) {
    targets.forEach((el) => el.setAttribute('data-revealed', ''));
    root.classList.add('js');
    return;
  }

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const viewport = entry.rootBounds?.height ?? window.innerHeight;
        if (!shouldReveal(entry.intersectionRect.height, entry.boundingClientRect.height, viewport)) continue;
        const el = entry.target as HTMLElement;
        // Transition only the reveal (the after-change style's transition applies); the initial hide is instant.
        el.style.transition = `opacity ${REVEAL.durationMs}ms ease-out ${REVEAL.delayMs}ms, transform ${REVEAL.durationMs}ms ease-out ${REVEAL.delayMs}ms`;
        el.setAttribute('data-revealed', '');
        observer.unobserve(entry.target);
      }
    },
    { threshold: revealThresholds() },
  );

  for (const el of targets) {
    // Already on screen when the script runs: keep it as it is rather than hide it and animate it back.
    if (el.getBoundingClientRect().top < window.innerHeight) {
      el.setAttribute('data-revealed', '');
      continue;
    }
    observer.observe(el);
  }
  root.classList.add('js');
}
