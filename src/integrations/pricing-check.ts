/**
 * At the start of a build, the copy against the plans and the clock:
 *
 * - every content file (JSON and Markdown, src/content) through planCopyProblems (src/lib/pricing/plan-copy.ts): a plan slot
 *   that names nothing, a plan name that is no plan, a price, fee or saving written literally where a slot states it.
 *   Any of these stops the build, naming each file and field;
 * - every content file through claimProblems (src/lib/claims/check.ts), against the product's facts
 *   (src/content/facts/facts.json): a fact slot that names nothing or has no value where it is shown, a fact written
 *   out by hand ("24/7"), "coming soon" by hand, a plan card listing what its plan lacks, a feature that not every plan
 *   has mentioned without the plans that have it, a term spelt another way, a claim we do not make, an offer's
 *   original price that is not the price it names. These stop the build too;
 * - each offer (src/content/offer): a warning naming the file when its deadline has passed, since the home popup no
 *   longer opens (the page decides at visit time: src/browser/offer-popup.ts).
 *
 * A file that breaks its schema is left to the content layer, which names it.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { splitFrontmatter } from '../data/blog/embedded';
import { claimProblems } from '../lib/claims/check';
import { FACTS_FILE } from '../lib/claims/facts';
import { expiredOfferWarning } from '../lib/offer';
import { planCopyProblems, type ContentFile } from '../lib/pricing/plan-copy';
import { factsSchema } from '../lib/schemas/facts';
import { offerSchema } from '../lib/schemas/offer';
import { plansSchema } from '../lib/schemas/plans';

const CONTENT = 'src/content';
export const PLANS_FILE = 'src/content/plans/plans.json';
const OFFER_FOLDER = 'src/content/offer';

/** Every JSON and Markdown file under src/content, with its path in the project. */
export async function readContentTree(root: string): Promise<ContentFile[]> {
  const names = (await readdir(join(root, CONTENT), { recursive: true })).filter((name) => /\.(json|md)$/.test(name));
  return Promise.all(
    names.sort().map(async (name) => {
      const path = relative(root, join(root, CONTENT, name))
        .split(sep)
        .join('/');
      const text = await readFile(join(root, path), 'utf8');
      return path.endsWith('.md')
        ? { path, ...splitFrontmatter(text, path) }
        : { path, data: JSON.parse(text) as unknown };
    }),
  );
}

/**
 * The copy's problems as one message, or null when there are none: against the plans, then against the facts. A plans
 * or facts file that breaks its schema is left to the content layer, which names it.
 */
export async function copyCheck(root: string): Promise<string | null> {
  const plans = plansSchema.safeParse(JSON.parse(await readFile(join(root, PLANS_FILE), 'utf8')));
  if (!plans.success) return null;
  const files = await readContentTree(root);
  const facts = factsSchema.safeParse(files.find((file) => file.path === FACTS_FILE)?.data);
  const lines = (problems: { file: string; field: string; message: string }[]) =>
    problems.map(({ file, field, message }) => `  ${file}, field ${field}: ${message}`);
  const planProblems = planCopyProblems(files, plans.data);
  const factProblems = facts.success ? claimProblems(files, facts.data, plans.data) : [];
  const message = [
    ...(planProblems.length
      ? [`Copy that contradicts the plans (${PLANS_FILE}); docs/content.md explains the slots:`, ...lines(planProblems)]
      : []),
    ...(factProblems.length
      ? [
          `Copy that contradicts the product facts (${FACTS_FILE}); docs/content.md explains the slots:`,
          ...lines(factProblems),
        ]
      : []),
  ];
  return message.length ? message.join('\n') : null;
}

/** A warning per offer whose deadline has passed at `now`. */
export async function offerWarnings(root: string, now: Date): Promise<string[]> {
  const names = (await readdir(join(root, OFFER_FOLDER))).filter((name) => name.endsWith('.json')).sort();
  const warnings = await Promise.all(
    names.map(async (name) => {
      const file = `${OFFER_FOLDER}/${name}`;
      const offer = offerSchema.safeParse(JSON.parse(await readFile(join(root, file), 'utf8')));
      return offer.success ? expiredOfferWarning(file, offer.data, now) : null;
    }),
  );
  return warnings.filter((warning) => warning !== null);
}

export function pricingCheck(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'pricing-check',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': async ({ logger }) => {
        const problems = await copyCheck(root);
        if (problems) throw new Error(problems);
        for (const warning of await offerWarnings(root, new Date())) logger.warn(warning);
      },
    },
  };
}
