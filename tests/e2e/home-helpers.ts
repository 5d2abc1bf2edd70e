import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { OFFER_DISMISSED_KEY } from '../../src/lib/visit-memory';

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
