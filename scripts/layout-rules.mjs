// The rules of the layout check (scripts/check-layout.mjs): what a visitor sees cut or spilling on a page, measured in
// the browser. `measureLayout` runs inside the page (Playwright sends its source, so it uses nothing from this module's
// scope); the rest formats what it returns.
import { readFileSync } from 'node:fs';

/**
 * The widths every page is checked at, each with the height of a common screen of that width.
 * @type {[{ width: number, height: number }, ...{ width: number, height: number }[]]}
 */
export const VIEWPORTS = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

/** A phone's widths, the first two of VIEWPORTS: where a drawn picture shows its drawing for a phone. */
export const PHONE_VIEWPORTS = VIEWPORTS.slice(0, 2);

/** The phone the page heights are read at (the table's second column). */
export const PHONE = { width: 390, height: 844 };

/**
 * The most screens of PHONE a page may measure (issue 30: "phone pages of at most 8 screens"), but for the pages that
 * are one long text read from top to bottom: the legal pages, led through by their table of contents, and blog posts.
 */
export const MAX_PHONE_SCREENS = 8;

/**
 * Text smaller than this (CSS px, as rendered) is too small to read, outside the small print: MIN_TEXT_PX of
 * src/lib/readable.ts, the one place it is written, read from there (drawn product screens are sized by it).
 */
export const MIN_FONT_PX = (() => {
  const source = readFileSync(new URL('../src/lib/readable.ts', import.meta.url), 'utf8');
  const value = Number(/export const MIN_TEXT_PX = (\d+(?:\.\d+)?);/.exec(source)?.[1]);
  if (!(value > 0)) throw new Error('src/lib/readable.ts: MIN_TEXT_PX not found');
  return value;
})();

/**
 * The floors of the languages that need more (MIN_TEXT_PX_BY_LANG of src/lib/readable.ts, read from there), by primary
 * language subtag.
 * @type {Record<string, number>}
 */
export const MIN_FONT_PX_BY_LANG = (() => {
  const source = readFileSync(new URL('../src/lib/readable.ts', import.meta.url), 'utf8');
  const table = /export const MIN_TEXT_PX_BY_LANG\b[^=]*=\s*({[^}]*})/.exec(source)?.[1];
  if (!table) throw new Error('src/lib/readable.ts: MIN_TEXT_PX_BY_LANG not found');
  return JSON.parse(table.replace(/([\w-]+)\s*:/g, '"$1":').replace(/,\s*}/, '}'));
})();

/**
 * The marker of small print (a legal page's fine print) that may be set under MIN_FONT_PX. No page has any today;
 * whatever carries it is left out of the font-size rule only.
 */
export const SMALL_PRINT = '[data-small-print]';

/** @typedef {{ left: number, top: number, right: number, bottom: number }} Box a box's edges, in CSS px */

/**
 * Measures the page as it is laid out now. Returns the page's size and every finding:
 * - `sideways`: the document is wider than the viewport (WCAG 1.4.10 at 320 px: it scrolls sideways).
 * - `split-word`: a word broken across two lines between two letters or digits.
 * - `split-compound`: a hyphenated compound broken across two lines after one of its hyphens.
 * - `spill`: an element (or a run of text) painted outside the section that holds it.
 * - `small-text`: text rendered under `minFontPx` (or its language's floor in `minFontPxByLang`), outside the small
 *   print.
 * - `lone-card`: a grid of cards whose last row holds one card, off centre.
 * - `cut-subject`: a part a drawn picture is about ([data-subject] in an inline <svg>: words it draws) cut off or faded
 *   by a frame, not drawn, or drawing no words.
 * @param {{ minFontPx: number, minFontPxByLang: Record<string, number>, smallPrint: string }} options
 * It also lists the SVG pictures shown in <img>, each with the size it is drawn at (the smallest, if shown twice), for
 * measurePicture and pictureTextPx, and the drawn pictures written into the page (`svg[data-picture]`), each with its
 * markup (`source`) for measurePicture.
 * @returns {{ width: number, height: number, scrollWidth: number, scrollHeight: number,
 *   findings: { rule: string, where: string, what: string }[],
 *   pictures: { src: string, where: string, alt: string, drawn: { width: number, height: number }, source?: string }[] }}
 */
export function measureLayout({ minFontPx, minFontPxByLang, smallPrint }) {
  const findings = [];
  /** @param {Element} element */
  const styleOf = (element) => getComputedStyle(element);
  /** Sub-pixel layout: a box may end a fraction of a pixel past its container without anyone seeing it. */
  const SLACK = 1;

  /**
   * @param {string} text
   * @param {number} [max]
   */
  const short = (text, max = 40) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  };
  /**
   * An element as a reader of the report finds it: tag, id, a few classes, and the start of its text.
   * @param {Element} element
   */
  const describe = (element) => {
    const classes = [...element.classList].slice(0, 4).map((c) => `.${c}`);
    const text = short(element.textContent ?? '', 30);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes.join('')}${text ? ` "${text}"` : ''}`;
  };

  // The sections: each <section>, and for what lies in none, the page's top-level landmarks.
  const LANDMARKS = 'main, body > header, body > footer, body > nav, body > aside';
  /** @param {Element} element */
  const containerOf = (element) => element.closest('section') ?? element.closest(LANDMARKS);
  /**
   * A section by its name, as the report shows it: its id, its label or the start of its heading.
   * @param {Element} section
   */
  const sectionName = (section) => {
    const tag = section.tagName.toLowerCase();
    if (section.id) return `${tag}#${section.id}`;
    const label =
      section.getAttribute('aria-label') ??
      document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent ??
      section.querySelector('h1, h2, h3')?.textContent;
    return label ? `${tag} "${short(label, 30)}"` : tag;
  };

  /**
   * Hidden from sight though laid out: the visually-hidden pattern (clip-path inset(50%) or clip rect(0 0 0 0), or a
   * box of a pixel or less that clips its content), on the element or an ancestor. Such text is for screen readers.
   * @param {Element | null} element
   */
  const visuallyHidden = (element) => {
    for (let node = element; node && node !== document.body; node = node.parentElement) {
      const style = styleOf(node);
      if (style.clipPath.startsWith('inset(50%') || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      if (style.overflow !== 'visible') {
        const box = node.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return true;
      }
    }
    return false;
  };
  /** @param {Element} element */
  const seen = (element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }) &&
    !visuallyHidden(element);

  /**
   * Whether an element starts a containing block for absolutely (or, `fixed`, fixed) positioned descendants.
   * @param {CSSStyleDeclaration} style
   * @param {boolean} fixed
   */
  const containsPositioned = (style, fixed) =>
    (!fixed && style.position !== 'static') ||
    style.transform !== 'none' ||
    style.filter !== 'none' ||
    style.perspective !== 'none' ||
    /paint|layout|strict|content/.test(style.contain);

  /**
   * Calls `clip` with each ancestor from `first` up to `stop` (or the root) that clips what lies inside it (overflow
   * other than visible, per axis): its style, its border box and the axes it clips. An ancestor clips a descendant
   * only if it lies on the descendant's chain of containing blocks: an absolutely positioned box escapes the overflow
   * of the static ancestors between it and its positioned one, and a fixed box escapes them all. Returns the position
   * the chain ends in: 'fixed' when the box is fixed to the viewport.
   * @param {Element | null} first
   * @param {string} position
   * @param {Element | null} stop
   * @param {(style: CSSStyleDeclaration, edge: DOMRect, clipsX: boolean, clipsY: boolean) => void} clip
   */
  const eachClip = (first, position, stop, clip) => {
    let mode = position;
    for (let node = first; node && node !== stop; node = node.parentElement) {
      const style = styleOf(node);
      if (mode === 'absolute' && !containsPositioned(style, false)) continue;
      if (mode === 'fixed' && !containsPositioned(style, true)) continue;
      mode = style.position;
      const clipsX = style.overflowX !== 'visible';
      const clipsY = style.overflowY !== 'visible';
      if (clipsX || clipsY) clip(style, node.getBoundingClientRect(), clipsX, clipsY);
    }
    return mode;
  };

  /**
   * What of `box` is painted: the box cut by every ancestor that clips it (`eachClip`) up to `stop`, inside its
   * borders. Null when nothing is painted, or when the box is fixed to the viewport.
   * @param {Element | null} first
   * @param {string} position
   * @param {Box} box
   * @param {Element} stop
   * @returns {Box | null}
   */
  const paintedBox = (first, position, box, stop) => {
    let { left, top, right, bottom } = box;
    const mode = eachClip(first, position, stop, (style, edge, clipsX, clipsY) => {
      const inner = {
        left: edge.left + parseFloat(style.borderLeftWidth),
        right: edge.right - parseFloat(style.borderRightWidth),
        top: edge.top + parseFloat(style.borderTopWidth),
        bottom: edge.bottom - parseFloat(style.borderBottomWidth),
      };
      if (clipsX) [left, right] = [Math.max(left, inner.left), Math.min(right, inner.right)];
      if (clipsY) [top, bottom] = [Math.max(top, inner.top), Math.min(bottom, inner.bottom)];
    });
    if (mode === 'fixed') return null;
    return right - left > SLACK && bottom - top > SLACK ? { left, top, right, bottom } : null;
  };

  /**
   * The outermost section around `section`: the band of the page it belongs to.
   * @param {Element} section
   */
  const bandOf = (section) => {
    let band = section;
    for (let up = band.parentElement?.closest('section'); up; up = up.parentElement?.closest('section')) band = up;
    return band;
  };
  /**
   * How far `box` reaches past its section, side by side; empty when it stays inside. Sideways, past the section's
   * box. Up and down, only where it shows: cut by a section that clips, or past the band the section is part of
   * (over the next band): a badge set on a card's top edge may rise above an inner section into its band's padding.
   * @param {Box} box
   * @param {Element} section
   */
  const overhang = (box, section) => {
    const frame = section.getBoundingClientRect();
    const clips = styleOf(section);
    const vertical = clips.overflowY === 'visible' ? bandOf(section).getBoundingClientRect() : frame;
    const sides = {
      left: frame.left - box.left,
      right: box.right - frame.right,
      top: vertical.top - box.top,
      bottom: box.bottom - vertical.bottom,
    };
    /** @type {Record<string, 'overflowX' | 'overflowY'>} */
    const axis = { left: 'overflowX', right: 'overflowX', top: 'overflowY', bottom: 'overflowY' };
    return Object.entries(sides)
      .filter(([, by]) => by > SLACK)
      .map(
        ([side, by]) =>
          `${Math.round(by)} px ${side}${clips[/** @type {'overflowX' | 'overflowY'} */ (axis[side])] === 'visible' ? '' : ' (cut off)'}`,
      )
      .join(', ');
  };

  const width = window.innerWidth;
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) {
    findings.push({ rule: 'sideways', where: 'page', what: `${scrollWidth} px wide in a ${width} px viewport` });
  }

  // Spill: every element in a section, the outermost only (its children spill with it), then every run of text
  // (text may overflow an element whose box stays inside). Inline SVG counts as one picture: its parts are drawn in it.
  /** @type {Set<Element>} */
  const spilled = new Set();
  /**
   * @param {Node} node
   * @param {Element} section
   */
  const underSpilled = (node, section) => {
    for (let up = node.parentElement; up && up !== section; up = up.parentElement) if (spilled.has(up)) return true;
    return false;
  };
  for (const element of document.body.querySelectorAll('*')) {
    if (element.parentElement?.closest('svg')) continue;
    const section = containerOf(element);
    if (!section || section === element || !seen(element)) continue;
    const style = styleOf(element);
    if (style.display === 'contents' || style.position === 'fixed') continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const painted = paintedBox(element.parentElement, style.position, box, section);
    if (!painted) continue;
    const by = overhang(painted, section);
    if (!by || underSpilled(element, section)) continue;
    spilled.add(element);
    findings.push({ rule: 'spill', where: sectionName(section), what: `${describe(element)} by ${by}` });
  }

  // The text rules read every text node a visitor can see.
  const texts = [];
  // Text nodes only, each under an element of the body.
  /** @typedef {{ nextNode(): (Text & { parentElement: HTMLElement }) | null }} TextWalker */
  const walker = /** @type {TextWalker} */ (document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT));
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.data.trim() || parent.closest('script, style, noscript, template, option')) continue;
    if (seen(parent)) texts.push(node);
  }

  for (const node of texts) {
    const parent = node.parentElement;
    const section = containerOf(parent);
    if (!section || spilled.has(parent) || underSpilled(parent, section)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const painted = paintedBox(parent, 'static', range.getBoundingClientRect(), section);
    // Sideways only: a glyph's box rises above its line box when the line height is under the font's (set solid).
    const by = painted && overhang({ ...painted, top: Infinity, bottom: -Infinity }, section);
    if (by) findings.push({ rule: 'spill', where: sectionName(section), what: `text "${short(node.data)}" by ${by}` });
  }

  // A split word: a word (a run without spaces in one text node) whose characters sit on two lines, broken where
  // Chromium's line breaking finds no opportunity: only overflow-wrap or word-break force such a break, as in
  // "₹27,20,000/Ye" + "ar". The opportunities inside a word (measured in Chromium): after a hyphen, a soft hyphen, an
  // en or em dash, "?", "…", "|" or a zero-width space, before an em dash, and between CJK characters; with
  // hyphens: auto on, the browser may hyphenate between any two letters (and draws the hyphen).
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const BREAKS_AFTER = /[-\u00AD\u2010\u2013\u2014?\u2026|\u200B]$/u;
  const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
  /**
   * @param {string} before
   * @param {string} after
   */
  const opportunity = (before, after) =>
    BREAKS_AFTER.test(before) || after.startsWith('\u2014') || CJK.test(before) || CJK.test(after);
  /**
   * Whether `next` is on a later line than `rect`. Rects are content areas, which overlap from line to line when the
   * line height is under the font's height (a figure set solid), so: when it starts more than half a line lower.
   * @param {DOMRect} next
   * @param {DOMRect} rect
   */
  const below = (next, rect) => next.top > rect.top + rect.height / 2;
  /** @param {DOMRectList} rects */
  const onTwoLines = (rects) => {
    const drawn = /** @type {[DOMRect, ...DOMRect[]]} */ ([...rects].filter((r) => r.width > 0 || r.height > 0));
    return drawn.some((r) => below(r, drawn[0]) || below(drawn[0], r));
  };
  for (const node of texts) {
    const parent = node.parentElement;
    if (parent.closest('svg') || styleOf(parent).hyphens === 'auto') continue;
    const range = document.createRange();
    for (const match of node.data.matchAll(/\S{2,}/gu)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      if (!onTwoLines(range.getClientRects())) continue;
      // On two lines: find where, grapheme by grapheme.
      let previous = null;
      for (const { segment, index } of graphemes.segment(match[0])) {
        range.setStart(node, match.index + index);
        range.setEnd(node, match.index + index + segment.length);
        // Its glyph's own box: the last rect (a letter after a soft hyphen also owns the hyphen drawn at the line's end).
        const rects = [...range.getClientRects()];
        const rect = rects.findLast((r) => r.width > 0) ?? rects.at(-1);
        if (!rect) continue;
        if (previous && below(rect, previous.rect) && !opportunity(previous.segment, segment)) {
          const cut = match[0].slice(0, index);
          findings.push({
            rule: 'split-word',
            where: sectionName(containerOf(parent) ?? document.body),
            what: `"${cut}" / "${match[0].slice(index)}" in ${describe(parent)}`,
          });
          break;
        }
        previous = { segment, rect };
      }
    }
  }

  // A split compound: a hyphenated compound ("One-on-one", "first-come") broken after one of its hyphens, which leaves
  // "One-on-" at a line's end and "one" at the next one's start. The browser may break there; the build keeps every
  // compound of a page on one line (src/lib/compounds.ts), so any found here was written another way.
  const COMPOUND = /[\p{L}\p{N}]+(?:[-\u2010][\p{L}\p{N}]+)+/gu;
  for (const node of texts) {
    const parent = node.parentElement;
    if (parent.closest('svg')) continue;
    const range = document.createRange();
    /** @param {number} at */
    const glyphAt = (at) => {
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const rects = [...range.getClientRects()];
      return rects.findLast((r) => r.width > 0) ?? rects.at(-1);
    };
    for (const match of node.data.matchAll(COMPOUND)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      if (!onTwoLines(range.getClientRects())) continue;
      for (let k = 1; k < match[0].length - 1; k += 1) {
        if (!/[-\u2010]/.test(match[0][k] ?? '')) continue;
        const [hyphen, next] = [glyphAt(match.index + k), glyphAt(match.index + k + 1)];
        if (!hyphen || !next || !below(next, hyphen)) continue;
        findings.push({
          rule: 'split-compound',
          where: sectionName(containerOf(parent) ?? document.body),
          what: `"${match[0].slice(0, k + 1)}" / "${match[0].slice(k + 1)}" in ${describe(parent)}`,
        });
        break;
      }
    }
  }

  // Small text: the size text is drawn at, its font size scaled by the transforms above it (a scaled preview, an
  // inline SVG drawn smaller than its coordinates).
  /** @param {Element | null} element */
  const scaleOf = (element) => {
    if (element instanceof SVGGraphicsElement) {
      const matrix = element.getScreenCTM();
      return matrix ? Math.hypot(matrix.c, matrix.d) : 1;
    }
    let scale = 1;
    for (let node = element; node; node = node.parentElement) {
      const { transform } = styleOf(node);
      if (transform !== 'none') {
        const matrix = new DOMMatrixReadOnly(transform);
        scale *= Math.hypot(matrix.c, matrix.d);
      }
    }
    return scale;
  };
  /** @type {Set<Element>} */
  const reported = new Set();
  for (const node of texts) {
    const parent = node.parentElement;
    if (reported.has(parent) || parent.closest(smallPrint)) continue;
    const size = parseFloat(styleOf(parent).fontSize) * scaleOf(parent);
    // The floor of the text's language (its element's lang, or the nearest ancestor's), by primary subtag.
    const lang = (parent.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().split('-')[0] ?? '';
    if (size >= (minFontPxByLang[lang] ?? minFontPx) - 0.01) continue;
    reported.add(parent);
    findings.push({
      rule: 'small-text',
      where: sectionName(containerOf(parent) ?? document.body),
      what: `${size.toFixed(1)} px: ${describe(parent)}`,
    });
  }

  // A lone card: a grid of cards laid out in columns (CSS grid, or flex that wraps) whose last row holds a single card,
  // left at the side instead of centred (or spread over the row). A card is a box with a border, a background or a
  // shadow (on the item or its one child) at least CARD_HEIGHT tall: a grid of plain items (a check list, links) and
  // a wrapping row of chips (tags, tabs) are text that flows, and are left alone.
  const CARD_HEIGHT = 96;
  /** @param {CSSStyleDeclaration} style */
  const painted = (style) =>
    style.boxShadow !== 'none' ||
    !/rgba\(.*, 0\)$|transparent/.test(style.backgroundColor) ||
    /** @type {const} */ (['Top', 'Right', 'Bottom', 'Left']).some(
      (side) => parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none',
    );
  /** @param {Element} item */
  const isCard = (item) => {
    if (item.getBoundingClientRect().height < CARD_HEIGHT) return false;
    if (painted(styleOf(item))) return true;
    const only = item.children.length === 1 ? item.firstElementChild : null;
    return Boolean(only && painted(styleOf(only)));
  };
  /** @param {CSSStyleDeclaration} style */
  const laysOutInColumns = (style) =>
    style.display === 'grid' || (style.display === 'flex' && style.flexWrap === 'wrap');
  for (const grid of document.body.querySelectorAll('*')) {
    if (!laysOutInColumns(styleOf(grid)) || !seen(grid)) continue;
    const items = [...grid.children].filter(
      (item) => seen(item) && !['absolute', 'fixed'].includes(styleOf(item).position),
    );
    if (items.length < 3 || !items.every(isCard)) continue;
    const boxes = items.map((item) => item.getBoundingClientRect());
    const last = /** @type {DOMRect} */ (boxes.at(-1));
    const onLastRow = boxes.filter((box) => Math.abs(box.top - last.top) < SLACK).length;
    const onFirstRow = boxes.filter((box) => Math.abs(box.top - /** @type {DOMRect} */ (boxes[0]).top) < SLACK).length;
    if (onLastRow !== 1 || onFirstRow < 2) continue;
    const frame = grid.getBoundingClientRect();
    const offCentre = (last.left + last.right) / 2 - (frame.left + frame.right) / 2;
    if (Math.abs(offCentre) <= 2 || last.width >= frame.width - 2) continue;
    findings.push({
      rule: 'lone-card',
      where: sectionName(containerOf(grid) ?? document.body),
      what: `${describe(grid)}: ${items.length} cards, ${onFirstRow} a row, the last alone ${Math.round(Math.abs(offCentre))} px ${offCentre < 0 ? 'left' : 'right'} of centre`,
    });
  }

  // A cut subject: a drawn picture written into the page (an inline <svg>) marks the parts it is about, each element
  // with a [data-subject] that names it ("the members' names"): the words and shapes themselves, so what is held whole
  // is the part named, drawn where the picture draws it at this width (a drawing for a phone moves it), not a box that
  // could be put anywhere. Each is drawn, draws words, and no ancestor clips any of it (a frame that shows a part of a
  // product screen, a section with overflow hidden, the viewport's edge), nor fades it out: a masked ancestor that
  // clips (ProductScreen's frame) fades its content over `--fade` px at each edge where the picture reaches past it.
  /**
   * Whether an element of a drawn picture is drawn: checkVisibility() finds a hidden HTML box, not an SVG element
   * hidden inside the picture (by its drawing for a phone).
   * @param {Element} element
   * @param {Element} picture
   */
  const drawn = (element, picture) => {
    for (let node = /** @type {Element | null} */ (element); node && node !== picture; node = node.parentElement) {
      const style = styleOf(node);
      if (style.display === 'none' || style.visibility !== 'visible' || parseFloat(style.opacity) === 0) return false;
    }
    return true;
  };
  for (const subject of document.body.querySelectorAll('svg [data-subject]')) {
    const picture = /** @type {SVGSVGElement} */ (subject.closest('svg'));
    const section = containerOf(picture);
    if (!section || !seen(picture)) continue;
    const named = `picture ${picture.dataset.picture ?? ''} "${short(picture.getAttribute('aria-label') ?? '')}": "${short(subject.getAttribute('data-subject') ?? '')}"`;
    if (!drawn(subject, picture)) {
      findings.push({ rule: 'cut-subject', where: sectionName(section), what: `${named} is not drawn` });
      continue;
    }
    const words = [subject, ...subject.querySelectorAll('text')].some(
      (text) => text.localName === 'text' && /\S/.test(text.textContent ?? '') && drawn(text, picture),
    );
    if (!words) {
      findings.push({ rule: 'cut-subject', where: sectionName(section), what: `${named} draws no words` });
      continue;
    }
    const box = subject.getBoundingClientRect();
    const whole = picture.getBoundingClientRect();
    const shown = { left: 0, top: -Infinity, right: width, bottom: Infinity };
    eachClip(picture.parentElement, styleOf(picture).position, null, (style, edge, clipsX, clipsY) => {
      const fade = style.maskImage !== 'none' ? parseFloat(style.getPropertyValue('--fade')) || 0 : 0;
      // A side of the frame fades only where the picture reaches past it.
      /** @param {number} past */
      const faded = (past) => (past > SLACK ? fade : 0);
      if (clipsX) {
        shown.left = Math.max(shown.left, edge.left + faded(edge.left - whole.left));
        shown.right = Math.min(shown.right, edge.right - faded(whole.right - edge.right));
      }
      if (clipsY) {
        shown.top = Math.max(shown.top, edge.top + faded(edge.top - whole.top));
        shown.bottom = Math.min(shown.bottom, edge.bottom - faded(whole.bottom - edge.bottom));
      }
    });
    const cut = {
      left: shown.left - box.left,
      right: box.right - shown.right,
      top: shown.top - box.top,
      bottom: box.bottom - shown.bottom,
    };
    const by = Object.entries(cut)
      .filter(([, d]) => d > SLACK)
      .map(([side, d]) => `${Math.round(d)} px ${side}`)
      .join(', ');
    if (!by) continue;
    findings.push({ rule: 'cut-subject', where: sectionName(section), what: `${named} cut by ${by}` });
  }

  // The SVG pictures drawn in <img> (their drawing is checked once each, by measurePicture), with the size each draws
  // its picture at: the content box, fitted by object-fit, scaled by the transforms above it. A picture larger than
  // its frame (a part of a product screen, cut by an ancestor) is drawn at its own size, not the frame's.
  /** @param {string} src */
  const isSvg = (src) => src.startsWith('data:image/svg+xml') || new URL(src).pathname.endsWith('.svg');
  /** @param {HTMLImageElement} image */
  const drawnSize = (image) => {
    const style = styleOf(image);
    const scale = scaleOf(image);
    const box = image.getBoundingClientRect();
    /** @param {'Left' | 'Top'} a @param {'Right' | 'Bottom'} b */
    const edges = (a, b) =>
      parseFloat(style[`padding${a}`]) +
      parseFloat(style[`padding${b}`]) +
      parseFloat(style[`border${a}Width`]) +
      parseFloat(style[`border${b}Width`]);
    const width = box.width / scale - edges('Left', 'Right');
    const height = box.height / scale - edges('Top', 'Bottom');
    const { naturalWidth, naturalHeight } = image;
    if (style.objectFit === 'fill' || !naturalWidth || !naturalHeight)
      return { width: width * scale, height: height * scale };
    const contain = Math.min(width / naturalWidth, height / naturalHeight);
    const fit =
      {
        contain,
        cover: Math.max(width / naturalWidth, height / naturalHeight),
        none: 1,
        'scale-down': Math.min(1, contain),
      }[style.objectFit] ?? 1;
    return { width: naturalWidth * fit * scale, height: naturalHeight * fit * scale };
  };
  /** @type {Map<string, { src: string, where: string, alt: string, drawn: { width: number, height: number }, source?: string }>} */
  const pictures = new Map();
  for (const image of document.images) {
    const src = image.currentSrc;
    const section = containerOf(image);
    if (!src || !isSvg(src) || !section || !seen(image)) continue;
    const drawn = drawnSize(image);
    const earlier = pictures.get(src);
    if (earlier && earlier.drawn.width <= drawn.width) continue;
    pictures.set(src, { src, where: sectionName(section), alt: short(image.alt), drawn });
  }
  // The drawn pictures written into the page: their drawing is checked as the <img> ones' is, from their markup (their
  // text is measured above, as any text of the page).
  for (const picture of document.body.querySelectorAll('svg[data-picture]')) {
    const section = containerOf(picture);
    const name = picture.getAttribute('data-picture');
    if (!section || !seen(picture) || pictures.has(`inline:${name}`)) continue;
    pictures.set(`inline:${name}`, {
      src: `inline:${name}`,
      where: sectionName(section),
      alt: short(picture.getAttribute('aria-label') ?? ''),
      drawn: { width: 0, height: 0 },
      source: picture.outerHTML,
    });
  }

  return {
    pictures: [...pictures.values()],
    width,
    height: window.innerHeight,
    scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    findings,
  };
}

/**
 * The drawing of an SVG picture (its source, as an <img> shows it), measured inside the page: a picture drawn on a
 * card (its first shape a rectangle: the card or the backdrop) must draw every later shape on that card, so a
 * decorative circle may not poke out past the card's edge into the picture's margin; a picture without one must draw
 * within its viewBox (or be cut off at the image's edge). Shapes are measured by their geometry (getBBox, without
 * stroke); on a card, cut at the viewBox, where the image cuts them. What lies in <defs>, a clip path, mask, symbol,
 * pattern or marker, or is itself clipped or masked, is not drawn as it is and is left out.
 * It also finds the picture's smallest text, in the units of its viewBox (a text's font size scaled by the transforms
 * between it and the picture's root), and what turns those units into CSS px once the picture's drawn size is known
 * (pictureTextPx): the viewBox and how the drawing fits its viewport (preserveAspectRatio).
 * @param {string} source
 * @returns {{ outside: string[], view: { width: number, height: number }, fit: 'meet' | 'slice' | 'none',
 *   smallest: { size: number, text: string } | null }} `outside`: one line per shape outside, the shape and how far
 *   it reaches past each side
 */
export function measurePicture(source) {
  /** @type {Element} */
  const parsed = new DOMParser().parseFromString(source, 'image/svg+xml').documentElement;
  if (parsed.tagName !== 'svg') {
    return {
      outside: [`not an SVG picture: ${parsed.tagName}`],
      view: { width: 1, height: 1 },
      fit: 'meet',
      smallest: null,
    };
  }
  // Laid out out of sight, for getBBox and the transforms.
  const holder = document.createElement('div');
  holder.style.cssText = 'position:absolute;left:-100000px;top:0;visibility:hidden';
  const root = /** @type {SVGSVGElement} */ (document.importNode(parsed, true));
  holder.append(root);
  document.body.append(holder);
  try {
    const box = root.viewBox.baseVal;
    const view =
      box && box.width > 0
        ? { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height }
        : { left: 0, top: 0, right: root.width.baseVal.value, bottom: root.height.baseVal.value };
    const toRoot = /** @type {DOMMatrix} */ (root.getScreenCTM()).inverse();
    /**
     * A shape's box in the picture's coordinates, cut at the viewBox when `cut`.
     * @param {SVGGraphicsElement} shape
     * @param {boolean} cut
     */
    const extent = (shape, cut) => {
      const b = shape.getBBox();
      const matrix = toRoot.multiply(/** @type {DOMMatrix} */ (shape.getScreenCTM()));
      const corners = [
        [b.x, b.y],
        [b.x + b.width, b.y],
        [b.x, b.y + b.height],
        [b.x + b.width, b.y + b.height],
      ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
      const xs = corners.map((p) => p.x);
      const ys = corners.map((p) => p.y);
      const whole = { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
      if (!cut) return whole;
      return {
        left: Math.max(view.left, whole.left),
        right: Math.min(view.right, whole.right),
        top: Math.max(view.top, whole.top),
        bottom: Math.min(view.bottom, whole.bottom),
      };
    };
    // Every one an SVG shape: the selector names only those.
    const shapes = /** @type {SVGGraphicsElement[]} */ (
      [...root.querySelectorAll('circle, ellipse, rect, path, polygon, polyline, line, text, image, use')].filter(
        (shape) => !shape.closest('defs, clipPath, mask, symbol, pattern, marker, [clip-path], [mask]'),
      )
    );
    const card = shapes[0]?.tagName === 'rect' ? extent(shapes[0], true) : view;
    const drawn = card === view ? shapes : shapes.slice(1);
    const SLACK = 0.5;
    const outside = [];
    for (const shape of drawn) {
      // On a card, what the image's edge cuts off is not seen; without one, a shape cut at the edge is the fault.
      const e = extent(shape, card !== view);
      const sides = {
        left: card.left - e.left,
        right: e.right - card.right,
        top: card.top - e.top,
        bottom: e.bottom - card.bottom,
      };
      const by = Object.entries(sides)
        .filter(([, d]) => d > SLACK)
        .map(([side, d]) => `${Math.round(d)} ${side}`)
        .join(', ');
      const name = /^<[^>]*>/.exec(shape.outerHTML)?.[0] ?? shape.tagName;
      if (by) outside.push(`${name} out of its ${card === view ? 'viewBox' : 'card'} by ${by}`);
    }

    let smallest = null;
    const hidden = 'defs, clipPath, mask, symbol, pattern, marker';
    for (const text of root.querySelectorAll('text, tspan, textPath')) {
      const own = [...text.childNodes].some((node) => node instanceof Text && node.data.trim());
      if (!own || text.closest(hidden) || !(text instanceof SVGGraphicsElement)) continue;
      const matrix = toRoot.multiply(text.getScreenCTM() ?? undefined);
      const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(matrix.c, matrix.d);
      if (!smallest || size < smallest.size) smallest = { size, text: text.textContent.trim().replace(/\s+/g, ' ') };
    }
    const { align, meetOrSlice } = root.preserveAspectRatio.baseVal;
    const fit =
      align === SVGPreserveAspectRatio.SVG_PRESERVEASPECTRATIO_NONE
        ? 'none'
        : meetOrSlice === SVGPreserveAspectRatio.SVG_MEETORSLICE_SLICE
          ? 'slice'
          : 'meet';
    return { outside, view: { width: view.right - view.left, height: view.bottom - view.top }, fit, smallest };
  } finally {
    holder.remove();
  }
}

/**
 * The size, in CSS px, at which a picture drawn `drawn` big (measureLayout) draws its smallest text (measurePicture):
 * the text's size in viewBox units times the units' size, by preserveAspectRatio (the height's scale for a drawing
 * stretched with none). Null for a picture without text.
 * @param {{ width: number, height: number }} drawn
 * @param {{ view: { width: number, height: number }, fit: string, smallest: { size: number } | null }} measured
 */
export function pictureTextPx(drawn, { view, fit, smallest }) {
  if (!smallest) return null;
  const x = drawn.width / view.width;
  const y = drawn.height / view.height;
  const unit = fit === 'none' ? y : fit === 'slice' ? Math.max(x, y) : Math.min(x, y);
  return smallest.size * unit;
}

/**
 * A page's height in screens of its viewport, to one decimal.
 * @param {number} scrollHeight
 * @param {number} viewportHeight
 */
export function screens(scrollHeight, viewportHeight) {
  return Math.round((scrollHeight / viewportHeight) * 10) / 10;
}

/**
 * Whether a page may be longer than MAX_PHONE_SCREENS on a phone: a legal page (its path among `legalPaths`) or a blog
 * post (/blog/…; the blog's list pages, /blogs…, are held to the limit).
 * @param {string} path
 * @param {string[]} legalPaths
 */
export function longTextPage(path, legalPaths) {
  return legalPaths.includes(path) || path.startsWith('/blog/');
}

/**
 * The `too-tall` findings: each page, but the long texts, whose height at PHONE is over MAX_PHONE_SCREENS screens (in
 * pixels, so a page a few pixels over fails though its height rounds to 8.0).
 * @param {{ path: string, pixels: (number | null)[] }[]} rows each page's scroll height at each of `viewports`
 * @param {string[]} legalPaths
 * @param {{ width: number, height: number }[]} [viewports]
 * @returns {{ path: string, width: number, findings: { rule: string, where: string, what: string }[] }[]}
 */
export function tallPageFindings(rows, legalPaths, viewports = VIEWPORTS) {
  const at = viewports.findIndex((v) => v.width === PHONE.width && v.height === PHONE.height);
  if (at < 0) throw new Error(`the layout check measures no ${PHONE.width}×${PHONE.height} phone`);
  const limit = MAX_PHONE_SCREENS * PHONE.height;
  return rows.flatMap(({ path, pixels }) => {
    const pixel = pixels[at] ?? 0;
    if (pixel <= limit || longTextPage(path, legalPaths)) return [];
    const what = `${(pixel / PHONE.height).toFixed(2)} screens (${pixel} px) at ${PHONE.width}×${PHONE.height}, over ${MAX_PHONE_SCREENS} (${limit} px)`;
    return [{ path, width: PHONE.width, findings: [{ rule: 'too-tall', where: 'page', what }] }];
  });
}

/**
 * The table of page heights in screens: one row per page, one column per viewport ("–" where it was not measured).
 * @param {{ path: string, heights: (number | null)[] }[]} rows heights in screens, in the order of `viewports`
 * @param {{ width: number, height: number }[]} viewports
 */
export function heightTable(rows, viewports = VIEWPORTS) {
  const head = ['page', ...viewports.map((v) => `${v.width}×${v.height}`)];
  const body = rows.map((row) => [row.path, ...row.heights.map((h) => (h === null ? '–' : h.toFixed(1)))]);
  const widths = head.map((_, i) =>
    Math.max(...[head, ...body].map((cells) => /** @type {string} */ (cells[i]).length)),
  );
  /** @param {string[]} cells */
  const line = (cells) =>
    cells
      .map((cell, i) =>
        i ? cell.padStart(/** @type {number} */ (widths[i])) : cell.padEnd(/** @type {number} */ (widths[i])),
      )
      .join('  ');
  return [line(head), ...body.map(line)].join('\n');
}

/**
 * The findings, one line each, grouped by page and width: "/creator \@1440 spill section#ai: div... by 24 px right".
 * @param {{ path: string, width: number, findings: { rule: string, where: string, what: string }[] }[]} results
 */
export function findingLines(results) {
  return results.flatMap(({ path, width, findings }) =>
    findings.map((f) => `${path} @${width} ${f.rule} ${f.where}: ${f.what}`),
  );
}
