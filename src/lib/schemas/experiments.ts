/**
 * Experiments: one JSON file per test of a page's words (src/content/experiments). Each names the page, what it is
 * judged on and its variants: control (the page as it is) and one to three others, each changing fields of that page's
 * content file. Whether a change fits the page is checked by the build (src/data/experiments.ts), which knows the page.
 */
import { z } from 'astro/zod';
import { CONTROL, EXPERIMENT_GOALS, EXPERIMENT_NAME } from '../experiments/wire';
import { editorText } from './common';

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped'] as const;

/** A dotted path into a page's content file: keys and list positions, such as "hero.headline" or "faq.items.0.answer". */
const FIELD_PATH = /^[A-Za-z][A-Za-z0-9]*(\.([A-Za-z][A-Za-z0-9]*|0|[1-9][0-9]*))*$/;

const change = z
  .object({
    field: z
      .string()
      .regex(FIELD_PATH, { message: 'must be a field of the page, such as hero.headline' })
      .describe(
        editorText(
          'Field',
          "Which words of the page this variant changes, by the field's place in the page's content: hero.headline is the home page's main heading, hero.subline the line under it.",
        ),
      ),
    value: z
      .string()
      .min(1)
      .describe(editorText('New text', 'What this variant shows instead. A number field takes digits only.')),
  })
  .strict();

const variant = z
  .object({
    name: z
      .string()
      .regex(EXPERIMENT_NAME, { message: 'must be lower case letters, digits and hyphens' })
      .describe(
        editorText('Variant name', 'A short name in lower case with hyphens, such as outcome. The first is control.'),
      ),
    weight: z
      .number()
      .int()
      .min(1)
      .max(99)
      .describe(editorText('Share of visitors (%)', 'Whole percent; the shares of all variants add up to 100.')),
    changes: z
      .array(change)
      .max(10)
      .describe(editorText('Changes', 'What this variant shows differently. Control changes nothing.')),
  })
  .strict();

export const experimentSchema = z
  .object({
    id: z
      .string()
      .regex(EXPERIMENT_NAME, { message: 'must be lower case letters, digits and hyphens' })
      .describe(editorText('Experiment name', 'Lower case with hyphens, such as home-headline: the file’s name.')),
    status: z
      .enum(EXPERIMENT_STATUSES)
      .describe(
        editorText(
          'Status',
          'draft: not shown to anyone yet; running: visitors are split between the variants; stopped: everyone sees the page as it is.',
        ),
      ),
    page: z
      .string()
      .regex(/^\/[a-z0-9/-]*$/, { message: 'must be a page of the site, such as / or /pricing' })
      .describe(editorText('Page', 'The page it runs on: / for the home page, /pricing, a feature or landing page.')),
    hypothesis: z
      .string()
      .min(10)
      .max(300)
      .describe(editorText('Hypothesis', 'What you expect and why, in one sentence.')),
    goal: z
      .enum(EXPERIMENT_GOALS)
      .default('lead')
      .describe(
        editorText(
          'Judged on',
          'lead: contact details sent through a form; demo-click: a click on Book a demo; signup-click: a click to sign up.',
        ),
      ),
    variants: z
      .array(variant)
      .min(2)
      .max(4)
      .describe(editorText('Variants', 'Control first, then one to three others.')),
  })
  .strict()
  .superRefine((experiment, context) => {
    const [first, ...others] = experiment.variants;
    if (first && first.name !== CONTROL) {
      context.addIssue({ code: 'custom', path: ['variants', 0, 'name'], message: `must be ${CONTROL}` });
    }
    if (first && first.changes.length > 0) {
      context.addIssue({ code: 'custom', path: ['variants', 0, 'changes'], message: 'control changes nothing' });
    }
    others.forEach((other, index) => {
      if (other.changes.length === 0) {
        context.addIssue({ code: 'custom', path: ['variants', index + 1, 'changes'], message: 'must change a field' });
      }
    });
    const names = experiment.variants.map((v) => v.name);
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) {
        context.addIssue({ code: 'custom', path: ['variants', index, 'name'], message: 'is used twice' });
      }
    });
    const total = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
    if (total !== 100) {
      context.addIssue({
        code: 'custom',
        path: ['variants'],
        message: `shares must add up to 100 (they add up to ${total})`,
      });
    }
  });

export type Experiment = z.infer<typeof experimentSchema>;
export type ExperimentChange = z.infer<typeof change>;
