/**
 * A hyphenated compound ("One-on-one", "first-come", "non-members") never breaks across two lines: a break after its
 * hyphen leaves "One-on-" at the end of one line and "one sessions" at the start of the next, which reads as two
 * words. The browser may break after any hyphen and CSS has no property against it, so each compound in the text is
 * wrapped in a span that does not wrap (COMPOUND_CLASS); the text itself keeps its plain hyphen, for search, copying
 * and screen readers alike. Pure functions over text and markup:
 *
 * - keepCompoundsWhole: a built page's markup, every text outside what must stay as it is (scripts, styles, titles,
 *   options, preformatted text, SVG, and the React islands, whose text their script renders again: they use compoundParts);
 * - compoundParts: a text split into its plain runs and its compounds, for an island to render the same spans.
 *
 * The build applies the first to every page (src/integrations/keep-compounds.ts), the blog's runtime fallback to a
 * post it fetches; the layout check (scripts/layout-rules.mjs, "split-compound") finds any compound still broken.
 */
import { readStartTag } from './html-scan';

/** Letters or digits joined by hyphens (a hyphen-minus or U+2010). */
export const COMPOUND = /[\p{L}\p{N}]+(?:[-\u2010][\p{L}\p{N}]+)+/gu;

/**
 * The class that keeps a compound on one line: Tailwind's `whitespace-nowrap`, which the stylesheet holds because it
 * is written here (Tailwind reads src/lib for class names).
 */
export const COMPOUND_CLASS = 'whitespace-nowrap';

/** A text's runs: plain text, and compounds to keep whole. */
export function compoundParts(text: string): { text: string; compound: boolean }[] {
  const parts: { text: string; compound: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(COMPOUND)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), compound: false });
    parts.push({ text: match[0], compound: true });
    last = match.index + match[0].length;
  }
  if (last < text.length || !parts.length) parts.push({ text: text.slice(last), compound: false });
  return parts;
}

/** Elements whose content is never markup: their text stays as it is (and is never read for tags). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

/**
 * Elements whose text stays as it is: a span is not allowed in an option, preformatted text keeps its own lines, an
 * SVG's text is drawn (not laid out in lines), and an island's text is rendered again by its script, which must find the markup
 * it renders (it keeps compounds whole itself, with compoundParts).
 */
const LEFT_AS_IS = new Set(['option', 'select', 'datalist', 'pre', 'svg', 'math', 'astro-island']);

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** A text run of markup (entities and all) with each compound wrapped. */
function wrapText(text: string): string {
  return text.replace(COMPOUND, (compound) => `<span class="${COMPOUND_CLASS}">${compound}</span>`);
}

/**
 * The markup with every compound of its text wrapped in a span that does not wrap; everything else byte for byte.
 * Text inside RAW_TEXT and LEFT_AS_IS elements, comments, attributes and tags themselves are not touched.
 */
export function keepCompoundsWhole(html: string): string {
  let out = '';
  let i = 0;
  /** Open LEFT_AS_IS elements, innermost last: their text stays as it is. */
  const kept: string[] = [];
  const lower = html.toLowerCase();
  while (i < html.length) {
    const open = html.indexOf('<', i);
    const textEnd = open < 0 ? html.length : open;
    if (textEnd > i) {
      const text = html.slice(i, textEnd);
      out += kept.length ? text : wrapText(text);
    }
    if (open < 0) break;
    const next = html[open + 1] ?? '';
    let end: number;
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      end = close < 0 ? html.length : close + 3;
    } else if (next === '!' || next === '?') {
      const close = html.indexOf('>', open + 2);
      end = close < 0 ? html.length : close + 1;
    } else if (next === '/' && /[a-zA-Z]/.test(html[open + 2] ?? '')) {
      const tag = readStartTag(html, open + 1);
      end = tag.end;
      if (kept.at(-1) === tag.name) kept.pop();
    } else if (/[a-zA-Z]/.test(next)) {
      const tag = readStartTag(html, open);
      end = tag.end;
      const selfClosing = html[tag.end - 2] === '/';
      if (RAW_TEXT.has(tag.name)) {
        const close = lower.indexOf(`</${tag.name}`, tag.end);
        end = close < 0 ? html.length : close;
      } else if (LEFT_AS_IS.has(tag.name) || kept.length) {
        // Inside a kept element, every element of its name is tracked, so that its own end tag is found.
        if (!selfClosing && !VOID.has(tag.name) && (LEFT_AS_IS.has(tag.name) || kept.includes(tag.name))) {
          kept.push(tag.name);
        }
      }
    } else {
      // A "<" that opens no tag is text.
      out += '<';
      i = open + 1;
      continue;
    }
    out += html.slice(open, end);
    i = end;
  }
  return out;
}
