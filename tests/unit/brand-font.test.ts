import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as hb from 'harfbuzzjs';
import { FONT_FILE, SOURCES, fontCharacters, siteCharacters, subsetOf, truetype } from '../../scripts/brand-font.mjs';
import { FONT_FILE as DEVANAGARI_FILE } from '../../scripts/devanagari-font.mjs';
import { mergeGlyphs } from '../../scripts/sfnt.mjs';

const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')} ${String.fromCodePoint(c)}`;
const RUPEE = 0x20b9;

/** Every character the typeface draws: the package's Latin and Latin Extended files together. */
const typefaceCharacters = async () =>
  new Set([...(await fontCharacters(SOURCES.latin)), ...(await fontCharacters(SOURCES.latinExt))]);

describe('the brand font subset (src/styles/fonts/plus-jakarta-sans.woff2)', () => {
  it('has every character the site writes that the typeface draws: else run node scripts/brand-font.mjs', async () => {
    const subset = await fontCharacters(FONT_FILE);
    const typeface = await typefaceCharacters();
    const missing = [...siteCharacters()].filter((c) => typeface.has(c) && !subset.has(c)).map(hex);
    expect(missing).toEqual([]);
  });

  it('is all the site writes: a character the typeface lacks sends the browser through the system fonts as it lays out', async () => {
    // A "✓" in the home page's offer popup cost 20 ms of layout on the page's main thread when the popup opened. The
    // one exception is the failure alert's "❌" (spec copy): the browser's own alert box draws it, not the page. The
    // Hindi pages' Devanagari is the Devanagari font's (scripts/devanagari-font.mjs).
    const typeface = await typefaceCharacters();
    const devanagari = await fontCharacters(DEVANAGARI_FILE);
    const lacking = [...siteCharacters()].filter((c) => c > 0x20 && !typeface.has(c) && !devanagari.has(c)).map(hex);
    expect(lacking).toEqual([hex(0x274c)]);
  });

  it('has the rupee sign, printable ASCII and the no-break space in the one file', async () => {
    const subset = await fontCharacters(FONT_FILE);
    const wanted = [RUPEE, 0xa0, ...Array.from({ length: 95 }, (_, i) => 0x20 + i)];
    expect(wanted.filter((c) => !subset.has(c)).map(hex)).toEqual([]);
  });

  it('draws each character as the typeface does, outline and advance, at every weight from 400 to 800', async () => {
    // The rupee sign comes from the package's Latin Extended file, the rest from its Latin file (scripts/sfnt.mjs).
    const subset = await open(await truetype(FONT_FILE));
    expect(await drawnDifferently(subset, [...(await fontCharacters(FONT_FILE))])).toEqual([]);
    // And the weights differ: the rupee sign is drawn heavier at 800 than at 400.
    const rupee = subset.nominalGlyph(RUPEE)!;
    const width = (weight: number) => {
      subset.setVariations([new hb.Variation('wght', weight)]);
      return subset.glyphExtents(rupee)!.width;
    };
    expect(width(800)).toBeGreaterThan(width(400));
  });
});

const open = async (font: Uint8Array) => new hb.Font(new hb.Face(new hb.Blob(font)));

/** The characters a font draws otherwise than the package's own files, at weights from 400 to 800. */
async function drawnDifferently(font: hb.Font, chars: number[]): Promise<string[]> {
  const [latin, latinExt] = [await open(await truetype(SOURCES.latin)), await open(await truetype(SOURCES.latinExt))];
  const points = (path: string) => (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  const differences: string[] = [];
  for (const weight of [400, 550, 600, 700, 750, 800]) {
    for (const f of [font, latin, latinExt]) f.setVariations([new hb.Variation('wght', weight)]);
    for (const c of chars) {
      const source = latin.nominalGlyph(c) ? latin : latinExt;
      const [mine, theirs] = [font.nominalGlyph(c), source.nominalGlyph(c)];
      if (mine === undefined || theirs === undefined) {
        differences.push(`${hex(c)} missing`);
        continue;
      }
      const [a, b] = [points(font.glyphToPath(mine)), points(source.glyphToPath(theirs))];
      // Instancing the axis to 400-800 rounds a coordinate by half a unit (of 1000 to the em) at most.
      const off =
        a.length !== b.length ||
        a.some((v, i) => Math.abs(v - b[i]!) > 0.5) ||
        Math.abs(font.glyphHAdvance(mine) - source.glyphHAdvance(theirs)) > 0.5;
      if (off) differences.push(`${hex(c)} at ${weight}`);
    }
  }
  return differences;
}

describe('mergeGlyphs', () => {
  it('copies composite glyphs with their components, and their weight variations', async () => {
    // Accented capitals of the Latin Extended file are composites (a base letter and an accent, both copied).
    const points = (text: string) => [...text].map((c) => c.codePointAt(0)!);
    const merged = mergeGlyphs(
      await subsetOf(SOURCES.latin, points('Ab')),
      await subsetOf(SOURCES.latinExt, points('ĀăŁ')),
      points('ĀăŁ'),
    );
    expect(await drawnDifferently(await open(merged), points('AbĀăŁ'))).toEqual([]);
  });
});

describe('siteCharacters', () => {
  const root = mkdtempSync(join(tmpdir(), 'brand-font-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads content files and the copy in components, entities decoded, and skips the content admin', () => {
    mkdirSync(join(root, 'src/content/home'), { recursive: true });
    mkdirSync(join(root, 'src/components'), { recursive: true });
    mkdirSync(join(root, 'src/lib/cms'), { recursive: true });
    writeFileSync(join(root, 'src/content/home/home.json'), '{ "headline": "Café ₹" }');
    writeFileSync(join(root, 'src/components/Price.astro'), '<span>&#x2192;&nbsp;&amp;</span>');
    writeFileSync(join(root, 'src/lib/cms/fields.ts'), "const label = 'Ω';");
    writeFileSync(join(root, 'src/content/home/notes.txt'), 'Ж');
    const found = siteCharacters(root);
    for (const c of ['é', '₹', '→', '\u00a0', '&']) expect(found.has(c.codePointAt(0)!), c).toBe(true);
    expect(found.has('Ω'.codePointAt(0)!)).toBe(false);
    expect(found.has('Ж'.codePointAt(0)!)).toBe(false);
  });
});
