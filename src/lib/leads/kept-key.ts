/**
 * The local storage entry that holds the leads kept in a browser (a JSON array; ./kept.ts says what is in it), and
 * nothing else the site keeps there. The browser code reads it as the build's constant `__KEPT_LEADS_KEY__`
 * (astro.config.mjs): every page asks for it, and a module of its own would cost every page a request.
 */
export const KEPT_LEADS_KEY = 'kept-leads';
