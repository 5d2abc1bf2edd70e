/**
 * After the build, once every other integration is done: writes dist/_headers from the site configuration, with the
 * policy of src/lib/security-headers.ts.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { site } from '../config/site';
import { buildHeadersFile } from '../lib/security-headers';
import { BRAND_FONT_SCRIPT } from '../lib/brand-font-gate';
import { LOCALES, PSEUDO } from '../lib/i18n/locales';
import { CMS_FOLDER, OWNER_FOLDER, builtPages, notPagePaths } from './dist-pages.mjs';

/**
 * The pages that run the blog search (BlogListLayout: the list and category pages) in every language (and the
 * pseudo-locale, in its build), as header rule paths: only they may compile WebAssembly.
 */
export const SEARCH_PAGES = [...Object.values(LOCALES), ...(site.pseudoLocale ? [PSEUDO] : [])].flatMap(
  ({ prefix }) => [`${prefix}/blogs`, `${prefix}/blogs/*`],
);
/** The search island in a page's HTML (an attribute value, which post text, escaped, can never imitate). */
const SEARCH_ISLAND = /component-url="[^"]*\/BlogSearch\.[\w-]+\.js"/;

/** The CSP source of an inline script's text: `sha256-` and its digest in base64. */
export const scriptHash = (body: string) => `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`;

/** True when a page path is covered by one of the rule paths (an exact path, or a folder with a trailing splat). */
export function coveredBy(path: string, rules: readonly string[]): boolean {
  return rules.some((rule) => (rule.endsWith('/*') ? path.startsWith(rule.slice(0, -1)) : path === rule));
}

/**
 * Writes dist/_headers once every other integration has written its files (the search index, the sitemap): the
 * rules name what is not a page by reading the finished folder. List it last in astro.config.mjs.
 */
export function headersFile(): AstroIntegration {
  return {
    name: 'headers-file',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const content = buildHeadersFile({
          // In relay mode the popup posts to this site ('self'): the CRM is named only in direct mode.
          connectOrigins: [
            site.crm.mode === 'direct' ? site.crm.host : '',
            site.emailjs.origin,
            site.blogApiBase,
            site.analytics?.endpoint ?? '',
          ],
          imageOrigins: [site.blogApiBase],
          notPages: notPagePaths(root),
          searchPages: SEARCH_PAGES,
          adminPath: `/${CMS_FOLDER}/*`,
          ownerPath: `/${OWNER_FOLDER}/*`,
          scriptHashes: [scriptHash(BRAND_FONT_SCRIPT)],
        });
        // A page with the search outside those paths would fail to compile Pagefind's WebAssembly: stop the build.
        const uncovered = builtPages(root)
          .filter((page) => SEARCH_ISLAND.test(page.html()) && !coveredBy(page.path, SEARCH_PAGES))
          .map((page) => page.path);
        if (uncovered.length) {
          throw new Error(`The blog search runs on ${uncovered.join(', ')}, outside SEARCH_PAGES: add them there.`);
        }
        await writeFile(join(root, '_headers'), content);
      },
    },
  };
}
