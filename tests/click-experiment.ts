/**
 * The test build (dist-test) with one more experiment, judged on demo clicks: yoga-demo on /yoga, whose variant "short"
 * is the page with another heading. The test build's own pages keep their links as they are for the other tests; the
 * Worker tests of the click route (tests/worker/experiments.test.ts) and the browser test of a click
 * (tests/e2e/experiments.spec.ts) serve this copy instead.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANIFEST_PATH, variantFile, type ExperimentManifest } from '../src/lib/experiments/wire';

/** The manifest as the test build wrote it. */
export const BUILT_MANIFEST = JSON.parse(readFileSync(`dist-test${MANIFEST_PATH}`, 'utf8')) as ExperimentManifest;

export const CLICK_EXPERIMENT = {
  id: 'yoga-demo',
  page: '/yoga',
  goal: 'demo-click',
  variants: [
    { name: 'control', weight: 50, file: null },
    { name: 'short', weight: 50, file: variantFile('yoga-demo', 'short') },
  ],
} as const satisfies ExperimentManifest['experiments'][number];

/** /yoga's heading as the content has it, and the variant's. */
export const YOGA_HEADING = JSON.parse(readFileSync('src/content/landing/yoga.json', 'utf8')).hero.heading as string;
export const SHORT_HEADING = 'Fill your yoga classes';

/** A copy of dist-test with CLICK_EXPERIMENT added to its manifest and its variant file written: the folder. */
export function siteWithClickExperiment(): string {
  const dir = mkdtempSync(join(tmpdir(), 'experiment-site-'));
  cpSync('dist-test', dir, { recursive: true });
  const manifest = { ...BUILT_MANIFEST, experiments: [...BUILT_MANIFEST.experiments, CLICK_EXPERIMENT] };
  writeFileSync(join(dir, MANIFEST_PATH), JSON.stringify(manifest));
  const variant = join(dir, `${CLICK_EXPERIMENT.variants[1].file}.html`);
  mkdirSync(join(variant, '..'), { recursive: true });
  const yoga = readFileSync('dist-test/yoga.html', 'utf8');
  if (!yoga.includes(YOGA_HEADING)) throw new Error(`dist-test/yoga.html does not hold its heading "${YOGA_HEADING}"`);
  writeFileSync(variant, yoga.replace(YOGA_HEADING, SHORT_HEADING));
  return dir;
}
