import type { Page } from '@playwright/test';

/**
 * Holds an island's component chunk (/_astro/<Component>.<hash>.js) until the returned function is called, so a test
 * can act on the server HTML before the island hydrates: no race with the script's arrival.
 */
export async function holdIsland(page: Page, component: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
