// Which font files a first visit to a page loads, read from the page and its stylesheet as a browser decides it, for the
// budgets (scripts/budgets.mjs). A face without a unicode-range (the brand font) is loaded on every page. A face with one
// (the Devanagari typeface) is loaded only for a character of its range that the page writes in its family: when the
// stylesheet names the family for every page, or for the page's language (a rule for `:root:lang(hi)`), and the page's
// text has a character of the range. So an English page that writes a Hindi word (the language's own name in a link)
// does not count the Devanagari file: its font stack does not name that family.

/**
 * @typedef {{ family: string, urls: string[], ranges: [number, number][] | null }} Face
 * `ranges`: the unicode-range, null when the face has none.
 */

/** @param {string} value a font-family name as written in CSS, quoted or not */
const unquote = (value) => value.trim().replace(/^(["'])(.*)\1$/, '$2');

/**
 * A unicode-range as code point ranges: U+0900-097F, U+0020, U+4?? (wildcards).
 * @param {string} value
 * @returns {[number, number][]}
 */
function parseRange(value) {
  return value.split(',').map((part) => {
    const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
    if (to !== undefined) return [parseInt(from, 16), parseInt(to.replace(/^U\+/i, ''), 16)];
    return [parseInt(from.replace(/\?/g, '0'), 16), parseInt(from.replace(/\?/g, 'F'), 16)];
  });
}

/**
 * The @font-face rules of a stylesheet.
 * @param {string} css
 * @returns {Face[]}
 */
export function fontFaces(css) {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => {
    const family = unquote(/font-family\s*:\s*([^;]+)/.exec(body)?.[1] ?? '');
    const urls = [...body.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map(([, url = '']) => url);
    const range = /unicode-range\s*:\s*([^;]+)/.exec(body)?.[1];
    return { family, urls, ranges: range ? parseRange(range) : null };
  });
}

/**
 * The languages whose pages name a family in their font stack: null for every page (a rule with no :lang() in its
 * selector names it), else the languages of the `:lang()` rules that do.
 * @param {string} css
 * @param {string} family
 * @returns {Set<string> | null}
 */
function languagesNaming(css, family) {
  const named = new RegExp(`(["'])${family.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`);
  /** @type {Set<string>} */
  const languages = new Set();
  for (const [, selector = '', body = ''] of css.replace(/@font-face\s*{[^}]*}/g, '').matchAll(/([^{}]+){([^{}]*)}/g)) {
    if (!named.test(body)) continue;
    const langs = [...selector.matchAll(/:lang\(\s*([\w-]+)\s*\)/g)].map(([, lang = '']) => lang.toLowerCase());
    if (!langs.length) return null;
    for (const lang of langs) languages.add(lang);
  }
  return languages;
}

/**
 * The text a page shows: its HTML without scripts, styles, comments and tags, entities left as they are (a character
 * of a non-Latin range is written as itself).
 * @param {string} html
 */
const pageText = (html) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ');

/**
 * The URLs (as the stylesheet writes them) of the faces a first visit to the page loads.
 * @param {string} css the page's stylesheet
 * @param {string} html the page
 * @returns {string[]}
 */
export function facesLoaded(css, html) {
  const lang = (/<html[^>]*\slang="([^"]*)"/i.exec(html)?.[1] ?? '').toLowerCase();
  const matches = (/** @type {string} */ tag) => lang === tag || lang.startsWith(`${tag}-`);
  const text = pageText(html);
  return fontFaces(css).flatMap((face) => {
    if (face.ranges === null) return face.urls;
    const languages = languagesNaming(css, face.family);
    if (languages !== null && ![...languages].some(matches)) return [];
    const ranges = face.ranges;
    const writes = [...text].some((c) => {
      const point = /** @type {number} */ (c.codePointAt(0));
      return ranges.some(([from, to]) => point >= from && point <= to);
    });
    return writes ? face.urls : [];
  });
}
