/**
 * The drawn pictures (the SVG files of src/assets), written into the page instead of shown through <img>: an SVG in an
 * <img> is a document of its own, which cannot use the page's fonts, so its words fell back to a system font; written
 * in the page, it sets them in the site's typeface (ProductScreen). Also what the checks read of a picture: the parts
 * it is about (its subject) and its drawing for a phone.
 */
/** A box in a picture's units (its viewBox). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The root element's start tag and its attributes, in the order written. */
function rootOf(svg: string): { tag: string; attributes: [string, string][] } {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!tag) throw new Error('not an SVG picture: no <svg> element');
  const attributes = [...tag.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)].map(
    (match) => [match[1], match[2]] as [string, string],
  );
  return { tag, attributes };
}

/** The picture's viewBox (or its width and height, without one), in its own units. */
export function viewBoxOf(svg: string): Box {
  const attributes = new Map(rootOf(svg).attributes);
  const box = attributes
    .get('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box.every(Number.isFinite)) {
    const [x, y, width, height] = box as [number, number, number, number];
    return { x, y, width, height };
  }
  const width = parseFloat(attributes.get('width') ?? '');
  const height = parseFloat(attributes.get('height') ?? '');
  if (!(width > 0 && height > 0)) throw new Error('an SVG picture without a viewBox or a width and height');
  return { x: 0, y: 0, width, height };
}

/**
 * The SVG source as markup to write into a page, at build time, from the project's own files (never content from
 * outside): the XML declaration, comments and <title> left out; the root's size left to the page's CSS and its font
 * family to the page (the picture's words are set in the page's typeface); its ids and the references to them given
 * `prefix`, so that two pictures in one page never share an id; named for assistive technology by `label` as one image
 * (`role="img"`: its words are read as that one name, not one by one). `attributes` are added to the root (a class, a
 * data attribute).
 */
export function inlinePicture(
  svg: string,
  {
    prefix,
    label,
    attributes = {},
    textLang,
  }: {
    prefix: string;
    label: string;
    attributes?: Record<string, string>;
    /**
     * The language of the words drawn in it where it is not the page's: the product's screens are drawn in English, so
     * on a page in another language their text says so (and is set and measured as English, not held to that
     * language's type rules); the label is in the page's language.
     */
    textLang?: string | undefined;
  },
): string {
  const start = svg.search(/<svg\b/);
  if (start < 0) throw new Error('not an SVG picture: no <svg> element');
  let body = svg
    .slice(start)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, '')
    .trim();
  const ids = new Set([...body.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
  if (ids.size) {
    body = body
      .replace(/(\sid=")([^"]+)"/g, (whole, before: string, id: string) => `${before}${prefix}-${id}"`)
      .replace(/url\(#([^)]+)\)/g, (whole, id: string) => (ids.has(id) ? `url(#${prefix}-${id})` : whole))
      .replace(/(\s(?:xlink:)?href=")#([^"]+)"/g, (whole, before: string, id: string) =>
        ids.has(id) ? `${before}#${prefix}-${id}"` : whole,
      );
  }
  const { tag, attributes: own } = rootOf(body);
  const kept = own.filter(
    ([name]) => !['width', 'height', 'font-family', 'role', 'aria-label', 'class', 'data-narrow'].includes(name),
  );
  const all: [string, string][] = [...kept, ['role', 'img'], ['aria-label', label], ...Object.entries(attributes)];
  const root = `<svg ${all.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}>`;
  const rest = body.slice(tag.length);
  return root + (textLang ? rest.replace(/<text\b/g, `<text lang="${escapeAttribute(textLang)}"`) : rest);
}

/**
 * The box a picture is drawn again in for a narrow frame (a phone), in its units: its root's `data-narrow`, "x y width
 * height" as a viewBox is written, inside its viewBox. Where the frame is narrower than NARROW_FRAME_PX, ProductScreen
 * shows that box whole, filling the frame, and the picture lays itself out for it: an element with `data-narrow-hidden` is not drawn,
 * one with `--narrow-x` or `--narrow-y` in its style is moved by that much, and a rectangle with `--narrow-width` or
 * `--narrow-height` takes that size. Null when the picture has no narrow drawing (a frame narrower than its readable
 * width then shows a part of it, around its focus).
 */
export function narrowBoxOf(svg: string): Box | null {
  const value = new Map(rootOf(svg).attributes).get('data-narrow');
  if (value === undefined) return null;
  const numbers = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (numbers.length !== 4 || !numbers.every(Number.isFinite) || !(numbers[2]! > 0 && numbers[3]! > 0))
    throw new Error(`data-narrow="${value}": four numbers, x y width height, as a viewBox is written`);
  const [x, y, width, height] = numbers as [number, number, number, number];
  return { x, y, width, height };
}

/**
 * The frame width, in CSS px, under which ProductScreen shows a picture's narrow drawing (narrowBoxOf) instead of a
 * part of the whole one: the readable width of the feature pages' screens (640 units whose smallest text is 12.5, so
 * 564 px), so that a screen drawn again for a phone is never cut: whole where it fits, its phone's drawing wherever
 * it would not (a phone's column, the 448 px column of a two-column block at 1024 px). Its container query in
 * ProductScreen says the same number.
 */
export const NARROW_FRAME_PX = 564;

/**
 * The parts of a picture it is about (its subject), as its SVG names them: each element with a `data-subject`
 * attribute, whose value says what it is ("the members' names"), and the words it draws. A frame that cuts the picture
 * keeps each of them whole (the layout check's cut-subject rule). A subject is drawn: words, not an empty box.
 */
export function subjectsOf(svg: string): { name: string; texts: string[] }[] {
  const found: { name: string; texts: string[] }[] = [];
  for (const match of svg.matchAll(/<(\w+)\b[^>]*\sdata-subject="([^"]*)"[^>]*?(\/?)>/g)) {
    const [start, tag, name = '', selfClosing] = match;
    const from = (match.index ?? 0) + start.length;
    const inner = selfClosing ? '' : elementBody(svg, tag!, from);
    found.push({ name, texts: pictureTexts(tag === 'text' ? `${start}${inner}</text>` : inner) });
  }
  return found;
}

/** What lies between an element's start tag (ending at `from`) and its matching end tag. */
function elementBody(svg: string, tag: string, from: number): string {
  const pattern = new RegExp(`<${tag}\\b[^>]*?(/?)>|</${tag}>`, 'g');
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(svg); match; match = pattern.exec(svg)) {
    if (match[0].startsWith('</')) depth -= 1;
    else if (!match[1]) depth += 1;
    if (depth === 0) return svg.slice(from, match.index);
  }
  throw new Error(`a <${tag}> that is never closed`);
}

/**
 * The fade over each cut edge of a frame that shows a part of a picture (ProductScreen), in CSS px: what lies under it
 * is faded out, so a picture's subject stays clear of it.
 */
export const CUT_FADE_PX = 12;

/** The words a picture writes: each <text> element's text, its <tspan>s joined, entities decoded. */
export function pictureTexts(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((match) =>
    (match[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}
