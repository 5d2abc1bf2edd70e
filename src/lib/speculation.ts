/**
 * Speculation rules: the browser fetches the next page while the visitor is about to open it, so a click inside the
 * site shows it at once. The rules are a JSON file that every HTML page names in a `Speculation-Rules` header (an
 * inline `<script type="speculationrules">` would need the Content-Security-Policy to trust inline content). Browsers
 * without support ignore the header and navigate as usual.
 *
 * - prefetch: any same-origin page link, when the pointer rests on it or goes down on it (moderate eagerness);
 * - prerender: the header's links (pricing, the feature pages...), the most visited targets, at the same moment, so
 *   they are ready to show whole;
 * - never: the API and the CMS (they act or need a session), the thank-you page (it follows a lead), files that are
 *   not pages, and links marked `rel="nofollow"`, `download` or `data-no-speculate`. Links to other origins never
 *   match: the patterns are paths of this origin.
 */

/** Where the build writes the rules; the header names it. */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
/** The media type browsers require of a rules file. */
export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';

/** URL patterns, relative to this origin, that are never fetched ahead. */
export const NEVER_SPECULATED = [
  '/api/*',
  '/cms',
  '/cms/*',
  '/thank-you',
  '/_astro/*',
  '/pagefind/*',
  '/media/*',
  '/*.xml',
  '/*.txt',
  '/*.json',
  '/*.webmanifest',
] as const;

const NEVER_SELECTOR = '[rel~="nofollow"], [download], [data-no-speculate]';

type Predicate =
  { href_matches: string | string[] } | { selector_matches: string } | { not: Predicate } | { and: Predicate[] };

export interface SpeculationRules {
  prefetch: { where: Predicate; eagerness: 'moderate' }[];
  prerender: { where: Predicate; eagerness: 'moderate' }[];
}

/** The rules, with `prerender` the paths worth rendering ahead (each a page path such as "/pricing"). */
export function speculationRules(prerender: string[]): SpeculationRules {
  const allowed = (links: Predicate): Predicate => ({
    and: [
      links,
      ...NEVER_SPECULATED.map((pattern) => ({ not: { href_matches: pattern } })),
      { not: { selector_matches: NEVER_SELECTOR } },
    ],
  });
  const rules: SpeculationRules = {
    prefetch: [{ where: allowed({ href_matches: '/*' }), eagerness: 'moderate' }],
    prerender: [],
  };
  const pages = [...new Set(prerender)].filter((path) => /^\/[\w-]*$/.test(path)).sort();
  if (pages.length) rules.prerender.push({ where: allowed({ href_matches: pages }), eagerness: 'moderate' });
  return rules;
}
