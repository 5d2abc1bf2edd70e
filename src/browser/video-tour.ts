/**
 * The home page's video tour (src/components/home/VideoTour.astro): the muted preview plays only while enough of it is
 * in view (never under reduced motion), its still hidden once it plays; the play button, shown only once this runs,
 * opens the full-screen dialog, and closing it resumes the preview if it is still in view.
 */
import { VIDEO_VISIBLE_SHARE } from '../lib/timings';

export function setupVideoTour(): void {
  const video = document.querySelector<HTMLVideoElement>('[data-tour-video]');
  const dialog = document.querySelector<HTMLDialogElement>('[data-tour-dialog]');
  const modalVideo = document.querySelector<HTMLVideoElement>('[data-tour-modal-video]');
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  const poster = document.querySelector<HTMLImageElement>('[data-tour-poster]');
  video?.addEventListener('playing', () => poster?.setAttribute('hidden', ''), { once: true });
  if (video && !still && 'IntersectionObserver' in window) {
    new IntersectionObserver(
      ([entry]) => {
        if (entry && entry.intersectionRatio >= VIDEO_VISIBLE_SHARE && !dialog?.open) {
          video.play().catch(() => undefined);
        } else {
          video.pause();
        }
      },
      { threshold: [0, VIDEO_VISIBLE_SHARE] },
    ).observe(video);
  }

  // The play button needs this script, so it only shows once the script runs.
  const opener = document.querySelector<HTMLButtonElement>('[data-tour-open]');
  if (dialog && modalVideo && opener) {
    opener.hidden = false;
    opener.addEventListener('click', () => {
      video?.pause();
      dialog.showModal();
      modalVideo.play().catch(() => undefined);
    });
    document.querySelector('[data-tour-close]')?.addEventListener('click', () => dialog.close());
    // A click on the backdrop lands on the dialog itself; clicks on the video or its frame do not close it.
    dialog.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      if (target === dialog || target === dialog.firstElementChild) dialog.close();
    });
    dialog.addEventListener('close', () => {
      modalVideo.pause();
      const box = video?.getBoundingClientRect();
      const visible = box ? Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)) / box.height : 0;
      if (video && !still && visible >= VIDEO_VISIBLE_SHARE) video.play().catch(() => undefined);
    });
  }
}
