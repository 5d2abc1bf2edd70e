/**
 * The home hero's mockup (src/components/home/HomeHero.astro) grows and its screenshot slides on as the page scrolls: two
 * CSS variables, set at most once a frame. Nothing moves under reduced motion.
 */
import { heroScale, mockupSlidePercent } from '../lib/hero';

export function setupHeroMockup(): void {
  const mockup = document.querySelector<HTMLElement>('[data-hero-mockup]');
  if (mockup && !window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    let queued = false;
    const apply = () => {
      queued = false;
      const y = window.scrollY;
      mockup.style.setProperty('--hero-slide', String(mockupSlidePercent(y)));
      mockup.style.setProperty('--hero-scale', String(heroScale(y)));
    };
    window.addEventListener(
      'scroll',
      () => {
        if (queued) return;
        queued = true;
        requestAnimationFrame(apply);
      },
      { passive: true },
    );
    apply();
  }
}
