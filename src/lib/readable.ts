/**
 * Readable text in drawn product screens. A drawn screen (an SVG with text) shrunk to a phone's width, or to a column of
 * a desktop's, draws its text a few pixels high; ProductScreen draws it at least as wide as `readableWidth` says
 * instead, and shows the part of it that fits. The layout check (scripts/check-layout.mjs) holds every page to the same
 * floor, reading it from here.
 */

/** Text is drawn at least this size, in CSS px (issue 30): on every page, and in a drawn screen, at every width. */
export const MIN_TEXT_PX = 11;

/**
 * Text in these languages is drawn at least this size instead (issue 54), by the language of the element that holds it
 * (its lang, or its page's): Devanagari's vowel signs, conjuncts and the nukta are unreadable smaller. The layout check
 * reads it from here.
 */
export const MIN_TEXT_PX_BY_LANG: Readonly<Record<string, number>> = { hi: 12 };

/** A font size written in the SVG: an attribute or a style declaration, in user units or px (not em or %). */
const FONT_SIZE = /font-size\s*[:=]\s*["']?\s*(\d+(?:\.\d+)?)(?:px)?(?![\w%.])/g;

/**
 * The smallest font size an SVG source sets, in its user units; 16 (the browser's default) when it draws text without
 * setting one; null when it draws no text. Sizes are read as written: text scaled by a transform is not, the layout
 * check measures that.
 */
export function smallestFontSize(svg: string): number | null {
  if (!/<text[\s>]/.test(svg)) return null;
  const sizes = [...svg.matchAll(FONT_SIZE)].map((match) => Number(match[1])).filter((size) => size > 0);
  return sizes.length ? Math.min(...sizes) : 16;
}

/** The width of an SVG's viewBox (or of its width attribute, without one), in its user units. */
export function viewBoxWidth(svg: string): number | null {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const box = /\bviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)/.exec(root);
  const width = box ?? /\swidth\s*=\s*["']\s*([\d.]+)(?:px)?\s*["']/.exec(root);
  return width ? Number(width[1]) : null;
}

/**
 * The width, in CSS px, at which an SVG draws its smallest text at MIN_TEXT_PX (rounded up); null for a picture without
 * text, which any width suits.
 */
export function readableWidth(svg: string): number | null {
  const size = smallestFontSize(svg);
  const width = viewBoxWidth(svg);
  if (size === null || width === null) return null;
  return Math.ceil((width * MIN_TEXT_PX) / size);
}
