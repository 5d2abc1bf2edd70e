/**
 * The brand font for the pages after a first visit's first page (the brand font gate): once this page has loaded, it
 * asks for the font, so that the next page finds it in the cache and paints in it from its first frame. A page already
 * set in it has asked for it with its first paint. A font that fails to load leaves the fallback in place.
 */
import { BRAND_FONT_ATTR } from '../lib/brand-font-gate';

export function warmBrandFont(): void {
  if (!document.documentElement.hasAttribute(BRAND_FONT_ATTR)) {
    addEventListener('load', () =>
      setTimeout(() => {
        document.fonts.load('1em "Plus Jakarta Sans"').catch(() => 0);
      }),
    );
  }
}
