/**
 * At the start of a build, the copy against the plans and the clock:
 *
 * - every content file (JSON and Markdown, as the table of where content lives names them) through planCopyProblems
 *   (the plans' copy rules): a plan slot that names nothing, a plan name that is no plan, a price, fee or saving
 *   written literally where a slot states it. Any of these stops the build, naming each file and field;
 * - every content file through claimProblems (the claims' rules), against the product's facts: a fact slot that names
 *   nothing or has no value where it is shown, a fact written out by hand ("24/7"), "coming soon" by hand, a plan card
 *   listing what its plan lacks, a feature that not every plan has mentioned without the plans that have it, a term
 *   spelt another way, a claim we do not make, an offer's original price that is not the price it names. These stop
 *   the build too;
 * - each offer: a warning naming the file when its deadline has passed, since the home popup no longer opens (the page
 *   decides at visit time, in the popup's browser code).
 *
 * A file that breaks its schema is left to the content layer, which names it.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { readContentFiles } from '../data/content-files';
import { claimProblems } from '../lib/claims/check';
import { FACTS_FILE } from '../lib/claims/facts';
import { contentPath } from '../lib/content-paths';
import { glossariesOf, glossaryProblems } from '../lib/i18n/glossary';
import { DEFAULT_LOCALE } from '../lib/i18n/locales';
import { expiredOfferWarning } from '../lib/offer';
import { planCopyProblems } from '../lib/pricing/plan-copy';
import { specWordProblems } from '../lib/i18n/rules/spec-words';
import { factsSchema } from '../lib/schemas/facts';
import { offerSchema } from '../lib/schemas/offer';
import { plansSchema } from '../lib/schemas/plans';

export const PLANS_FILE = contentPath('plans', 'plans');

/**
 * The copy's problems as one message, or null when there are none: against the plans, then against the facts. A plans
 * or facts file that breaks its schema is left to the content layer, which names it.
 */
export function copyCheck(root: string): string | null {
  const files = readContentFiles(root);
  const plans = plansSchema.safeParse(files.find((file) => file.path === PLANS_FILE)?.data);
  if (!plans.success) return null;
  const facts = factsSchema.safeParse(files.find((file) => file.path === FACTS_FILE)?.data);
  const lines = (problems: { file: string; field: string; message: string }[]) =>
    problems.map(({ file, field, message }) => `  ${file}, field ${field}: ${message}`);
  const planProblems = planCopyProblems(files, plans.data);
  const wordProblems = specWordProblems(files);
  const factProblems = facts.success ? claimProblems(files, facts.data, plans.data) : [];
  const termProblems = glossaryProblems(files, glossariesOf(files));
  const message = [
    ...(wordProblems.length
      ? ['Copy that is not the spec\'s words (docs/i18n.md, "The spec\'s words"):', ...lines(wordProblems)]
      : []),
    ...(planProblems.length
      ? [`Copy that contradicts the plans (${PLANS_FILE}); docs/content.md explains the slots:`, ...lines(planProblems)]
      : []),
    ...(factProblems.length
      ? [
          `Copy that contradicts the product facts (${FACTS_FILE}); docs/content.md explains the slots:`,
          ...lines(factProblems),
        ]
      : []),
    ...(termProblems.length
      ? ['Copy that writes a glossary term another way than its language writes it:', ...lines(termProblems)]
      : []),
  ];
  return message.length ? message.join('\n') : null;
}

/** A warning per offer whose deadline has passed at `now`. */
export function offerWarnings(root: string, now: Date): string[] {
  // The deadline is no language: a translation keeps the English entry's (the overlay refuses another), so the
  // English file alone is warned of.
  return readContentFiles(root, ['offer'])
    .filter(({ locale }) => locale === DEFAULT_LOCALE)
    .flatMap(({ path, data }) => {
      const offer = offerSchema.safeParse(data);
      const warning = offer.success ? expiredOfferWarning(path, offer.data, now) : null;
      return warning === null ? [] : [warning];
    });
}

export function pricingCheck(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'pricing-check',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': ({ logger }) => {
        const problems = copyCheck(root);
        if (problems) throw new Error(problems);
        for (const warning of offerWarnings(root, new Date())) logger.warn(warning);
      },
    },
  };
}
