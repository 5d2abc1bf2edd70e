/**
 * Every claim agrees with every other, as a visitor reads the pages: support, the trial, what starting costs, the
 * custom domain, product selling, the account manager, the certifications, the WhatsApp plans as a product of their
 * own, the offer's crossed-out price, and the regional price lists said as such and kept from search engines. Each
 * fact is worded once (src/content/facts/facts.json, src/content/plans/plans.json), so the same words are looked for
 * on every page that states it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { whileTheOfferRuns } from './home-helpers';

const SUPPORT = '24/7 by chat and email';
const COMPLIANCE = 'ISO 27001 compliant infrastructure and GDPR-ready data handling';
const START_COST = 'Lite has no subscription fee, only a one-time setup cost of ₹5,000 and a 2% fee on each payment';
const APART = 'The WhatsApp Business API is a product of its own, priced apart from the community plans.';

/** The page's own words (the main content, closed FAQ answers included), in one line. */
async function words(page: Page): Promise<string> {
  return ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
}

/** The comparison table's row of a feature, by its name. */
const row = (page: Page, feature: string) =>
  page.locator('tr', { has: page.getByRole('rowheader', { name: feature, exact: true }) });

/** Claims the pages made before the facts, each contradicted elsewhere on the site. */
const RETIRED = [
  /24\/7 chat|24\/7 priority/,
  /no credit card/i,
  /for free\b/i,
  /start free/i,
  /coming soon/i,
  /Lifetime Plan/i,
  /ISO 27001 certified/i,
  /included from day one/i,
  /free website that lives on your own domain/i,
];

test.describe('one wording of each fact, on every page that states it', () => {
  for (const path of [
    '/',
    '/pricing',
    '/creator',
    '/business-whatsapp-api',
    '/business-whatsapp-pricing',
    '/about-us',
  ]) {
    test(`${path} makes none of the retired claims`, async ({ page }) => {
      await page.goto(path);
      const text = await words(page);
      for (const claim of RETIRED) expect(text, String(claim)).not.toMatch(claim);
    });
  }

  test('support: the same hours and channels on home, about, pricing and the WhatsApp page', async ({ page }) => {
    await page.goto('/');
    expect(await words(page)).toContain(`Our team answers ${SUPPORT} on every plan`);
    await page.goto('/about-us');
    expect(await words(page)).toContain(`Our team answers ${SUPPORT}`);
    await page.goto('/pricing');
    const support = row(page, `Support, ${SUPPORT}`);
    await expect(support.getByRole('img', { name: 'Included', exact: true })).toHaveCount(3);
    await expect(row(page, 'Priority support').getByRole('img', { name: 'Included', exact: true })).toHaveCount(1);
    await page.goto('/business-whatsapp-api');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Support', exact: true }) });
    await expect(card).toContainText(`Help ${SUPPORT} on every plan, and a dedicated account manager on Enterprise.`);
  });

  test('the trial and what starting costs: no trial of the community plans, the WhatsApp one on its paid plans', async ({
    page,
  }) => {
    await page.goto('/');
    const home = await words(page);
    expect(home).toContain(`Not of the community plans, but a free demo shows you everything before you pay`);
    expect(home).toContain(START_COST);
    expect(home).toContain('Business and Enterprise, each start with a 7-day free trial');
    expect(home).toContain(`It takes 30 seconds to start, and ${START_COST}`);
    await page.goto('/pricing');
    await page.getByText('Is there a free trial?').click();
    await expect(page.getByText(/^Not of the community plans: book a free demo/)).toBeVisible();
    await page.goto('/about-us');
    await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
    expect(await words(page)).toContain(START_COST);
    await page.goto('/business-whatsapp-pricing');
    for (const name of ['Business', 'Enterprise']) {
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
      await expect(card).toContainText('7-day free trial');
    }
  });

  test('the custom domain: an add-on on Lite, included on Plus and Advance, wherever it is said', async ({ page }) => {
    await page.goto('/pricing');
    const domain = row(page, 'Custom domain');
    await expect(domain.getByRole('cell')).toHaveText(['Add-on', '', '']);
    await expect(domain.getByRole('img', { name: 'Included', exact: true })).toHaveCount(2);
    expect(await words(page)).toContain(
      'A custom domain is included on Plus and Advance, and on Lite you can add one as a paid add-on.',
    );
    await page.goto('/creator');
    const creator = await words(page);
    expect(creator).toContain('on a free subdomain, or on your own domain, included on Plus and Advance.');
    const website = page.getByRole('region', { name: 'A free website, ready for your own domain' });
    await expect(website).toContainText('your own domain is included on Plus and Advance and a paid add-on on Lite.');
  });

  test('product selling: on Plus and Advance, and not coming soon', async ({ page }) => {
    await page.goto('/pricing');
    const plus = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: 'Plus' }) });
    await expect(plus).toContainText('Product selling and order tracking');
    await page.goto('/creator');
    const products = page
      .getByRole('region', { name: 'Everything you sell, on one platform' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Products' }) });
    await expect(products).toContainText('on Plus and Advance');
    await expect(products).not.toContainText(/soon|on its way/i);
  });

  test('the AI assistant and website builder are sold with Advance, the plan that has them, where a buyer meets them', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(row(page, 'AI assistant and AI website builder').getByRole('cell')).toHaveText(['', '', '']);
    await expect(
      row(page, 'AI assistant and AI website builder').getByRole('img', { name: 'Included', exact: true }),
    ).toHaveCount(1);
    // /creator's hero bullet beside the free website, and its assistant section.
    await page.goto('/creator');
    await expect(page.locator('#main section').first().getByRole('listitem')).toContainText([
      'A free website on a free subdomain',
      'An AI assistant that sets it up, on Advance',
    ]);
    await expect(page.getByRole('region', { name: /An AI assistant that sets up your business/ })).toContainText(
      'On Advance, tell the assistant what you want to offer',
    );
    // /yoga's Create by prompt, and the builder's own page in its first lines, not its sixth answer.
    await page.goto('/yoga');
    await expect(
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Create by prompt' }) }),
    ).toContainText('On Advance, describe what you want');
    await page.goto('/ai-web-builder');
    await expect(page.locator('#main section').first()).toContainText('On Advance, tell the builder about your studio');
  });

  test('the certifications and the WhatsApp plans as a product of their own, in the same words', async ({ page }) => {
    await page.goto('/business-whatsapp-api');
    expect(await words(page)).toContain(`Built on ${COMPLIANCE}.`);
    await expect(page.getByRole('region', { name: 'Simple plans for every business', exact: true })).toContainText(
      APART,
    );
    await page.goto('/business-whatsapp-pricing');
    const enterprise = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Enterprise', exact: true }) });
    await expect(enterprise).toContainText(COMPLIANCE);
    await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText(APART);
    await page.goto('/pricing');
    await expect(page.getByText(APART).first()).toBeVisible();
    const sales = page.getByRole('link', { name: 'Ask our sales team about WhatsApp' });
    expect(decodeURIComponent((await sales.getAttribute('href'))!)).toMatch(
      /WhatsApp Business API and its Business and Enterprise plans/,
    );
  });

  test("the offer's crossed-out price is a year of Advance, as /pricing prices it", async ({ page }) => {
    await page.goto('/pricing');
    const advance = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Advance' }) });
    const yearly = ((await advance.locator('[data-plan-price]:visible').innerText()).split('/')[0] ?? '').trim();
    expect(yearly).toBe('₹49,999');
    await whileTheOfferRuns(page);
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Mega Bundle' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('A year of Advance');
    await expect(popup).toContainText('less than Advance alone costs for a year');
    await expect(popup).toContainText(/₹45,999\s*for a year/);
    await expect(popup.locator('s')).toHaveText(new RegExp(`was\\s*${yearly}`));
  });
});

test.describe('the regional price lists', () => {
  const pages = [
    { path: '/mr/pricing', standard: '/pricing', price: '₹11,999/year' },
    { path: '/mr/business-whatsapp-pricing', standard: '/business-whatsapp-pricing', price: '₹11,999/year' },
  ];
  for (const { path, standard, price } of pages) {
    test(`${path} says whose prices it lists, keeps them, and is kept from search engines`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      const notice = page.locator('[data-regional-notice]');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('Regional prices: our regional sales team offers these');
      await expect(notice.getByRole('link', { name: 'See the standard prices' })).toHaveAttribute('href', standard);
      // Just under the heading, before the toggle and the prices.
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      const toggle = await page.getByRole('group', { name: 'Billing period' }).boundingBox();
      const box = (await notice.boundingBox())!;
      expect(box.y).toBeGreaterThan(heading!.y);
      expect(box.y).toBeLessThan(toggle!.y);
      const prices = (await page.locator('[data-plan-price]:visible').allInnerTexts()).map((t) =>
        t.replace(/,\s*billed.*$/s, '').replace(/\s+/g, ''),
      );
      expect(prices).toContain(price);
    });
  }

  test('the standard pages carry no notice and are indexed', async ({ page }) => {
    for (const path of ['/pricing', '/business-whatsapp-pricing']) {
      await page.goto(path);
      await expect(page.locator('[data-regional-notice]')).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    }
  });

  test('the sitemap lists the standard pricing pages and neither regional one', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemap = /<loc>[^<]*?(\/sitemap-\d+\.xml)<\/loc>/.exec(index)?.[1];
    const urls = await (await request.get(sitemap!)).text();
    expect(urls).toMatch(/\/pricing<\/loc>/);
    expect(urls).toMatch(/\/business-whatsapp-pricing<\/loc>/);
    expect(urls).not.toContain('/mr/');
  });
});
