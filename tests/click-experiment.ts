/**
 * The test build (dist-test) with one more experiment, judged on demo clicks: yoga-demo on /yoga, whose variant "short"
 * is the page with another heading. The test build's own pages keep their links as they are for the other tests; the
 * Worker tests of the click route (tests/worker/experiments.test.ts) and the browser test of a click
 * (tests/e2e/experiments.spec.ts) serve this copy instead. In the copy, the home pages' offer popup posts its leads to
 * the site's /api/leads, as on the Worker (relay mode, the default build's): the test build's popup posts to the CRM
 * itself (direct mode, for hosts without the Worker, where no experiment runs).
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

/** The trigger experiment on the home page (tests/fixtures/experiments/home-offer-trigger.json). */
export const TRIGGER = JSON.parse(readFileSync('tests/fixtures/experiments/home-offer-trigger.json', 'utf8')) as {
  id: string;
  variants: { name: string; changes: { field: string; value: string }[] }[];
};

/** The offer popup form's target prop as a build writes it into the island: `crm` up to the labels. */
const POPUP_TARGET = /&quot;crm&quot;:\[0,\{.*?\}\],(?=&quot;labels&quot;)/;

/** A home page of the test build with its popup's target as the default build (relay mode) writes it. */
function relayPopup(html: string, file: string): string {
  const relay = POPUP_TARGET.exec(readFileSync('dist/index.html', 'utf8'))?.[0];
  if (!relay?.includes('relay')) throw new Error("dist/index.html's offer popup does not post to the site");
  if (!POPUP_TARGET.test(html)) throw new Error(`${file} holds no offer popup form`);
  return html.replace(POPUP_TARGET, relay);
}

/** A copy of dist-test with CLICK_EXPERIMENT added to its manifest and its variant file written: the folder. */
export function siteWithClickExperiment(): string {
  const dir = mkdtempSync(join(tmpdir(), 'experiment-site-'));
  cpSync('dist-test', dir, { recursive: true });
  for (const file of [
    'index.html',
    ...TRIGGER.variants.slice(1).map((v) => `${variantFile(TRIGGER.id, v.name)}.html`),
  ]) {
    const path = join(dir, file);
    writeFileSync(path, relayPopup(readFileSync(path, 'utf8'), file));
  }
  const manifest = { ...BUILT_MANIFEST, experiments: [...BUILT_MANIFEST.experiments, CLICK_EXPERIMENT] };
  writeFileSync(join(dir, MANIFEST_PATH), JSON.stringify(manifest));
  const variant = join(dir, `${CLICK_EXPERIMENT.variants[1].file}.html`);
  mkdirSync(join(variant, '..'), { recursive: true });
  const yoga = readFileSync('dist-test/yoga.html', 'utf8');
  if (!yoga.includes(YOGA_HEADING)) throw new Error(`dist-test/yoga.html does not hold its heading "${YOGA_HEADING}"`);
  writeFileSync(variant, yoga.replace(YOGA_HEADING, SHORT_HEADING));
  return dir;
}
