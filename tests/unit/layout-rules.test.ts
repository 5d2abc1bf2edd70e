import { describe, expect, it } from 'vitest';
import { MIN_FONT_PX, VIEWPORTS, findingLines, heightTable, screens } from '../../scripts/layout-rules.mjs';
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
  });
});
