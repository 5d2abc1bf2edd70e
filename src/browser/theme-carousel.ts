/**
 * The AI web builder's theme carousel: a scroll-snap list moved by the previous/next buttons (and by the keyboard on
 * the focused list), and "Use Theme" buttons that only say which theme was picked. The message is the carousel's
 * `data-theme-picked` (from content), its "{theme}" slot filled with the theme's name.
 */
import { fillSlots } from '../lib/brand';

export function setupThemeCarousel(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-theme-carousel]')) {
    const track = root.querySelector<HTMLElement>('[data-theme-track]');
    if (!track) continue;
    const step = () => root.querySelector<HTMLElement>('[data-theme-card]')?.getBoundingClientRect().width ?? 300;
    const smooth = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    root.querySelector('[data-theme-prev]')?.addEventListener('click', () => {
      track.scrollBy({ left: -step(), behavior: smooth });
    });
    root.querySelector('[data-theme-next]')?.addEventListener('click', () => {
      track.scrollBy({ left: step(), behavior: smooth });
    });
    const message = root.dataset.themePicked ?? '';
    for (const button of root.querySelectorAll<HTMLButtonElement>('[data-use-theme]')) {
      button.addEventListener('click', () =>
        window.alert(fillSlots(message, { theme: button.dataset.useTheme ?? '' })),
      );
    }
  }
}
