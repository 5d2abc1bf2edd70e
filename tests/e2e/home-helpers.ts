import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { OFFER_DISMISSED_KEY } from '../../src/lib/visit-memory';

/** The offer's deadline as the editor set it (src/content/offer/mega-bundle.json), in milliseconds. */
export const OFFER_DEADLINE = new Date(
  (JSON.parse(readFileSync('src/content/offer/mega-bundle.json', 'utf8')) as { deadline: string }).deadline,
).getTime();

/**
 * Pins the page's clock ten days before the offer's deadline, running from there: the popup opens only while the
 * offer runs, so a test that needs it open does not depend on the day it runs.
 */
export function whileTheOfferRuns(page: Page): Promise<void> {
  return page.clock.install({ time: OFFER_DEADLINE - 10 * 86_400_000 });
}

/**
 * Keeps the offer popup closed, as after a dismissal earlier in the visit, for tests of other home sections: a modal
 * dialog takes every click. The popup has its own tests (home-popup.spec.ts, home-lead.configured.spec.ts).
 */
export async function withoutOfferPopup(page: Page): Promise<void> {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), OFFER_DISMISSED_KEY);
}

/**
 * The scripts of the home page's islands, as the built page names them (each island's component and its renderer,
 * React): paths under /_astro/, read from dist/index.html, not from the page under test.
 */
export function homeIslandScripts(dir = 'dist'): string[] {
  const html = readFileSync(`${dir}/index.html`, 'utf8');
  const urls = [...html.matchAll(/<astro-island[^>]*>/g)].flatMap((m) =>
    [...m[0].matchAll(/\s(?:component|renderer)-url="([^"]+)"/g)].map((u) => u[1]!.replaceAll('&amp;', '&')),
  );
  return [...new Set(urls)];
}

/** Refuses every island script of the home page: the page as a visitor gets it before React could load. */
export async function withoutIslands(page: Page, dir = 'dist'): Promise<string[]> {
  const refused: string[] = [];
  const scripts = new Set(homeIslandScripts(dir));
  await page.route(
    (url) => scripts.has(url.pathname),
    (route) => {
      refused.push(new URL(route.request().url()).pathname);
      return route.abort();
    },
  );
  return refused;
}

/**
 * Opens a section's phone fold (src/components/ui/PhoneFold.astro) as a phone visitor does, by its summary: below md
 * the showcase and the calculators are folded, and their islands wake only once opened. Wider, there is no summary to
 * press and nothing is done.
 */
export async function unfold(section: Locator): Promise<void> {
  const summary = section.locator('details[data-phone-fold] > summary').first();
  if (await summary.isVisible()) {
    await summary.scrollIntoViewIfNeeded();
    await summary.click();
    await expect(section.locator('details[data-phone-fold]').first()).toHaveAttribute('open', '');
  }
}

/**
 * Opens the offer popup as its trigger (data-trigger, src/lib/offer-trigger.ts) asks a visitor to: on load, nothing to
 * do; on scroll, a scroll to the page's end; on exit, a computer's pointer leaving through the window's top.
 */
export async function openOfferByItsTrigger(page: Page): Promise<void> {
  const dialog = page.locator('dialog[data-offer-popup]');
  const trigger = await dialog.getAttribute('data-trigger');
  if (trigger === 'scroll') {
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  } else if (trigger === 'exit') {
    await page.mouse.move(400, 300);
    await page.mouse.move(400, -20, { steps: 3 });
  }
  await expect(dialog).toBeVisible();
}
