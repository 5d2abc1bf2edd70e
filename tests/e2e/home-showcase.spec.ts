import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SHOWCASE_ADVANCE_MS, SHOWCASE_PAUSE_MS } from '../../src/lib/timings';
import { unfold, withoutOfferPopup } from './home-helpers';

test.beforeEach(({ page }) => withoutOfferPopup(page));

/** The home feature showcase: seven entries, auto-advance, pause after a manual choice, tabs and arrows. */

async function openShowcase(page: Page) {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
  await page.goto('/');
  // On a phone the showcase is folded under a button, and wakes once the visitor opens it.
  await unfold(page.locator('#showcase'));
  const showcase = page.locator('[data-showcase]');
  await showcase.scrollIntoViewIfNeeded();
  // Hydrated: the island's wrapper has dropped its server-render marker.
  await expect(page.locator('astro-island:has([data-showcase])')).not.toHaveAttribute('ssr');
  return showcase;
}

/**
 * Runs the clock to 100 ms before the first step after a manual choice: 8 s of pause (checked on both sides of its
 * end), then one 4 s beat. React re-renders between the two runs, as it would between real seconds.
 */
async function resumesAfterPause(page: Page, showcase: Locator) {
  await expect(showcase).toHaveAttribute('data-paused', '');
  await page.clock.runFor(SHOWCASE_PAUSE_MS - 100);
  await expect(showcase).toHaveAttribute('data-paused', '');
  await page.clock.runFor(200);
  await expect(showcase).not.toHaveAttribute('data-paused');
  await page.clock.runFor(SHOWCASE_ADVANCE_MS - 200);
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('pill tabs name the seven entries without "Manage" and advance every 4 s, wrapping', async ({ page }) => {
    const showcase = await openShowcase(page);
    const tabs = showcase.getByRole('tablist', { name: 'Features' }).getByRole('tab');
    await expect(tabs).toHaveText(['Members', 'Courses', 'Events', 'Subscribers', 'Appointments', 'Meetings', 'Posts']);
    const panel = showcase.getByRole('tabpanel');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toHaveAccessibleName('Members');
    await expect(panel.getByRole('heading', { name: 'Manage Members' })).toBeVisible();

    await page.clock.runFor(SHOWCASE_ADVANCE_MS - 100);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.clock.runFor(200);
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
    await expect(panel.getByRole('heading', { name: 'Manage Courses' })).toBeVisible();

    await page.clock.runFor(SHOWCASE_ADVANCE_MS * 5);
    await expect(panel.getByRole('heading', { name: 'Manage Posts' })).toBeVisible();
    await page.clock.runFor(SHOWCASE_ADVANCE_MS);
    await expect(panel.getByRole('heading', { name: 'Manage Members' })).toBeVisible();
  });

  test('a tab click selects its entry and pauses auto-advance, which resumes 8 s later', async ({ page }) => {
    const showcase = await openShowcase(page);
    const panel = showcase.getByRole('tabpanel');
    await page.clock.runFor(SHOWCASE_ADVANCE_MS / 2);
    await showcase.getByRole('tab', { name: 'Meetings' }).click();
    await expect(showcase.getByRole('tab', { name: 'Meetings' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('heading', { name: 'Manage Meetings' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/meeting-management');

    // Paused for 8 s, then the 4 s beat starts again.
    await resumesAfterPause(page, showcase);
    await expect(panel.getByRole('heading', { name: 'Manage Meetings' })).toBeVisible();
    await page.clock.runFor(200);
    await expect(panel.getByRole('heading', { name: 'Manage Posts' })).toBeVisible();
    await page.clock.runFor(SHOWCASE_ADVANCE_MS);
    await expect(panel.getByRole('heading', { name: 'Manage Members' })).toBeVisible();
  });

  test('arrow keys move between tabs', async ({ page }) => {
    const showcase = await openShowcase(page);
    const members = showcase.getByRole('tab', { name: 'Members' });
    await members.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(showcase.getByRole('tab', { name: 'Posts' })).toBeFocused();
    await expect(showcase.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(members).toBeFocused();
    await expect(members).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('previous and next arrows walk the seven entries and their View More links', async ({ page }) => {
    const showcase = await openShowcase(page);
    await expect(showcase.getByRole('tablist')).toBeHidden();
    const next = showcase.getByRole('button', { name: 'Next feature' });
    const previous = showcase.getByRole('button', { name: 'Previous feature' });
    await expect(next).toBeVisible();
    await expect(previous).toBeVisible();

    const panel = showcase.getByRole('tabpanel');
    const expected: [string, string][] = [
      ['Manage Members', '/member-management'],
      ['Manage Courses', '/course-management'],
      ['Manage Events', '/event-management'],
      ['Manage Subscribers', '/subscription-management'],
      ['Manage Appointments', '/appointment-management'],
      ['Manage Meetings', '/meeting-management'],
      ['Manage Posts', '/'],
    ];
    for (const [i, [title, href]] of expected.entries()) {
      if (i > 0) await next.click();
      await expect(panel.getByRole('heading', { name: title })).toBeVisible();
      await expect(panel.getByRole('link', { name: 'View More' })).toHaveAttribute('href', href);
      await expect(panel.getByRole('img')).toHaveAccessibleName(/.{10,}/);
      await expect(showcase.getByText(`${i + 1} of 7`)).toBeVisible();
    }
    await next.click();
    await expect(panel.getByRole('heading', { name: 'Manage Members' })).toBeVisible();
    await previous.click();
    await expect(panel.getByRole('heading', { name: 'Manage Posts' })).toBeVisible();

    // The arrow paused auto-advance: nothing moves for 8 s plus one beat.
    await resumesAfterPause(page, showcase);
    await expect(panel.getByRole('heading', { name: 'Manage Posts' })).toBeVisible();
    await page.clock.runFor(200);
    await expect(panel.getByRole('heading', { name: 'Manage Members' })).toBeVisible();
  });
});
