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
