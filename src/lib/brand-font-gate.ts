/**
 * When a page may ask for the brand font. A first visit's first page never does before its largest paint: it is set
 * in the fallback faces, sized to take the brand font's room, and asks for the font once it has loaded, for the pages
 * after it (warmBrandFont). A page reached from another page of the site, or reloaded, finds the font in the cache and
 * is set in it from its first paint. On a slow phone network the font would otherwise share the round trip after the
 * document with the stylesheet, and the largest paint would wait for both.
 *
 * Which kind of page view it is can only be known in the browser, before the first paint: the one inline script of
 * the pages (BRAND_FONT_SCRIPT) sets BRAND_FONT_ATTR on the root element, and the stylesheet names the brand family
 * only under it. The Content-Security-Policy allows that script by its hash and no other inline script.
 */
export const BRAND_FONT_ATTR = 'data-brand-font';

/**
 * The inline script, as written into each page's head: it reads the referrer (a page of this origin) and the kind of
 * navigation (a reload), nothing stored. It must stay plain ES5 and never throw.
 */
export const BRAND_FONT_SCRIPT =
  'try{(!document.referrer.indexOf(location.origin+"/")||performance.getEntriesByType("navigation")[0].type=="reload")' +
  `&&document.documentElement.setAttribute("${BRAND_FONT_ATTR}","")}catch(e){}`;
