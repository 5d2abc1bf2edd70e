import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

interface Site {
  address: string;
  name: string;
  heading: string;
  action: string;
}
/** The AI web builder's content: what its demo and its themes say. */
const builder = JSON.parse(readFileSync('src/content/features/ai-web-builder.json', 'utf8')) as {
  hero: {
    demo: { label: string; promptLabel: string; prompt: string; action: string; status: string; previewAlt: string };
  } & { demo: { preview: Site } };
  themes: { themeName: string; category: string; alt: string; preview: Site }[];
};

// The product's feature pages, read from the content (src/content/features, the file's name is the route): each
// with the page name its title starts with. The AI builder (kind "builder") has tests of its own below.
const FEATURE_PAGES: [string, string][] = readdirSync('src/content/features')
  .filter((file) => file.endsWith('.json'))
  .map(
    (file) =>
      [
        file,
        JSON.parse(readFileSync(`src/content/features/${file}`, 'utf8')) as { kind: string; pageName: string },
      ] as const,
  )
  .filter(([, content]) => content.kind === 'feature')
  .map(([file, content]) => [`/${file.replace(/\.json$/, '')}`, content.pageName]);
const DEMO = /^https:\/\/[^/]+\/user\/book-appointment\/[^/]+\/[^/]+$/;
const ADMIN = /^https:\/\/[^/]+\/admin$/;

test('the feature pages are read from the content: every page of the kind, and only those', () => {
  expect(FEATURE_PAGES.length).toBeGreaterThan(10);
  expect(FEATURE_PAGES.map(([path]) => path)).toContain('/member-management');
  expect(FEATURE_PAGES.map(([path]) => path)).not.toContain('/ai-web-builder');
});

for (const [path, name] of FEATURE_PAGES) {
  test(`${path}: its own title, heading, three headline features, blocks, FAQs and hero buttons`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(new RegExp(`^${name} \\| `));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const main = page.locator('main');
    await expect(main.getByRole('region', { name: `${name}: headline features` }).getByRole('listitem')).toHaveCount(3);
    expect(await main.locator('section[aria-labelledby^="block-"]').count()).toBeGreaterThanOrEqual(3);
    expect(await main.locator('details.faq-item').count()).toBeGreaterThanOrEqual(4);
    // The hero's, and the plan-help banner's under the same words.
    const demo = main.getByRole('link', { name: 'Book a Free Demo' });
    await expect(demo).toHaveCount(2);
    await expect(demo.first()).toHaveAttribute('href', DEMO);
    await expect(demo.first()).toHaveAttribute('target', '_blank');
    const start = main.getByRole('link', { name: 'Get Started' });
    await expect(start).toHaveAttribute('href', ADMIN);
    await expect(start).toHaveAttribute('target', '_blank');
    for (const img of await main.locator('img').all()) {
      expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(10);
      expect(await img.getAttribute('width')).toBeTruthy();
      expect(await img.getAttribute('height')).toBeTruthy();
    }
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    expect(ld).toContain('"FAQPage"');
  });
}

test('the plan-help banner: Contact Us opens the sales chat with the plan-help greeting, Book a Free Demo the booking page', async ({
  page,
}) => {
  await page.goto('/course-management');
  const banner = page.getByRole('region', { name: /Not sure which plan is right for you/ });
  const contact = banner.getByRole('link', { name: 'Contact Us' });
  const href = (await contact.getAttribute('href')) ?? '';
  const message = new URL(href).searchParams.get('text') ?? '';
  expect(message).toMatch(/which plan/i);
  // Encoded as a whole: spaces, apostrophes and question marks survive the trip.
  expect(href.endsWith(`?text=${encodeURIComponent(message)}`)).toBe(true);
  expect(message).toContain("I'm");
  expect(href).not.toMatch(/\s/);
  await expect(contact).toHaveAttribute('target', '_blank');
  await expect(banner.getByRole('link', { name: 'Book a Free Demo' })).toHaveAttribute('href', DEMO);
  await expect(banner.getByRole('link', { name: 'Book a Free Demo' })).toHaveAttribute('target', '_blank');
});

test.describe('AI web builder', () => {
  for (const path of ['/ai-web-builder', '/ai-Web-builder']) {
    test(`${path} answers with the page, canonical /ai-web-builder`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // Answered directly: a redirect here would cost every visitor and crawler a round trip.
      expect(response?.request().redirectedFrom()).toBeNull();
      await expect(page).toHaveTitle(/^AI Web Builder \| /);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/ai-web-builder$/);
      await expect(page.locator('details.faq-item')).toHaveCount(8);
    });
  }

  test('three themes, each with a Use Theme button that shows an alert naming it', async ({ page }) => {
    await page.goto('/ai-web-builder');
    const themes = page.getByRole('list', { name: 'Website themes' }).getByRole('listitem');
    await expect(themes).toHaveCount(3);
    const messages: string[] = [];
    page.on('dialog', async (dialog) => {
      expect(dialog.type()).toBe('alert');
      messages.push(dialog.message());
      await dialog.accept();
    });
    for (const name of ['Serenity', 'Spotlight', 'Summit']) {
      const button = themes.filter({ hasText: name }).getByRole('button', { name: 'Use Theme', exact: true });
      await expect(button).toHaveAccessibleDescription(name);
      await button.click();
    }
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain('Serenity');
    expect(messages[2]).toContain('Summit');
  });

  test('on a phone, the first screen shows a typed prompt and the site it built, in words a visitor reads', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ai-web-builder');
    const { demo } = builder.hero;
    const figure = page.getByRole('figure', { name: demo.label });
    await figure.scrollIntoViewIfNeeded();
    await expect(figure.getByText(demo.promptLabel)).toBeVisible();
    await expect(figure.getByText(demo.prompt)).toBeVisible();
    await expect(figure.getByText(demo.action)).toBeVisible();
    await expect(figure.getByText(demo.status.replace('{address}', demo.preview.address))).toBeVisible();
    // The site it built: a picture of a page (its name says what it shows), its own name and heading on it.
    const site = figure.getByRole('img', { name: demo.previewAlt });
    await expect(site).toBeVisible();
    await expect(site).toContainText(demo.preview.name);
    await expect(site).toContainText(demo.preview.heading);
    // A picture, not a form: nothing in the demo takes a click or the keyboard.
    await expect(figure.locator('a, button, input, textarea, [tabindex]')).toHaveCount(0);
  });

  test('the three themes are finished sites of three kinds of community, each in a look of its own', async ({
    page,
  }) => {
    await page.goto('/ai-web-builder');
    const themes = page.getByRole('list', { name: 'Website themes' }).getByRole('listitem');
    const backgrounds = new Set<string>();
    for (const theme of builder.themes) {
      const card = themes.filter({ hasText: theme.themeName });
      await expect(card).toContainText(theme.category);
      const site = card.getByRole('img', { name: theme.alt });
      await expect(site).toBeVisible();
      for (const words of [theme.preview.address, theme.preview.name, theme.preview.heading, theme.preview.action])
        await expect(site).toContainText(words);
      backgrounds.add(await site.evaluate((el) => getComputedStyle(el).backgroundColor));
    }
    expect(new Set(builder.themes.map((theme) => theme.preview.heading)).size).toBe(3);
    expect(backgrounds.size).toBe(3);
  });

  test('the carousel moves with its buttons and by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ai-web-builder');
    const track = page.getByRole('list', { name: 'Website themes' });
    await track.scrollIntoViewIfNeeded();
    expect(await track.evaluate((el) => el.scrollLeft)).toBe(0);
    await page.getByRole('button', { name: 'Next theme' }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Previous theme' }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
    // By keyboard: tabbing through the Use Theme buttons brings each theme into view.
    const useTheme = track.getByRole('button', { name: 'Use Theme', exact: true });
    await useTheme.first().focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(useTheme.last()).toBeFocused();
    await expect(useTheme.last()).toHaveAccessibleDescription('Summit');
    await expect(useTheme.last()).toBeInViewport();
  });
});
