import { readFileSync } from 'node:fs';
import { test as base, type Page } from '@playwright/test';
import { contentPath } from '../../src/lib/content-paths';
import { localeOfPath } from '../../src/lib/i18n/locales';
import type { Ui } from '../../src/lib/schemas/ui';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, which every browser test takes from here (the lint holds them to it). Navigations are made once:
 * the local runtime's navigations that went unanswered under wrangler 4.86 (about once in two full runs) were made once
 * more here; under wrangler 4.164 none has been seen, so a navigation that does not load fails its test.
 */
export const test = base;

/**
 * Makes `page` a visitor who gets `built` (a page of dist-pages.mjs' builtPages): for a variant page of a running
 * experiment, one whose assignment cookie names that variant; for any other page, nothing.
 */
export async function visitorOf(
  page: Page,
  built: { cookie: { name: string; value: string } | null },
  origin: string | undefined,
): Promise<void> {
  if (built.cookie) await page.context().addCookies([{ ...built.cookie, url: origin ?? '' }]);
}

/** The site-wide labels a page at `path` shows: its language's (a Hindi page is read with the Hindi labels). */
export const uiOf = (path: string) =>
  JSON.parse(readFileSync(contentPath('ui', 'ui', localeOfPath(path)), 'utf8')) as Ui;
