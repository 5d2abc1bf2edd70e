import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { unfold, withoutOfferPopup } from './home-helpers';
import { afterRendering } from './whole-page';

test.beforeEach(({ page }) => withoutOfferPopup(page));

/** The home page: head, section copy, every link target, FAQ toggling and the hero's scroll effects. */

test.use({ viewport: { width: 1280, height: 800 } });

test('head: title, fixed description, keywords, author, no phone detection, FAQPage JSON-LD', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Build a business community in 30 sec | Communiti.example');
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description).toContain('automates community management with AI-powered subscription handling');
  expect(description).toContain('no plugins or patchwork');
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /community management platform/);
  await expect(page.locator('meta[name="author"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('meta[name="format-detection"]')).toHaveAttribute('content', 'telephone=no');

  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((el) => JSON.parse(el.textContent ?? 'null')));
  const graph = blocks.flat();
  const faq = graph.find((item) => item['@type'] === 'FAQPage');
  expect(faq.mainEntity).toHaveLength(4);
  expect(faq.mainEntity[0]).toMatchObject({ '@type': 'Question', name: 'Do you offer support if I get stuck?' });
});

test('sections in order with their copy', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Build a business community in 30 sec');
  await expect(main.getByText('From idea to income—your all-in-one platform for success!')).toBeVisible();
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'Why choose Communiti over the rest',
    'What can I use Communiti for?',
    'Run every part of your community',
    'What could your community earn in a year?',
    'WhatsApp Marketing Impact',
    'Your brand, your domain, your app',
    'People who love Communiti',
    'Frequently Asked Questions',
    'Join the community for more updates',
    'Join Communiti revolution',
  ]);
  await expect(main.getByText('Elevate Your Business', { exact: true })).toBeAttached();
  await expect(main.getByRole('img', { name: /admin dashboard/ })).toBeVisible();
});

test('every link on the page goes where the product says, external ones in a new tab', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  const newTab = async (name: string, href: RegExp) => {
    const link = main.getByRole('link', { name, exact: true });
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  };
  await newTab('Book a Free Demo', /^https:\/\/[^/]+\/user\/book-appointment\/[^/]+\/[^/]+$/);
  await newTab('Get Started', /^https:\/\/[^/]+\/admin$/);
  await newTab('Join Community', /^https:\/\/[^/]+\/community\/[^/]+\/[^/]+$/);
  await newTab('Create your Community', /^https:\/\/[^/]+\/admin$/);

  // The conversion events read what each call to action leads to and where it stands.
  for (const [name, cta, location] of [
    ['Book a Free Demo', 'demo', 'hero'],
    ['Get Started', 'start', 'hero'],
    ['Create your Community', 'start', 'closing-cta'],
  ] as const) {
    const link = main.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('data-cta', cta);
    await expect(link).toHaveAttribute('data-cta-location', location);
  }

  // Nothing else in the page body leaves the site; both View More links (showcase, WhatsApp calculator) stay in this
  // window.
  const hrefs = await main.getByRole('link').evaluateAll((links) =>
    links.map((a) => ({
      text: a.textContent?.trim(),
      href: a.getAttribute('href'),
      target: a.getAttribute('target'),
    })),
  );
  expect(hrefs).toHaveLength(6);
  expect(hrefs.filter((l) => l.text === 'View More')).toEqual([
    { text: 'View More', href: '/member-management', target: null },
    { text: 'View More', href: '/business-whatsapp-api', target: null },
  ]);
});

test('FAQ: four items, the first open, each toggles on its own', async ({ page }) => {
  await page.goto('/');
  const faq = page.locator('section:has(#faq-heading)');
  const items = faq.locator('details');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await expect(faq.getByText(/answers 24\/7/)).toBeVisible();
  await expect(faq.getByText(/no limit on the number of communities/)).toBeHidden();

  await faq.getByText('How many communities can I create?').click();
  await expect(faq.getByText(/no limit on the number of communities/)).toBeVisible();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await faq.getByText('Do you offer support if I get stuck?').click();
  await expect(items.nth(0)).not.toHaveAttribute('open');
  await expect(items.nth(2)).toHaveAttribute('open', '');
  await faq.getByText('How many communities can I create?').click();
  await expect(items.nth(2)).not.toHaveAttribute('open');
  await expect(faq.getByText(/monthly, annual, yearly and one-time plans/i)).toBeHidden();
});

test('hero: the screenshot slides by scroll / 5 (to 100 %) and the mockup grows by 1 + scroll / 1000 (to 1.3)', async ({
  page,
}) => {
  await page.goto('/');
  const mockup = page.locator('[data-hero-mockup]');
  const read = () =>
    mockup.evaluate((el) => [el.style.getPropertyValue('--hero-slide'), el.style.getPropertyValue('--hero-scale')]);
  await expect.poll(read).toEqual(['0', '1']);
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect.poll(read).toEqual(['50', '1.25']);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(read).toEqual(['80', '1.3']);
  await page.evaluate(() => window.scrollTo(0, 1000));
  await expect.poll(read).toEqual(['100', '1.3']);
  const transform = await mockup.evaluate((el) => getComputedStyle(el).transform);
  expect(transform).toBe('matrix(1.3, 0, 0, 1.3, 0, 0)');
});

test('hero: nothing moves under reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 300));
  await afterRendering(page);
  const mockup = page.locator('[data-hero-mockup]');
  expect(await mockup.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  expect(await page.locator('[data-hero-screenshot]').evaluate((el) => getComputedStyle(el).transform)).toBe('none');
});

test.describe('on a phone, every island hydrated', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('axe finds no violations with a flipped card and with the video modal open', async ({ page }) => {
    // Two axe passes over the largest page: 9 to 32 s on a loaded 2-core machine, with either local server.
    test.slow();
    // Without motion, so axe never samples a colour mid-animation (the showcase rows fade in at every step).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    // Open what a phone folds (the showcase and the two calculators), then scroll through so every section reveals
    // and every island hydrates.
    for (const section of ['#showcase', '#revenue-calculator', '#wa-impact']) await unfold(page.locator(section));
    // Each step waits for two frames: an island sees the viewport only in a rendered frame, and a busy renderer can
    // otherwise skip the positions where an island was in view.
    for (let y = 0; y < 12000; y += 500) {
      await page.evaluate(
        (top) =>
          new Promise<void>((done) => {
            window.scrollTo(0, top);
            requestAnimationFrame(() => requestAnimationFrame(() => done()));
          }),
        y,
      );
    }
    // Every island but the offer popup's form, which hydrates only when the visitor reaches for it.
    await expect(page.locator('astro-island[ssr]:not([component-url*="OfferLeadForm"])')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveCSS('overflow-x', 'scroll');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const carousel = page.getByRole('region', { name: 'People who love Communiti: testimonial carousel' });
    await carousel.scrollIntoViewIfNeeded();
    await carousel
      .getByRole('button', { name: /^Show the quote from /, pressed: false })
      .first()
      .click();
    const axe = () =>
      new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze()
        .then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    expect(await axe()).toEqual([]);

    await page.getByRole('button', { name: 'Play the tour video full screen' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axe()).toEqual([]);
  });
});
