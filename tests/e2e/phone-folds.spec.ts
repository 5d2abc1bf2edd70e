import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, uiOf } from './fixtures';

// Issue 30: on a phone (390 × 844) stacks of cards become a row that scrolls sideways, and groups fold under a summary,
// yet every card and link stays reachable by keyboard and in the accessibility tree; at 1440 px nothing is folded.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

// What the content files give the page; the test reads them rather than the built markup.
const yoga = JSON.parse(readFileSync('src/content/landing/yoga.json', 'utf8')) as {
  sections: { kind: string; id: string; heading: string; items?: { title: string }[] }[];
};
const streams = yoga.sections.find((section) => section.id === 'income-streams');
const ui = uiOf('/');
const footerGroups = ui.navigation.footer;

/** The names Chromium's own accessibility tree gives the nodes of a role that it does not ignore. */
async function accessibleNames(page: Page, role: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
  };
  await cdp.detach();
  return nodes.filter((node) => !node.ignored && node.role?.value === role).map((node) => node.name?.value ?? '');
}

/** Whether the card's box lies wholly inside what the scroll region shows. */
const shownWhole = (card: Locator, region: Locator) =>
  Promise.all([card.boundingBox(), region.boundingBox()]).then(
    ([c, r]) => !!c && !!r && c.x >= r.x - 1 && c.x + c.width <= r.x + r.width + 1,
  );

test('a stack of cards scrolls sideways and a footer group folds on a phone, all reachable; at 1440 px neither is folded', async ({
  page,
}) => {
  expect(streams?.items?.length).toBeGreaterThan(2);
  const titles = streams!.items!.map((item) => item.title);
  await page.setViewportSize(PHONE);
  await page.goto('/yoga');

  // The income streams: one row of cards, named after the section's heading, wider than the screen.
  const section = page.locator('#income-streams');
  const region = section.getByRole('region', { name: new RegExp(`^${streams!.heading}`) });
  const cards = region.getByRole('listitem');
  await expect(cards).toHaveCount(titles.length);
  await section.scrollIntoViewIfNeeded();
  await expect(cards.first()).toBeInViewport();
  expect(await shownWhole(cards.last(), region)).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // Every card is in the accessibility tree, folded away or not.
  const headings = await accessibleNames(page, 'heading');
  for (const title of titles) expect(headings).toContain(title);

  // The keyboard: Tab from the row of cards before (the features, which hold no link either) reaches this row, and the
  // arrow keys bring each card into view in turn.
  await page.locator('#features').getByRole('region').focus();
  await page.keyboard.press('Tab');
  await expect(region).toBeFocused();
  for (let i = 0; i < titles.length; i++) {
    const card = cards.nth(i);
    await expect
      .poll(
        async () => {
          if (await shownWhole(card, region)) return true;
          await page.keyboard.press('ArrowRight');
          return false;
        },
        { intervals: [150], timeout: 15_000, message: `card ${i + 1}, "${titles[i]}", scrolled into view` },
      )
      .toBe(true);
    await expect(card.getByRole('heading', { name: titles[i] })).toBeInViewport();
  }
  await expect(region).toBeFocused();

  // The footer: each group folded under a summary that Tab reaches; opening one shows its links to Tab and to the tree.
  const footer = page.getByRole('contentinfo');
  // The link groups' (the company's details fold under a summary of their own, tested with the company).
  const summaries = footer.locator('nav summary');
  await expect(summaries).toHaveCount(footerGroups.length);
  const links = await accessibleNames(page, 'link');
  for (const group of footerGroups) {
    const nav = footer.getByRole('navigation', { name: group.title });
    await expect(nav.getByRole('link').first()).toBeHidden();
    expect(links).not.toContain(group.links.at(-1)!.label);
  }
  await footer.getByRole('link', { name: /App Store/ }).focus();
  for (const group of footerGroups) {
    await page.keyboard.press('Tab');
    await expect(summaries.filter({ hasText: group.title })).toBeFocused();
  }
  for (const group of footerGroups) {
    const summary = summaries.filter({ hasText: group.title });
    await summary.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(footer.getByRole('link', { name: group.links[0]!.label, exact: true })).toBeFocused();
    for (const link of group.links) await expect(footer.locator(`a[href="${link.to}"]`).first()).toBeVisible();
  }
  const opened = await accessibleNames(page, 'link');
  for (const group of footerGroups) for (const link of group.links) expect(opened).toContain(link.label);

  // At 1440 px, on a fresh load: the same cards side by side in their grid, every one in view at once, nothing
  // scrolls sideways; the footer's groups show their headings and links, with no summary to open.
  await page.setViewportSize(DESKTOP);
  await page.goto('/yoga');
  await section.scrollIntoViewIfNeeded();
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  for (let i = 0; i < titles.length; i++) expect(await shownWhole(cards.nth(i), region), titles[i]).toBe(true);
  const rows = new Set(await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top)));
  expect(rows.size).toBeLessThan(titles.length);
  await expect(summaries.first()).toBeHidden();
  for (const group of footerGroups) {
    const nav = footer.getByRole('navigation', { name: group.title });
    await expect(nav.getByRole('heading', { name: group.title })).toBeVisible();
    for (const link of group.links) await expect(nav.locator(`a[href="${link.to}"]`)).toBeVisible();
  }
});
