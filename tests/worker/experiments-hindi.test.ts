/**
 * An experiment on a page under /hi/, on the Workers runtime (./runtime.ts). No Hindi page is built yet: a copy of the
 * test build with a made-up /hi/creator (the English /creator with `lang="hi"` and a Hindi heading), its variant file,
 * and one more running experiment on it in the manifest, beside the English /creator's own (creator-headline). Each
 * page is served its own experiment's variant, and each experiment counts the visitors of its own page only.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from './runtime';
import { workerFirstRoutes } from '../../scripts/experiment-routes.mjs';
import { REPORT_SQL } from '../../worker/experiments/table.mjs';
import { ASSIGNMENT_COOKIE, MANIFEST_PATH, variantFile, type ExperimentManifest } from '../../src/lib/experiments/wire';
import { encodeLeadPost, FORM_TYPE, LEAD_ROUTE } from '../../src/lib/leads/wire';
import { siteWithClickExperiment } from '../click-experiment';

/** The English /creator's experiment (tests/fixtures/experiments/creator-headline.json). */
const ENGLISH_ID = 'creator-headline';
const HINDI = {
  id: 'hi-creator-headline',
  page: '/hi/creator',
  goal: 'lead',
  variants: [
    { name: 'control', weight: 50, file: null },
    { name: 'kamai', weight: 50, file: variantFile('hi-creator-headline', 'kamai') },
  ],
} as const satisfies ExperimentManifest['experiments'][number];
/** The made-up Hindi page's heading and its variant's. */
const HEADINGS: Record<string, string> = {
  control: 'क्रिएटर्स के लिए अपनी कम्युनिटी',
  kamai: 'आपकी ऑडियंस जो देती है, वह आपका',
};
const ENGLISH_HEADING = JSON.parse(readFileSync('src/content/landing/creator.json', 'utf8')).hero.heading as string;

let site: Runtime;
let folder: string;

beforeAll(async () => {
  folder = siteWithClickExperiment();
  const creator = readFileSync(join(folder, 'creator.html'), 'utf8');
  if (!creator.includes(ENGLISH_HEADING))
    throw new Error(`creator.html does not hold its heading "${ENGLISH_HEADING}"`);
  const hindiPage = (heading: string) =>
    creator.replace('<html lang="en"', '<html lang="hi"').replaceAll(ENGLISH_HEADING, heading);
  mkdirSync(join(folder, 'hi'), { recursive: true });
  writeFileSync(join(folder, 'hi', 'creator.html'), hindiPage(HEADINGS.control!));
  const variant = join(folder, `${HINDI.variants[1].file}.html`);
  mkdirSync(join(variant, '..'), { recursive: true });
  writeFileSync(variant, hindiPage(HEADINGS.kamai!));
  const manifest = JSON.parse(readFileSync(join(folder, MANIFEST_PATH), 'utf8')) as ExperimentManifest;
  manifest.experiments.push(HINDI);
  writeFileSync(join(folder, MANIFEST_PATH), JSON.stringify(manifest));
  site = await startRuntime({ dir: folder });
});

afterAll(async () => {
  await site?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Visitors counted per experiment and variant. */
async function exposures(): Promise<Record<string, Record<string, number>>> {
  const rows = await site.sql<{ experiment: string; variant: string; visitors: number }>(REPORT_SQL.totals);
  const out: Record<string, Record<string, number>> = {};
  for (const row of rows) out[row.experiment] = { ...out[row.experiment], [row.variant]: row.visitors };
  return out;
}

/** A first visit of `path`: its status, the assignments its cookie holds, and its heading. */
async function visit(path: string, cookie?: string) {
  const response = await fetch(`${site.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  const setCookie = response.headers.get('Set-Cookie') ?? '';
  const pairs = new RegExp(`^${ASSIGNMENT_COOKIE}=([^;]*)`).exec(setCookie)?.[1] ?? '';
  return {
    status: response.status,
    cookie: setCookie.split(';')[0] ?? '',
    assigned: Object.fromEntries(
      pairs
        .split('|')
        .filter(Boolean)
        .map((pair) => pair.split(':')),
    ),
    heading: /<h1[^>]*>\s*([^<]*?)\s*<\/h1>/.exec(html)?.[1],
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
  };
}

describe('an experiment on a Hindi page', () => {
  it('its path is one the Worker runs first for, beside the English page', () => {
    expect(workerFirstRoutes([], folder)).toEqual(expect.arrayContaining(['/creator', HINDI.page]));
  });

  it("a first visit of /hi/creator is given a variant of the Hindi page's experiment, served under its own URL", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      const { status, assigned, heading, lang } = await visit(HINDI.page);
      expect(status).toBe(200);
      // This page's experiment only: the English page's is not drawn on a visit of the Hindi page.
      expect(Object.keys(assigned)).toEqual([HINDI.id]);
      const variant = assigned[HINDI.id]!;
      expect(heading).toBe(HEADINGS[variant]);
      expect(lang).toBe('hi');
      seen.add(variant);
    }
    // 30 draws at 50 % each: both variants were served (one missing has a chance of 2 in a billion).
    expect(seen).toEqual(new Set(['control', 'kamai']));
  });

  it("each experiment's readout counts the visitors of its own page, and a lead sent from the Hindi page counts in the Hindi one", async () => {
    const before = await exposures();
    const hindi = await visit(HINDI.page);
    const english = await visit('/creator');
    expect(Object.keys(english.assigned)).toEqual([ENGLISH_ID]);
    const added = (counts: Record<string, Record<string, number>>, id: string, variant: string) =>
      (counts[id]?.[variant] ?? 0) - (before[id]?.[variant] ?? 0);
    await expect
      .poll(async () => {
        const now = await exposures();
        return [added(now, HINDI.id, hindi.assigned[HINDI.id]!), added(now, ENGLISH_ID, english.assigned[ENGLISH_ID]!)];
      })
      .toEqual([1, 1]);
    const after = await exposures();
    const total = (counts: Record<string, Record<string, number>>, id: string) =>
      Object.values(counts[id] ?? {}).reduce((a, b) => a + b, 0);
    expect(total(after, HINDI.id) - total(before, HINDI.id)).toBe(1);
    expect(total(after, ENGLISH_ID) - total(before, ENGLISH_ID)).toBe(1);

    // The Hindi page's visitor sends a lead from it: stored in Hindi, with that page, counted in its experiment.
    const answer = await fetch(`${site.origin}${LEAD_ROUTE}`, {
      method: 'POST',
      headers: {
        'Content-Type': FORM_TYPE,
        Origin: site.origin,
        Referer: `${site.origin}${HINDI.page}`,
        Cookie: hindi.cookie,
      },
      body: encodeLeadPost({ name: 'हिंदी पेज', mobile: '9876512345' }, 'inline', '', undefined, 'hi'),
    });
    expect(answer.status).toBe(202);
    const { id } = (await answer.json()) as { id: string };
    expect(await site.sql('SELECT page, lang, experiments FROM leads WHERE id = ?1', id)).toEqual([
      { page: HINDI.page, lang: 'hi', experiments: JSON.stringify({ [HINDI.id]: hindi.assigned[HINDI.id] }) },
    ]);
    const conversions = await site.sql<{ experiment: string; variant: string; conversions: number }>(
      REPORT_SQL.conversions,
    );
    expect(conversions).toEqual([{ experiment: HINDI.id, variant: hindi.assigned[HINDI.id], conversions: 1 }]);
  });
});
