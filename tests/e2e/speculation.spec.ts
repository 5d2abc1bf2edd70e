import { expect, test } from './fixtures';

/**
 * Speculation rules reach the browser as a header of every HTML page, naming a JSON file: same-origin page links are
 * fetched ahead when the pointer rests on them, nothing else is. The header and the file as the runtime serves them are
 * tests/worker/site.test.ts; here, what the browser does with them.
 */
const RULES = '/speculation-rules.json';

test.describe('in the browser', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a page link is fetched ahead on hover; an API path and another origin never are', async ({ page, context }) => {
    const ahead: string[] = [];
    context.on('request', (r) => {
      if (/prefetch/.test(r.headers()['sec-purpose'] ?? '')) ahead.push(r.url());
    });
    // No request routing here: a browser under request interception fetches nothing ahead.
    await page.goto('/about-us');
    const origin = new URL(page.url()).origin;
    // Links the page does not have, added as they would be: to the API, and to another site.
    await page.evaluate(() => {
      for (const [href, text] of [
        ['/api/leads', 'API'],
        ['https://elsewhere.example/pricing', 'Elsewhere'],
      ]) {
        const a = document.createElement('a');
        a.href = href!;
        a.textContent = text!;
        a.style.cssText = 'position:fixed;left:10px;display:block;padding:10px;background:#fff;z-index:9';
        a.style.top = text === 'API' ? '300px' : '360px';
        document.body.append(a);
      }
    });
    await page.getByRole('link', { name: 'API', exact: true }).hover();
    await page.getByRole('link', { name: 'Elsewhere', exact: true }).hover();
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().hover();
    await expect.poll(() => ahead).toContain(`${origin}/pricing`);
    expect(ahead.filter((url) => !url.startsWith(`${origin}/`) || url.includes('/api/'))).toEqual([]);

    // The click uses what was fetched: the browser says the page came from the prefetch.
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const delivery = await page.evaluate(
      // deliveryType is newer than TypeScript's DOM types.
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceEntry & { deliveryType?: string }).deliveryType,
    );
    expect(delivery).toBe('navigational-prefetch');
  });

  test('without the rules (a browser without support) links navigate as before', async ({ page, context }) => {
    await context.route(`**${RULES}`, (route) => route.abort());
    const ahead: string[] = [];
    context.on('request', (r) => r.headers()['sec-purpose'] && ahead.push(r.url()));
    await page.goto('/about-us');
    const pricing = page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first();
    await pricing.hover();
    await pricing.click();
    await expect(page).toHaveURL(/\/pricing$/);
    expect(ahead).toEqual([]);
  });
});
