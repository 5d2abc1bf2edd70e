#!/usr/bin/env node
// The brand typeface, Plus Jakarta Sans (SIL Open Font License), from its npm package
// @fontsource-variable/plus-jakarta-sans: one WOFF2 file with the weight axis from 400 to 800 and only the characters
// the site writes, and the CSS that declares it with metric-matched fallbacks. Run it after the site starts writing a
// new character (tests/unit/brand-font.test.ts says which) or after updating the font package:
//
//   node scripts/brand-font.mjs
//
// It writes src/styles/fonts/plus-jakarta-sans.woff2 and src/styles/brand-font.css, the same bytes for the same input.
//
// The package splits the font by script: Latin in one file, Latin Extended (with the rupee sign, U+20B9) in another.
// The subset takes its characters from the Latin file and adds the glyphs that only the Latin Extended file has (the
// rupee sign), so a page showing a price loads one font file, not two (scripts/sfnt.mjs).
//
// The fallbacks: a page the brand font is not there for (see DISPLAY) is set in a local system font, resized and with
// its vertical metrics overridden so that it takes the room the brand font takes. For each weight the site uses, one
// @font-face per fallback font:
//   size-adjust      = (brand's average character width / its units per em) / (fallback's, the same way)
//   ascent-override  = brand's ascender / its units per em / size-adjust (descent and line gap alike)
// The average width is capsize's: the advance widths of Latin characters weighted by their frequency in English text
// (@capsizecss/unpack, measured here on the brand font at that weight; @capsizecss/metrics for the fallbacks, read
// from the fonts themselves). Arial (Windows, macOS, iOS; Liberation Sans on Linux has Arial's metrics) and Roboto
// (Android) are the fallbacks, in their regular face up to weight 500 and their bold face above. The ascender is the
// font's hhea and typographic one (equal, and USE_TYPO_METRICS is set), so every platform lays it out alike.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import fontverter from 'fontverter';
import { fromBuffer } from '@capsizecss/unpack';
import arial from '@capsizecss/metrics/arial';
import arialBold from '@capsizecss/metrics/arial/700';
import roboto from '@capsizecss/metrics/roboto';
import robotoBold from '@capsizecss/metrics/roboto/700';
import { mergeGlyphs, readCmap, readTables } from './sfnt.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = dirname(createRequire(import.meta.url).resolve('@fontsource-variable/plus-jakarta-sans/package.json'));

export const FAMILY = 'Plus Jakarta Sans';
/** The package's two files that hold the characters of an English site with rupee prices. */
export const SOURCES = {
  latin: join(PACKAGE, 'files/plus-jakarta-sans-latin-wght-normal.woff2'),
  latinExt: join(PACKAGE, 'files/plus-jakarta-sans-latin-ext-wght-normal.woff2'),
};
export const FONT_FILE = join(ROOT, 'src/styles/fonts/plus-jakarta-sans.woff2');
export const CSS_FILE = join(ROOT, 'src/styles/brand-font.css');
/** The weight axis kept: body text (400) to the display headings (800); the font's lighter weights are not used. */
export const WEIGHTS = { min: 400, max: 800 };
/**
 * optional, not swap: the font is used when it is there by the first paint (on every page after a visit's first, the
 * brand font gate's, it is in the cache), else the page keeps the fallback. A swap after the first paint moves text
 * that breaks into lines differently, however close the fallback's metrics (docs/performance.md, "The brand font").
 */
const DISPLAY = 'optional';
/** The weights the site sets (font-normal to font-extrabold, as src/styles/global.css's theme has them): one fallback
 * face each. */
export const USED_WEIGHTS = [400, 500, 600, 700, 750];

/**
 * The code point of one character of a string (iterated, so never an empty one).
 * @param {string} c
 */
const codePoint = (c) => /** @type {number} */ (c.codePointAt(0));

/**
 * Always in the subset, whatever the content says today: printable ASCII, the no-break space, the typographic quotes,
 * dashes and ellipsis that Markdown writes for ' " -- --- ..., and the rupee sign of every price.
 */
export const ALWAYS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  0xa0,
  ...[...'‘’“”–—…₹'].map(codePoint),
];

/**
 * Where the site's visible words are written: content, the copy and symbols in pages and components, and the drawn
 * pictures, whose words the page sets in its typeface (src/lib/pictures.ts).
 */
const TEXT_DIRS = [
  'src/content',
  'src/assets',
  'src/components',
  'src/islands',
  'src/layouts',
  'src/pages',
  'src/lib',
  'src/data',
  'src/config',
];
/**
 * The content admin's code: its words are shown by the admin, in its own fonts. The pseudo-locale's marks (accented
 * letters, brackets) are shown only by the test build, which checks its words and not its typeface.
 */
const NOT_SITE_TEXT = ['src/lib/cms', 'src/lib/i18n/pseudo.ts'];
const TEXT_FILES = new Set(['.json', '.md', '.mdx', '.astro', '.ts', '.tsx', '.yml', '.yaml', '.svg']);
/** @type {Record<string, number>} */
const ENTITIES = { nbsp: 0xa0, amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27 };

/** @type {(root: string, dir: string) => string[]} */
const filesUnder = (root, dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir)).flatMap((name) => {
        const path = join(dir, name);
        if (NOT_SITE_TEXT.includes(path)) return [];
        if (statSync(join(root, path)).isDirectory()) return filesUnder(root, path);
        return TEXT_FILES.has(extname(name)) ? [join(root, path)] : [];
      })
    : [];

/**
 * Every character the site's sources write, as code points: each character of the content files and of the pages',
 * components' and islands' code (ASCII is in the subset anyway; comments add a few symbols to it, which costs a few
 * bytes and misses nothing), HTML entities decoded.
 * @param {string} [root] the project folder
 * @returns {Set<number>}
 */
export function siteCharacters(root = ROOT) {
  /** @type {Set<number>} */
  const found = new Set();
  for (const dir of TEXT_DIRS) {
    for (const file of filesUnder(root, dir)) {
      const text = readFileSync(file, 'utf8').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name) => {
        const point = name.startsWith('#x')
          ? parseInt(name.slice(2), 16)
          : name.startsWith('#')
            ? Number(name.slice(1))
            : ENTITIES[name];
        return point === undefined ? entity : String.fromCodePoint(point);
      });
      for (const c of text) if (c >= ' ' || c === '\u00a0') found.add(codePoint(c));
    }
  }
  return found;
}

/** @type {Promise<unknown>} */
let decoding = Promise.resolve();
/**
 * A TrueType buffer of a font file (WOFF2 decoded), one file at a time: two decodings at once corrupt each other.
 * @param {string} file
 * @returns {Promise<Buffer>}
 */
export function truetype(file) {
  const result = decoding.then(async () => Buffer.from(await fontverter.convert(readFileSync(file), 'truetype')));
  decoding = result.catch(() => {});
  return result;
}

/**
 * The code points a font file maps.
 * @param {string} file
 */
export async function fontCharacters(file) {
  const cmap = readTables(await truetype(file)).get('cmap');
  if (!cmap) throw new Error(`${file} has no character map`);
  return new Set(readCmap(cmap).keys());
}

/** The subset's characters: what the site writes (and ALWAYS) that the typeface draws; the rest is left out. */
export async function subsetPlan() {
  const [latin, latinExt] = [await fontCharacters(SOURCES.latin), await fontCharacters(SOURCES.latinExt)];
  const wanted = [...new Set([...ALWAYS, ...siteCharacters()])].sort((a, b) => a - b);
  return {
    fromLatin: wanted.filter((c) => latin.has(c)),
    fromLatinExt: wanted.filter((c) => !latin.has(c) && latinExt.has(c)),
    notInTypeface: wanted.filter((c) => !latin.has(c) && !latinExt.has(c)),
  };
}

/** @param {number[]} points */
const text = (points) => String.fromCodePoint(...points);
const axes = { wght: { min: WEIGHTS.min, max: WEIGHTS.max, default: WEIGHTS.min } };

/**
 * A font file of the package cut to `points`, its weight axis to WEIGHTS, as TrueType.
 * @param {string} file
 * @param {number[]} points
 */
export const subsetOf = async (file, points) =>
  Buffer.from(await subsetFont(readFileSync(file), text(points), { targetFormat: 'truetype', variationAxes: axes }));

/**
 * The subset as WOFF2.
 * @param {{ fromLatin: number[], fromLatinExt: number[] }} plan
 */
async function buildFont(plan) {
  /** @type {Buffer} */
  let font = await subsetOf(SOURCES.latin, plan.fromLatin);
  if (plan.fromLatinExt.length) {
    font = mergeGlyphs(font, await subsetOf(SOURCES.latinExt, plan.fromLatinExt), plan.fromLatinExt);
  }
  return Buffer.from(await fontverter.convert(font, 'woff2'));
}

/**
 * The brand font's metrics at a weight, measured on a static instance of the package's Latin file.
 * @param {number} weight
 */
async function brandMetrics(weight) {
  const instance = await subsetFont(readFileSync(SOURCES.latin), null, {
    keepAllGlyphs: true,
    targetFormat: 'truetype',
    variationAxes: { wght: weight },
  });
  return fromBuffer(Buffer.from(instance));
}

/** @param {number} x */
const percent = (x) => `${Number((x * 100).toFixed(2))}%`;

/** The fallback faces: one per fallback font and weight. */
async function fallbackFaces() {
  const fallbacks = [
    {
      family: `${FAMILY} Fallback Roboto`,
      regular: { metrics: roboto, local: ['Roboto', 'Roboto-Regular', 'Roboto Regular'] },
      bold: { metrics: robotoBold, local: ['Roboto Bold', 'Roboto-Bold'] },
    },
    {
      family: `${FAMILY} Fallback`,
      regular: { metrics: arial, local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'] },
      bold: {
        metrics: arialBold,
        local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
      },
    },
  ];
  const faces = [];
  const table = [];
  for (const [i, weight] of USED_WEIGHTS.entries()) {
    const brand = await brandMetrics(weight);
    // The weights between two used ones go to the nearer: 400 covers 1-450, 500 covers 451-550, and so on.
    const [previous, next] = [USED_WEIGHTS[i - 1], USED_WEIGHTS[i + 1]];
    const low = previous === undefined ? 1 : (previous + weight) / 2 + 1;
    const high = next === undefined ? 1000 : (weight + next) / 2;
    for (const fallback of fallbacks) {
      const face = weight <= 500 ? fallback.regular : fallback.bold;
      const m = face.metrics;
      const sizeAdjust = brand.xWidthAvg / brand.unitsPerEm / (m.xWidthAvg / m.unitsPerEm);
      const figures = {
        'size-adjust': percent(sizeAdjust),
        'ascent-override': percent(brand.ascent / brand.unitsPerEm / sizeAdjust),
        'descent-override': percent(Math.abs(brand.descent) / brand.unitsPerEm / sizeAdjust),
        'line-gap-override': percent(brand.lineGap / brand.unitsPerEm / sizeAdjust),
      };
      table.push({ weight, fallback: m.fullName, brandWidth: brand.xWidthAvg, fallbackWidth: m.xWidthAvg, ...figures });
      faces.push(
        [
          '@font-face {',
          `  font-family: '${fallback.family}';`,
          `  font-weight: ${low} ${high};`,
          `  src: ${face.local.map((name) => `local('${name}')`).join(', ')};`,
          ...Object.entries(figures).map(([k, v]) => `  ${k}: ${v};`),
          '}',
        ].join('\n'),
      );
    }
  }
  return { faces, table };
}

/** The font file and the CSS, as they would be written. */
export async function generate() {
  const plan = await subsetPlan();
  const font = await buildFont(plan);
  const { faces, table } = await fallbackFaces();
  const css = `/* Generated by scripts/brand-font.mjs (do not edit: run it). The brand typeface, ${FAMILY} from
   ${relative(join(ROOT, 'node_modules'), PACKAGE)}, subset to the characters the site writes; then its fallbacks,
   Roboto and Arial (or Liberation Sans) resized to take the room it takes, one face per font and weight. */
@font-face {
  font-family: '${FAMILY}';
  font-style: normal;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  font-display: ${DISPLAY};
  src: url('./fonts/plus-jakarta-sans.woff2') format('woff2');
}
${faces.join('\n')}
`;
  return { plan, font, css, table };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { plan, font, css, table } = await generate();
  writeFileSync(FONT_FILE, font);
  writeFileSync(CSS_FILE, css);
  /** @param {number[]} points */
  const chars = (points) => text(points.filter((c) => c > 0x7e)) || '(none)';
  console.log(
    `${relative(ROOT, FONT_FILE)}: ${font.length} bytes, ${plan.fromLatin.length + plan.fromLatinExt.length} characters`,
  );
  console.log(
    `  beyond ASCII: ${chars([...plan.fromLatin, ...plan.fromLatinExt])} (from Latin Extended: ${chars(plan.fromLatinExt)})`,
  );
  console.log(`  written by the site, not in the typeface (drawn by the fallback): ${chars(plan.notInTypeface)}`);
  console.log(`${relative(ROOT, CSS_FILE)}: fallback metrics`);
  console.table(table);
}
