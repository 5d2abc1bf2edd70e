/**
 * After the build: writes the owner's page into dist/owner/ (docs/owner.md). Like the content admin it is no page of
 * the site: no page links it, it is in no sitemap, it carries `noindex`, dist-pages.mjs leaves it out of the page
 * checks, and its headers are its own (ownerContentSecurityPolicy in src/lib/security-headers.ts). It is not an Astro
 * page either: one would share the visitors' bundles and their one stylesheet, where its class names would add rules.
 *
 * - owner.js: the page's script, src/browser/owner/main.ts, bundled with esbuild;
 * - owner.css: src/browser/owner/owner.css after the site's colours (the theme of src/styles/global.css) and its
 *   typeface (the font file the build wrote);
 * - settings.json (OWNER_SETTINGS_PATH): the repository whose writers are the owners, read by the Worker;
 * - index.html: the page's frame, which the script fills.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { site } from '../config/site';
import { OWNER_PAGE, OWNER_SETTINGS_PATH, type OwnerSettingsFile } from '../lib/owner/wire';
import { astroEsbuild } from './astro-esbuild';
import { OWNER_FOLDER } from './dist-pages.mjs';

const ENTRY = 'src/browser/owner/main.ts';
const STYLES = 'src/browser/owner/owner.css';
const THEME = 'src/styles/global.css';
/** The brand typeface as the build names it in _astro/ (src/styles/brand-font.css). */
const FONT_FILE = /^plus-jakarta-sans\.[\w-]+\.woff2$/;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's colours, `--color-*` of the theme block of the visitors' stylesheet, as custom properties. */
export function themeColours(css: string): string {
  const theme = /@theme\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  const colours = [...theme.matchAll(/(--color-[\w-]+):\s*(#[0-9a-fA-F]{3,8})\s*;/g)].map(([, name, value]) => [
    name,
    value,
  ]);
  return colours.length ? `:root{${colours.map(([name, value]) => `${name}:${value}`).join(';')}}` : '';
}

/** The brand typeface from the build's own file, or nothing (the system's fonts) when there is none. */
export function fontFace(file: string | undefined): string {
  if (!file) return '';
  return `@font-face{font-family:'Plus Jakarta Sans';font-style:normal;font-weight:400 800;font-display:swap;src:url('/_astro/${file}') format('woff2')}`;
}

/** The settings file the Worker reads. */
export function ownerSettings(repo: string): string {
  const settings: OwnerSettingsFile = { repo };
  return `${JSON.stringify(settings)}\n`;
}

/** The page's frame: a header, the live region, and the view the script fills (a sign-in until it knows more). */
export function ownerPageHtml(label: string): string {
  const name = escape(label);
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <meta name="referrer" content="same-origin" />
    <title>Owner&#39;s page | ${name}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="${OWNER_PAGE}owner.css" />
    <script type="module" src="${OWNER_PAGE}owner.js"></script>
  </head>
  <body>
    <header class="top">
      <p class="brand">${name}</p>
      <div id="account" class="account"></div>
    </header>
    <main>
      <p id="status" class="status" role="status"></p>
      <div id="view">
        <h1 tabindex="-1">Owner&#39;s page</h1>
        <p class="loading">Loading...</p>
        <noscript><p>This page needs JavaScript: turn it on for this site, then reload the page.</p></noscript>
      </div>
    </main>
  </body>
</html>
`;
}

export function ownerPage(): AstroIntegration {
  let projectRoot = process.cwd();
  return {
    name: 'owner-page',
    hooks: {
      'astro:config:done': ({ config }) => {
        projectRoot = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (OWNER_PAGE !== `/${OWNER_FOLDER}/` || !OWNER_SETTINGS_PATH.startsWith(OWNER_PAGE)) {
          throw new Error(`The owner's page is ${OWNER_PAGE}, its folder ${OWNER_FOLDER}: make them agree`);
        }
        const dist = fileURLToPath(dir);
        const out = join(dist, OWNER_FOLDER);
        await mkdir(out, { recursive: true });
        const { build, transform } = astroEsbuild(projectRoot);
        const script = await build({
          entryPoints: [join(projectRoot, ENTRY)],
          absWorkingDir: projectRoot,
          bundle: true,
          format: 'esm',
          target: 'es2022',
          outfile: join(out, 'owner.js'),
          minify: true,
          legalComments: 'none',
          logLevel: 'warning',
          metafile: true,
        });
        const font = (await readdir(join(dist, '_astro'))).find((file) => FONT_FILE.test(file));
        const css = [
          themeColours(await readFile(join(projectRoot, THEME), 'utf8')),
          fontFace(font),
          await readFile(join(projectRoot, STYLES), 'utf8'),
        ].join('\n');
        const styles = await transform(css, { loader: 'css', minify: true, target: 'chrome100' });
        await writeFile(join(out, 'owner.css'), styles.code);
        await writeFile(join(dist, OWNER_SETTINGS_PATH.slice(1)), ownerSettings(site.cms.repo));
        await writeFile(join(out, 'index.html'), ownerPageHtml(site.domainLabel));
        const bytes = Object.values(script.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
        logger.info(
          `owner's page in ${OWNER_PAGE}: ${(bytes / 1024).toFixed(1)} KB of script, ${(styles.code.length / 1024).toFixed(1)} KB of style`,
        );
      },
    },
  };
}
