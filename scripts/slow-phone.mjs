// The mobile profile of the Lighthouse gate, applied to a Playwright page through the Chrome DevTools Protocol: 150 ms
// round trips, 1.6 Mbps down, 750 kbps up, 4x CPU slowdown. Shared by the navigation benchmark and the browser tests
// that act on a page before its islands hydrate.

/**
 * @param {import('@playwright/test').Page} page
 */
export async function slowPhone(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
