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
const { securityHeaders } = await import('./src/integrations/security-headers.ts');
const { inSitemap } = await import('./src/config/routes.ts');

export default defineConfig({
  site: site.url,
  output: 'static',
  // Canonical URLs and the sitemap both write paths without a trailing slash.
  trailingSlash: 'never',
  build: { format: 'directory' },
  integrations: [react(), securityHeaders(), sitemap({ filter: inSitemap })],
  // No inline scripts: every script is a file, so the Content-Security-Policy needs no hashes.
  vite: { plugins: [tailwindcss()], build: { assetsInlineLimit: 0 } },
  devToolbar: { enabled: false },
});
