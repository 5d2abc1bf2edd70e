/**
 * The one sanitising policy for the blog's rich text, used at build time (DOMPurify over jsdom,
 * src/data/blog/sanitize-server.ts) and in the browser (the runtime fallback on the 404 page). Explicit allow-lists: anything not named here is
 * removed, so no script, event handler, `javascript:`/`data:` URL, form, frame, SVG or MathML element survives.
 */
import type { Config, DOMPurify } from 'dompurify';

/** Tags of the full description: text formatting, headings, lists, quotes, code, tables, links and images. */
export const RICH_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small',
  'sub', 'sup', 'span', 'div', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
] as const; // prettier-ignore

/** Attributes of the full description: the inline style, plus what links, images and table cells need to work. */
export const RICH_ATTRIBUTES = [
  'style',
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
] as const;

/** The short description (list cards) is inline text formatting with only the `style` attribute. */
export const SHORT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'mark',
  'small',
  'sub',
  'sup',
  'span',
] as const;
export const SHORT_ATTRIBUTES = ['style'] as const;

/**
 * CSS properties an inline style may set: colour, background colour, font weight and style, text decoration and
 * alignment. Nothing that sizes, moves or positions a box (width, height, margins, position, transforms...), so no
 * style can take text out of the article or cover the page.
 */
export const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'font-weight',
  'font-style',
  'text-decoration',
  'text-decoration-line',
  'text-decoration-style',
  'text-decoration-color',
  'text-align',
]);

/**
 * Web, mail and phone links; values without a scheme (relative paths, fragments, and the plain values of attributes
 * such as width, which DOMPurify checks with the same expression) pass. Every other scheme is dropped.
 */
export const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * A path-relative URL ("x", "./x", "../x"): no scheme, and not from the site's root, a query or a fragment. In a post
 * it would resolve against the post's own URL, which the site's URL form decides and the API's author never saw, so
 * it points at nothing (an image "x" on /blog/{id} asks for /blog/x). Such href and src values are dropped.
 */
export const PATH_RELATIVE_URL = /^\s*(?![a-z][a-z\d+.-]*:)[^/?#\s]/i;

/** The rel every link opened in a new tab carries: no handle on this page, no referrer, no endorsement. */
export const LINK_REL = 'noopener noreferrer nofollow ugc';

/** Values that could load or run something, or reopen the declaration list: functions that fetch, escapes, quotes. */
const UNSAFE_CSS_VALUE =
  /url\s*\(|image-set\s*\(|expression\s*\(|javascript:|[\\<>"'`{}]|\/\*|@import|behavior|-moz-binding/i;

/** Keeps the declarations whose property is allowed and whose value cannot load or run anything. */
export function filterStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon <= 0) return false;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return STYLE_PROPERTIES.has(property) && value.length > 0 && !UNSAFE_CSS_VALUE.test(value);
    })
    .join('; ');
}

const base: Config = {
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  RETURN_DOM: false,
  RETURN_DOM_FRAGMENT: false,
  KEEP_CONTENT: true,
  FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'svg', 'math', 'template', 'noscript'],
};

const RICH: Config = { ...base, ALLOWED_TAGS: [...RICH_TAGS], ALLOWED_ATTR: [...RICH_ATTRIBUTES] };
const SHORT: Config = { ...base, ALLOWED_TAGS: [...SHORT_TAGS], ALLOWED_ATTR: [...SHORT_ATTRIBUTES] };
const TEXT: Config & { RETURN_DOM_FRAGMENT: true } = {
  ...base,
  ALLOWED_TAGS: [...RICH_TAGS],
  ALLOWED_ATTR: [],
  RETURN_DOM_FRAGMENT: true,
};

/** Elements whose edges separate words in the plain text (a paragraph, a list item, a line break...). */
const BLOCKS = new Set([
  'P', 'BR', 'HR', 'H2', 'H3', 'H4', 'H5', 'H6', 'DIV', 'BLOCKQUOTE', 'PRE', 'UL', 'OL', 'LI', 'FIGURE', 'FIGCAPTION',
  'TABLE', 'CAPTION', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TH', 'TD',
]); // prettier-ignore

/** The text a reader sees in a sanitised fragment, words of separate blocks kept apart, whitespace collapsed. */
function textOf(fragment: Node): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    const block = node.nodeType === 1 && BLOCKS.has(node.nodeName);
    if (block) parts.push(' ');
    node.childNodes.forEach(walk);
    if (block) parts.push(' ');
  };
  walk(fragment);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

export interface Sanitizer {
  /** The full description: RICH_TAGS and RICH_ATTRIBUTES; links to other sites open in a new tab with LINK_REL. */
  rich(html: string): string;
  /** The short description: SHORT_TAGS and only the style attribute. */
  short(html: string): string;
  /**
   * The plain text of rich text as a reader sees it (for meta descriptions, JSON-LD and the feed): taken from the
   * sanitised markup's text content, so an escaped `&lt;script&gt;` stays the text "<script>" and is escaped again
   * wherever it is printed. It never becomes markup.
   */
  text(html: string): string;
}

const prepared = new WeakSet<object>();

function addHooks(purify: DOMPurify): void {
  if (prepared.has(purify)) return;
  prepared.add(purify);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') {
      const kept = filterStyle(data.attrValue);
      if (kept) data.attrValue = kept;
      else data.keepAttr = false;
    }
    const url = data.attrName === 'href' || data.attrName === 'src';
    if (url && (/^\s*data:/i.test(data.attrValue) || PATH_RELATIVE_URL.test(data.attrValue))) {
      data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^https?:/i.test(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', LINK_REL);
      }
    } else if (node.nodeName === 'IMG') {
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
}

/** Binds the policy to a DOMPurify instance (the browser's, or one over a server-side window). */
export function createSanitizer(purify: DOMPurify): Sanitizer {
  addHooks(purify);
  return {
    rich: (html) => purify.sanitize(html, RICH) as string,
    short: (html) => purify.sanitize(html, SHORT) as string,
    text: (html) => textOf(purify.sanitize(html, TEXT)),
  };
}
