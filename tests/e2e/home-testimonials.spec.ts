import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TESTIMONIALS } from '../../src/lib/timings';
import { withoutOfferPopup } from './home-helpers';

test.beforeEach(({ page }) => withoutOfferPopup(page));

/** The mobile flip carousel and the desktop marquee of "People who love Communiti" on the home page. */

const carousel = (page: Page) => page.locator('[data-testimonial-carousel]');
const current = async (page: Page) => Number(await carousel(page).getAttribute('data-current'));
const currentSlide = async (page: Page) =>
  carousel(page)
    .locator('.testimonial-slide')
    .nth(await current(page));

/** A finger put down on the page at (x, y), through the browser's input as a phone sends it. */
async function fingerDown(page: Page, x: number, y: number) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  await touch('touchStart', [{ x, y }]);
  return {
    /** Slides the finger to (toX, toY) in ten moves, a frame apart, as a hand does. */
    async slide(toX: number, toY: number) {
      for (let i = 1; i <= 10; i++) {
        await touch('touchMove', [{ x: x + ((toX - x) * i) / 10, y: y + ((toY - y) * i) / 10 }]);
        await page.waitForTimeout(16);
      }
    },
    lift: () => touch('touchEnd', []),
  };
}

/** The middle of an element on the screen. */
async function middle(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function openCarousel(page: Page) {
  // A paused clock: time moves only when the test says so.
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
  await page.goto('/');
  const region = page.getByRole('region', { name: 'People who love Communiti: testimonial carousel' });
  await region.scrollIntoViewIfNeeded();
  await expect(region).toHaveAttribute('data-ready', '');
  // The first-view hint has turned the current card: its observer answers on a rendered frame, not on the page clock,
  // so a clock run before then would leave the hint's card turned for good.
  await expect(region.locator('.testimonial-slide[data-flipped]')).toHaveCount(1);
  return region;
}

test.describe('mobile flip carousel', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the five home studios, one card at a time, with the marquee hidden', async ({ page }) => {
    const region = await openCarousel(page);
    const slides = region.getByRole('group');
    await expect(slides).toHaveCount(5);
    await expect(slides.first()).toHaveAccessibleName('1 of 5: Sthira Yoga Studio');
    const width = await region.evaluate((el) => el.getBoundingClientRect().width);
    await expect
      .poll(async () => {
        await page.clock.runFor(16);
        return slides.first().evaluate((el) => el.getBoundingClientRect().width);
      })
      .toBeGreaterThan(width * 0.9);
    await expect(page.getByRole('region', { name: 'People who love Communiti: testimonials' })).toBeHidden();
    // Six pastel backgrounds by id: neighbours differ.
    const colours = await region
      .locator('.flip-card-front')
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
    expect(new Set(colours).size).toBe(5);
  });

  test('the current card flips for 1.8 s the first time the carousel is 60 % visible', async ({ page }) => {
    const region = await openCarousel(page);
    const first = region.getByRole('group').first();
    await expect(first).toHaveAttribute('data-flipped', '');
    await expect(first.getByRole('button', { name: 'Show the quote from Sthira Yoga Studio' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.clock.runFor(TESTIMONIALS.hintFlipMs - 100);
    await expect(first).toHaveAttribute('data-flipped', '');
    await page.clock.runFor(200);
    await expect(first).not.toHaveAttribute('data-flipped');
    // Once only: scrolling away and back does not flip it again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await region.scrollIntoViewIfNeeded();
    await page.clock.runFor(100);
    await expect(region.locator('[data-flipped]')).toHaveCount(0);
  });

  test('auto-plays one card every 2 s, infinitely', async ({ page }) => {
    const region = await openCarousel(page);
    await page.clock.runFor(TESTIMONIALS.hintFlipMs);
    await expect(region.locator('[data-flipped]')).toHaveCount(0);
    await expect(region).toHaveAttribute('data-current', '0');
    await page.clock.runFor(TESTIMONIALS.autoplayMs - 200);
    await expect(region).toHaveAttribute('data-current', '0');
    await page.clock.runFor(800);
    await expect(region).toHaveAttribute('data-current', '1');
    // Four more steps wrap round to the first card.
    for (const expected of ['2', '3', '4', '0']) {
      await page.clock.runFor(TESTIMONIALS.autoplayMs);
      await expect(region).toHaveAttribute('data-current', expected);
    }
  });

  test('a click flips a card to its quote, a second click flips it back; auto-play waits meanwhile', async ({
    page,
  }) => {
    const region = await openCarousel(page);
    await page.clock.runFor(TESTIMONIALS.hintFlipMs);
    const slide = await currentSlide(page);
    const start = await current(page);
    const button = slide.getByRole('button', { name: /^Show the quote from / });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(slide.locator('.flip-card-back')).toHaveAttribute('aria-hidden', 'true');

    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(slide.locator('.flip-card-back')).not.toHaveAttribute('aria-hidden');
    await expect(slide.locator('blockquote')).toBeVisible();
    // Flipped: no auto-play, however long the visitor reads.
    await page.clock.runFor(TESTIMONIALS.autoplayMs * 4);
    expect(await current(page)).toBe(start);

    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    // Auto-play resumes 1 s after the click, then steps on the usual 2 s beat.
    await page.clock.runFor(TESTIMONIALS.clickPauseMs + TESTIMONIALS.autoplayMs - 200);
    expect(await current(page)).toBe(start);
    await page.clock.runFor(800);
    await expect(region).toHaveAttribute('data-current', String((start + 1) % 5));
  });
});

test.describe('from the keyboard', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const flip = (region: Locator, nth: number) => region.getByRole('group').nth(nth).getByRole('button');

  test('the arrow keys move a card along, round either end, and the focus goes with the card', async ({ page }) => {
    const region = await openCarousel(page);
    await page.clock.runFor(TESTIMONIALS.hintFlipMs);
    await flip(region, 0).focus();
    for (const [key, expected] of [
      ['ArrowRight', 1],
      ['ArrowLeft', 0],
      ['ArrowLeft', 4],
      ['ArrowRight', 0],
    ] as const) {
      await page.keyboard.press(key);
      await page.clock.runFor(TESTIMONIALS.slideMs + 100);
      await expect(region).toHaveAttribute('data-current', String(expected));
      await expect(flip(region, expected)).toBeFocused();
      await expect(region.getByRole('group').nth(expected)).toBeInViewport({ ratio: 0.95 });
    }
    await expect(flip(region, 0)).toHaveAccessibleName('Show the quote from Sthira Yoga Studio');
    // Keyboard focus inside holds auto-play.
    await page.clock.runFor(TESTIMONIALS.autoplayMs * 3);
    await expect(region).toHaveAttribute('data-current', '0');
    // Enter still turns the focused card.
    await page.keyboard.press('Enter');
    await expect(flip(region, 0)).toHaveAttribute('aria-pressed', 'true');
  });

  test('under reduced motion: no auto-play, and the arrow keys move at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const region = await openCarousel(page);
    await page.clock.runFor(TESTIMONIALS.hintFlipMs + TESTIMONIALS.autoplayMs * 3);
    await expect(region).toHaveAttribute('data-current', '0');
    await flip(region, 0).focus();
    await page.keyboard.press('ArrowRight');
    await expect(region).toHaveAttribute('data-current', '1');
    await expect(flip(region, 1)).toBeFocused();
    await expect(region.getByRole('group').nth(1)).toBeInViewport({ ratio: 0.95 });
    // The turn has no transition to speak of (the site's reduced-motion rule leaves 0.01 ms).
    const turn = await region
      .locator('.flip-card-inner')
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(parseFloat(turn)).toBeLessThan(0.001);
  });
});

test.describe('under a finger nothing moves', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const scrolled = (region: Locator) => region.locator('.testimonial-track').evaluate((el) => el.scrollLeft);

  test('a finger resting on a card holds auto-play however long it rests, and its tap turns that card', async ({
    page,
  }) => {
    const region = await openCarousel(page);
    await page.clock.runFor(TESTIMONIALS.hintFlipMs);
    await expect(region.locator('[data-flipped]')).toHaveCount(0);
    // Half a second before the card would move on, a finger comes down on it...
    await page.clock.runFor(TESTIMONIALS.autoplayMs - 500);
    const at = await scrolled(region);
    const { x, y } = await middle(region);
    const finger = await fingerDown(page, x, y);
    // ...and rests there for three beats: nothing moves under it.
    for (let beat = 0; beat < 3; beat++) {
      await page.clock.runFor(TESTIMONIALS.autoplayMs);
      expect(await scrolled(region)).toBe(at);
    }
    await expect(region).toHaveAttribute('data-current', '0');
    // It lifts: a tap, and the card it was on is the one that turns.
    await finger.lift();
    const first = region.getByRole('group').first();
    await expect(first).toHaveAttribute('data-flipped', '');
    await expect(first.getByRole('button', { name: 'Show the quote from Sthira Yoga Studio' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('once a finger lifts without a tap (it scrolled the page), auto-play starts its 2 s beat over', async ({
    page,
  }) => {
    const region = await openCarousel(page);
    await page.clock.runFor(TESTIMONIALS.hintFlipMs);
    await page.clock.runFor(TESTIMONIALS.autoplayMs - 500);
    const { x, y } = await middle(region);
    const finger = await fingerDown(page, x, y);
    await page.clock.runFor(TESTIMONIALS.autoplayMs * 2);
    // The finger scrolls the page up a little and lifts: no tap, no card turned.
    const top = await page.evaluate(() => window.scrollY);
    await finger.slide(x, y - 150);
    await finger.lift();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(top);
    await expect(region.locator('[data-flipped]')).toHaveCount(0);
    await expect(region).toHaveAttribute('data-current', '0');
    // A whole beat from the lift, then the next card.
    await page.clock.runFor(TESTIMONIALS.autoplayMs - 200);
    await expect(region).toHaveAttribute('data-current', '0');
    await page.clock.runFor(800);
    await expect(region).toHaveAttribute('data-current', '1');
  });

  test('a finger on the card the first-view hint turned keeps it on its quote until it lifts', async ({ page }) => {
    const region = await openCarousel(page);
    const first = region.getByRole('group').first();
    await expect(first).toHaveAttribute('data-flipped', '');
    await page.clock.runFor(TESTIMONIALS.hintFlipMs - 800);
    const { x, y } = await middle(region);
    const finger = await fingerDown(page, x, y);
    await page.clock.runFor(TESTIMONIALS.hintFlipMs * 2);
    await expect(first).toHaveAttribute('data-flipped', '');
    // Lifted after a slide up the page (no tap): the hint's last 800 ms run, then the card turns back.
    await finger.slide(x, y - 150);
    await finger.lift();
    await page.clock.runFor(700);
    await expect(first).toHaveAttribute('data-flipped', '');
    await page.clock.runFor(200);
    await expect(first).not.toHaveAttribute('data-flipped');
  });
});

test.describe('under a pressed mouse button nothing moves', () => {
  test.use({ viewport: { width: 800, height: 1000 } });

  test('auto-play holds while the button is down on a card and starts its beat over when it is let go', async ({
    page,
  }) => {
    const region = await openCarousel(page);
    await page.clock.runFor(TESTIMONIALS.hintFlipMs);
    await page.clock.runFor(TESTIMONIALS.autoplayMs - 500);
    const { x, y } = await middle(region);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.clock.runFor(TESTIMONIALS.autoplayMs * 3);
    await expect(region).toHaveAttribute('data-current', '0');
    // Let go off the carousel: no click on the card.
    await page.mouse.move(5, 5);
    await page.mouse.up();
    await expect(region.locator('[data-flipped]')).toHaveCount(0);
    await page.clock.runFor(TESTIMONIALS.autoplayMs - 200);
    await expect(region).toHaveAttribute('data-current', '0');
    await page.clock.runFor(800);
    await expect(region).toHaveAttribute('data-current', '1');
  });
});

test.describe('the hint on a card speaks the input', () => {
  const hint = async (page: Page) =>
    (await currentSlide(page)).locator('.flip-card-hint').evaluate((el) => (el as HTMLElement).innerText.trim());

  test.describe('touch', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('"Tap" where touch is the input, and a tap turns the card to its quote', async ({ page }) => {
      await openCarousel(page);
      await page.clock.runFor(TESTIMONIALS.hintFlipMs);
      expect(await hint(page)).toBe('Tap to read their story');
      const slide = await currentSlide(page);
      await slide.getByRole('button', { name: /^Show the quote from / }).tap();
      await expect(slide).toHaveAttribute('data-flipped', '');
      await expect(slide.locator('blockquote')).toBeVisible();
      await expect(slide.locator('.flip-card-back')).not.toHaveAttribute('aria-hidden');
    });
  });

  test.describe('mouse and keyboard', () => {
    test.use({ viewport: { width: 800, height: 1000 } });

    test('"Click" for a mouse, "Press Enter" while the flip button has keyboard focus', async ({ page }) => {
      await openCarousel(page);
      await page.clock.runFor(TESTIMONIALS.hintFlipMs);
      expect(await hint(page)).toBe('Click to read their story');
      // Tab onto the current card's flip button, from the one before it: keyboard focus, as a visitor gets it.
      const slide = await currentSlide(page);
      await slide.evaluate((el) => {
        const button = el.querySelector('button');
        const all = [...document.querySelectorAll<HTMLElement>('a[href], button')];
        all[all.indexOf(button!) - 1]?.focus();
      });
      await page.keyboard.press('Tab');
      await expect(slide.getByRole('button', { name: /^Show the quote from / })).toBeFocused();
      expect(await hint(page)).toBe('Press Enter to read their story');
      await page.keyboard.press('Enter');
      await expect(slide).toHaveAttribute('data-flipped', '');
    });
  });
});

test.describe('on a desktop with a mouse', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every quote is shown in the marquee without a click, and no card says "Tap"', async ({ page }) => {
    await page.goto('/');
    const marquee = page.getByRole('region', { name: 'People who love Communiti: testimonials' });
    await marquee.scrollIntoViewIfNeeded();
    const cards = marquee.locator('ul').first().getByRole('listitem');
    await expect(cards).toHaveCount(5);
    for (const card of await cards.all()) {
      const quote = card.locator('blockquote');
      await expect(quote).toBeVisible();
      expect(((await quote.textContent()) ?? '').length).toBeGreaterThan(60);
    }
    await expect(cards.first().locator('blockquote')).toBeInViewport();
    await expect(marquee.getByRole('button')).toHaveCount(0);
    await expect(page.getByText(/\bTap\b/).filter({ visible: true })).toHaveCount(0);
  });
});

test.describe('desktop marquee', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('repeats the cards 4 times and pauses on hover and on keyboard focus', async ({ page }) => {
    await page.goto('/');
    const marquee = page.getByRole('region', { name: 'People who love Communiti: testimonials' });
    await marquee.scrollIntoViewIfNeeded();
    await expect(marquee).toBeVisible();
    await expect(marquee.locator('ul')).toHaveCount(4);
    await expect(marquee.locator('ul[aria-hidden="true"]')).toHaveCount(3);
    await expect(marquee.locator('ul').first().getByRole('listitem')).toHaveCount(5);
    await expect(marquee.getByText('Sthira Yoga Studio').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'People who love Communiti: testimonial carousel' })).toBeHidden();

    const track = marquee.locator('[data-marquee-track]');
    const state = () => track.evaluate((el) => getComputedStyle(el).animationPlayState);
    await page.mouse.move(0, 0);
    expect(await state()).toBe('running');
    await marquee.hover();
    expect(await state()).toBe('paused');
    await page.mouse.move(0, 0);
    expect(await state()).toBe('running');
    await marquee.focus();
    expect(await state()).toBe('paused');
  });
});

test.describe('desktop marquee, as it drifts', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every card it shows shows its logo: no copy drifts in with an empty logo slot (issue 52)', async ({ page }) => {
    // The page's load: what it loads at once is in.
    await page.goto('/', { waitUntil: 'load' });
    const marquee = page.getByRole('region', { name: 'People who love Communiti: testimonials' });
    await marquee.scrollIntoViewIfNeeded();
    await expect(marquee.locator('li')).toHaveCount(20);
    // The drift is set by hand through its whole loop, a step at a time, and at each step every card in the marquee's
    // window is looked at in the same frame: a logo not yet there then is the empty slot a visitor sees.
    const empty = await marquee.evaluate((region) => {
      const [drift] = region.querySelector('[data-marquee-track]')!.getAnimations();
      if (!drift) return ['no drift'];
      drift.pause();
      const loop = Number(drift.effect!.getComputedTiming().duration);
      const window = region.getBoundingClientRect();
      const found = new Set<string>();
      for (let step = 0; step <= 60; step++) {
        drift.currentTime = (loop * step) / 60;
        for (const card of region.querySelectorAll('li')) {
          const box = card.getBoundingClientRect();
          if (box.right <= window.left || box.left >= window.right) continue;
          const logo = card.querySelector('img')!;
          const copy = card.closest('[data-marquee-copy]')!.getAttribute('data-marquee-copy');
          if (!logo.complete || logo.naturalWidth === 0)
            found.add(`copy ${copy}: ${card.querySelector('p')!.textContent}`);
        }
      }
      return [...found];
    });
    expect(empty).toEqual([]);
  });
});
