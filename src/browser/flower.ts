/**
 * The WhatsApp landing hero flower turns a fixed number of degrees on every scroll event: scrolling down adds, up
 * subtracts. Nothing moves under prefers-reduced-motion.
 */
import { FLOWER_DEGREES_PER_SCROLL } from '../lib/timings';

export function setupFlower(): void {
  const flower = document.querySelector<HTMLElement>('[data-flower]');
  if (!flower || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  let angle = 0;
  let lastY = window.scrollY;
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      if (y === lastY) return;
      angle += y > lastY ? FLOWER_DEGREES_PER_SCROLL : -FLOWER_DEGREES_PER_SCROLL;
      lastY = y;
      flower.style.transform = `rotate(${angle}deg)`;
      flower.dataset.rotation = String(angle);
    },
    { passive: true },
  );
}
