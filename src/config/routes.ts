/**
 * Paths that answer with another page: the route table's own spellings (/Yoga, /ai-Web-builder) and the WhatsApp
 * landing page's extra routes. Each points at its canonical path; aliases stay out of the sitemap.
 */
export const ALIASES: Record<string, string> = {
  '/Yoga': '/yoga',
  '/ai-Web-builder': '/ai-web-builder',
  '/whatsapp-business-api': '/business-whatsapp-api',
  '/business-whatsapp-management': '/business-whatsapp-api',
  '/business-whatsapp-managements': '/business-whatsapp-api',
  '/whatsapp-business-management': '/business-whatsapp-api',
};

/** Pages that are not for search engines. */
export const UNLISTED = ['/thank-you', '/404'];

/** The sitemap's filter: canonical, listed pages only. */
export function inSitemap(url: string): boolean {
  const path = new URL(url).pathname.replace(/\/$/, '') || '/';
  return !(path in ALIASES) && !UNLISTED.includes(path);
}

/**
 * The one URL form of a page (build.format 'file', trailingSlash 'never'): no trailing slash, no `.html`, no `index`,
 * each segment percent-encoded as encodeURIComponent does, the form links, the feed and the sitemap use. During the
 * build Astro.url.pathname names the file ("/pricing.html", "/blog/caf%C3%A9.html"): canonical URLs and the header's
 * current link are computed from it through this.
 */
export function pagePath(pathname: string): string {
  const path = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '/')
    .replace(/\/+$/, '');
  const encode = (segment: string) => {
    try {
      return encodeURIComponent(decodeURIComponent(segment));
    } catch {
      return segment;
    }
  };
  return path.split('/').map(encode).join('/') || '/';
}

/** A page URL (a sitemap entry) in the one URL form of pagePath, on its own origin. */
export function pageUrl(url: string): string {
  const parsed = new URL(url);
  return parsed.origin + pagePath(parsed.pathname);
}
