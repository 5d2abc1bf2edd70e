import { expect, test, uiOf, visitorOf } from './fixtures';
import { pagesToRender } from '../../src/integrations/dist-pages.mjs';

// One page of each kind (src/lib/page-kinds.mjs); every page under npm run test:sweep.
for (const built of pagesToRender()) {
  const { path, name, why } = built;
  test(`${name} (${why}) shows its full content and navigation without JavaScript`, async ({ page, baseURL }) => {
    await visitorOf(page, built, baseURL);
    const { header, navigation } = uiOf(path);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The document is what is checked: without scripts every image loads at once (nothing is lazy), and a picture
    // the local runtime is slow to send must not hold the test at the load event.
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const main = page.locator('main');
    expect((await main.innerText()).trim().length).toBeGreaterThan(100);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    // Nothing waits for a script to be shown.
    const hidden = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((el) => el.closest('dialog, [hidden], details:not([open]), [aria-hidden="true"]') === null)
        .filter((el) => getComputedStyle(el).opacity === '0' && (el.textContent ?? '').trim().length > 0)
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(hidden).toEqual([]);

    // Desktop menus open on hover; every header link is there.
    await page.getByRole('button', { name: header.products }).hover();
    await expect(page.locator('#nav-products')).toBeVisible();
    await expect(page.locator('#nav-products a')).toHaveCount(15);

    // The mobile sheet opens without a script too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: header.openMenu }).click();
    const sheet = page.getByRole('dialog', { name: header.menu });
    await expect(sheet).toBeVisible();
    await sheet.getByText(header.products, { exact: true }).click();
    await expect(sheet.getByRole('link', { name: navigation.products[0]!.label })).toBeVisible();
  });
}
