#!/usr/bin/env node
// The Devanagari typeface of the Hindi pages, Noto Sans Devanagari (SIL Open Font License), from its npm package
// @fontsource-variable/noto-sans-devanagari: one WOFF2 file with the weight axis the brand font has (400 to 800) and the
// whole Devanagari block, and the CSS that declares it with its fallbacks. Run it after updating the font package:
//
//   node scripts/devanagari-font.mjs
//
// It writes src/styles/fonts/noto-sans-devanagari.woff2 and src/styles/devanagari-font.css, the same bytes for the
// same input.
//
// Why this typeface: its strokes are as heavy as the brand font's at each weight, it is variable from 100 to 900 (one
// file for every weight the site sets, 750 included), it shapes Hindi and Marathi conjuncts correctly, and it is the
// system's Devanagari font on Android, so a visitor whose first page missed it sees the same letters drawn by the phone.
//
// Cut by the block, never by the characters a page writes: the shaper turns a consonant, a virama and a consonant into
// a conjunct, a half form or a reph, glyphs no character maps to, and a font cut by the characters of a text can lose
// the forms a text written another way needs (a nukta letter composed or decomposed). The cut keeps every layout
// feature (subset-font keeps them all unless told otherwise) and the glyphs they reach (HarfBuzz's layout closure).
// tests/unit/devanagari-font.test.ts shapes a list of conjunct-heavy words with the cut and with the package's file.
//
// On a Hindi page the family comes first, before the brand font: its range holds the space, so it is the page's first
// available font, whose ascent and descent make every line box (CSS Fonts 4). Those are tall enough for the deepest
// conjunct and the highest mark, so a line set at least as tall as the font's ascent plus descent never clips one. The
// brand font still draws every Latin letter, digit, punctuation mark and the rupee sign: they are outside the range.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import fontverter from 'fontverter';
import * as hb from 'harfbuzzjs';
import * as prettier from 'prettier';
import { SOURCES as BRAND_SOURCES, WEIGHTS, truetype } from './brand-font.mjs';
import { readTables } from './sfnt.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = dirname(
  createRequire(import.meta.url).resolve('@fontsource-variable/noto-sans-devanagari/package.json'),
);

export const FAMILY = 'Noto Sans Devanagari';
/** The package's Devanagari file: the whole block, every weight from 100 to 900, every layout feature. */
export const SOURCE = join(PACKAGE, 'files/noto-sans-devanagari-devanagari-wght-normal.woff2');
/** The package's Latin file: the Latin that Noto's Devanagari is drawn to sit beside (its capitals' height). */
const SOURCE_LATIN = join(PACKAGE, 'files/noto-sans-devanagari-latin-wght-normal.woff2');
export const FONT_FILE = join(ROOT, 'src/styles/fonts/noto-sans-devanagari.woff2');
export const CSS_FILE = join(ROOT, 'src/styles/devanagari-font.css');
/** The languages whose pages are set in it (their <html lang>). */
export const LANGUAGES = ['hi'];
/** As the brand font: optional, never swapped in after the first paint (docs/performance.md, "The Devanagari font"). */
const DISPLAY = 'optional';

/**
 * The characters of the cut, and of the faces' unicode-range: the Devanagari block, the joiners and the dotted circle
 * the shaper shows under a lone mark, with the space, so that the family is the first available font of a Hindi page,
 * and without the rupee sign, which the brand font draws beside its own digits on every page. Not the Vedic Extensions,
 * the North Indic number forms nor Devanagari Extended (Google's "devanagari" range has them): no Hindi or Marathi
 * text writes them, and they were 10,012 bytes of every first Hindi visit.
 * @type {[number, number][]}
 */
export const RANGES = [
  [0x0020, 0x0020],
  [0x0900, 0x097f],
  [0x200c, 0x200d],
  [0x25cc, 0x25cc],
];
/** Every code point of RANGES. */
export const RANGE_POINTS = RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** @param {number} point */
const hex = (point) => point.toString(16).toUpperCase().padStart(4, '0');
/** RANGES as a CSS unicode-range. */
export const UNICODE_RANGE = RANGES.map(([from, to]) =>
  from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`,
).join(', ');

const axes = { wght: { min: WEIGHTS.min, max: WEIGHTS.max, default: WEIGHTS.min } };

/**
 * The package's Devanagari file cut to `points` (and the weight axis to WEIGHTS), as TrueType: every layout feature and
 * its closure kept.
 * @param {number[]} points
 */
export const cutTo = async (points) =>
  Buffer.from(
    await subsetFont(readFileSync(SOURCE), String.fromCodePoint(...points), {
      targetFormat: 'truetype',
      variationAxes: axes,
    }),
  );

/**
 * A font file's capital height, per unit of em: the top of its H (the OS/2 table gives the Devanagari headline's).
 * @param {string} file
 */
async function capHeight(file) {
  const face = new hb.Face(new hb.Blob(await truetype(file)));
  const font = new hb.Font(face);
  const h = font.nominalGlyph(0x48);
  const extents = h === undefined ? undefined : font.glyphExtents(h);
  if (!extents) throw new Error(`${file} has no H`);
  return extents.yBearing / face.upem;
}

/**
 * A TrueType font's ascent and descent (hhea, equal to its typographic ones in this font), per unit of em.
 * @param {Buffer} font
 */
export function verticalMetrics(font) {
  const tables = readTables(font);
  const [hhea, head] = [tables.get('hhea'), tables.get('head')];
  if (!hhea || !head) throw new Error('the font has no hhea or head table');
  const unitsPerEm = head.readUInt16BE(18);
  return { ascent: hhea.readInt16BE(4) / unitsPerEm, descent: -hhea.readInt16BE(6) / unitsPerEm };
}

/**
 * size-adjust: Noto's Devanagari is drawn beside Noto's Latin; scaled so that Noto's capitals would stand as tall as the
 * brand font's, it keeps that proportion beside the brand font's Latin (its headline at 87% of the capitals' height).
 */
export async function sizeAdjust() {
  return (await capHeight(BRAND_SOURCES.latin)) / (await capHeight(SOURCE_LATIN));
}

/** @param {number} x */
const percent = (x) => `${Number((x * 100).toFixed(2))}%`;

/**
 * The local fallbacks, tried while the file loads or on a page it missed: the same typeface where the system has it
 * (Android; Linux with Noto), at the same size; then the Devanagari font of Apple's systems and of Windows, named so
 * that the browser need not search the system's fonts for one, at their own size (their files are not open to measure).
 * Each gets the cut's ascent and descent, so that the line boxes stay as the cut makes them.
 */
const FALLBACKS = [
  {
    family: `${FAMILY} Fallback`,
    sameTypeface: true,
    regular: ['Noto Sans Devanagari', 'Noto Sans Devanagari Regular', 'NotoSansDevanagari-Regular'],
    bold: ['Noto Sans Devanagari Bold', 'NotoSansDevanagari-Bold'],
  },
  {
    family: 'Devanagari Fallback',
    sameTypeface: false,
    regular: [
      'Kohinoor Devanagari Regular',
      'KohinoorDevanagari-Regular',
      'Nirmala UI',
      'NirmalaUI',
      'Devanagari Sangam MN',
      'DevanagariSangamMN',
      'Mangal',
    ],
    bold: [
      'Kohinoor Devanagari Semibold',
      'KohinoorDevanagari-Semibold',
      'Nirmala UI Bold',
      'NirmalaUI-Bold',
      'Devanagari Sangam MN Bold',
      'DevanagariSangamMN-Bold',
      'Mangal Bold',
    ],
  },
];

/** The font file and the CSS, as they would be written, and the figures the CSS was written from. */
export async function generate() {
  const cut = await cutTo(RANGE_POINTS);
  const font = Buffer.from(await fontverter.convert(cut, 'woff2'));
  const adjust = await sizeAdjust();
  const { ascent, descent } = verticalMetrics(cut);
  // Scaled by size-adjust, as the browser scales the face: the line box of a Hindi page, per unit of font size.
  const line = { ascent: ascent * adjust, descent: descent * adjust };
  const faces = FALLBACKS.flatMap((fallback) => {
    const scale = fallback.sameTypeface ? adjust : 1;
    return /** @type {const} */ (['regular', 'bold']).map((face) =>
      [
        '@font-face {',
        `  font-family: '${fallback.family}';`,
        `  font-weight: ${face === 'regular' ? '1 550' : '551 1000'};`,
        `  src: ${fallback[face].map((name) => `local('${name}')`).join(', ')};`,
        `  unicode-range: ${UNICODE_RANGE};`,
        `  size-adjust: ${percent(scale)};`,
        `  ascent-override: ${percent(line.ascent / scale)};`,
        `  descent-override: ${percent(line.descent / scale)};`,
        '  line-gap-override: 0%;',
        '}',
      ].join('\n'),
    );
  });
  const families = [FAMILY, ...FALLBACKS.map((f) => f.family)].map((f) => `'${f}'`).join(', ');
  const written = `/* Generated by scripts/devanagari-font.mjs (do not edit: run it). The Devanagari typeface of the Hindi pages,
   ${FAMILY} from ${relative(join(ROOT, 'node_modules'), PACKAGE)}, cut to the Devanagari block; then its local
   fallbacks; then the families a Hindi page sets before the brand font (an English page names none of them, so it never
   loads the file, whatever Devanagari it writes). */
@font-face {
  font-family: '${FAMILY}';
  font-style: normal;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  font-display: ${DISPLAY};
  src: url('./fonts/noto-sans-devanagari.woff2') format('woff2');
  unicode-range: ${UNICODE_RANGE};
  size-adjust: ${percent(adjust)};
}
${faces.join('\n')}
${LANGUAGES.map((lang) => `:root:lang(${lang})`).join(',\n')} {
  --font-lead: ${families}, var(--font-brand);
}
`;
  // Laid out as the project's formatter lays out CSS, so that the file passes its check as written.
  const css = await prettier.format(written, { ...(await prettier.resolveConfig(CSS_FILE)), filepath: CSS_FILE });
  return { font, css, figures: { sizeAdjust: adjust, ascent: line.ascent, descent: line.descent } };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { font, css, figures } = await generate();
  writeFileSync(FONT_FILE, font);
  writeFileSync(CSS_FILE, css);
  console.log(`${relative(ROOT, FONT_FILE)}: ${font.length} bytes, weights ${WEIGHTS.min}-${WEIGHTS.max}`);
  console.log(
    `${relative(ROOT, CSS_FILE)}: size-adjust ${percent(figures.sizeAdjust)}; a line box of ${figures.ascent.toFixed(3)} + ` +
      `${figures.descent.toFixed(3)} = ${(figures.ascent + figures.descent).toFixed(3)} em (a Hindi line height under it can clip a mark)`,
  );
}
