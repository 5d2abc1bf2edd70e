import { expect, test } from './fixtures';

/**
 * A page's script and the modules it imports are asked for together, in the round trip after the document, not one
 * level of imports after the other as each module arrives (modulePreload, in the build).
 */
test('a feature page asks for the modules its script imports while the script itself is still on its way', async ({
  page,
}) => {
  const requested = new Set<string>();
  page.on('request', (request) => requested.add(new URL(request.url()).pathname));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The page's own script (the layout's) is held: without the page naming its imports, nothing could ask for them.
  await page.route(/\/_astro\/BaseLayout[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/member-management', { waitUntil: 'commit' });
  const script = page.locator('script[type="module"][src*="/_astro/BaseLayout"]');
  await expect(script).toHaveCount(1);
  const src = (await script.getAttribute('src'))!;
  // What the script imports, read from the file as served (the request context is not held).
  const code = await (await page.request.get(src)).text();
  const imports = [...code.matchAll(/(?:import|export)\s*(?:[\w$*{},\s]*from\s*)?"\.\/([^"]+\.js)"/g)].map(
    (match) => `/_astro/${match[1]}`,
  );
  expect(imports.length).toBeGreaterThan(0);
  await expect.poll(() => imports.filter((url) => !requested.has(url))).toEqual([]);
  expect(requested.has(src)).toBe(true);
  release();
  await page.waitForLoadState('load');
});
