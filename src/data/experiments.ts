/**
 * The experiments as the build reads them (src/content/experiments): checked against the pages they run on
 * (src/lib/experiments/check.ts; a problem fails the build, naming the experiment's file and field), the variant
 * pages of the running ones, and the manifest the Worker reads.
 */
import { readFileSync } from 'node:fs';
import { getCollection } from 'astro:content';
import { site } from '../config/site';
import { SCHEMA_CONTEXT } from '../lib/cms/admin-config';
import {
  checkExperiments,
  type ExperimentPageContent,
  type ExperimentPageKind,
  type VariantPage,
} from '../lib/experiments/check';
import { HOME_OFFER_PART } from '../lib/experiments/changes';
import {
  CONTROL,
  variantFile,
  VARIANTS_FOLDER,
  type ExperimentDefinitions,
  type ExperimentManifest,
} from '../lib/experiments/wire';
import { priceLists } from '../lib/pricing/periods';
import { pagePath, pricingPaths } from '../lib/routes';
import { FILE_COLLECTIONS } from '../lib/schemas/collections';

export type { VariantPage };

/**
 * The pages an experiment can run on, by path, each with its content file as written and that file's schema: the home
 * page (with its offer popup's trigger, under "offer."), the feature and landing pages, and the four pricing pages
 * (which share the plans' file).
 */
async function experimentPages(): Promise<Map<string, ExperimentPageContent>> {
  const kinds: [ExperimentPageKind, 'home' | 'features' | 'landing'][] = [
    ['home', 'home'],
    ['feature', 'features'],
    ['landing', 'landing'],
  ];
  const pages = new Map<string, ExperimentPageContent>();
  const offer = FILE_COLLECTIONS.offer;
  const offerFile = `${offer.base}/mega-bundle.json`;
  // The home page's experiments may change its offer popup's trigger too ("offer.trigger.when").
  const homeOffer = {
    ...HOME_OFFER_PART,
    file: offerFile,
    data: JSON.parse(readFileSync(offerFile, 'utf8')),
    schema: offer.schema,
  };
  for (const [kind, collection] of kinds) {
    const { base, schema } = FILE_COLLECTIONS[collection];
    for (const { id } of await getCollection(collection)) {
      const file = `${base}/${id}.json`;
      pages.set(kind === 'home' ? '/' : `/${id}`, {
        kind,
        entry: id,
        file,
        data: JSON.parse(readFileSync(file, 'utf8')),
        schema: typeof schema === 'function' ? schema(SCHEMA_CONTEXT) : schema,
        ...(kind === 'home' ? { part: homeOffer } : {}),
      });
    }
  }
  const plans = FILE_COLLECTIONS.plans;
  const plansFile = `${plans.base}/plans.json`;
  for (const priceList of priceLists) {
    for (const product of ['community', 'whatsapp'] as const) {
      pages.set(pricingPaths[priceList][product], {
        kind: 'pricing',
        entry: 'plans',
        file: plansFile,
        data: JSON.parse(readFileSync(plansFile, 'utf8')),
        schema: plans.schema,
        pricing: { product, priceList },
      });
    }
  }
  return pages;
}

/** Every experiment checked; the variant pages of the running ones. A problem anywhere fails the build. */
export const variantPages = once(async (): Promise<VariantPage[]> => {
  const files = (await getCollection('experiments')).map(({ id, data }) => ({
    file: `${site.experimentsFolder}/${id}.json`,
    name: id,
    data,
  }));
  const { problems, variantPages: pages } = checkExperiments(files, await experimentPages());
  if (problems.length) throw new Error(`The experiments cannot be built:\n  ${problems.join('\n  ')}`);
  return pages;
});

/** The manifest the Worker reads (wire.ts): each running experiment, its page, goal and variants' files. */
export async function experimentManifest(): Promise<ExperimentManifest> {
  await variantPages();
  const running = await getCollection('experiments', (entry) => entry.data.status === 'running');
  return {
    links: { demo: site.demoBookingUrl, start: site.adminAppUrl },
    experiments: running.map(({ data }) => ({
      id: data.id,
      page: data.page,
      goal: data.goal,
      variants: data.variants.map((variant) => ({
        name: variant.name,
        weight: variant.weight,
        file: variant.name === CONTROL ? null : variantFile(data.id, variant.name),
      })),
    })),
  };
}

/** Every experiment, whatever its status, for the owner's page (DEFINITIONS_PATH). */
export async function experimentDefinitions(): Promise<ExperimentDefinitions> {
  await variantPages();
  const all = await getCollection('experiments');
  return {
    experiments: all
      .map(({ data }) => ({
        id: data.id,
        status: data.status,
        page: data.page,
        goal: data.goal,
        hypothesis: data.hypothesis,
        variants: data.variants.map(({ name, weight }) => ({ name, weight })),
      }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}

/** The page a built variant page stands for ("/" for "/experiment-variants/home-headline/outcome.html"), if any. */
export async function pageOfVariant(pathname: string): Promise<string | undefined> {
  const path = pagePath(pathname);
  if (!path.startsWith(`${VARIANTS_FOLDER}/`)) return undefined;
  const pages = await variantPages();
  return pages.find((page) => variantFile(page.experiment, page.variant) === path)?.page;
}

/** `make` run once; every later call gets its first promise. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
