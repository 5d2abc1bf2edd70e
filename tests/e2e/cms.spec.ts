/**
 * The content admin at /cms/, driven as an editor drives it: the real admin (Sveltia CMS in local repository mode)
 * edits a copy of the content, and what it saves must pass the schemas, change only what the editor changed, and
 * build into the pages visitors see. See tests/e2e/cms-helpers.ts for how the checkout is provided offline.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { builtPages } from '../../src/integrations/dist-pages.mjs';
import { FILE_COLLECTIONS } from '../../src/lib/schemas/collections';
import { embeddedPostSchema } from '../../src/lib/schemas/blog';
import { LEAVE_QUESTION } from '../../src/cms/unsaved-guard';
import { checkEntry } from '../content-check';
import { buildWithContent } from './cms-build';
import { changedLines, field, listCheckout, openAdmin, readCheckout, textbox } from './cms-helpers';
import { contentPath } from '../../src/lib/content-paths';

const HOME = 'src/content/home/home.json';
const FEATURE = 'src/content/features/smart-ai.json';
const NEW_TESTIMONIAL = 'src/content/testimonials/home-9.json';
const LEGAL = 'src/content/legal/refund-policy.md';
const OFFER = 'src/content/offer/mega-bundle.json';
/** An entry of every collection of the admin, and its file. */
const ONE_OF_EACH = [
  ['home/entries/home', HOME],
  ['features/entries/smart-ai', FEATURE],
  ['landing/entries/creator', 'src/content/landing/creator.json'],
  ['whatsapp/entries/landing', 'src/content/whatsapp/landing.json'],
  ['plans/entries/plans', 'src/content/plans/plans.json'],
  ['facts/entries/facts', 'src/content/facts/facts.json'],
  ['offer/entries/mega-bundle', OFFER],
  ['testimonials/entries/home-1', 'src/content/testimonials/home-1.json'],
  ['about/entries/about-us', 'src/content/about/about-us.json'],
  ['pages/entries/not-found', 'src/content/pages/not-found.json'],
  ['legal/entries/refund-policy', LEGAL],
  ['blog/entries/take-a-yoga-studio-online', 'src/content/blog/take-a-yoga-studio-online.md'],
  ['blogCategories/entries/categories', 'src/content/blog/categories.json'],
  ['blogPage/entries/blogs', 'src/content/blog-page/blogs.json'],
  ['ui/entries/ui', contentPath('ui', 'ui')],
] as const;

const EYEBROW = 'Made for paid communities';
// The answer to "What can the AI assistant create?" names the plan that has it, as the build and the admin ask.
const ANSWER =
  'Yes. On {fact.ai.included}, Smart AI drafts replies in your own tone, and nothing is sent until you approve it.';
const ANSWER_SHOWN = ANSWER.replace('{fact.ai.included}', 'Advance');
const QUOTE =
  'Our weekend runs, paid memberships and race-day sign-ups finally live in one place, and members renew on their own.';
const POST_TITLE = 'Running club memberships that renew on their own';
const POST_FILE = 'src/content/blog/running-club-memberships-that-renew-on-their-own.md';
const POST_BODY = 'Members pay once a month and the club stops chasing transfers.';

/**
 * Saves the entry open in the editor, and waits until the checkout's file differs from `before` and the admin has gone
 * back to the entry's collection, as it does after every save: an entry asked for before that would be closed by it,
 * and the admin would show the collection instead.
 */
async function save(page: Page, path: string, before: string | null) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => readCheckout(page, path)).not.toBe(before);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/collections\/\w+$/);
  return (await readCheckout(page, path))!;
}

/**
 * Opens an entry, types `value` into the field at `labels`, saves, and returns the saved file and the lines that
 * differ from the project's copy.
 */
async function editOneField(page: Page, path: string, entry: string, labels: string[], value: string) {
  const before = readFileSync(path, 'utf8');
  await page.goto(`/cms/#/collections/${entry}`);
  await (await textbox(page, labels)).fill(value);
  const after = await save(page, path, before);
  return { after, diff: changedLines(before, after) };
}

/** Picks a picture the site already has for an image field. */
async function pickImage(page: Page, label: string, file: string) {
  await field(page, label).getByRole('button', { name: 'Browse' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Image' });
  await picker.getByRole('option', { name: file }).click();
  await picker.getByRole('button', { name: 'Insert' }).click();
  await expect(field(page, label).getByRole('textbox', { name: label })).toHaveText(new RegExp(`${file}$`));
}

test.describe('content admin', () => {
  test("an editor's changes are saved as they were made, pass the schemas and build into the pages", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const saved: Record<string, string> = {};
    await openAdmin(page);

    await test.step('the home hero eyebrow: one line changes', async () => {
      const { after, diff } = await editOneField(
        page,
        HOME,
        'home/entries/home',
        ['Top of page', 'Line above heading'],
        EYEBROW,
      );
      saved[HOME] = after;
      expect(diff).toEqual([[expect.any(Number), expect.any(String), `    "eyebrow": "${EYEBROW}",`]]);
      expect(checkEntry(FILE_COLLECTIONS.home, HOME, JSON.parse(saved[HOME])).success).toBe(true);
    });

    await test.step("a feature page's FAQ answer: one line changes", async () => {
      const { after, diff } = await editOneField(
        page,
        FEATURE,
        'features/entries/smart-ai',
        ['FAQs', 'Answer'],
        ANSWER,
      );
      saved[FEATURE] = after;
      expect(diff).toHaveLength(1);
      expect(diff[0]![2]).toBe(`      "answer": "${ANSWER}"`);
      expect(checkEntry(FILE_COLLECTIONS.features, FEATURE, JSON.parse(saved[FEATURE])).success).toBe(true);
    });

    await test.step("a legal page's heading: one line of its front matter, the text untouched", async () => {
      const { after, diff } = await editOneField(
        page,
        LEGAL,
        'legal/entries/refund-policy',
        ['Heading'],
        'Refunds and payments',
      );
      saved[LEGAL] = after;
      expect(diff).toEqual([[4, 'heading: Refund Policy', 'heading: Refunds and payments']]);
    });

    await test.step('a new testimonial: a file of its own', async () => {
      await page.goto('/cms/#/collections/testimonials/new');
      await page.getByRole('spinbutton', { name: 'Order', exact: true }).fill('9');
      await (await textbox(page, ['Shown on'])).fill('home');
      await (await textbox(page, ['Business name'])).fill('Sunrise Run Club');
      await (await textbox(page, ['Kind of business'])).fill('Running Club');
      await (await textbox(page, ['Said by'])).fill('Meera Pillai, Organiser');
      await (await textbox(page, ['Quote'])).fill(QUOTE);
      await pickImage(page, 'Logo', 'canvas-collective.svg');
      await (await textbox(page, ['Logo description'])).fill('Sunrise Run Club logo');
      saved[NEW_TESTIMONIAL] = await save(page, NEW_TESTIMONIAL, null);
      const data = JSON.parse(saved[NEW_TESTIMONIAL]);
      expect(data).toEqual({
        id: 9,
        group: 'home',
        name: 'Sunrise Run Club',
        category: 'Running Club',
        author: 'Meera Pillai, Organiser',
        quote: QUOTE,
        logo: '../../assets/testimonials/canvas-collective.svg',
        alt: 'Sunrise Run Club logo',
        // A new testimonial is a real customer's, not one of the default content's examples: its names win.
        example: false,
      });
      expect(checkEntry(FILE_COLLECTIONS.testimonials, NEW_TESTIMONIAL, data).success).toBe(true);
    });

    await test.step('a new blog post with a category', async () => {
      await page.goto('/cms/#/collections/blog/new');
      await (await textbox(page, ['Title'])).fill(POST_TITLE);
      await field(page, 'Category').getByRole('radio', { name: 'Memberships & Payments' }).check();
      await field(page, 'Date').getByRole('button', { name: 'Now' }).click();
      // The issue's case: a real author whose first name a drawn member list uses. The admin takes it, and so does
      // the build, which draws the member with another name.
      await (await textbox(page, ['Author'])).fill('Priya Nair');
      await (
        await textbox(page, ['Summary'])
      ).fill(
        'Monthly plans, automatic renewals and reminders: how a running club stopped chasing bank transfers for good.',
      );
      await pickImage(page, 'Picture', 'payment-links.svg');
      await (
        await textbox(page, ['Picture description'])
      ).fill('Illustration of a payment link shared with club members');
      await (await textbox(page, ['Text'])).fill(POST_BODY);
      saved[POST_FILE] = await save(page, POST_FILE, null);
      const front = /^---\n([\s\S]*?)\n---\n/.exec(saved[POST_FILE]);
      expect(front).not.toBeNull();
      expect(saved[POST_FILE]).toContain(POST_BODY);
      const { parse } = await import('yaml');
      const result = embeddedPostSchema.safeParse(parse(front![1]!));
      expect(result.success ? [] : result.error.issues).toEqual([]);
      expect(result.data).toMatchObject({ name: POST_TITLE, category: 'memberships-payments' });
      expect(await listCheckout(page, 'src/content/blog')).toContain(POST_FILE.split('/').at(-1));
    });

    await test.step('a build of the edited content shows every change', async () => {
      const dist = await buildWithContent(saved);
      expect(dist.page('/')).toContain(EYEBROW);
      expect(dist.page('/smart-ai')).toContain(ANSWER_SHOWN);
      expect(dist.page('/refund-policy')).toContain('Refunds and payments');
      expect(dist.page('/')).toContain('Sunrise Run Club');
      const post = dist.page('/blog/running-club-memberships-that-renew-on-their-own');
      expect(post).toContain(POST_TITLE);
      expect(post).toContain(POST_BODY);
      expect(post).toContain('Priya Nair');
      // The pictures of /member-management drew their member Priya Nair: she is drawn with another first name now.
      const members = dist.page('/member-management');
      const drawn = [...members.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((match) => match[1]).join(' ');
      expect(drawn).toMatch(/ Nair\b/);
      expect(drawn).not.toMatch(/priya/i);
      expect(dist.page('/blogs/category/memberships-payments')).toContain(POST_TITLE);
      dist.remove();
    });
  });

  test('the admin refuses an empty required field and an out-of-range number, naming the field', async ({ page }) => {
    await openAdmin(page);
    await page.goto('/cms/#/collections/home/entries/home');
    await (await textbox(page, ['Top of page', 'Line above heading'])).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'One field has an error' })).toBeVisible();
    await expect(field(field(page, 'Top of page'), 'Line above heading')).toContainText('This field is required');

    await page.goto('/cms/#/collections/testimonials/entries/home-1');
    await page.getByRole('spinbutton', { name: 'Order', exact: true }).fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'One field has an error' })).toBeVisible();
    // The bound is the schema's: a testimonial's id is a positive whole number.
    await expect(field(page, 'Order')).toContainText('The value must be greater than or equal to 1.');
    // Nothing reached the files.
    expect(await readCheckout(page, HOME)).toBe(readFileSync(HOME, 'utf8'));
    expect(await readCheckout(page, 'src/content/testimonials/home-1.json')).toBe(
      readFileSync('src/content/testimonials/home-1.json', 'utf8'),
    );
  });

  test("an offer's original price below its price is not saved, and the admin says why", async ({ page }) => {
    await openAdmin(page);
    await page.goto('/cms/#/collections/offer/entries/mega-bundle');
    await page.getByRole('spinbutton', { name: 'Original price (₹)', exact: true }).fill('40000');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toContainText('This entry was not saved.');
    // The build's own rule, in the admin's words: the field by its label.
    await expect(dialog).toContainText('Original price (₹): must be above the price');
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await readCheckout(page, OFFER)).toBe(readFileSync(OFFER, 'utf8'));
  });

  test('an original price that is not the price of the plan it names is not saved, and the admin says why', async ({
    page,
  }) => {
    await openAdmin(page);
    await page.goto('/cms/#/collections/offer/entries/mega-bundle');
    await page.getByRole('spinbutton', { name: 'Original price (₹)', exact: true }).fill('52999');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.locator('dialog[open]');
    // The product facts check, with the plans and facts the admin was built with: the "was" price is Advance's.
    await expect(dialog).toContainText(
      'Original price (₹): ₹52,999 is not what it says it was: Advance costs ₹49,999 yearly',
    );
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await readCheckout(page, OFFER)).toBe(readFileSync(OFFER, 'utf8'));
  });

  test('every collection: the first save of one field changes one line', async ({ page }) => {
    test.setTimeout(150_000);
    await openAdmin(page);
    for (const [entry, path] of ONE_OF_EACH) {
      const before = readFileSync(path, 'utf8');
      await page.goto(`/cms/#/collections/${entry}`);
      const editor = page.getByRole('group', { name: 'Content Editor' });
      const expand = editor.getByRole('button', { name: 'Expand All' }).first();
      await expect(editor.getByRole('group', { name: / Field$/ }).first()).toBeVisible();
      if ((await expand.count()) && (await expand.isEnabled())) await expand.click();
      // The first text an editor can change that ends in a letter: its last letter changes.
      const boxes = editor.locator('input:not([type]):visible, input[type="text"]:visible, textarea:visible');
      let changed = false;
      for (const box of await boxes.all()) {
        if (!(await box.isEditable())) continue;
        const value = await box.inputValue();
        if (!/[a-df-z]$/.test(value)) continue;
        await box.fill(`${value.slice(0, -1)}e`);
        changed = true;
        break;
      }
      expect(changed, entry).toBe(true);
      const after = await save(page, path, before);
      expect(changedLines(before, after), path).toHaveLength(1);
    }
  });

  test('the plans: three, none added or removed, each named in its summary, its id fixed', async ({ page }) => {
    await openAdmin(page);
    await page.goto('/cms/#/collections/plans/entries/plans');
    const community = field(page, 'Community plans');
    await community.scrollIntoViewIfNeeded();
    const plans = field(community, 'Plans').first();
    await plans.scrollIntoViewIfNeeded();
    for (const name of ['Lite', 'Plus', 'Advance']) await expect(plans).toContainText(name);
    await expect(plans.getByRole('button', { name: /^Add\b/ })).toHaveCount(0);
    await expect(plans.getByRole('button', { name: /Remove|Delete|Duplicate/ })).toHaveCount(0);
    await plans.getByRole('button', { name: 'Expand All' }).click();
    await expect(field(plans, 'Plan').first().getByRole('textbox')).not.toBeEditable();
    // A list that may grow offers to add to it, so the counts above could fail.
    await page.goto('/cms/#/collections/features/entries/smart-ai');
    await textbox(page, ['FAQs', 'Question']);
    await expect(
      field(page, 'FAQs')
        .getByRole('button', { name: /^Add\b/ })
        .first(),
    ).toBeVisible();
  });

  test('leaving an entry with unsaved changes asks first, and staying keeps them', async ({ page }) => {
    await openAdmin(page);
    await page.goto('/cms/#/collections/home/entries/home');
    const eyebrow = await textbox(page, ['Top of page', 'Line above heading']);
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void (questions.length === 1 ? dialog.dismiss() : dialog.accept());
    });
    await eyebrow.fill(EYEBROW);
    await page.getByRole('button', { name: 'Cancel Editing' }).click();
    expect(questions).toEqual([LEAVE_QUESTION]);
    await expect(eyebrow).toHaveValue(EYEBROW);
    await page.getByRole('button', { name: 'Cancel Editing' }).click();
    expect(questions).toHaveLength(2);
    await expect(page.getByRole('group', { name: 'Content Editor' })).toHaveCount(0);
    expect(await readCheckout(page, HOME)).toBe(readFileSync(HOME, 'utf8'));
  });

  test.describe('an editor in another time zone', () => {
    test.use({ timezoneId: 'America/New_York' });

    test("picks the offer's end in India time, stored with +05:30", async ({ page }) => {
      await openAdmin(page);
      await page.goto('/cms/#/collections/offer/entries/mega-bundle');
      const picker = field(page, 'Offer ends').locator('input[type="datetime-local"]');
      // The file's 23:59+05:30 is shown as India's 23:59, not New York's time of that moment.
      await expect(picker).toHaveValue('2027-03-31T23:59');
      await picker.fill('2027-04-30T23:59');
      const before = readFileSync(OFFER, 'utf8');
      const after = await save(page, OFFER, before);
      expect(changedLines(before, after)).toEqual([
        [
          expect.any(Number),
          '  "deadline": "2027-03-31T23:59:00+05:30",',
          '  "deadline": "2027-04-30T23:59:00+05:30",',
        ],
      ]);
    });
  });

  test('the admin loads with no request leaving the site and no policy violation, and is not indexed', async ({
    page,
  }) => {
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1') outside.push(request.url());
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/cms/');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await response?.text()).toContain('<meta name="robots" content="noindex, nofollow" />');
    await openAdmin(page);
    await page.goto('/cms/#/collections/blog/entries/take-a-yoga-studio-online');
    // The preview shows the post with the site's own stylesheet: its headings as visitors see them.
    const preview = page.locator('iframe').first().contentFrame();
    await expect(preview.locator('link[rel="stylesheet"][href*="/_astro/style."]')).toHaveCount(1);
    const heading = preview.getByRole('heading', { name: 'Saturday morning: decide what you sell' });
    await expect(heading).toBeVisible();
    const sitePage = await page.context().newPage();
    await sitePage.goto('/blog/take-a-yoga-studio-online');
    const onSite = sitePage.getByRole('heading', { name: 'Saturday morning: decide what you sell' });
    const fontOf = (locator: typeof heading) => locator.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(await fontOf(heading)).toBe(await fontOf(onSite));
    // The home page's preview draws its top as the page does: the headline at the size of the page's own, on a
    // screen as wide as the preview.
    await page.goto('/cms/#/collections/home/entries/home');
    const headline = preview.getByRole('heading', { level: 1, name: 'Build a business community in 30 sec' });
    await expect(headline).toBeVisible();
    // A field of the top that the preview does not draw as the page does shows as the admin draws fields, asked for
    // by its key path (hero.screenshotAlt): the dashboard's description.
    const { hero } = JSON.parse(readFileSync(HOME, 'utf8')) as { hero: { screenshotAlt: string } };
    await expect(preview.getByText(hero.screenshotAlt)).toBeVisible();
    const width = await preview.locator('html').evaluate((html) => html.clientWidth);
    await sitePage.setViewportSize({ width, height: 800 });
    await sitePage.goto('/');
    const homeHeadline = sitePage.getByRole('heading', { level: 1 });
    const sizeOf = (locator: typeof heading) => locator.evaluate((el) => getComputedStyle(el).fontSize);
    expect(await sizeOf(headline)).toBe(await sizeOf(homeHeadline));
    await sitePage.close();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').length)).toBeGreaterThan(
      0,
    );
    expect(outside).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('no page of the site links the admin, and the sitemap does not list it', () => {
    const pages = builtPages('dist');
    expect(pages.length).toBeGreaterThan(30);
    for (const built of pages) expect(built.html(), built.path).not.toMatch(/["'(]\/cms\b/);
    expect(pages.some((built) => built.path.startsWith('/cms'))).toBe(false);
    expect(readFileSync('dist/sitemap-0.xml', 'utf8')).not.toContain('/cms');
  });
});
