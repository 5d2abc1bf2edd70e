/**
 * The home page's tour video's length, read from its files in public/ when the site is built: the copy states it
 * through the {seconds} slot of its title (src/content/home/home.json, `video.title`), never by hand.
 */
import { readFileSync } from 'node:fs';
import { mp4Seconds, mp4Size, TOUR_VIDEO, webmSeconds } from '../lib/media';

/** A file of public/ by its address on the site, read from the project folder the build runs in. */
const bytesOf = (path: string) => new Uint8Array(readFileSync(`public${path}`));

/** The tour's length in whole seconds; the build stops if its two files are not the same length. */
export function tourSeconds(): number {
  const mp4 = mp4Seconds(bytesOf(TOUR_VIDEO.mp4));
  const webm = webmSeconds(bytesOf(TOUR_VIDEO.webm));
  if (Math.abs(mp4 - webm) >= 0.5) {
    throw new Error(`public${TOUR_VIDEO.mp4} lasts ${mp4} s but public${TOUR_VIDEO.webm} ${webm} s: the same video?`);
  }
  return Math.round(mp4);
}

/** The tour's frame size in pixels, read from its file: the page's video elements say it, so they take its shape. */
export const tourSize = () => mp4Size(bytesOf(TOUR_VIDEO.mp4));
