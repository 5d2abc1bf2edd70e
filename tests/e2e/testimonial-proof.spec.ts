/**
 * What makes a testimonial believable, on the two pages a visitor weighs it on, / and /creator: where the customer is
 * and the result they measured, on every card at a desktop's width and on a phone's flip cards; and, in a build whose
 * testimonials carry them, the person's photo and a link to the customer's own page with a name that says where it
 * goes. Each expectation is read from the content, so an edited testimonial is checked as it is.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, uiOf } from './fixtures';
import { buildWithContent } from './cms-build';
import { settled } from './whole-page';
import { withoutOfferPopup } from './home-helpers';
import { TESTIMONIALS } from '../../src/lib/timings';

interface Testimonial {
  id: number;
  group: string;
  name: string;
  category: string;
  city?: string;
  result?: string;
}
const FOLDER = 'src/content/testimonials';
const testimonials = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(FOLDER, name), 'utf8')) as Testimonial)
  .sort((a, b) => a.id - b.id);
const ofGroup = (group: string) => testimonials.filter((t) => t.group === group);
const UI = uiOf('/');

/** The pages, the group each shows and its section's heading. */
const PAGES = [
  { path: '/', group: 'home', id: 'testimonials', heading: 'People who love Communiti' },
  { path: '/creator', group: 'creator', id: 'creators', heading: 'Creators who sell on Communiti' },
];

/** What axe finds wrong in a part of the page, as the accessibility test reads it (tests/e2e/accessibility.spec.ts). */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const section = (page: Page, heading: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** The cards a desktop shows: the marquee's first copy (the others are its loop) or the grid. */
const desktopCards = (page: Page, heading: string) =>
  section(page, heading).locator('[data-marquee-copy="0"] > li, [data-testimonial-grid] > li');

/** The phone's carousel, once the first card's hint flip is over: a paused clock times it. */
async function phoneCarousel(page: Page, path: string, heading: string): Promise<Locator> {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
  await page.goto(path);
  const region = page.getByRole('region', { name: `${heading}: testimonial carousel` });
  await region.scrollIntoViewIfNeeded();
  await expect(region).toHaveAttribute('data-ready', '');
  await expect(region.locator('.testimonial-slide[data-flipped]')).toHaveCount(1);
  await page.clock.runFor(TESTIMONIALS.hintFlipMs);
  await expect(region.locator('.testimonial-slide[data-flipped]')).toHaveCount(0);
  return region;
}

test.beforeEach(({ page }) => withoutOfferPopup(page));

test('the content gives every testimonial of / and /creator a city and a measured result', () => {
  for (const { group } of PAGES) {
    expect(ofGroup(group).length).toBeGreaterThanOrEqual(3);
    for (const t of ofGroup(group))
      expect([t.name, t.city, t.result]).toEqual([t.name, expect.any(String), expect.any(String)]);
  }
  expect(ofGroup('creator').map((t) => t.name)).toEqual(['Paisa Pathshala', 'The Dough Diaries', 'Riyaaz Room']);
});

for (const { path, group, heading } of PAGES) {
  test.describe(`${path}`, () => {
    test.describe('on a desktop', () => {
      test.use({ viewport: { width: 1440, height: 900 } });

      test('each card says where the customer is and what they measured', async ({ page }) => {
        await page.goto(path);
        const cards = desktopCards(page, heading);
        await expect(cards).toHaveCount(ofGroup(group).length);
        // The section, not a card: the marquee's cards are on the move.
        await section(page, heading).scrollIntoViewIfNeeded();
        for (const [i, t] of ofGroup(group).entries()) {
          const card = cards.nth(i);
          await expect(card.getByText(t.name, { exact: true })).toBeVisible();
          await expect(card.getByText(`${t.category} · ${t.city}`, { exact: true })).toBeVisible();
          await expect(card.getByText(t.result!, { exact: true })).toBeVisible();
        }
        // The default testimonials carry no photo and no link: the owner adds real ones.
        await expect(section(page, heading).locator('figcaption img')).toHaveCount(0);
        await expect(section(page, heading).getByRole('link')).toHaveCount(0);
      });
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test("each flip card's face says where the customer is and what they measured", async ({ page }) => {
        const region = await phoneCarousel(page, path, heading);
        const slides = region.getByRole('group');
        await expect(slides).toHaveCount(ofGroup(group).length);
        for (const [i, t] of ofGroup(group).entries()) {
          const face = slides.nth(i).locator('.flip-card-front');
          await expect(face).toContainText(`${t.category} · ${t.city}`);
          await expect(face).toContainText(t.result!);
        }
        const current = slides.nth(Number(await region.getAttribute('data-current')));
        await expect(current.locator('.testimonial-result')).toBeVisible();
        await expect(current.locator('.testimonial-result')).toBeInViewport({ ratio: 1 });
      });
    });
  });
}

test.describe('a testimonial with a photo and a link', () => {
  const ORIGIN = 'http://testimonials.test';
  /** A square portrait, drawn: the person quoted. */
  const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="#c7d2fe"/><circle cx="48" cy="38" r="18" fill="#4338ca"/><path d="M16 96c4-22 18-32 32-32s28 10 32 32z" fill="#4338ca"/></svg>`;
  const withExtras = (file: string, link: string) => {
    const data = JSON.parse(readFileSync(join(FOLDER, file), 'utf8')) as Record<string, unknown>;
    return `${JSON.stringify({ ...data, photo: '../../assets/testimonials/proof-photo.svg', link }, null, 2)}\n`;
  };
  const LINKS = [
    { path: '/', group: 'home', file: 'home-1.json', link: 'https://sthirayoga.in/', shown: 'sthirayoga.in' },
    {
      path: '/creator',
      group: 'creator',
      file: 'creator-1.json',
      link: 'https://www.instagram.com/paisapathshala',
      shown: 'instagram.com/paisapathshala',
    },
  ];
  let built: Awaited<ReturnType<typeof buildWithContent>> | undefined;

  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    built = await buildWithContent({
      'src/assets/testimonials/proof-photo.svg': PHOTO,
      ...Object.fromEntries(LINKS.map(({ file, link }) => [`${FOLDER}/${file}`, withExtras(file, link)])),
    });
  });
  test.afterAll(() => built?.remove());

  /** The build of the edited content, served at ORIGIN from its folder. */
  async function serve(page: Page) {
    const dir = built!.dir;
    await page.route(`${ORIGIN}/**`, async (route) => {
      let path = decodeURIComponent(new URL(route.request().url()).pathname);
      if (path === '/') path = '/index.html';
      else if (!extname(path)) path += '.html';
      const file = join(dir, path);
      await (existsSync(file) ? route.fulfill({ path: file }) : route.fulfill({ status: 404, body: '' }));
    });
  }

  for (const { path, group, link, shown } of LINKS) {
    const { name } = ofGroup(group)[0]!;
    const { heading, id } = PAGES.find((p) => p.group === group)!;
    const label = UI.testimonials.linkLabel.replace('{name}', name).replace('{address}', shown);

    test(`${path} at 1440 px: the photo beside the name, and a link that says where it goes`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await serve(page);
      await page.goto(`${ORIGIN}${path}`);
      const card = desktopCards(page, heading).first();
      await section(page, heading).scrollIntoViewIfNeeded();
      const photo = card.locator('figcaption img');
      await expect(photo).toBeVisible();
      // Loaded, not a broken image: the card's image is lazy, so it may still be on its way.
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await expect(photo).toHaveAttribute('alt', '');
      const anchor = card.getByRole('link');
      await expect(anchor).toHaveAccessibleName(label);
      await expect(anchor).toHaveText(shown);
      await expect(anchor.locator('svg[aria-hidden="true"]')).toBeVisible();
      await expect(anchor).toBeVisible();
      await expect(anchor).toHaveAttribute('href', link);
      await expect(anchor).toHaveAttribute('target', '_blank');
      await expect(anchor).toHaveAttribute('rel', /\bnoopener\b/);
      // The marquee's loop copies hold the same link, out of the keyboard's way and unread.
      if (path === '/')
        await expect(section(page, heading).locator('[aria-hidden="true"] a:not([tabindex="-1"])')).toHaveCount(0);
      await settled(page.locator(`#${id}`));
      expect(await axeViolations(page, `#${id}`)).toEqual([]);
    });

    test(`${path} at 390 px: the photo on the quote's side, and the link under the card`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await serve(page);
      const region = await phoneCarousel(page, `${ORIGIN}${path}`, heading);
      await expect(region).toHaveAttribute('data-current', '0');
      const slide = region.getByRole('group').first();
      const anchor = slide.getByRole('link', { name: label });
      await expect(anchor).toHaveAttribute('href', link);
      await expect(anchor).toHaveAttribute('rel', /\bnoopener\b/);
      await expect(slide.locator('.flip-card-back figcaption img')).toHaveAttribute('alt', '');
      await slide.getByRole('button', { name: `Show the quote from ${name}` }).click();
      await expect(slide.locator('.flip-card-back figcaption img')).toBeVisible();
      await anchor.scrollIntoViewIfNeeded();
      await expect(anchor).toBeInViewport({ ratio: 1 });
      await expect(anchor).toHaveText(shown);
      await expect(anchor.locator('svg[aria-hidden="true"]')).toBeVisible();
      // axe waits on timers: the clock runs again (the turned card holds the auto-play).
      await page.clock.resume();
      await settled(page.locator(`#${id}`));
      expect(await axeViolations(page, `#${id}`)).toEqual([]);
    });
  }
});
