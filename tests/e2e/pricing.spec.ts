import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The community pricing page's words as an editor left them (src/content/plans/plans.json). */
const { community } = JSON.parse(readFileSync('src/content/plans/plans.json', 'utf8')) as {
  community: { heading: string; yearlyBadge: string; savingUpTo: string };
};
/**
 * The savings badge with what the spec's prices save, in whole percent rounded down: /pricing, Plus 2499 x 12 = 29988
 * against 24999 (16.6 %) and Advance 4499 x 12 = 53988 against 49999 (7.4 %); /mr/pricing, Plus 1499 x 12 = 17988
 * against 11999 (33.3 %) and Advance 1999 x 12 = 23988 against 17999 (24.97 %). The plans differ, so "up to".
 */
const badge = (percent: number) =>
  community.yearlyBadge.replace('{yearlySaving}', community.savingUpTo.replace('{percent}', `${percent}%`));

/** The visible price lines of the plan cards, in card order. */
async function visiblePrices(page: Page): Promise<string[]> {
  const lines = page.locator('[data-plan-price]:visible');
  // "₹24,999 /year , billed yearly" -> "₹24,999/year" (the last part is for screen readers).
  return (await lines.allInnerTexts()).map((t) => t.replace(/,\s*billed.*$/s, '').replace(/\s+/g, ''));
}

function card(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

test.describe('/pricing', () => {
  test('headline, three cards and yearly prices by default', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page).toHaveTitle(/^Pricing \| /);
    await expect(page.getByRole('heading', { level: 1, name: community.heading })).toBeVisible();
    for (const name of ['Lite', 'Plus', 'Advance']) await expect(card(page, name)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(page.getByText(badge(16))).toBeVisible();
    expect(badge(16)).toBe('Save up to 16%');
    expect(await visiblePrices(page)).toEqual(['₹0/year', '₹24,999/year', '₹49,999/year']);
    await expect(card(page, 'Lite')).toContainText('₹5,000 one-time setup cost');
    await expect(card(page, 'Lite')).toContainText('2% transaction fee');
    await expect(card(page, 'Plus')).toContainText('0% transaction fee');
  });

  test('Monthly shows the monthly prices and changes nothing else', async ({ page }) => {
    await page.goto('/pricing');
    const before = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    await page.getByRole('radio', { name: 'Monthly' }).click();
    expect(await visiblePrices(page)).toEqual(['₹0/month', '₹2,499/month', '₹4,499/month']);
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(before);
    await page.getByText('Yearly', { exact: true }).click();
    expect(await visiblePrices(page)).toEqual(['₹0/year', '₹24,999/year', '₹49,999/year']);
  });

  test('the toggle works by keyboard', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('radio', { name: 'Yearly' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(await visiblePrices(page)).toEqual(['₹0/month', '₹2,499/month', '₹4,499/month']);
  });

  test('upgrade buttons open the sales chat with their messages in a new tab', async ({ page }) => {
    await page.goto('/pricing');
    const plus = card(page, 'Plus').getByRole('link', { name: 'Upgrade to Plus' });
    await expect(plus).toHaveAttribute('target', '_blank');
    await expect(plus).toHaveAttribute('rel', /noopener/);
    // The card's own prices: the spec's 2499 a month and 24999 a year.
    expect(decodeURIComponent((await plus.getAttribute('href'))!)).toMatch(
      /\?text=.*upgrade to the Plus plan \(₹2,499 a month, or ₹24,999 a year\)/,
    );
    const advance = card(page, 'Advance').getByRole('link', { name: /Advance/ });
    expect(decodeURIComponent((await advance.getAttribute('href'))!)).toMatch(/\?text=.*Advance plan/);
    // No Lifetime plan exists: the sales note asks about the WhatsApp plans, a product of their own.
    const sales = page.getByRole('link', { name: 'Ask our sales team about WhatsApp' });
    expect(decodeURIComponent((await sales.getAttribute('href'))!)).toMatch(/Business and Enterprise plans/);
    expect(decodeURIComponent((await sales.getAttribute('href'))!)).not.toMatch(/Lifetime/);
    await expect(card(page, 'Lite').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', /\/admin$/);
  });

  test('comparison table, fee FAQ and the plan-help banner', async ({ page }) => {
    await page.goto('/pricing');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Lite', 'Plus', 'Advance']);
    await expect(table.getByRole('row', { name: /Transaction fee/ })).toContainText(['2%']);
    await page.getByText('What do payment gateways charge?').click();
    await expect(page.getByText(/typically charge 2 to 2\.5% per transaction/)).toBeVisible();
    await expect(page.getByText(/0\.01% on credit cards and a flat ₹29\.05 per net banking transaction/)).toBeVisible();
    // The fee answer names the cards' plans and their fees (the spec's Lite 2 %, Plus 0 %), and no other plan.
    // The first answer is open from the start.
    await expect(
      page.getByText(/On Lite, a 2% transaction fee applies.* On Plus the transaction fee is 0%/),
    ).toBeVisible();
    await page.getByText('Can I use my own domain?').click();
    await expect(
      page.getByText(/custom domain is included on Plus and Advance, and on Lite .* paid add-on/),
    ).toBeVisible();
    await expect(page.locator('#pricing-faq')).not.toContainText(/starter|\bpro\b|4%/i);
    await expect(page.getByRole('heading', { name: 'Not sure which plan is right for you?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book a Free Demo' })).toHaveAttribute(
      'href',
      /\/user\/book-appointment\/[^/]+\/[^/]+$/,
    );
  });

  test('every period price is in the HTML, for search engines and without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/pricing');
    const html = await page.content();
    for (const price of ['₹24,999', '₹2,499', '₹49,999', '₹4,499']) expect(html).toContain(price);
    await page.getByRole('radio', { name: 'Monthly' }).click();
    expect(await visiblePrices(page)).toEqual(['₹0/month', '₹2,499/month', '₹4,499/month']);
    await context.close();
  });
});

test.describe('/mr/pricing', () => {
  test('shows the regional prices for both periods and no invented Lite price', async ({ page }) => {
    await page.goto('/mr/pricing');
    await expect(page.getByRole('heading', { level: 1, name: community.heading })).toBeVisible();
    expect(await visiblePrices(page)).toEqual(['₹11,999/year', '₹17,999/year']);
    // The badge, the billing answer and the Plus chat message state this page's prices, not the main ones.
    await expect(page.getByText(badge(33))).toBeVisible();
    await expect(page.locator('#pricing-faq')).toContainText('saves up to 33% compared with paying month by month');
    const plus = card(page, 'Plus').getByRole('link', { name: 'Upgrade to Plus' });
    expect(decodeURIComponent((await plus.getAttribute('href'))!)).toMatch(/\(₹1,499 a month, or ₹11,999 a year\)/);
    await page.getByRole('radio', { name: 'Monthly' }).click();
    expect(await visiblePrices(page)).toEqual(['₹1,499/month', '₹1,999/month']);
    const lite = card(page, 'Lite');
    await expect(lite).toBeVisible();
    await expect(lite).not.toContainText('₹');
  });
});

test.describe('the cards side by side line up', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  for (const path of ['/mr/pricing', '/pricing', '/business-whatsapp-pricing']) {
    test(`${path}: every card's features and button start where its neighbours' do`, async ({ page }) => {
      await page.goto(path);
      const cards = page.locator('#main ul').first().locator(':scope > li');
      await expect(cards).toHaveCount(3);
      const tops = async (part: (card: ReturnType<typeof cards.nth>) => ReturnType<typeof cards.nth>) =>
        Promise.all((await cards.all()).map(async (card) => Math.round((await part(card).boundingBox())!.y)));
      // Whatever stands above them: a price, Lite's line instead of one on /mr/pricing, a setup cost, a note or none.
      const feature = await tops((card) => card.getByRole('listitem').first());
      const button = await tops((card) => card.getByRole('link'));
      for (const row of [feature, button]) expect(new Set(row).size, `${path}: ${row.join(', ')}`).toBe(1);
    });
  }

  test("/mr/pricing: Lite's line instead of a price is as tall as a price, so its fee lines up with the others'", async ({
    page,
  }) => {
    await page.goto('/mr/pricing');
    const fees = page.getByText(/^\d+% transaction fee$/);
    await expect(fees).toHaveCount(3);
    const tops = await Promise.all((await fees.all()).map(async (fee) => Math.round((await fee.boundingBox())!.y)));
    expect(new Set(tops).size, tops.join(', ')).toBe(1);
  });
});

test.describe('WhatsApp pricing', () => {
  const variants = [
    {
      path: '/business-whatsapp-pricing',
      yearly: ['₹0/year', '₹24,999/year', '₹49,999/year'],
      quarterly: ['₹0/quarter', '₹6,999/quarter', '₹13,999/quarter'],
      monthly: ['₹0/month', '₹2,499/month', '₹4,499/month'],
      setup: '₹5,000 one-time setup cost',
      freeUtility: '₹0.25',
    },
    {
      path: '/mr/business-whatsapp-pricing',
      yearly: ['₹0/year', '₹11,999/year', '₹23,999/year'],
      quarterly: ['₹0/quarter', '₹4,499/quarter', '₹7,499/quarter'],
      monthly: ['₹0/month', '₹1,799/month', '₹2,999/month'],
      setup: 'Zero setup fees',
      freeUtility: '₹0.15',
    },
  ];
  for (const v of variants) {
    test(`${v.path}: each period shows its prices`, async ({ page }) => {
      await page.goto(v.path);
      for (const name of ['Free Forever', 'Business', 'Enterprise']) await expect(card(page, name)).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
      expect(await visiblePrices(page)).toEqual(v.yearly);
      await page.getByRole('radio', { name: 'Quarterly' }).click();
      expect(await visiblePrices(page)).toEqual(v.quarterly);
      await page.getByRole('radio', { name: 'Monthly' }).click();
      expect(await visiblePrices(page)).toEqual(v.monthly);
    });

    test(`${v.path}: limits, charges, setup cost and trial`, async ({ page }) => {
      await page.goto(v.path);
      await expect(page.getByText(v.setup).first()).toBeVisible();
      const free = card(page, 'Free Forever');
      for (const limit of [
        '50 free conversation credits',
        'Chatbot with 10 triggers',
        '1 agent',
        '10 tags',
        '5 custom attributes',
      ]) {
        await expect(free).toContainText(limit);
      }
      await expect(free.getByRole('definition')).toHaveText(['₹0.90', v.freeUtility, '₹0']);
      await expect(card(page, 'Business').getByRole('definition')).toHaveText(['₹0.78', '₹0.115', '₹0']);
      await expect(card(page, 'Business')).toContainText('7-day free trial');
      await expect(card(page, 'Enterprise')).toContainText('7-day free trial');
      await expect(free).not.toContainText('free trial');
      await expect(page.getByLabel('Name')).toBeVisible();
      await expect(page.getByLabel('Mobile Number')).toBeVisible();
    });
  }

  test('publishes the plans as JSON-LD offers', async ({ page }) => {
    await page.goto('/business-whatsapp-pricing');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.flatMap((b) => JSON.parse(b) as Record<string, unknown>[]).flat();
    const product = data.find((d) => d['@type'] === 'Product') as { offers: { name: string; price: number }[] };
    expect(product.offers).toContainEqual(expect.objectContaining({ name: 'Business (Yearly)', price: 24999 }));
    expect(product.offers).toContainEqual(expect.objectContaining({ name: 'Enterprise (Quarterly)', price: 13999 }));
    expect(product.offers).toContainEqual(expect.objectContaining({ name: 'Free Forever', price: 0 }));
  });
});
