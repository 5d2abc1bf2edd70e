/**
 * A small HTML tag scanner: it finds start tags, their attributes (quoted or not) and their positions, and steps over
 * comments and end tags the way the HTML parser does, without building a document. Two uses:
 *   - scriptElements: the build's check that no page holds an inline script the project did not write;
 *   - stripEventHandlers: the browser fallback's first pass over blog rich text, before any parser sees it.
 * It never decides on its own what is safe to show: DOMPurify does that.
 */

export interface Attribute {
  /** Lower-cased name. */
  name: string;
  value: string;
  /** From the whitespace before the name to the end of the value. */
  start: number;
  end: number;
}

export interface StartTag {
  /** Lower-cased name. */
  name: string;
  start: number;
  /** Just past the closing `>`. */
  end: number;
  attrs: Attribute[];
}

export interface ScriptElement {
  /** Offsets of the whole element, from `<script` to the end of `</script>`. */
  start: number;
  end: number;
  /** Attributes of the start tag, first occurrence of each name. */
  attrs: Record<string, string>;
  body: string;
}

/** Elements whose content is raw text, never tags, in an HTML document with scripting on (as pages are built). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

/** Script types that hold data, not code: JSON-LD and JSON blocks are never run. */
export const DATA_SCRIPT_TYPES = new Set(['application/ld+json', 'application/json']);

const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
const isLetter = (c: string | undefined) => c !== undefined && /[a-zA-Z]/.test(c);

/** The start tag that opens at `open` (where `html[open]` is `<` followed by a letter). */
export function readStartTag(html: string, open: number): StartTag {
  let j = open + 1;
  while (j < html.length && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>') j++;
  const name = html.slice(open + 1, j).toLowerCase();
  const attrs: Attribute[] = [];
  while (j < html.length && html[j] !== '>') {
    const gap = j;
    while (isSpace(html[j]) || html[j] === '/') j++;
    if (j >= html.length || html[j] === '>') break;
    const nameStart = j;
    // An attribute name runs to whitespace, "/", ">" or "=" (a leading "=" belongs to the name).
    j++;
    while (j < html.length && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>' && html[j] !== '=') j++;
    const attrName = html.slice(nameStart, j).toLowerCase();
    let k = j;
    while (isSpace(html[k])) k++;
    let value = '';
    if (html[k] === '=') {
      k++;
      while (isSpace(html[k])) k++;
      const quote = html[k];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, k + 1);
        const stop = close < 0 ? html.length : close;
        value = html.slice(k + 1, stop);
        k = Math.min(stop + 1, html.length);
      } else {
        const valueStart = k;
        while (k < html.length && !isSpace(html[k]) && html[k] !== '>') k++;
        value = html.slice(valueStart, k);
      }
      j = k;
    }
    attrs.push({ name: attrName, value, start: gap, end: j });
  }
  return { name, start: open, end: Math.min(j + 1, html.length), attrs };
}

/** Where a comment that opens at `open` ends: at "-->" or "--!>", including the short forms "<!-->" and "<!--->". */
function commentEnd(html: string, open: number): number {
  const a = html.indexOf('-->', open + 2);
  const b = html.indexOf('--!>', open + 2);
  const ends = [a < 0 ? Infinity : a + 3, b < 0 ? Infinity : b + 4];
  const end = Math.min(...ends);
  return end === Infinity ? html.length : end;
}

/**
 * Calls `onTag` for every start tag in document order. With `rawText`, the content of raw-text elements (script,
 * style...) is skipped as the page's parser skips it; `onTag` may return how far to skip after the tag.
 */
function scan(html: string, onTag: (tag: StartTag) => number | void, rawText: boolean): void {
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf('<', i);
    if (open < 0) return;
    const next = html[open + 1];
    if (html.startsWith('<!--', open)) {
      i = commentEnd(html, open);
    } else if (next === '!' || next === '?' || (next === '/' && !isLetter(html[open + 2]))) {
      // Doctype and bogus comments run to the next ">".
      const close = html.indexOf('>', open + 2);
      i = close < 0 ? html.length : close + 1;
    } else if (next === '/') {
      // An end tag; its attributes (the parser reads and ignores them) may hold a quoted ">".
      i = readStartTag(html, open + 1).end;
    } else if (isLetter(next)) {
      const tag = readStartTag(html, open);
      const skipTo = onTag(tag);
      i = typeof skipTo === 'number' ? skipTo : tag.end;
      if (rawText && RAW_TEXT.has(tag.name) && typeof skipTo !== 'number') {
        const close = html.toLowerCase().indexOf(`</${tag.name}`, tag.end);
        i = close < 0 ? html.length : close;
      }
    } else {
      i = open + 1;
    }
  }
}

/** Every <script> element of a built page, in document order. */
export function scriptElements(html: string): ScriptElement[] {
  const found: ScriptElement[] = [];
  const lower = html.toLowerCase();
  scan(
    html,
    (tag) => {
      if (tag.name !== 'script') return;
      const close = lower.indexOf('</script', tag.end);
      const bodyEnd = close < 0 ? html.length : close;
      const end = close < 0 ? html.length : readStartTag(html, close + 1).end;
      const attrs: Record<string, string> = {};
      for (const attr of tag.attrs) if (!(attr.name in attrs)) attrs[attr.name] = attr.value;
      found.push({ start: tag.start, end, attrs, body: html.slice(tag.end, bodyEnd) });
      return end;
    },
    true,
  );
  return found;
}

/** A script element the browser would run from its own text: no `src`, and a type that is not a data type. */
export function isInlineExecutable(script: ScriptElement): boolean {
  if ('src' in script.attrs) return false;
  const type = (script.attrs.type ?? '').trim().toLowerCase();
  return !DATA_SCRIPT_TYPES.has(type);
}

/**
 * The markup without event handler attributes (`on...`) and without `<base>` elements, every other byte kept. Any
 * parser working inside a page (DOMPurify's included) would otherwise meet them in a document that carries the page's
 * Content-Security-Policy, and the browser reports each one as a violation although nothing runs. Content is read as
 * markup everywhere (a parser without scripting reads `<noscript>` content as tags, and SVG reads `<style>` content
 * as tags), so this pass sees at least every tag a parser will.
 */
export function stripEventHandlers(html: string): string {
  const cuts: [number, number][] = [];
  scan(
    html,
    (tag) => {
      if (tag.name === 'base') cuts.push([tag.start, tag.end]);
      else for (const attr of tag.attrs) if (attr.name.startsWith('on')) cuts.push([attr.start, attr.end]);
    },
    false,
  );
  let out = '';
  let last = 0;
  for (const [start, end] of cuts) {
    out += html.slice(last, start);
    last = end;
  }
  return out + html.slice(last);
}
