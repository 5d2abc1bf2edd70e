import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { distinctPages } from '../../src/integrations/dist-pages.mjs';

// Every page in dist, so a page added later is checked without editing this file.
for (const { path } of distinctPages()) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      // Every rule still runs; only the details of what passed are not collected (axe's own advice for speed).
      .options({ resultTypes: ['violations'] })
      .analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary).toEqual([]);
  });
}
