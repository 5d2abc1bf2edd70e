// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';

// `.env` files feed process.env, which src/config/site.ts (the only reader of the environment) uses.
const fileEnv = loadEnv(process.env.NODE_ENV === 'development' ? 'development' : 'production', process.cwd(), '');
for (const [key, value] of Object.entries(fileEnv)) process.env[key] ??= value;

const { site } = await import('./src/config/site.ts');
const { noInlineScripts } = await import('./src/integrations/no-inline-scripts.ts');
const { modulePreload } = await import('./src/integrations/module-preload.ts');
const { keepCompounds } = await import('./src/integrations/keep-compounds.ts');
const { lazyScript } = await import('./src/integrations/lazy-script.ts');
const { headersFile } = await import('./src/integrations/headers-file.ts');
const { clientInteract } = await import('./src/integrations/client-interact.ts');
const { blogSearch } = await import('./src/integrations/blog-search.ts');
const { pricingCheck } = await import('./src/integrations/pricing-check.ts');
const { namesCheck } = await import('./src/integrations/names-check.ts');
const { cmsAdmin } = await import('./src/integrations/cms-admin.ts');
const { ownerPage } = await import('./src/integrations/owner-page.ts');
const { inSitemap, sitemapEntry, sitemapLocales } = await import('./src/lib/routes.ts');
const { KEPT_LEADS_KEY } = await import('./src/lib/leads/kept-key.ts');

export default defineConfig({
  site: site.url,
  output: 'static',
  // One URL form, answered 200 with no redirect by Cloudflare Workers static assets, Cloudflare Pages, Netlify and GitHub Pages: /pricing is the file
  // pricing.html (a folder pricing/index.html would be answered by a redirect to /pricing/). Canonical URLs, links,
  // the sitemap and the feed all write it (see pagePath in src/lib/routes.ts).
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    react(),
    clientInteract(),
    noInlineScripts(),
    // Each page names the modules its scripts import, so that the browser asks for them all at once.
    modulePreload(),
    // No heading or sentence breaks after the hyphen of a compound ("One-on-" / "one"): src/lib/compounds.ts.
    keepCompounds(),
    // Stops a build whose copy contradicts the plans (the plans' copy rules); warns when the offer has ended.
    pricingCheck(),
    // Stops a build that shows a person or a business twice (src/lib/names.ts), naming both places.
    namesCheck(),
    // After the pages are final: the search index reads the built post pages.
    blogSearch(),
    // Each page with a translation lists every version of itself (xhtml:link), English as the default (x-default).
    sitemap({ filter: inSitemap, i18n: sitemapLocales, serialize: sitemapEntry }),
    // The content admin in /cms/: not a page (no sitemap entry, no link), its config generated from the schemas.
    // The owner's page in /owner/: not a page either, written after the bundling so that it adds nothing to any page.
    // Neither is in the pseudo-locale build, which holds the site's pages alone, marked.
    ...(site.pseudoLocale ? [] : [cmsAdmin(), ownerPage()]),
    // Last: its rules name every file that is not a page, so it reads the folder once the others have written theirs.
    headersFile(),
  ],
  // No inline scripts: every script is a file, so the Content-Security-Policy needs no hashes.
  // The search index's script is written after the bundling (src/integrations/blog-search.ts): the search island
  // imports it from the site as it is.
  vite: {
    // lazyScript: a module a page script loads when it needs it (src/integrations/lazy-script.ts).
    plugins: [tailwindcss(), lazyScript()],
    // One stylesheet for the whole site: a page asks for one file, and the next page finds it in the cache.
    build: {
      assetsInlineLimit: 0,
      cssCodeSplit: false,
      rolldownOptions: {
        external: [/^\/pagefind\//],
        // The pure layer (src/lib) does nothing when imported: a module of it from which a page uses nothing is left
        // out of the page's scripts, whatever its constants read from each other.
        treeshake: { moduleSideEffects: (id) => !/[\\/]src[\\/]lib[\\/]/.test(id) },
      },
    },
    // The analytics settings as a constant of the bundle: null (the default) lets the bundler drop every analytics
    // module, so a build without PUBLIC_ANALYTICS_ENDPOINT ships no analytics code at all.
    // The storage entry of a kept lead as a constant too: the shared page script reads it on every page, and a module
    // of its own would be one more request for a dozen bytes.
    define: { __ANALYTICS__: JSON.stringify(site.analytics), __KEPT_LEADS_KEY__: JSON.stringify(KEPT_LEADS_KEY) },
  },
  devToolbar: { enabled: false },
});
