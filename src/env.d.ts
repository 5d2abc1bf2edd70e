/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, press, key or input inside the island (src/directives/interact.ts). */
    'client:interact'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** The page's language, from its path (the site's middleware). */
      locale: import('./lib/i18n/locales').PageLocale;
      /** The page's site-wide labels by section: `Astro.locals.t('buttons').demo`. */
      t: import('./data/content').UiLookup;
    }
  }

  /** Replaced at build time (astro.config.mjs, `vite.define`) with src/config/site.ts `analytics`: null when off. */
  const __ANALYTICS__: import('./lib/analytics').AnalyticsSettings | null;
  /** Replaced at build time (astro.config.mjs, `vite.define`) with src/lib/leads/kept-key.ts `KEPT_LEADS_KEY`. */
  const __KEPT_LEADS_KEY__: string;
}

export {};
