import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { facesLoaded, fontFaces } from '../../scripts/page-fonts.mjs';

// The site's own font rules, as written: the brand font's faces, the Devanagari faces and the family stacks.
const css = [
  readFileSync('src/styles/brand-font.css', 'utf8'),
  readFileSync('src/styles/devanagari-font.css', 'utf8'),
  ":root { --font-lead: 'Plus Jakarta Sans'; } @layer theme { :root { --font-sans: var(--font-lead), sans-serif; } }",
].join('\n');
const BRAND = './fonts/plus-jakarta-sans.woff2';
const DEVANAGARI = './fonts/noto-sans-devanagari.woff2';
const page = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><body>${body}</body></html>`;

describe('facesLoaded: the font files a first visit to a page loads', () => {
  it('loads the brand font on every page, and the Devanagari font on a Hindi page', () => {
    expect(facesLoaded(css, page('en', '<h1>Pricing</h1>'))).toEqual([BRAND]);
    expect(facesLoaded(css, page('hi', '<h1>मूल्य</h1>')).sort()).toEqual([DEVANAGARI, BRAND].sort());
    expect(facesLoaded(css, page('hi-IN', '<h1>सदस्यता प्रबंधन</h1>')).sort()).toEqual([DEVANAGARI, BRAND].sort());
  });

  it('leaves the Devanagari file out on an English page that writes Hindi: its stack does not name the family', () => {
    const switcher = '<a href="/hi/pricing" hreflang="hi" lang="hi">हिन्दी</a>';
    expect(facesLoaded(css, page('en', `<h1>Pricing</h1>${switcher}`))).toEqual([BRAND]);
  });

  it('reads Devanagari in the text only, not in a script or an attribute', () => {
    const everyPage = `@font-face { font-family: 'Deva'; src: url('./d.woff2'); unicode-range: U+0900-097F; }
      :root { --font-lead: 'Deva', sans-serif; }`;
    expect(
      facesLoaded(everyPage, page('en', '<script>const a = "हिन्दी";</script><img alt="हिन्दी" src="a.png">')),
    ).toEqual([]);
    expect(facesLoaded(everyPage, page('en', '<p>हिन्दी</p>'))).toEqual(['./d.woff2']);
  });

  it("reads each face's family, files and unicode-range, as minified too", () => {
    const [face] = fontFaces(
      '@font-face{font-family:"Noto Sans Devanagari";src:url(./a.woff2) format("woff2");unicode-range:U+0020,U+0900-097F,U+1C??}',
    );
    expect(face).toEqual({
      family: 'Noto Sans Devanagari',
      urls: ['./a.woff2'],
      ranges: [
        [0x20, 0x20],
        [0x900, 0x97f],
        [0x1c00, 0x1cff],
      ],
    });
  });
});
