/** Replaced at build time (astro.config.mjs, `vite.define`) with src/config/site.ts `analytics`: null when off. */
declare const __ANALYTICS__: import('./lib/analytics').AnalyticsSettings | null;
