/**
 * One label means one action across the site, and a button that opens WhatsApp says so. Every page, read without a
 * browser: the words of each link and button as a screen reader reads them (tags dropped, the visually hidden text
 * kept), against where it leads.
 */

import { expect, test, uiOf } from './fixtures';
import { builtPages } from '../../src/integrations/dist-pages.mjs';

interface Control {
  tag: string;
  href: string | null;
  inner: string;
  words: string;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };

/** Each link and button of a page's HTML. */
function controlsOf(html: string): Control[] {
  return [...html.matchAll(/<(a|button)\b([^>]*)>([\s\S]*?)<\/\1>/g)].map(([, tag = '', attrs = '', inner = '']) => ({
    tag,
    href: /\shref="([^"]*)"/.exec(attrs)?.[1]?.replaceAll('&amp;', '&') ?? null,
    inner,
    words: inner
      .replace(/<[^>]*>/g, '')
      .replace(/&(\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

test('"Get Started" opens the admin app on every page, and every button to the sales chat shows WhatsApp', async ({
  request,
}) => {
  const pages = builtPages();
  let starts = 0;
  const withChat = new Set<string>();
  for (const built of pages) {
    const cookie = built.cookie ? { Cookie: `${built.cookie.name}=${built.cookie.value}` } : undefined;
    const html = await (await request.get(built.path, { headers: cookie })).text();
    const ui = uiOf(built.path);
    for (const control of controlsOf(html)) {
      const where = `${built.path}: ${control.tag} "${control.words}"`;
      if (control.words === ui.buttons.start) {
        starts += 1;
        expect(control.tag, where).toBe('a');
        expect(new URL(control.href ?? '', 'https://site.invalid').pathname, where).toBe('/admin');
      }
      if (/^https:\/\/wa\.me\/\d+\?text=/.test(control.href ?? '')) {
        withChat.add(built.path);
        // WhatsApp's mark before the label, and "on WhatsApp" read after it.
        expect(control.inner, where).toMatch(/^<svg\b/);
        expect(control.words, where).toMatch(new RegExp(` ${ui.buttons.whatsapp}$`));
      }
    }
  }
  // The header's Get Started on every page; the chat buttons of the plan cards, the plan-help banner and the
  // thank-you page.
  expect(starts).toBeGreaterThan(pages.length);
  for (const path of ['/pricing', '/business-whatsapp-pricing', '/course-management', '/yoga', '/thank-you'])
    expect([...withChat]).toContain(path);
});

test('the WhatsApp page says where its call-back button leads, keeping the spec\'s "Get Started" first', async ({
  page,
}) => {
  await page.goto('/business-whatsapp-api');
  const hero = page.locator('#wa-hero');
  const callBack = hero.getByRole('button', { name: 'Get Started with a Call Back', exact: true });
  await expect(callBack).toBeVisible();
  await callBack.click();
  await expect(page.getByRole('dialog', { name: 'Talk to our team' })).toBeVisible();
});

test("a chat button is read with where it opens, and shows WhatsApp's mark", async ({ page }) => {
  await page.goto('/pricing');
  const upgrade = page.getByRole('link', { name: 'Upgrade to Plus on WhatsApp', exact: true });
  await expect(upgrade).toBeVisible();
  await expect(upgrade.locator('svg')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Us on WhatsApp', exact: true })).toBeVisible();
});
