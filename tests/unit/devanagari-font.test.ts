import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as hb from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { USED_WEIGHTS, WEIGHTS, truetype } from '../../scripts/brand-font.mjs';
import { BRAND_FONT_ATTR } from '../../src/lib/brand-font-gate';
import {
  CSS_FILE,
  FONT_FILE,
  RANGE_POINTS,
  SOURCE,
  UNICODE_RANGE,
  cutTo,
  sizeAdjust,
  verticalMetrics,
} from '../../scripts/devanagari-font.mjs';

/**
 * Words whose shaping needs the font's layout features and the glyphs only they reach: conjuncts of two to five
 * consonants, half forms, the reph (over a conjunct too), the below-base ra, vowel signs on conjuncts, nukta letters
 * written precomposed and decomposed, the joiners (Marathi's eyelash ra with ZWJ, a visible virama with ZWNJ), the
 * candrabindu, visarga and avagraha, and the product words of the Hindi pages' glossary.
 */
const WORDS = [
  // Conjunct stacks and half forms.
  'क्ष्म्य',
  'स्त्री',
  'शुद्ध',
  'चिह्न',
  'श्रम',
  'त्रिकोण',
  'ज्ञान',
  'कृष्ण',
  'प्रश्न',
  'द्वार',
  'ट्रेन',
  'हिन्दी',
  'विद्यालय',
  'उद्घाटन',
  'उद्भव',
  'चिट्ठी',
  'गड्ढा',
  'पञ्च',
  'अङ्क',
  'ब्रह्म',
  'बाह्य',
  'ह्रस्व',
  'प्रतिष्ठा',
  // The reph, over a conjunct too, and vowel signs on conjuncts.
  'तार्क्ष्य',
  'कार्त्स्न्य',
  'वार्ष्णेय',
  'कीर्ति',
  'राष्ट्रीय',
  'बुद्धि',
  'स्त्रियाँ',
  'श्रृंखला',
  'हृदय',
  // Nukta letters, precomposed (U+0958...) and as letter + nukta.
  'क़ानून',
  'क\u093Cानून',
  'ज़रूरत',
  'फ़ॉर्म',
  'पढ़ाई',
  'ग\u093Cज\u093Cल',
  // The joiners: Marathi's eyelash ra (ZWJ, and its own letter), a forced half form (ZWJ), a visible virama (ZWNJ).
  'दर्\u200Dया',
  'दऱ्या',
  'क्\u200Dष',
  'क्\u200Cष',
  // Candrabindu, visarga, avagraha, the vocalic r, om, the danda and Devanagari digits.
  'माँ',
  'दुःख',
  'सोऽहम्',
  'ऋण',
  'ॐ',
  'है।',
  '२०२६',
  // The glossary's product words.
  'व्यवसाय',
  'सदस्यता',
  'भुगतान',
  'प्रबंधन',
  'ग्राहक',
  'डैशबोर्ड',
  'पाठ्यक्रम',
  'उपयोगकर्ता',
  'स्वचालित',
  'सुरक्षित',
  'विश्लेषण',
  'प्रमाणपत्र',
  'अनुस्मारक',
  'शुल्क',
  'मुफ़्त',
  'ऑनलाइन',
  'व्हाट्सऐप',
  'कम्युनिटी',
  'सब्सक्रिप्शन',
  'रजिस्ट्रेशन',
  'सर्टिफ़िकेट',
];
/** Hindi, and Marathi, whose language system some Devanagari fonts shape otherwise (google/fonts #3376). */
const LANGUAGES = ['hi', 'mr'];

const open = (font: Uint8Array) => new hb.Font(new hb.Face(new hb.Blob(font)));
const numbers = (path: string) => (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

type Glyph = { cluster: number; outline: number[]; x: number; dx: number; dy: number };
/**
 * A word shaped by HarfBuzz: each glyph's cluster, outline (its glyph id is the cut's own) and position. `outlines`
 * keeps each glyph's outline at the font's current weight, read once.
 */
function shape(font: hb.Font, word: string, language: string, outlines: Map<number, number[]>): Glyph[] {
  const buffer = new hb.Buffer();
  buffer.addText(word);
  buffer.guessSegmentProperties();
  buffer.setLanguage(language);
  hb.shape(font, buffer);
  return buffer.getGlyphInfosAndPositions().map((g) => {
    let outline = outlines.get(g.codepoint);
    if (!outline) outlines.set(g.codepoint, (outline = numbers(font.glyphToPath(g.codepoint))));
    return { cluster: g.cluster, outline, x: g.xAdvance ?? 0, dx: g.xOffset ?? 0, dy: g.yOffset ?? 0 };
  });
}

/**
 * The words (in every language and at every weight the site sets) that `font` shapes otherwise than `reference`: another
 * glyph (the same glyph has the same outline: a cut numbers its glyphs anew) or another position, by more than `by`
 * units of 1000 to the em.
 */
function shapedOtherwise(font: hb.Font, reference: hb.Font, by = 0): string[] {
  const near = (a: number, b: number) => Math.abs(a - b) <= by;
  const differences: string[] = [];
  for (const weight of USED_WEIGHTS) {
    for (const f of [font, reference]) f.setVariations([new hb.Variation('wght', weight)]);
    const [mineAt, theirsAt] = [new Map<number, number[]>(), new Map<number, number[]>()];
    for (const language of LANGUAGES) {
      for (const word of WORDS) {
        const [mine, theirs] = [shape(font, word, language, mineAt), shape(reference, word, language, theirsAt)];
        const same =
          mine.length === theirs.length &&
          mine.every((g, i) => {
            const t = theirs[i]!;
            return (
              g.cluster === t.cluster &&
              g.outline.length === t.outline.length &&
              g.outline.every((v, k) => near(v, t.outline[k]!)) &&
              near(g.x, t.x) &&
              near(g.dx, t.dx) &&
              near(g.dy, t.dy)
            );
          });
        if (!same) differences.push(`${word} (${language}, ${weight})`);
      }
    }
  }
  return differences;
}

/**
 * The fonts the tests read, as TrueType: the site's file, the package's, and the whole font (every glyph and character
 * of the package's file) with its weight axis cut as the site's file is.
 */
const fonts: Record<'cut' | 'source' | 'whole', Buffer> = {
  cut: Buffer.alloc(0),
  source: Buffer.alloc(0),
  whole: Buffer.alloc(0),
};
// Decoding two WOFF2 files and instancing a font take about 1.5 s alone, several times that on two cores shared with
// the builds that npm test runs beside the unit tests: done once, before the file's tests.
beforeAll(async () => {
  fonts.cut = await truetype(FONT_FILE);
  fonts.source = await truetype(SOURCE);
  fonts.whole = await subsetFont(readFileSync(SOURCE), null, {
    keepAllGlyphs: true,
    targetFormat: 'truetype',
    variationAxes: { wght: { min: WEIGHTS.min, max: WEIGHTS.max, default: WEIGHTS.min } },
  });
}, 30_000);

/** The line box of a Hindi page, per unit of font size: the font's ascent and descent, scaled by its size-adjust. */
function lineBox() {
  const css = readFileSync(CSS_FILE, 'utf8');
  const face = /@font-face\s*{[^}]*font-family:\s*'Noto Sans Devanagari';[^}]*}/.exec(css)?.[0] ?? '';
  const adjust = Number(/size-adjust:\s*([\d.]+)%/.exec(face)?.[1]) / 100;
  const { ascent, descent } = verticalMetrics(fonts.cut);
  return { adjust, ascent: ascent * adjust, descent: descent * adjust };
}

describe('the Devanagari font (src/styles/fonts/noto-sans-devanagari.woff2)', () => {
  it('shapes every word as the whole font does, glyph for glyph, at every weight the site sets', async () => {
    expect(WORDS.length).toBeGreaterThanOrEqual(40);
    expect(shapedOtherwise(open(fonts.cut), open(fonts.whole))).toEqual([]);
  });

  it("draws them as the package's file does: cutting the weight axis to 400-800 moves a point by 2 units at most", async () => {
    // The axis cut scales the font's variation deltas and rounds them: a coordinate or an advance moves by a unit or two
    // (of 1000 to the em), a tenth of a pixel in a 48 px heading.
    expect(shapedOtherwise(open(fonts.cut), open(fonts.source), 2)).toEqual([]);
  });

  it('has every character of the Devanagari block that the typeface draws, and no Latin but the space', async () => {
    const cut = new hb.Face(new hb.Blob(fonts.cut)).collectUnicodes();
    const full = new Set(new hb.Face(new hb.Blob(fonts.source)).collectUnicodes());
    const wanted = RANGE_POINTS.filter((c) => full.has(c));
    expect([...cut].sort((a, b) => a - b)).toEqual(wanted);
    // The block itself, whole: the 128 code points of U+0900-097F that the typeface draws are all of them.
    expect(wanted.filter((c) => c >= 0x900 && c <= 0x97f)).toHaveLength(128);
    // The rupee sign and the Latin letters, digits and punctuation are the brand font's.
    for (const c of [0x20b9, 0x30, 0x41, 0x2c]) expect(cut).not.toContain(c);
  });

  it('holds every mark and conjunct inside its line box: ascent and descent over the ink of every word', async () => {
    // A Hindi line box is the font's ascent plus its descent (it is the page's first available font): ink outside it
    // is clipped by a box that hides its overflow, and reaches into the next line when lines are set that tight.
    const font = open(fonts.cut);
    const { ascent, descent } = verticalMetrics(fonts.cut);
    const outside: string[] = [];
    for (const weight of USED_WEIGHTS) {
      font.setVariations([new hb.Variation('wght', weight)]);
      for (const word of WORDS) {
        const buffer = new hb.Buffer();
        buffer.addText(word);
        buffer.guessSegmentProperties();
        buffer.setLanguage('hi');
        hb.shape(font, buffer);
        for (const g of buffer.getGlyphInfosAndPositions()) {
          const ink = font.glyphExtents(g.codepoint);
          if (!ink || !ink.height) continue;
          const top = (ink.yBearing + (g.yOffset ?? 0)) / 1000;
          const bottom = (ink.yBearing + ink.height + (g.yOffset ?? 0)) / 1000;
          if (top > ascent || -bottom > descent) outside.push(`${word} at ${weight}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });

  it("declares it at the size that matches the brand font's capitals, its fallbacks with its line box", async () => {
    // Written by scripts/devanagari-font.mjs from the fonts themselves: a stale CSS file (a new package) shows here.
    const css = readFileSync(CSS_FILE, 'utf8');
    const { adjust, ascent, descent } = lineBox();
    expect(adjust).toBeCloseTo(await sizeAdjust(), 4);
    // Each fallback face's ascent and descent are the cut's line box, over its own size-adjust.
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
      .map(([, body = '']) => body)
      .filter((b) => /local\(/.test(b));
    expect(faces).toHaveLength(4);
    for (const face of faces) {
      const figure = (name: string) => Number(new RegExp(`${name}:\\s*([\\d.]+)%`).exec(face)?.[1]) / 100;
      expect(figure('ascent-override') * figure('size-adjust')).toBeCloseTo(ascent, 3);
      expect(figure('descent-override') * figure('size-adjust')).toBeCloseTo(descent, 3);
    }
  });
});

describe('a Hindi page', () => {
  const stylesheet = readFileSync('src/styles/global.css', 'utf8');
  const fontCss = readFileSync(CSS_FILE, 'utf8');

  it("sets every line at least as tall as the Devanagari font's line box", async () => {
    const figures = lineBox();
    const block = /:root:lang\(hi\)\s*{([^}]*)}/.exec(stylesheet)?.[1] ?? '';
    const heights = block
      .split(';')
      .map((declaration) => declaration.split(':').map((part) => part.trim()))
      .filter(([name]) => name && /^(--text-\w+--line-height|--leading-\w+|line-height)$/.test(name));
    // The root's, each of Tailwind's text sizes' (xs to 9xl) and its named leadings used with them.
    expect(heights.length).toBe(19);
    const tooTight = heights.filter(([, value]) => !(Number(value) >= figures.ascent + figures.descent));
    expect(tooTight.map(([name, value]) => `${name}: ${value}`)).toEqual([]);
  });

  it('leads with the Devanagari family, then the brand font; every other page with the brand font alone', () => {
    expect(
      /:root:lang\(hi\)\s*{\s*--font-lead:\s*'Noto Sans Devanagari',[^;]*, var\(--font-brand\);/.test(fontCss),
    ).toBe(true);
    expect(/:root\s*{\s*--font-brand:[^;]*;\s*--font-lead:\s*var\(--font-brand\);\s*}/.test(stylesheet)).toBe(true);
    // The brand family is named only under the brand font gate's attribute (a page that may ask for it at once).
    const gated = new RegExp(`:root\\[${BRAND_FONT_ATTR}\\]\\s*{\\s*--font-brand:\\s*'Plus Jakarta Sans';\\s*}`);
    expect(gated.test(stylesheet)).toBe(true);
    expect(stylesheet.match(/--font-brand:\s*'Plus Jakarta Sans'/g)).toHaveLength(1);
    expect(/--font-sans:\s*var\(--font-lead\),/.test(stylesheet)).toBe(true);
    // Every face of the family is limited to the block, so that its file loads for Devanagari only.
    const faces = [...fontCss.matchAll(/@font-face\s*{[^}]*}/g)].map(([face]) => face);
    expect(faces.length).toBeGreaterThan(0);
    for (const face of faces) expect(face).toContain(`unicode-range: ${UNICODE_RANGE};`);
  });
});

describe('a cut by the characters of the words, not by the block', () => {
  it('shapes them otherwise: the check tells such a cut from the whole font', async () => {
    // Cut by the words' own characters, the font lacks the space: HarfBuzz then drops a joiner (ZWJ, ZWNJ) that it
    // draws with the whole font as an empty space glyph, and every word written with one comes out otherwise.
    const points = [...new Set([...WORDS.join('')].map((c) => c.codePointAt(0)!))];
    expect(shapedOtherwise(open(await cutTo(points)), open(fonts.whole))).toContain('क्\u200Dष (hi, 400)');
  });
});
