import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

test.describe('thank-you page', () => {
  test('shows the three texts and goes to /business-whatsapp-api after 3 seconds', async ({ page }) => {
    await page.clock.install();
    await page.route('**/business-whatsapp-api', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>next</title>' }),
    );
    await page.goto('/thank-you');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
    await expect(page.getByText('Your details have been submitted successfully.')).toBeVisible();
    await expect(page.getByText("We'll get in touch with you shortly. Redirecting...")).toBeVisible();

    await page.clock.runFor(2_900);
    expect(new URL(page.url()).pathname).toBe('/thank-you');
    await page.clock.runFor(200);
    await page.waitForURL('**/business-whatsapp-api');
  });

  test('the Home button opens the sales chat on WhatsApp in a new tab, and says so', async ({ page }) => {
    await page.goto('/thank-you');
    const home = page.getByRole('link', { name: 'Home on WhatsApp', exact: true });
    await expect(home).toHaveAttribute('href', /\/\d{8,15}\?text=.+/);
    await expect(home).toHaveAttribute('target', '_blank');
    await expect(home).toHaveAttribute('rel', /\bnoopener\b/);
  });

  test('without JavaScript a link leads on', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/thank-you');
    await expect(page.getByRole('link', { name: /Continue/ })).toHaveAttribute('href', '/business-whatsapp-api');
    await context.close();
  });
});

test('an unknown path answers 404 with links back into the site', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  // Never stored: a page published later is found at once. The 404 page's own headers: the site's policy.
  const headers = response?.headers() ?? {};
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['content-security-policy']).toMatch(/script-src 'self'(?: 'sha256-[\w+/=]+')*;/);
  expect(headers['content-security-policy']).toContain("connect-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const popular = page.getByRole('navigation', { name: 'Popular pages' });
  await expect(popular.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle(/Page Not Found \| /);
});

test.describe('legal pages', () => {
  const pages = [
    {
      path: '/privacy-policy',
      heading: 'Privacy Policy',
      must: [
        /March 20, 2024/,
        /payment gateway/i,
        /under 18|under the age of 18/i,
        /Do-Not-Track/i,
        /Google (Drive|Calendar)/,
        // What the website's analytics measures, without cookies, and that GPC and DNT switch it off.
        /Website analytics/,
        /uses no cookies/i,
        /Global Privacy Control[\s\S]*does not load the analytics/i,
        // What the site keeps of a contact request, where, and for how long.
        /Contact requests from our website/,
        /Cloudflare D1/,
        /30 days after it has reached the CRM/,
        /90 days/,
      ],
    },
    {
      path: '/terms-of-uses',
      heading: 'Terms of Use',
      must: [/18 years/, /160 characters/, /true, accurate, current/i, /automated/i, /one \(1\) year/i],
    },
    { path: '/refund-policy', heading: 'Refund Policy', must: [/non-refundable/i, /admins of that community/i] },
  ];
  for (const { path, heading, must } of pages) {
    test(`${path} renders its policy`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(new RegExp(`^${heading} \\| `));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const text = await page.locator('main').innerText();
      for (const pattern of must) expect(text).toMatch(pattern);
    });
  }

  test('a table of contents links each section; by keyboard a link lands on its heading, below the header', async ({
    page,
  }) => {
    const toc = page.getByRole('navigation', { name: 'On this page' });
    // The Markdown's sections, then the company behind the site that every legal page ends with.
    const sections = () => page.locator('article h2');
    /** The heading is on screen, not under the fixed header, and Tab goes on from it. */
    const landsOn = async (id: string) => {
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      const heading = page.locator(`[id="${id}"]`);
      await expect(heading).toBeInViewport();
      const header = await page.locator('[data-site-header]').boundingBox();
      await expect
        .poll(async () => (await heading.boundingBox())!.y)
        .toBeGreaterThanOrEqual(header!.y + header!.height);
      await page.keyboard.press('Tab');
      const follows = await page.evaluate(
        (id) =>
          Boolean(
            document.getElementById(id)!.compareDocumentPosition(document.activeElement!) &
            Node.DOCUMENT_POSITION_FOLLOWING,
          ),
        id,
      );
      expect(follows, 'the next Tab goes on after the heading').toBe(true);
    };

    // Jumps at once: a smooth scroll down a long page can end short while the images it passes load.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // A wide screen: the list beside the text, one link per section, in order.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/privacy-policy');
    const ids = await sections().evaluateAll((headings) => headings.map((h) => h.id));
    const names = await sections().allInnerTexts();
    // One link per section of the Markdown file, and the company's last.
    const markdown = readFileSync('src/content/legal/privacy-policy.md', 'utf8');
    expect(ids.length).toBe(markdown.match(/^## /gm)!.length + 1);
    expect(ids.at(-1)).toBe('company');
    await expect(toc.getByRole('link')).toHaveText(names);
    for (const [i, id] of ids.entries()) await expect(toc.getByRole('link').nth(i)).toHaveAttribute('href', `#${id}`);
    const target = toc.getByRole('link', { name: 'Your Privacy Rights' });
    await target.focus();
    await page.keyboard.press('Enter');
    await landsOn('your-privacy-rights');
    await toc.getByRole('link', { name: 'The company behind Communiti' }).focus();
    await page.keyboard.press('Enter');
    await landsOn('company');

    // A phone: a closed disclosure that the keyboard opens.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/terms-of-uses');
    await expect(toc.getByRole('link').first()).toBeHidden();
    await toc.locator('summary').focus();
    await page.keyboard.press('Enter');
    const link = toc.getByRole('link', { name: 'Governing Law' });
    await expect(link).toBeVisible();
    await link.focus();
    await page.keyboard.press('Enter');
    await landsOn('governing-law');
  });
});

test('about us: sections and the Join the Mission call to action', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page).toHaveTitle(/^About Us \| /);
  for (const name of ['What we offer', 'Our values', 'Our mission', 'Our vision', 'Join the Mission']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  // Starting has a setup cost: the button signs up, and promises nothing free.
  const signUp = page.getByRole('link', { name: 'Sign up', exact: true });
  await expect(signUp).toHaveAttribute('href', /\/admin$/);
  await expect(signUp).toHaveAttribute('target', '_blank');
});

test('the head carries the SEO and social tags', async ({ page }) => {
  await page.goto('/about-us');
  const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(await meta('meta[name="format-detection"]')).toBe('telephone=no');
  expect(await meta('meta[name="description"]')).toBeTruthy();
  expect(await meta('meta[name="keywords"]')).toBeTruthy();
  expect(await meta('meta[name="author"]')).toBeTruthy();
  expect(await meta('meta[property="og:image"]')).toMatch(/^https?:\/\//);
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/about-us$/);
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/site.webmanifest');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  const org = Array.isArray(ld) ? ld.find((x) => x['@type'] === 'Organization') : ld;
  expect(org['@type']).toBe('Organization');
});
