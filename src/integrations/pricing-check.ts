/**
 * At the start of a build: checks the prices' copy against the prices (savingsBadgeProblem in src/lib/pricing.ts) and
 * prints a warning naming the file and field when a savings badge claims more than the prices give. The build goes on:
 * the badge is copy an editor may change, and the schema (src/lib/schemas/plans.ts) already stops a malformed file.
 */
import { readFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { savingsBadgeProblem } from '../lib/pricing';
import { plansSchema } from '../lib/schemas/plans';

const PLANS_FILE = 'src/content/plans/plans.json';

export function pricingCheck(): AstroIntegration {
  return {
    name: 'pricing-check',
    hooks: {
      'astro:build:start': async ({ logger }) => {
        const parsed = plansSchema.safeParse(JSON.parse(await readFile(PLANS_FILE, 'utf8')));
        const problem = parsed.success ? savingsBadgeProblem(parsed.data) : null;
        if (problem) logger.warn(`${PLANS_FILE}, field ${problem.field}: ${problem.message}`);
      },
    },
  };
}
