import { describe, expect, it } from 'vitest';
import {
  MAX_PHONE_SCREENS,
  MIN_FONT_PX,
  MIN_FONT_PX_BY_LANG,
  PHONE,
  VIEWPORTS,
  findingLines,
  heightTable,
  pictureTextPx,
  screens,
  tallPageFindings,
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
    // Issue 54: no Hindi text under 12 px.
    expect(MIN_FONT_PX_BY_LANG).toEqual({ hi: 12 });
  });

  it('holds text drawn in a picture to 11 px on a desktop (1440 px) too, not on phones only', () => {
    const desktop = FIXTURES.filter((f) => f.width === 1440 && f.html.includes('<img'));
    // A screen shrunk to 300 px draws its 11-unit text at 5.2 px: found; drawn at its own 640 px: 11 px, clean.
    expect(desktop.map((f) => f.finds)).toEqual([
      ['^small-text: 5\\.2 px: picture "Ticket screen", text "Ticket" drawn 300 px wide$'],
      [],
    ]);
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

  it('holds every page but the legal pages and blog posts to 8 screens of a 390 × 844 phone', () => {
    // Issue 30: "Phone pages of at most 8 screens (390 × 844) for every page but the legal pages and blog posts".
    expect(PHONE).toEqual({ width: 390, height: 844 });
    expect(MAX_PHONE_SCREENS).toBe(8);
    const limit = 8 * 844;
    // Heights in px at each of VIEWPORTS; only the phone's column counts.
    const row = (path: string, phone: number) => ({ path, pixels: [99_999, phone, 99_999, 99_999, 99_999] });
    const legal = ['/privacy-policy', '/terms-of-uses', '/refund-policy'];
    const findings = tallPageFindings(
      [
        row('/', 10_575),
        row('/pricing', limit),
        row('/yoga', limit + 1),
        row('/about-us', 6_000),
        row('/privacy-policy', 14_100),
        row('/blog/take-a-yoga-studio-online', 9_000),
        row('/blogs', 9_000),
      ],
      legal,
    );
    expect(findingLines(findings)).toEqual([
      '/ @390 too-tall page: 12.53 screens (10575 px) at 390×844, over 8 (6752 px)',
      '/yoga @390 too-tall page: 8.00 screens (6753 px) at 390×844, over 8 (6752 px)',
      '/blogs @390 too-tall page: 10.66 screens (9000 px) at 390×844, over 8 (6752 px)',
    ]);
  });

  it('refuses to judge heights when no 390 × 844 phone is measured', () => {
    expect(() => tallPageFindings([], [], [{ width: 1440, height: 900 }])).toThrow(/390×844/);
  });

  it('has a test page that each rule must fire on, and one it must stay quiet on', () => {
    const fired = (rule: string) => FIXTURES.some((f) => f.finds.some((p) => p.startsWith(`^${rule}:`)));
    for (const rule of ['sideways', 'split-word', 'spill', 'small-text', 'lone-card', 'cut-subject'])
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
