import { describe, expect, it } from 'vitest';
import {
  MIN_FONT_PX,
  PICTURE_TEXT_BELOW_WIDTH,
  VIEWPORTS,
  findingLines,
  heightTable,
  pictureTextPx,
  screens,
} from '../../scripts/layout-rules.mjs';
import { FIXTURES, PICTURE_FIXTURES } from '../../scripts/layout-fixtures.mjs';

// The rules themselves run in Chromium on the test pages of scripts/layout-fixtures.mjs, at the start of every run of
// scripts/check-layout.mjs; these are the parts that run in Node.
describe('the layout check', () => {
  it('checks the widths and the smallest text size issue 30 names', () => {
    expect(VIEWPORTS.map((v) => v.width)).toEqual([320, 390, 768, 1024, 1440]);
    // The phone the heights are read at: 390 × 844.
    expect(VIEWPORTS).toContainEqual({ width: 390, height: 844 });
    expect(MIN_FONT_PX).toBe(11);
  });

  it('holds text drawn in a picture to 11 px on the phone widths (320 and 390), not wider', () => {
    expect(VIEWPORTS.filter((v) => v.width < PICTURE_TEXT_BELOW_WIDTH).map((v) => v.width)).toEqual([320, 390]);
  });

  it("turns a picture's smallest text into CSS px by the size it is drawn at", () => {
    const screen = { view: { width: 640, height: 480 }, fit: 'meet', smallest: { size: 10, text: 'Ticket' } };
    // 640 units shrunk to a 358 px phone column: 5.6 px; drawn at 704 px and cut to the column: 11 px.
    expect(pictureTextPx({ width: 358, height: 268.5 }, screen)).toBeCloseTo(5.59, 2);
    expect(pictureTextPx({ width: 704, height: 528 }, screen)).toBeCloseTo(11, 5);
    // Drawn in a box of another shape: meet takes the smaller scale, slice the larger, none the height's.
    expect(pictureTextPx({ width: 640, height: 240 }, screen)).toBe(5);
    expect(pictureTextPx({ width: 640, height: 240 }, { ...screen, fit: 'slice' })).toBe(10);
    expect(pictureTextPx({ width: 1280, height: 240 }, { ...screen, fit: 'none' })).toBe(5);
    expect(pictureTextPx({ width: 358, height: 268 }, { ...screen, smallest: null })).toBeNull();
  });

  it('gives a page height in screens to one decimal', () => {
    expect(screens(15_000, 844)).toBe(17.8);
    expect(screens(844, 844)).toBe(1);
    expect(screens(1_300, 900)).toBe(1.4);
  });

  it('prints one row of heights per page, a column per viewport, aligned', () => {
    const table = heightTable(
      [
        { path: '/', heights: [20.4, 12.8] },
        { path: '/privacy-policy', heights: [31.6, 7] },
      ],
      [
        { width: 320, height: 568 },
        { width: 390, height: 844 },
      ],
    );
    expect(table.split('\n')).toEqual([
      'page             320×568  390×844',
      '/                   20.4     12.8',
      '/privacy-policy     31.6      7.0',
    ]);
  });

  it('prints each finding on a line of its own, with its page and width', () => {
    const lines = findingLines([
      { path: '/', width: 320, findings: [] },
      {
        path: '/',
        width: 1440,
        findings: [{ rule: 'split-word', where: 'section#roi', what: '"/Ye" / "ar" in p' }],
      },
      { path: '/creator', width: 390, findings: [{ rule: 'spill', where: 'section#ai', what: 'div by 4 px right' }] },
    ]);
    expect(lines).toEqual([
      '/ @1440 split-word section#roi: "/Ye" / "ar" in p',
      '/creator @390 spill section#ai: div by 4 px right',
    ]);
  });

  it('has a test page that each rule must fire on, and one it must stay quiet on', () => {
    const fired = (rule: string) => FIXTURES.some((f) => f.finds.some((p) => p.startsWith(`^${rule}:`)));
    for (const rule of ['sideways', 'split-word', 'spill', 'small-text', 'lone-card'])
      expect(fired(rule), rule).toBe(true);
    expect(FIXTURES.filter((f) => f.finds.length === 0).length).toBeGreaterThan(2);
    expect(PICTURE_FIXTURES.some((f) => f.finds.length > 0)).toBe(true);
    expect(PICTURE_FIXTURES.some((f) => f.finds.length === 0)).toBe(true);
    // Text in a picture: a page where it is too small, one where it is read at a readable size.
    const pictureText = (f: (typeof FIXTURES)[number]) => f.html.includes('<img') && f.width === undefined;
    expect(FIXTURES.some((f) => pictureText(f) && f.finds.some((p) => /^\^small-text: .* picture /.test(p)))).toBe(
      true,
    );
    expect(FIXTURES.some((f) => pictureText(f) && f.finds.length === 0)).toBe(true);
  });
});
