import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ROI_TOTAL_HIGHLIGHT_MS, WHATSAPP_REVENUE_HIGHLIGHT_MS } from '../../src/lib/timings';

// The sliders' bounds (product rule): label -> [min, max, step, default].
const EXPECTED_SLIDERS: Record<string, Record<string, [number, number, number, number]>> = {
  Plans: { 'Number of subscribers': [0, 1000, 10, 500], 'Plan price': [0, 1000, 10, 400] },
  Courses: {
    'Number of courses': [0, 50, 1, 1],
    'Course price': [0, 5000, 50, 1000],
    'Enrollees per course': [0, 500, 10, 30],
  },
  Events: {
    'Number of events': [0, 50, 1, 2],
    'Ticket price': [0, 1000, 10, 500],
    'Attendees per event': [0, 500, 10, 50],
  },
  Appointments: {
    'Sessions per month': [0, 100, 1, 5],
    'Fee per session': [0, 2000, 50, 300],
    'Clients per session': [0, 50, 1, 10],
  },
  Products: { 'Products sold': [0, 10000, 100, 200], 'Product price': [0, 5000, 50, 300] },
};

const T0 = new Date('2026-03-02T10:00:00+05:30').getTime();

/** Freezes the page clock a minute ahead of T0, once the page has settled, so highlights can be timed exactly. */
const freezeClock = (page: Page) => page.clock.pauseAt(T0 + 60_000);

async function dismissPopup(page: Page) {
  const popup = page.getByRole('dialog', { name: 'Mega Bundle' });
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
}

const roi = (page: Page) => page.locator('#revenue-calculator');
const total = (page: Page) => roi(page).locator('[data-roi-total]');
const slide = (slider: Locator, value: number) => slider.fill(String(value));

test.describe('ROI calculator', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: T0 });
    await page.goto('/');
    await dismissPopup(page);
    await roi(page).scrollIntoViewIfNeeded();
    await expect(roi(page).getByRole('tab', { name: 'Plans' })).toHaveAttribute('aria-selected', 'true');
    // Hydrated: the server HTML looks the same, but only the island reacts to the sliders.
    await expect(roi(page).locator('astro-island[ssr]')).toHaveCount(0);
    await freezeClock(page);
  });

  test('every tab has its sliders with the product range, step and default', async ({ page }) => {
    for (const [tab, sliders] of Object.entries(EXPECTED_SLIDERS)) {
      await roi(page).getByRole('tab', { name: tab }).click();
      await expect(roi(page).getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(roi(page).getByRole('slider')).toHaveCount(Object.keys(sliders).length);
      for (const [label, [min, max, step, value]] of Object.entries(sliders)) {
        const slider = roi(page).getByRole('slider', { name: label });
        await expect(slider).toHaveAttribute('min', String(min));
        await expect(slider).toHaveAttribute('max', String(max));
        await expect(slider).toHaveAttribute('step', String(step));
        await expect(slider).toHaveValue(String(value));
      }
    }
  });

  test('defaults: total ₹27,20,000/Year and the revenue of each stream', async ({ page }) => {
    // 500 × 400 × 12 + 1 × 1000 × 30 + 2 × 500 × 50 + 5 × 300 × 10 × 12 + 200 × 300
    await expect(total(page)).toHaveText('₹27,20,000/Year');
    const rows = roi(page).locator('[data-roi-row]');
    await expect(rows).toHaveText([/₹24,00,000$/, /₹30,000$/, /₹50,000$/, /₹1,80,000$/, /₹60,000$/]);
    await expect(roi(page).getByRole('radio', { name: 'Monthly' })).toBeChecked();
  });

  test('each slider and the billing cycle move the total as the formulas say', async ({ page }) => {
    const tab = (name: string) => roi(page).getByRole('tab', { name }).click();
    const slider = (name: string) => roi(page).getByRole('slider', { name });

    await slide(slider('Number of subscribers'), 100); // 100 × 400 × 12 = 4,80,000
    await expect(total(page)).toHaveText('₹8,00,000/Year');
    await roi(page).getByRole('radio', { name: 'Yearly' }).check(); // 100 × 400 = 40,000
    await expect(total(page)).toHaveText('₹3,60,000/Year');
    await slide(slider('Plan price'), 1000); // 100 × 1000 = 1,00,000
    await expect(total(page)).toHaveText('₹4,20,000/Year');

    await tab('Courses');
    await slide(slider('Enrollees per course'), 500); // 1 × 1000 × 500 = 5,00,000
    await expect(total(page)).toHaveText('₹8,90,000/Year');
    await tab('Events');
    await slide(slider('Number of events'), 0);
    await expect(total(page)).toHaveText('₹8,40,000/Year');
    await tab('Appointments');
    await slide(slider('Clients per session'), 1); // 5 × 300 × 1 × 12 = 18,000
    await expect(total(page)).toHaveText('₹6,78,000/Year');
    await tab('Products');
    await slide(slider('Products sold'), 10000); // 10000 × 300 = 30,00,000
    await expect(total(page)).toHaveText('₹36,18,000/Year');

    // Values are kept per tab.
    await tab('Courses');
    await expect(slider('Enrollees per course')).toHaveValue('500');
  });

  test('the total highlights for 600 ms when it changes', async ({ page }) => {
    await expect(total(page)).not.toHaveAttribute('data-highlighted');
    await slide(roi(page).getByRole('slider', { name: 'Plan price' }), 500);
    await expect(total(page)).toHaveAttribute('data-highlighted', '');
    await page.clock.runFor(ROI_TOTAL_HIGHLIGHT_MS - 50);
    await expect(total(page)).toHaveAttribute('data-highlighted', '');
    await page.clock.runFor(100);
    await expect(total(page)).not.toHaveAttribute('data-highlighted');
  });

  test('the largest total stays whole: the figure on one line, inside its card, from 320 to 1440 px', async ({
    page,
  }) => {
    for (const [tab, sliders] of Object.entries(EXPECTED_SLIDERS)) {
      await roi(page).getByRole('tab', { name: tab }).click();
      for (const [label, [, max]] of Object.entries(sliders)) {
        await slide(roi(page).getByRole('slider', { name: label }), max);
      }
    }
    // Monthly: 1,000 × 1,000 × 12 + 50 × 5,000 × 500 + 50 × 1,000 × 500 + 100 × 2,000 × 50 × 12 + 10,000 × 5,000.
    await expect(total(page)).toHaveText('₹33,20,00,000/Year');
    for (const width of [320, 390, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const fit = await total(page).evaluate((p) => {
        const lines = new Set([...p.firstElementChild!.getClientRects()].map((r) => Math.round(r.top)));
        const card = p.parentElement!.getBoundingClientRect();
        const figure = p.getBoundingClientRect();
        return { lines: lines.size, inside: figure.right <= card.right && p.scrollWidth <= p.clientWidth };
      });
      expect(fit, `${width} px`).toEqual({ lines: 1, inside: true });
    }
  });

  test('tabs follow the arrow keys', async ({ page }) => {
    await roi(page).getByRole('tab', { name: 'Plans' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(roi(page).getByRole('tab', { name: 'Courses' })).toBeFocused();
    await expect(roi(page).getByRole('tab', { name: 'Courses' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(roi(page).getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('WhatsApp Marketing Impact calculator', () => {
  const section = (page: Page) =>
    page.locator('section', { has: page.getByRole('heading', { name: 'WhatsApp Marketing Impact' }) });

  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: T0 });
    await page.goto('/');
    await dismissPopup(page);
    await section(page).scrollIntoViewIfNeeded();
    await expect(section(page).getByRole('slider')).toHaveCount(3);
    await expect(section(page).locator('astro-island[ssr]')).toHaveCount(0);
    await freezeClock(page);
  });

  test('sliders, defaults and the formula', async ({ page }) => {
    const s = section(page);
    const expected: Record<string, [number, number, number, number]> = {
      'Messages sent': [0, 10000, 10, 500],
      'Conversion rate': [0, 100, 1, 13],
      'Subscription price per member': [0, 5000, 10, 400],
    };
    for (const [label, [min, max, step, value]] of Object.entries(expected)) {
      const slider = s.getByRole('slider', { name: label });
      await expect(slider).toHaveAttribute('min', String(min));
      await expect(slider).toHaveAttribute('max', String(max));
      await expect(slider).toHaveAttribute('step', String(step));
      await expect(slider).toHaveValue(String(value));
    }
    // floor(500 × 13 / 100) = 65 members; 65 × 400 = 26,000
    await expect(s.locator('[data-wa-converted]')).toHaveText('65');
    await expect(s.locator('[data-wa-revenue]')).toHaveText('₹26,000');
    await slide(s.getByRole('slider', { name: 'Messages sent' }), 1230); // floor(159.9) = 159
    await expect(s.locator('[data-wa-converted]')).toHaveText('159');
    await expect(s.locator('[data-wa-revenue]')).toHaveText('₹63,600');
    await slide(s.getByRole('slider', { name: 'Subscription price per member' }), 5000);
    await expect(s.locator('[data-wa-revenue]')).toHaveText('₹7,95,000');
  });

  test('the largest revenue fits its card on one line from 320 to 1440 px', async ({ page }) => {
    const s = section(page);
    await slide(s.getByRole('slider', { name: 'Messages sent' }), 10000);
    await slide(s.getByRole('slider', { name: 'Conversion rate' }), 100);
    await slide(s.getByRole('slider', { name: 'Subscription price per member' }), 5000);
    // 10,000 × 100 % = 10,000 members × ₹5,000
    const revenue = s.locator('[data-wa-revenue]');
    await expect(revenue).toHaveText('₹5,00,00,000');
    for (const width of [320, 390, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await revenue.evaluate((p) => p.scrollWidth - p.clientWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    }
  });

  test('the revenue highlights for 400 ms after any change', async ({ page }) => {
    const revenue = section(page).locator('[data-wa-revenue]');
    await slide(section(page).getByRole('slider', { name: 'Conversion rate' }), 20);
    await expect(revenue).toHaveAttribute('data-highlighted', '');
    await page.clock.runFor(WHATSAPP_REVENUE_HIGHLIGHT_MS - 50);
    await expect(revenue).toHaveAttribute('data-highlighted', '');
    await page.clock.runFor(100);
    await expect(revenue).not.toHaveAttribute('data-highlighted');
  });

  test('View More opens the WhatsApp Business API page in the same window', async ({ page }) => {
    const more = section(page).getByRole('link', { name: 'View More' });
    await expect(more).toHaveAttribute('href', '/business-whatsapp-api');
    await expect(more).not.toHaveAttribute('target', /.+/);
  });
});
