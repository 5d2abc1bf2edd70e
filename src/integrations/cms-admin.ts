/**
 * After the build: writes the content admin into dist/cms/ (Sveltia CMS, see docs/cms.md). It is not a page of the
 * site: no page links it, it is not in the sitemap, it carries `noindex`, and dist-pages.mjs leaves it out of every
 * page check. Its own Content-Security-Policy is written by headersFile (src/lib/security-headers.ts).
 *
 * - config.yml: generated from the content schemas by src/lib/cms/admin-config.ts, with the content files' current values
 *   (for the folders of image fields and the hints of fields that hold a slot);
 * - admin.js and its chunks: Sveltia's npm build bundled with esbuild (fonts, icons and WebAssembly are files of its
 *   own, copied beside it: nothing loads from another host);
 * - index.html: the page, which names the site's stylesheet for the editor's preview.
 */
import { createRequire } from 'node:module';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { stringify } from 'yaml';
import { site } from '../config/site';
import { readContentFiles } from '../data/content-files';
import { DEFAULT_LOCALE } from '../lib/i18n/locales';
import type { ContentCollection } from '../lib/content-paths';
import { CMS_COLLECTIONS, cmsConfig, type ContentFile } from '../lib/cms/admin-config';
import { CMS_FOLDER } from './dist-pages.mjs';
import { astroEsbuild } from './astro-esbuild';
import { PLANS_FILE } from './pricing-check';
import { nameTexts } from './names-check';
import { FACTS_FILE } from '../lib/claims/facts';
import { glossariesOf } from '../lib/i18n/glossary';

/** The admin's browser entry: it reads config.yml beside the page and registers the preview stylesheet. */
const ENTRY = 'src/cms/admin.ts';

/** Every content file of each CMS collection, parsed, from the project at `root`, by collection. */
export function cmsContentFiles(root: string): Record<string, ContentFile[]> {
  const out: Record<string, ContentFile[]> = {};
  for (const name of Object.keys(CMS_COLLECTIONS) as ContentCollection[]) {
    out[name] = readContentFiles(root, [name]).filter((file) => file.locale === DEFAULT_LOCALE);
  }
  return out;
}

/** The admin's config as YAML, and the rules it cannot hold. */
export async function cmsConfigFile(root: string) {
  const { config, unexpressed } = cmsConfig({
    siteUrl: site.url,
    repo: site.cms.repo,
    branch: site.cms.branch,
    files: cmsContentFiles(root),
  });
  const header = [
    '# Generated at build time from the content schemas (src/lib/cms/admin-config.ts). Do not edit.',
    '# Rules the form cannot check (the build still does, naming the file and the field):',
    ...unexpressed.map((rule) => `#   ${rule}`),
  ];
  return { yaml: `${header.join('\n')}\n${stringify(config, { lineWidth: 0 })}`, config, unexpressed };
}

/**
 * The admin's page. `styles`: the site's stylesheets, for the preview; `featurePages`: the names of the feature pages'
 * files, whose preview is drawn like the page (the admin picks a file's preview template by the file's name).
 */
export function adminPage(styles: string[], featurePages: string[]): string {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <meta name="referrer" content="same-origin" />
    <meta name="cms-preview-styles" content="${styles.map((s) => s.replace(/[^\w/.-]/g, '')).join(' ')}" />
    <meta name="cms-feature-pages" content="${featurePages.map((name) => name.replace(/[^\w-]/g, '')).join(' ')}" />
    <title>Content admin | ${site.domainLabel.replace(/[<>&"]/g, '')}</title>
    <script type="module" src="./admin.js"></script>
  </head>
  <body></body>
</html>
`;
}

/** A font of the fontsource CDN, as Sveltia's style sheet names it: its package name and subset. */
const CDN_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([\w-]+)(?::vf)?@[\d.]+\/([\w-]+)\.woff2/g;

/**
 * GitHub's status page, which the admin polls to warn of an outage once an editor has signed in with GitHub. The
 * admin reads "no incident" instead: it calls no host but the site and GitHub's API (the editor sees GitHub's status
 * on GitHub itself).
 */
const GITHUB_STATUS = 'https://www.githubstatus.com/api/v2/status.json';
const NO_STATUS = 'data:application/json,{"status":{"indicator":"none"}}';

/**
 * The dialog of a save that stopped says "try again later", which misleads when the admin's own check (src/cms/admin.ts)
 * stopped it: its cause, shown below, says what to change.
 */
const SAVE_FAILED = 'There was an error while saving the entry. Please try again later.';
const NOT_SAVED = 'This entry was not saved.';

/**
 * Sveltia's code without its status poll (above), with the save dialog's words (above), and with each font its style sheet loads from the fontsource CDN replaced by the same font of its own
 * package (assets/, copied beside the admin): the admin loads with no request to another host. A CDN font with no
 * local copy stops the build.
 */
export function adaptSveltia(code: string, assets: string[]): string {
  if (!code.includes(GITHUB_STATUS))
    throw new Error(`@sveltia/cms no longer reads ${GITHUB_STATUS}: check what it calls`);
  if (!code.includes(SAVE_FAILED))
    throw new Error(`@sveltia/cms no longer says "${SAVE_FAILED}": check its save dialog`);
  return code
    .replace(GITHUB_STATUS, NO_STATUS)
    .replace(SAVE_FAILED, NOT_SAVED)
    .replace(CDN_FONT, (url, name: string, subset: string) => {
      const file = assets.find((asset) => asset.startsWith(`${name}-${subset}-`) && asset.endsWith('.woff2'));
      if (!file) throw new Error(`The content admin loads ${url}, and @sveltia/cms ships no copy of it`);
      return `/${CMS_FOLDER}/assets/${file}`;
    });
}

/** Bundles the admin's entry and Sveltia into `outDir` (admin.js, chunks/, assets/). */
async function bundleAdmin(projectRoot: string, outDir: string) {
  const { build } = astroEsbuild(projectRoot);
  const sveltia = join(createRequire(join(projectRoot, 'package.json')).resolve('@sveltia/cms'), '..');
  const assets = await readdir(join(sveltia, 'assets'));
  await build({
    plugins: [
      {
        name: 'fonts-from-the-site',
        setup(bundler) {
          bundler.onLoad({ filter: /@sveltia[\\/]cms[\\/]npm[\\/]index\.js$/ }, async (args) => ({
            contents: adaptSveltia(await readFile(args.path, 'utf8'), assets),
            loader: 'js',
          }));
        },
      },
    ],
    entryPoints: { admin: join(projectRoot, ENTRY) },
    absWorkingDir: projectRoot,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    outdir: outDir,
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  // Sveltia's fonts, icons and WebAssembly, which its code finds beside itself (`new URL('assets/…', import.meta.url)`).
  await cp(join(sveltia, 'assets'), join(outDir, 'assets'), {
    recursive: true,
    filter: (source) => !source.endsWith('.map'),
  });
}

/** The stylesheets a built page links: the site's own, for the admin's preview. */
async function siteStyles(dist: string): Promise<string[]> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<link rel="stylesheet" href="(\/_astro\/[\w.-]+\.css)"/g)].map((m) => m[1]!);
}

export function cmsAdmin(): AstroIntegration {
  let projectRoot = process.cwd();
  return {
    name: 'cms-admin',
    hooks: {
      'astro:config:done': ({ config }) => {
        projectRoot = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const out = join(dist, CMS_FOLDER);
        await mkdir(out, { recursive: true });
        const { yaml, config, unexpressed } = await cmsConfigFile(projectRoot);
        await writeFile(join(out, 'config.yml'), yaml);
        // The plans and the product facts the admin's copy checks compare a saved text with (src/cms/admin.ts), and
        // the site's names, which an invented name about to be saved is held apart from.
        await writeFile(join(out, 'plans.json'), await readFile(join(projectRoot, PLANS_FILE), 'utf8'));
        await writeFile(join(out, 'facts.json'), await readFile(join(projectRoot, FACTS_FILE), 'utf8'));
        await writeFile(join(out, 'names.json'), JSON.stringify(await nameTexts(projectRoot)));
        // Each language's glossary, which a translation about to be saved must write its terms by.
        const glossaries = glossariesOf(readContentFiles(projectRoot, ['glossary']));
        await writeFile(join(out, 'glossaries.json'), JSON.stringify(glossaries));
        await bundleAdmin(projectRoot, out);
        const featurePages = (config.collections as { name: string; files?: { name: string }[] }[])
          .find((collection) => collection.name === 'features')!
          .files!.map((file) => file.name);
        await writeFile(join(out, 'index.html'), adminPage(await siteStyles(dist), featurePages));
        const collections = (config.collections as unknown[]).length;
        logger.info(
          `content admin in /${CMS_FOLDER}/: ${collections} collections, ${unexpressed.length} rules left to the build`,
        );
      },
    },
  };
}
