/**
 * The local storage entry that holds the leads kept in a browser (a JSON array; ./kept.ts says what is in it), and
 * nothing else the site keeps there. A module of its own: every page asks for it (src/browser/kept-leads.ts), and the
 * rules of the kept leads load only once one waits.
 */
export const KEPT_LEADS_KEY = 'kept-leads';
