/**
 * The build's rules for experiments, over every file at once: each variant's changes must name fields of its page's
 * content file and leave it valid under that page's schema (whatever the status: a draft is started by changing one
 * word), the id is the file's name, the page is one an experiment can run on, and one experiment runs per page. Each
 * problem names the experiment's file and field. Pure: src/data/experiments.ts hands it the files.
 */
import type { z } from 'astro/zod';
import type { Product } from '../pricing/cards';
import type { PriceList } from '../pricing/periods';
import type { Experiment, ExperimentChange } from '../schemas/experiments';
import { applyChanges, splitChanges, type ChangePart } from './changes';

/** The kinds of page an experiment can run on. */
export type ExperimentPageKind = 'home' | 'feature' | 'landing' | 'pricing';

/** A pricing page's product and price list (the plans' content file is shared by all four). */
export interface PricingPage {
  product: Product;
  priceList: PriceList;
}

/** Another content file a page's experiments may change, under its part's prefix (the home page's offer). */
export interface ExperimentPagePart extends ChangePart {
  file: string;
  data: unknown;
  schema: Pick<z.ZodTypeAny, 'safeParse'>;
}

/** A page an experiment can run on: its content file as written, and that file's schema. */
export interface ExperimentPageContent {
  kind: ExperimentPageKind;
  /** The content entry's id. */
  entry: string;
  /** The content file, from the project's folder. */
  file: string;
  data: unknown;
  schema: Pick<z.ZodTypeAny, 'safeParse'>;
  /** For a pricing page: which of the four it is. */
  pricing?: PricingPage;
  /** Another file whose fields its experiments may change, under a prefix (the home page's offer trigger). */
  part?: ExperimentPagePart;
}

/** An experiment file: its path from the project's folder, its name without extension, its checked data. */
export interface ExperimentFile {
  file: string;
  name: string;
  data: Experiment;
}

/** One variant page to build: what it changes on which page. */
export interface VariantPage {
  experiment: string;
  variant: string;
  /** The page's own path: the variant page's canonical URL. */
  page: string;
  kind: ExperimentPageKind;
  entry: string;
  pricing?: PricingPage | undefined;
  changes: ExperimentChange[];
}

/** The problems of every experiment, and the variant pages of the running ones (control is the page itself). */
export function checkExperiments(
  experiments: readonly ExperimentFile[],
  pages: ReadonlyMap<string, ExperimentPageContent>,
): { problems: string[]; variantPages: VariantPage[] } {
  const problems: string[] = [];
  const variantPages: VariantPage[] = [];
  const runningOn = new Map<string, string>();
  for (const { file, name, data } of experiments) {
    const at = (field: string, message: string) => problems.push(`${file}, field ${field}: ${message}`);
    if (data.id !== name) at('id', `must be the file's name, ${name}`);
    const page = pages.get(data.page);
    if (!page) {
      at('page', `${data.page} is not the home page, a pricing page, a feature page or a landing page`);
      continue;
    }
    data.variants.forEach((variant, v) => {
      const split = page.part
        ? splitChanges(variant.changes, page.part.prefix)
        : { own: variant.changes, ownIndex: variant.changes.map((_, i) => i), under: [], underIndex: [] };
      const targets = [
        { file: page.file, data: page.data, schema: page.schema, changes: split.own, index: split.ownIndex },
      ];
      if (page.part && split.under.length) {
        const { part } = page;
        const refused = split.under.flatMap((change, i) => (part.changeable.test(change.field) ? [] : [i]));
        for (const i of refused) at(`variants.${v}.changes.${split.underIndex[i]}.field`, part.refusal);
        if (refused.length) return;
        targets.push({
          file: part.file,
          data: part.data,
          schema: part.schema,
          changes: split.under,
          index: split.underIndex,
        });
      }
      for (const target of targets) {
        const changed = applyChanges(target.data, target.changes);
        for (const problem of changed.problems) {
          at(`variants.${v}.changes.${target.index[problem.index]}.field`, problem.message);
        }
        if (changed.problems.length) continue;
        const result = target.schema.safeParse(changed.data);
        for (const issue of result.success ? [] : result.error.issues) {
          const field = issue.path.join('.');
          const index = target.changes.findIndex((change) => change.field === field);
          const where = index < 0 ? `variants.${v}.changes` : `variants.${v}.changes.${target.index[index]}.value`;
          at(where, `${target.file}, ${field || 'the page'}: ${issue.message}`);
        }
      }
    });
    if (data.status !== 'running') continue;
    const other = runningOn.get(data.page);
    if (other) at('status', `${other} already runs on ${data.page}: one experiment at a time on a page`);
    else runningOn.set(data.page, file);
    for (const variant of data.variants.slice(1)) {
      variantPages.push({
        experiment: data.id,
        variant: variant.name,
        page: data.page,
        kind: page.kind,
        entry: page.entry,
        pricing: page.pricing,
        changes: variant.changes,
      });
    }
  }
  return { problems, variantPages };
}
