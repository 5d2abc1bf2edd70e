import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_SHAKE, TESTIMONIALS } from '../../src/lib/timings';

// Spec: the demo booking page has the path /user/book-appointment/{slug}/{id}; Get Started opens the /admin area.
const DEMO_BOOKING = /^https:\/\/[^/]+\/user\/book-appointment\/[^/]+\/[^/]+$/;
const ADMIN_APP = /^https:\/\/[^/]+\/admin$/;

const hero = (page: Page) => page.locator('main [data-demo-shake-zone]');
const demoButton = (page: Page) => hero(page).getByRole('link', { name: 'Book a Free Demo', exact: true });

async function expectNewTab(page: Page, name: string, href: RegExp) {
  const link = page.getByRole('main').getByRole('link', { name, exact: true }).first();
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
}

test.describe('yoga page', () => {
  for (const path of ['/yoga', '/Yoga']) {
    test(`${path} answers with the yoga page, canonical /yoga`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // Answered directly: a redirect here would cost every visitor and crawler a round trip.
      expect(response?.request().redirectedFrom()).toBeNull();
      await expect(page).toHaveTitle(/^Yoga Studio Software \| /);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/yoga studio/i);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^https?:\/\/[^/]+\/yoga$/);
      for (const name of [/before and after/i, /runs on, in one place/i, /Seven ways to earn/, /free website/i]) {
        await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      }
    });
  }

  test('only the lower-case path is in the sitemap', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemap = index.match(/<loc>[^<]*?(\/sitemap-\d+\.xml)<\/loc>/)?.[1];
    expect(sitemap).toBeTruthy();
    const urls = await (await request.get(sitemap!)).text();
    expect(urls).toMatch(/\/yoga\/?<\/loc>/);
    expect(urls).not.toMatch(/\/Yoga\/?<\/loc>/);
  });

  test('hero buttons: the demo booking page and the admin app, each in a new tab', async ({ page }) => {
    await page.goto('/yoga');
    await expectNewTab(page, 'Book a Free Demo', DEMO_BOOKING);
    await expectNewTab(page, 'Get Started', ADMIN_APP);
    await expectNewTab(page, 'Claim your free website', ADMIN_APP);
  });

  test('the before/after comparison reads as eight labelled pairs', async ({ page }) => {
    await page.goto('/yoga');
    const section = page.getByRole('region', { name: /before and after/i });
    const pairs = section.getByRole('list').first().locator(':scope > li');
    await expect(pairs).toHaveCount(8);
    for (const pair of await pairs.all()) {
      const terms = pair.getByRole('term');
      await expect(terms).toHaveText(['Before', 'After']);
      const details = pair.getByRole('definition');
      await expect(details).toHaveCount(2);
      for (const text of await details.allTextContents()) expect(text.trim().length).toBeGreaterThan(15);
    }
    await expect(pairs.first().getByRole('definition').first()).toHaveText(/WhatsApp messages/);
  });

  test.describe('on a desktop with a mouse', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('four yoga studios: every quote is on the screen at once, with nothing to flip and no "Tap"', async ({
      page,
    }) => {
      await page.goto('/yoga');
      const section = page.getByRole('region', { name: /^Yoga studios that run on / });
      const cards = section.getByRole('listitem');
      await expect(cards).toHaveCount(4);
      await expect(cards.first()).toContainText('Shanti Sutra Yoga');
      for (const card of await cards.all()) {
        await card.scrollIntoViewIfNeeded();
        await expect(card.getByRole('img')).toHaveAttribute('alt', /logo$/);
        const quote = card.locator('blockquote');
        await expect(quote).toBeVisible();
        await expect(quote).toBeInViewport({ ratio: 1 });
        expect(((await quote.textContent()) ?? '').length).toBeGreaterThan(60);
        await expect(card.locator('figcaption')).toBeVisible();
      }
      // No flip and no hint: the carousel is for narrower screens.
      await expect(section.getByRole('button')).toHaveCount(0);
      await expect(section.getByRole('region', { name: /: testimonial carousel$/ })).toBeHidden();
      await expect(section.getByText(/to read their story/).filter({ visible: true })).toHaveCount(0);
      await expect(page.getByText(/\bTap\b/).filter({ visible: true })).toHaveCount(0);
    });
  });

  test.describe('on a touch phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a carousel of the four studios whose cards say "Tap" to turn them, and a tap shows the quote', async ({
      page,
    }) => {
      // A paused clock: the first card's hint flip and the auto-play wait for the test.
      await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
      await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
      await page.goto('/yoga');
      const region = page.getByRole('region', { name: /: testimonial carousel$/ });
      await region.scrollIntoViewIfNeeded();
      await expect(region).toHaveAttribute('data-ready', '');
      // Past the first card's hint flip, which shows its quote for a moment: once it has started (its observer answers
      // on a rendered frame, not on the page clock), the clock times it.
      await expect(region.locator('[data-flipped]').first()).toBeAttached();
      await page.clock.runFor(TESTIMONIALS.hintFlipMs);
      const slides = region.getByRole('group');
      await expect(slides).toHaveCount(4);
      await expect(slides.first()).toHaveAccessibleName('1 of 4: Shanti Sutra Yoga');
      for (const slide of await slides.all()) {
        await expect(slide.getByRole('img')).toHaveAttribute('alt', /logo$/);
        await expect(slide.getByRole('button', { name: /^Show the quote from / })).toHaveCount(1);
        expect(((await slide.textContent()) ?? '').length).toBeGreaterThan(60);
      }
      const hints = region.locator('.flip-card-hint').filter({ visible: true });
      await expect(hints.first()).toHaveText('Tap to read their story', { useInnerText: true });
      await expect(region.getByText(/^(Click|Press Enter) to read/).filter({ visible: true })).toHaveCount(0);

      const card = slides.nth(Number(await region.getAttribute('data-current')));
      await expect(card).not.toHaveAttribute('data-flipped');
      await expect(card.locator('.flip-card-back')).toHaveAttribute('aria-hidden', 'true');
      await card.getByRole('button', { name: /^Show the quote from / }).tap();
      await expect(card).toHaveAttribute('data-flipped', '');
      await expect(card.locator('.flip-card-back')).not.toHaveAttribute('aria-hidden');
      await expect(card.locator('blockquote')).toBeVisible();
      expect(((await card.locator('blockquote').textContent()) ?? '').length).toBeGreaterThan(60);
    });
  });

  test('income streams: the seven the product names', async ({ page }) => {
    await page.goto('/yoga');
    const section = page.getByRole('region', { name: /Seven ways to earn/ });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText([
      'Premium appointments',
      'Courses',
      'Paid events and workshops',
      'Meetings',
      'Products',
      'WhatsApp marketing',
      'Create by prompt',
    ]);
  });

  test('every illustration has alt text and dimensions', async ({ page }) => {
    await page.goto('/yoga');
    const images = page.locator('main img');
    expect(await images.count()).toBeGreaterThanOrEqual(2);
    for (const img of await images.all()) {
      expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(10);
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
    }
  });
});

/**
 * Opens a page, pauses its fake clock and records the (fake) time of every shake of the hero's demo button: each time
 * `data-shaking` appears on it. With the clock paused, time moves only through `runFor`, so the times are exact.
 */
const PAGE_OPENED = new Date('2026-03-02T09:00:00Z').getTime();

async function openWithShakeLog(page: Page, path: string) {
  // Installed a moment earlier, so that pausing moves the clock forward, never back.
  await page.clock.install({ time: PAGE_OPENED - 60_000 });
  await page.clock.pauseAt(PAGE_OPENED);
  await page.goto(path);
  await demoButton(page).waitFor();
  await demoButton(page).evaluate((button) => {
    const log: number[] = [];
    (window as unknown as { shakes: number[] }).shakes = log;
    new MutationObserver((records) => {
      for (const record of records)
        if (record.oldValue === null && button.hasAttribute('data-shaking')) log.push(Date.now());
    }).observe(button, { attributes: true, attributeFilter: ['data-shaking'], attributeOldValue: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { shakes: number[] }).shakes]);
}

/** Scrolls (instantly) so that `share` of the hero section is inside the viewport, and returns the page's time. */
async function showHeroShare(page: Page, share: number): Promise<number> {
  const now = await hero(page).evaluate((el, share) => {
    const r = el.getBoundingClientRect();
    window.scrollTo({ top: r.top + window.scrollY + r.height * (1 - share), behavior: 'instant' });
    return Date.now();
  }, share);
  // The intersection observer reports with rendering, which runs while the timers stay paused.
  await page.waitForTimeout(200);
  return now;
}

test.describe('the Book a Free Demo shake', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shakes every 3 seconds while the hero is in view', async ({ page }) => {
    const shakes = await openWithShakeLog(page, '/yoga');
    const button = demoButton(page);
    await expect(button).toBeVisible();
    await page.clock.runFor(2_999);
    expect(await shakes()).toEqual([]);
    await page.clock.runFor(1);
    expect(await shakes()).toEqual([PAGE_OPENED + 3_000]);
    await expect(button).toHaveAttribute('data-shaking', '');
    expect(await button.evaluate((el) => getComputedStyle(el).animationName)).toBe('demo-shake');
    await page.clock.runFor(DEMO_SHAKE.durationMs);
    await expect(button).not.toHaveAttribute('data-shaking');

    await page.clock.runFor(9_000);
    const log = await shakes();
    expect(log).toHaveLength(4);
    expect(log.slice(1).map((t, i) => t - log[i]!)).toEqual([3_000, 3_000, 3_000]);
  });

  test('stops when the hero leaves the view and starts again when it comes back', async ({ page }) => {
    const shakes = await openWithShakeLog(page, '/yoga');
    const button = demoButton(page);
    await page.clock.runFor(3_000);
    expect(await shakes()).toEqual([PAGE_OPENED + 3_000]);

    await showHeroShare(page, 0);
    await page.clock.runFor(12_000);
    expect(await shakes()).toHaveLength(1);
    await expect(button).not.toHaveAttribute('data-shaking');

    const back = await showHeroShare(page, 1);
    // Back in view, the count starts over: the next shake comes a full 3 s later.
    await page.clock.runFor(2_999);
    expect(await shakes()).toHaveLength(1);
    await page.clock.runFor(1);
    expect((await shakes())[1]).toBe(back + 3_000);
  });

  test('needs 30 % of the section in view', async ({ page }) => {
    const shakes = await openWithShakeLog(page, '/yoga');
    await showHeroShare(page, 0.25);
    await page.clock.runFor(12_000);
    expect(await shakes()).toEqual([]);

    const enough = await showHeroShare(page, 0.35);
    await page.clock.runFor(3_000);
    expect(await shakes()).toEqual([enough + 3_000]);
  });

  test('never moves under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const shakes = await openWithShakeLog(page, '/yoga');
    await page.clock.runFor(12_000);
    expect(await shakes()).toEqual([]);
    await expect(demoButton(page)).not.toHaveAttribute('data-shaking');
  });
});

test.describe('creator page', () => {
  test('hero, sections and both buttons in a new tab', async ({ page }) => {
    const response = await page.goto('/creator');
    expect(response?.status()).toBe(200);
    // Answered directly: a redirect here would cost every visitor and crawler a round trip.
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect(page).toHaveTitle(/^Platform for Creators \| /);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/creator$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turn your audience into a paying community');
    await expectNewTab(page, 'Book a Free Demo', DEMO_BOOKING);
    await expectNewTab(page, 'Get Started', ADMIN_APP);
    await expectNewTab(page, 'Claim your free website', ADMIN_APP);
    await expectNewTab(page, 'Try the AI assistant', ADMIN_APP);
  });

  test('what creators sell, product selling included on the plans that have it', async ({ page }) => {
    await page.goto('/creator');
    const section = page.getByRole('region', { name: 'Everything you sell, on one platform' });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText([
      '1-on-1 sessions',
      'WhatsApp and email automation',
      'Events',
      'Products',
      'Community access plans',
      'Payment management',
    ]);
    // Product selling is available (the Plus and Advance plans list it), so no card calls it coming soon.
    const cards = section.getByRole('listitem');
    await expect(cards.filter({ hasText: /coming soon/i })).toHaveCount(0);
    await expect(cards.filter({ has: page.getByRole('heading', { name: 'Products' }) })).toContainText(
      'on Plus and Advance',
    );
  });

  test('a free website, ready for your own domain, and the AI assistant', async ({ page }) => {
    await page.goto('/creator');
    const website = page.getByRole('region', { name: 'A free website, ready for your own domain' });
    await expect(website).toContainText(/own domain/);
    const assistant = page.getByRole('region', { name: /AI assistant/ });
    for (const thing of [/Plans/, /Events and workshops/, /Appointments/, /Meetings/, /Courses/]) {
      await expect(assistant.getByRole('listitem').filter({ hasText: thing })).toHaveCount(1);
    }
    const pairs = page.getByRole('region', { name: /before and after/i }).locator('ol > li');
    await expect(pairs).toHaveCount(8);
  });

  test('the demo button shakes here too', async ({ page }) => {
    const shakes = await openWithShakeLog(page, '/creator');
    await page.clock.runFor(6_000);
    expect(await shakes()).toHaveLength(2);
  });
});
