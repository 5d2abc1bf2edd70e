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

export default defineConfig({
  site: site.url,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // /Yoga is the route table's spelling of /yoga (the canonical URL): only /yoga goes into the sitemap.
  integrations: [react(), sitemap({ filter: (page) => !/\/(thank-you|404|Yoga)\/?$/.test(page) })],
  // No inline scripts: every script is a file, so the Content-Security-Policy needs no hashes.
  vite: { plugins: [tailwindcss()], build: { assetsInlineLimit: 0 } },
  devToolbar: { enabled: false },
});
