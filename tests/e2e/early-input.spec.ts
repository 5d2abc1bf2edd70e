import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { slowPhone } from '../../scripts/slow-phone.mjs';
import { holdIsland } from './hold-island';
import { unfold, withoutOfferPopup } from './home-helpers';
import { settled } from './whole-page';

/**
 * Input made before an island hydrates is what the page shows once it has (src/browser/early-input.ts,
 * src/islands/hooks/useEarlyInput.ts). Each test is a phone on a slow network, and holds the island's component
 * chunk until the visitor has acted on the server HTML, so the visitor always acts before hydration: no race. The
 * visitor acts on a section once its reveal is over (`settled`), as a press during the slide is no click.
 * Expected figures are the calculators' formulas (product rules) with literal numbers, not the code under test.
 */

test.setTimeout(90_000);

/** Every console error or warning and every uncaught error: none may appear (a hydration mismatch is one). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function openHome(page: Page, component: string) {
  const problems = watchConsole(page);
  // The offer popup opens as a modal on load and would take every click.
  await withoutOfferPopup(page);
  const release = await holdIsland(page, component);
  await slowPhone(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  return { problems, release };
}

const island = (scope: Locator) => scope.locator('astro-island');

/** The island is still the server HTML when the visitor acts. */
async function notHydrated(scope: Locator) {
  await expect(island(scope)).toHaveAttribute('ssr', '');
}

async function hydrated(scope: Locator) {
  await expect(island(scope)).not.toHaveAttribute('ssr', { timeout: 30_000 });
}

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;

/** Samples `read` before every frame from now on; `frames()` returns what each frame showed. */
async function sampleFrames(page: Page, selectors: string[]) {
  await page.evaluate((list) => {
    const seen: string[][] = [];
    (window as unknown as { earlyFrames: string[][] }).earlyFrames = seen;
    const tick = () => {
      seen.push(
        list.map((selector) => {
          const element = document.querySelector(selector);
          return element instanceof HTMLInputElement ? element.value : (element?.textContent ?? '');
        }),
      );
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, selectors);
  return () => page.evaluate(() => (window as unknown as { earlyFrames: string[][] }).earlyFrames);
}

test.describe('revenue calculator', () => {
  const roi = (page: Page) => page.locator('#revenue-calculator');
  const slider = (page: Page, name: string) => roi(page).getByRole('slider', { name });
  const total = (page: Page) => roi(page).locator('[data-roi-total]');

  /** The home page with the calculator's script held, scrolled to "Number of subscribers" while still server HTML. */
  async function openCalculator(page: Page) {
    const { problems, release } = await openHome(page, 'RoiCalculator');
    const subscribers = slider(page, 'Number of subscribers');
    await subscribers.scrollIntoViewIfNeeded();
    await expect(subscribers).toBeVisible();
    await settled(subscribers);
    await notHydrated(roi(page));
    return { problems, release, subscribers };
  }

  test('sliders and the billing cycle set before hydration give the label and the total', async ({ page }) => {
    const { problems, release, subscribers } = await openCalculator(page);

    await subscribers.fill('120');
    await slider(page, 'Plan price').fill('250');
    await roi(page).getByRole('radio', { name: 'Yearly' }).check();
    // The server HTML still shows the defaults beside the moved controls.
    await expect(total(page)).toHaveText('₹27,20,000/Year');
    const frames = await sampleFrames(page, [
      '#revenue-calculator input[type=range]',
      '#revenue-calculator output',
      '#revenue-calculator [data-roi-total]',
    ]);
    release();
    await hydrated(roi(page));

    // Plans yearly: 120 × 250; then courses 1 × 1000 × 30, events 2 × 500 × 50, appointments 5 × 300 × 10 × 12,
    // products 200 × 300.
    const expected = 120 * 250 + 1 * 1000 * 30 + 2 * 500 * 50 + 5 * 300 * 10 * 12 + 200 * 300;
    await expect(total(page)).toHaveText(`${rupees(expected)}/Year`);
    await expect(subscribers).toHaveValue('120');
    await expect(roi(page).locator('output')).toHaveText(['120', '₹250']);
    await expect(roi(page).getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(roi(page).locator('[data-roi-row="plans"]')).toHaveText(new RegExp(`${rupees(120 * 250)}$`));

    // No frame showed the default again once the visitor's value was on screen.
    const shown = await frames();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every(([value]) => value === '120')).toBe(true);
    expect(shown.map(([, label]) => label).join(' ')).toMatch(/^(500 )*(120 ?)+$/);
    expect(shown.map(([, , sum]) => sum).join(' ')).not.toMatch(new RegExp(`${rupees(expected)}.*27,20,000`));

    // Live from here: the island answers as usual.
    await subscribers.fill('130');
    await expect(total(page)).toHaveText(`${rupees(expected + 10 * 250)}/Year`);
    expect(problems).toEqual([]);
  });

  test('a stream tab clicked before hydration is selected once awake, the slider moved before it kept', async ({
    page,
  }) => {
    const { problems, release, subscribers } = await openCalculator(page);

    await subscribers.fill('120');
    await roi(page).getByRole('tab', { name: 'Courses' }).click();
    // Held, and said so: the island is busy until it has replayed the click.
    await expect(island(roi(page))).toHaveAttribute('aria-busy', 'true');
    await expect(roi(page).getByRole('tab', { name: 'Plans' })).toHaveAttribute('aria-selected', 'true');
    release();
    await hydrated(roi(page));

    await expect(roi(page).getByRole('tab', { name: 'Courses' })).toHaveAttribute('aria-selected', 'true');
    await expect(slider(page, 'Number of courses')).toHaveValue('1');
    await expect(island(roi(page))).not.toHaveAttribute('aria-busy');
    // Plans monthly: 120 × 400 × 12; the other streams at their defaults.
    const expected = 120 * 400 * 12 + 1 * 1000 * 30 + 2 * 500 * 50 + 5 * 300 * 10 * 12 + 200 * 300;
    await expect(total(page)).toHaveText(`${rupees(expected)}/Year`);
    await roi(page).getByRole('tab', { name: 'Plans' }).click();
    await expect(subscribers).toHaveValue('120');
    await expect(roi(page).locator('output').first()).toHaveText('120');
    expect(problems).toEqual([]);
  });
});

test.describe('WhatsApp calculator', () => {
  test('sliders moved before hydration give the members and the revenue', async ({ page }) => {
    const { problems, release } = await openHome(page, 'WhatsappCalculator');
    const section = page.locator('#wa-impact');
    const messages = section.getByRole('slider', { name: 'Messages sent' });
    await messages.scrollIntoViewIfNeeded();
    await expect(messages).toBeVisible();
    await settled(messages);
    await notHydrated(section);

    await messages.fill('1230');
    await section.getByRole('slider', { name: 'Conversion rate' }).fill('20');
    release();
    await hydrated(section);

    // floor(messages × conversion % / 100) members; revenue = members × subscription (default 400).
    const members = Math.floor((1230 * 20) / 100);
    await expect(section.locator('[data-wa-converted]')).toHaveText(members.toLocaleString('en-IN'));
    await expect(section.locator('[data-wa-revenue]')).toHaveText(rupees(members * 400));
    await expect(section.locator('output')).toHaveText(['1,230', '20%', '₹400']);
    expect(problems).toEqual([]);
  });
});

test.describe('feature showcase', () => {
  const showcase = (page: Page) => page.locator('#showcase');

  test.describe('desktop', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('a tab clicked before hydration is the active entry once awake, auto-advance paused', async ({ page }) => {
      const { problems, release } = await openHome(page, 'FeatureShowcase');
      const meetings = showcase(page).getByRole('tab', { name: 'Meetings' });
      await meetings.scrollIntoViewIfNeeded();
      await expect(meetings).toBeVisible();
      await settled(meetings);
      await notHydrated(showcase(page));

      await meetings.click();
      await expect(island(showcase(page))).toHaveAttribute('aria-busy', 'true');
      release();
      await hydrated(showcase(page));

      await expect(meetings).toHaveAttribute('aria-selected', 'true');
      await expect(
        showcase(page).getByRole('tabpanel').getByRole('heading', { name: 'Manage Meetings' }),
      ).toBeVisible();
      await expect(showcase(page).locator('[data-showcase]')).toHaveAttribute('data-paused', '');
      await expect(island(showcase(page))).not.toHaveAttribute('aria-busy');
      expect(problems).toEqual([]);
    });
  });

  test.describe('mobile', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('arrow clicks before hydration add up, in order', async ({ page }) => {
      const { problems, release } = await openHome(page, 'FeatureShowcase');
      // On a phone the showcase is folded under a button: the visitor opens it, then clicks the arrows.
      await unfold(showcase(page));
      const next = showcase(page).getByRole('button', { name: 'Next feature' });
      const previous = showcase(page).getByRole('button', { name: 'Previous feature' });
      await next.scrollIntoViewIfNeeded();
      await expect(next).toBeVisible();
      await settled(next);
      await notHydrated(showcase(page));

      // Next, next, next, previous: the third entry.
      await next.click();
      await next.click();
      await next.click();
      await previous.click();
      release();
      await hydrated(showcase(page));

      await expect(showcase(page).getByText('3 of 7')).toBeVisible();
      await expect(showcase(page).getByRole('tabpanel').getByRole('heading', { name: 'Manage Events' })).toBeVisible();
      await expect(showcase(page).locator('[data-showcase]')).toHaveAttribute('data-paused', '');
      expect(problems).toEqual([]);
    });
  });
});

test.describe('testimonial carousel', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a card flipped by a click before hydration shows its quote once awake, and stays turned', async ({ page }) => {
    const { problems, release } = await openHome(page, 'TestimonialCarousel');
    const region = page.getByRole('region', { name: 'People who love Communiti: testimonial carousel' });
    const flip = region.getByRole('button', { name: 'Show the quote from Sthira Yoga Studio' });
    await flip.scrollIntoViewIfNeeded();
    await expect(flip).toBeVisible();
    await settled(flip);
    await notHydrated(page.locator('#testimonials'));

    await flip.click();
    await expect(island(page.locator('#testimonials'))).toHaveAttribute('aria-busy', 'true');
    release();
    await hydrated(page.locator('#testimonials'));
    await expect(region).toHaveAttribute('data-ready', '');

    const card = region.getByRole('group').first();
    await expect(flip).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toHaveAttribute('data-flipped', '');
    await expect(card.locator('.flip-card-back')).not.toHaveAttribute('aria-hidden');
    // The first-view hint (1.8 s) does not turn the visitor's card back, and auto-play waits while it is turned.
    await page.waitForTimeout(2500);
    await expect(card).toHaveAttribute('data-flipped', '');
    await expect(region).toHaveAttribute('data-current', '0');
    // A second click turns it back, as after hydration always.
    await flip.click();
    await expect(flip).toHaveAttribute('aria-pressed', 'false');
    expect(problems).toEqual([]);
  });
});
