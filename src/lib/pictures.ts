/**
 * The drawn pictures (the SVG files of src/assets), written into the page instead of shown through <img>: an SVG in an
 * <img> is a document of its own, which cannot use the page's fonts, so its words fell back to a system font; written
 * in the page, it sets them in the site's typeface (src/components/ui/ProductScreen.astro). Also what the checks read
 * of a picture: the part it is about (its subject) and the part of it a frame shows.
 */
/** A box in a picture's units (its viewBox) or in CSS px. */
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
  { prefix, label, attributes = {} }: { prefix: string; label: string; attributes?: Record<string, string> },
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
    ([name]) => !['width', 'height', 'font-family', 'role', 'aria-label', 'class'].includes(name),
  );
  const all: [string, string][] = [...kept, ['role', 'img'], ['aria-label', label], ...Object.entries(attributes)];
  const root = `<svg ${all.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}>`;
  return root + body.slice(tag.length);
}

/**
 * The part of a picture it is about, as its SVG marks it: a rectangle with a `data-subject` attribute (drawn with no
 * fill, so it is not seen), in the picture's units. A frame that cuts the picture keeps it whole (the layout check and
 * tests/unit/pictures.test.ts hold every picture to it). Null when the picture marks none.
 */
export function subjectOf(svg: string): Box | null {
  const rect = /<rect\b[^>]*\sdata-subject\b[^>]*>/.exec(svg)?.[0];
  if (!rect) return null;
  const number = (name: string) => Number(new RegExp(`\\s${name}="([-\\d.]+)"`).exec(rect)?.[1] ?? NaN);
  const box = { x: number('x'), y: number('y'), width: number('width'), height: number('height') };
  if (!Object.values(box).every(Number.isFinite)) throw new Error(`a subject without x, y, width and height: ${rect}`);
  return box;
}

/**
 * The fade over each cut edge of a frame that shows a part of a picture (ProductScreen), in CSS px: what lies under it
 * is faded out, so a picture's subject stays clear of it.
 */
export const CUT_FADE_PX = 12;

/**
 * The part of a picture that a frame `frame` px wide shows unfaded, in the picture's units, as ProductScreen draws it:
 * the whole picture where it is `readable` px wide or less (or has no text: `readable` null); else the picture drawn
 * `readable` px wide, placed so that its point `focus` sits at the same place in the frame (the frame has the
 * picture's shape), less the fade over each cut edge.
 */
export function shownPart(
  view: Pick<Box, 'width' | 'height'>,
  readable: number | null,
  frame: number,
  focus: { x: number; y: number } = { x: 0, y: 0 },
): Box {
  if (readable === null || readable <= frame) return { x: 0, y: 0, width: view.width, height: view.height };
  // Units per CSS px of the picture drawn at its readable width.
  const unit = view.width / readable;
  const shown = { width: frame * unit, height: ((frame * view.height) / view.width) * unit };
  const fade = CUT_FADE_PX * unit;
  return {
    x: focus.x * (view.width - shown.width) + fade,
    y: focus.y * (view.height - shown.height) + fade,
    width: shown.width - 2 * fade,
    height: shown.height - 2 * fade,
  };
}

/** Whether `inner` lies inside `outer` (to a hundredth of a unit). */
export const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.01 &&
  inner.y >= outer.y - 0.01 &&
  inner.x + inner.width <= outer.x + outer.width + 0.01 &&
  inner.y + inner.height <= outer.y + outer.height + 0.01;

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
