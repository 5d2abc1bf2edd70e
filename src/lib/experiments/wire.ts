/**
 * The experiments as the build hands them to the Worker: the manifest of running experiments, the folder of variant
 * pages and the assignment cookie. The build writes the manifest (src/pages/experiment-variants/); the Worker
 * reads it through its static assets and serves each visitor's variant under the page's own URL (worker/experiments/).
 */
import { VARIANTS_FOLDER } from './folder.mjs';

export { ASSIGNMENT_COOKIE, MANIFEST_PATH, VARIANTS_FOLDER } from './folder.mjs';

/** What an experiment is judged on: a stored lead, or a click on the demo booking or the sign-up. */
export const EXPERIMENT_GOALS = ['lead', 'demo-click', 'signup-click'] as const;
export type ExperimentGoal = (typeof EXPERIMENT_GOALS)[number];

/** The calls to action a click goal counts, by their `data-cta` (src/lib/analytics.ts): the demo booking, the sign-up. */
export const CLICK_GOALS = { 'demo-click': 'demo', 'signup-click': 'start' } as const;
export type ClickCta = (typeof CLICK_GOALS)[keyof typeof CLICK_GOALS];

/**
 * The Worker's route a click goal's link goes through: `?experiment=<id>&cta=<demo|start>`. It counts the click and
 * redirects to the link's own address (ExperimentManifest.links), never to one the request names.
 */
export const CLICK_ROUTE = '/api/experiments/click';

/** The cookie that remembers which experiments' click goals a visitor has reached: experiment ids only. */
export const CLICKED_COOKIE = 'exp-clicked';

/** An experiment's id and a variant's name: lower case letters, digits and single hyphens. */
export const EXPERIMENT_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An experiment id or variant name as read from outside (a cookie, a file): the form above, at most 64 characters. */
export const isExperimentName = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 64 && EXPERIMENT_NAME.test(value);

/** The variant every experiment has: the page as it is. */
export const CONTROL = 'control';

/** How long an assignment is kept, in seconds (30 days). */
export const ASSIGNMENT_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * How many days a lead conversion keeps the one-way code of its sender's number: as long as the assignment it was
 * counted for can last. Then the sweep forgets the code and keeps the count (a later lead of the same number counts
 * again, as its sender is then a new visitor).
 */
export const PERSON_CODE_DAYS = ASSIGNMENT_MAX_AGE_S / (24 * 60 * 60);

export interface ManifestVariant {
  name: string;
  /** Whole percent; the variants of an experiment sum to 100. */
  weight: number;
  /** The variant's page in the built site, or null for control (the page itself). */
  file: string | null;
}

export interface ManifestExperiment {
  id: string;
  /** The page's path, as a visitor requests it ("/", "/pricing"). */
  page: string;
  goal: ExperimentGoal;
  /** Control first. */
  variants: ManifestVariant[];
}

export interface ExperimentManifest {
  experiments: ManifestExperiment[];
  /** Where each click goal's call to action leads (the demo booking, the admin app's sign-up), absolute URLs. */
  links?: Record<ClickCta, string>;
}

/**
 * Every experiment of the content folder, whatever its status, as the report reads it (src/lib/experiments/report.ts
 * `Definition`, with the hypothesis): the owner's page shows them. In VARIANTS_FOLDER, so never served at its path.
 */
export const DEFINITIONS_PATH = `${VARIANTS_FOLDER}/definitions.json`;

export interface ExperimentDefinitions {
  experiments: {
    id: string;
    status: string;
    page: string;
    goal: ExperimentGoal;
    hypothesis: string;
    variants: { name: string; weight: number }[];
  }[];
}

/** The path of a variant's page in the built site. */
export const variantFile = (id: string, variant: string) => `${VARIANTS_FOLDER}/${id}/${variant}`;
