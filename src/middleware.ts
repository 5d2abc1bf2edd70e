/**
 * Before every page: its locale, read from its path by the table of languages, and the lookup of its site-wide labels
 * in that locale (`Astro.locals.t`), so that a component asks for its words instead of being handed them.
 */
import { defineMiddleware } from 'astro:middleware';
import { uiLookup } from './data/content';
import { pageLocaleOfPath } from './lib/i18n/locales';
import { pagePath } from './lib/routes';

export const onRequest = defineMiddleware(async (context, next) => {
  // The page's path in its one URL form: during the build it names the file ("/hi.html" is the Hindi home).
  const locale = pageLocaleOfPath(pagePath(context.url.pathname));
  context.locals.locale = locale;
  context.locals.t = await uiLookup(locale);
  return next();
});
