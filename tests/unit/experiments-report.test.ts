import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDefinitions } from '../../scripts/experiments.mjs';
import {
  buildReport,
  countsOf,
  daysRunning,
  formatReport,
  NO_EXPOSURES,
  type Definition,
  type ReportRows,
} from '../../src/lib/experiments/report';
import { formatReadout, readout } from '../../src/lib/experiments/stats';
import { experimentSchema } from '../../src/lib/schemas/experiments';

const NOW = Date.UTC(2026, 4, 11, 15, 30, 0);
const CONTEXT = { now: NOW, source: 'local state in .wrangler/state', experimentsFolder: 'experiments', readout };

const CREATOR: Definition = {
  id: 'creator-headline',
  status: 'running',
  page: '/creator',
  goal: 'lead',
  variants: [
    { name: 'control', weight: 50 },
    { name: 'income', weight: 30 },
    { name: 'launch', weight: 20 },
  ],
};
const PRICING: Definition = {
  id: 'pricing-cta',
  status: 'running',
  page: '/pricing',
  goal: 'demo-click',
  variants: [
    { name: 'control', weight: 50 },
    { name: 'short', weight: 50 },
  ],
};
const HOME: Definition = {
  id: 'home-headline',
  status: 'draft',
  page: '/',
  goal: 'lead',
  variants: [
    { name: 'control', weight: 50 },
    { name: 'outcome', weight: 50 },
  ],
};

/** The report queries' rows: creator-headline counted since 1 May, pricing-cta too, and an experiment since deleted. */
function sampleRows(): ReportRows {
  return {
    exposures: [
      { experiment: 'creator-headline', variant: 'control', visitors: 1000, first_day: '2026-05-01' },
      { experiment: 'creator-headline', variant: 'income', visitors: 610, first_day: '2026-05-01' },
      { experiment: 'creator-headline', variant: 'launch', visitors: 395, first_day: '2026-05-01' },
      { experiment: 'old-test', variant: 'control', visitors: 50, first_day: '2026-01-01' },
      { experiment: 'pricing-cta', variant: 'control', visitors: 40, first_day: '2026-05-09' },
      { experiment: 'pricing-cta', variant: 'short', visitors: 38, first_day: '2026-05-09' },
    ],
    conversions: [
      { experiment: 'creator-headline', variant: 'control', conversions: 20 },
      { experiment: 'creator-headline', variant: 'income', conversions: 18 },
      { experiment: 'old-test', variant: 'control', conversions: 3 },
      // A lead of a visitor in pricing-cta: that experiment is judged on demo clicks, so this does not count for it.
      { experiment: 'pricing-cta', variant: 'control', conversions: 5 },
    ],
    clicks: [
      { experiment: 'pricing-cta', variant: 'control', conversions: 1 },
      { experiment: 'pricing-cta', variant: 'short', conversions: 2 },
    ],
  };
}

describe('daysRunning', () => {
  it('counts whole days from the first exposure day to today, at least 1', () => {
    expect(daysRunning('2026-05-11', NOW)).toBe(1);
    expect(daysRunning('2026-05-10', NOW)).toBe(1);
    expect(daysRunning('2026-05-01', NOW)).toBe(10);
    expect(daysRunning('2026-05-12', NOW)).toBe(1);
    expect(daysRunning('not a day', NOW)).toBe(1);
  });
});

describe('countsOf: the readout input of one experiment', () => {
  it("takes the definition's variants and weights, control first, with D1's visitors and conversions", () => {
    expect(countsOf(CREATOR, sampleRows(), NOW)).toEqual({
      counts: {
        id: 'creator-headline',
        daysRunning: 10,
        variants: [
          { name: 'control', weight: 50, visitors: 1000, conversions: 20 },
          { name: 'income', weight: 30, visitors: 610, conversions: 18 },
          { name: 'launch', weight: 20, visitors: 395, conversions: 0 },
        ],
      },
      notes: [],
    });
  });

  it('no visitor counted: no counts', () => {
    expect(countsOf(HOME, sampleRows(), NOW)).toEqual({ counts: null, notes: [] });
    const onlyConversions = {
      exposures: [],
      conversions: [{ experiment: 'home-headline', variant: 'outcome', conversions: 1 }],
    };
    expect(countsOf(HOME, onlyConversions, NOW).counts).toBeNull();
  });

  it('leaves out, with a note, variants the definition lacks and conversions beyond the visitors', () => {
    const rows = sampleRows();
    rows.exposures.push({ experiment: 'creator-headline', variant: 'gone', visitors: 7, first_day: '2026-05-02' });
    rows.conversions.push({ experiment: 'creator-headline', variant: 'gone', conversions: 1 });
    rows.conversions.push({ experiment: 'creator-headline', variant: 'launch', conversions: 400 });
    const { counts, notes } = countsOf(CREATOR, rows, NOW);
    expect(counts?.variants.map((v) => v.name)).toEqual(['control', 'income', 'launch']);
    expect(counts?.variants[2]).toEqual({ name: 'launch', weight: 20, visitors: 395, conversions: 395 });
    expect(notes).toEqual([
      '7 visitors of variant gone, which the definition lacks, are left out',
      '1 conversions of variant gone, which the definition lacks, are left out',
      '5 conversions of launch beyond its counted visitors are left out',
    ]);
  });

  it('reads counts that wrangler hands over as text', () => {
    const rows = {
      exposures: [
        {
          experiment: 'home-headline',
          variant: 'control',
          visitors: '12' as unknown as number,
          first_day: '2026-05-11',
        },
      ],
      conversions: [{ experiment: 'home-headline', variant: 'control', conversions: '2' as unknown as number }],
    };
    expect(countsOf(HOME, rows, NOW).counts?.variants[0]).toEqual({
      name: 'control',
      weight: 50,
      visitors: 12,
      conversions: 2,
    });
  });
});

describe('buildReport', () => {
  const report = () => buildReport([PRICING, HOME, CREATOR], sampleRows(), CONTEXT);

  it('gives each defined experiment, in id order, a readout or the reason there is none', () => {
    const { experiments } = report();
    expect(experiments.map((e) => [e.id, e.message])).toEqual([
      ['creator-headline', null],
      ['home-headline', NO_EXPOSURES],
      ['pricing-cta', null],
    ]);
    const creator = experiments[0]!;
    expect(creator.readout).toEqual(readout(countsOf(CREATOR, sampleRows(), NOW).counts!));
    expect(creator.readout?.variants.map((v) => [v.name, v.visitors, v.conversions])).toEqual([
      ['control', 1000, 20],
      ['income', 610, 18],
      ['launch', 395, 0],
    ]);
    expect(experiments[1]!.readout).toBeNull();
  });

  it("judges a click goal's experiment on its clicks, not on its visitors' leads", () => {
    const pricing = report().experiments[2]!;
    expect(pricing.readout?.variants.map((v) => [v.name, v.visitors, v.conversions])).toEqual([
      ['control', 40, 1],
      ['short', 38, 2],
    ]);
    const withoutClicks = buildReport([PRICING], { ...sampleRows(), clicks: [] }, CONTEXT).experiments[0]!;
    expect(withoutClicks.readout?.variants.map((v) => v.conversions)).toEqual([0, 0]);
  });

  it('ignores the counts of experiments with no definition, and lists their ids', () => {
    const withOld = report();
    const rows = sampleRows();
    const without = {
      exposures: rows.exposures.filter((row) => row.experiment !== 'old-test'),
      conversions: rows.conversions.filter((row) => row.experiment !== 'old-test'),
      clicks: rows.clicks,
    };
    expect(withOld.experiments).toEqual(buildReport([PRICING, HOME, CREATOR], without, CONTEXT).experiments);
    expect(withOld.unknownExperiments).toEqual(['old-test']);
  });

  it('has the JSON shape the --json output prints', () => {
    const json = JSON.parse(JSON.stringify(report()));
    expect(Object.keys(json)).toEqual([
      'source',
      'experimentsFolder',
      'generatedAt',
      'experiments',
      'problems',
      'unknownExperiments',
    ]);
    expect(json.generatedAt).toBe(new Date(NOW).toISOString());
    for (const experiment of json.experiments) {
      expect(Object.keys(experiment)).toEqual(['id', 'status', 'page', 'goal', 'message', 'readout', 'notes']);
    }
    const creator = json.experiments[0];
    expect(creator).toMatchObject({ id: 'creator-headline', status: 'running', page: '/creator', goal: 'lead' });
    expect(Object.keys(creator.readout)).toEqual([
      'id',
      'daysRunning',
      'alphaPerComparison',
      'minRelativeLift',
      'variants',
      'comparisons',
      'verdict',
      'srm',
      'visitorsNeeded',
    ]);
    expect(creator.readout.daysRunning).toBe(10);
    expect(creator.readout.comparisons.map((c: { name: string }) => c.name)).toEqual(['income', 'launch']);
  });

  it('no counts at all: every lead experiment says it has no exposures', () => {
    const empty = buildReport([CREATOR, HOME], { exposures: [], conversions: [] }, CONTEXT);
    expect(empty.experiments.map((e) => e.message)).toEqual([NO_EXPOSURES, NO_EXPOSURES]);
    expect(empty.unknownExperiments).toEqual([]);
  });
});

describe('formatReport', () => {
  it("prints each readout as formatReadout does, and the other experiments' reasons", () => {
    const report = buildReport([PRICING, HOME, CREATOR], sampleRows(), CONTEXT);
    const text = formatReport(report, formatReadout);
    expect(text).toContain(formatReadout(report.experiments[0]!.readout!));
    expect(text).toContain('Experiment creator-headline, 10 days running');
    expect(text).toMatch(/^Experiment home-headline \(draft\), goal lead: no exposures yet$/m);
    expect(text).toContain(formatReadout(report.experiments[2]!.readout!));
    expect(text).toContain('Counted but not defined in experiments: old-test');
  });
});

describe('readDefinitions', () => {
  it('reads the definitions as the build checks them, leaving out (and naming) a file it cannot use', () => {
    const dir = mkdtempSync(join(tmpdir(), 'experiments-report-'));
    try {
      // No goal: the schema's default, lead.
      const { id, status, page } = HOME;
      const withoutGoal = { id, status, page, hypothesis: 'Naming the outcome brings more leads.' };
      const variants = HOME.variants.map((v, i) => ({
        ...v,
        changes: i ? [{ field: 'hero.headline', value: 'x' }] : [],
      }));
      writeFileSync(join(dir, 'home-headline.json'), JSON.stringify({ ...withoutGoal, variants }));
      writeFileSync(join(dir, 'broken.json'), '{ not json');
      writeFileSync(
        join(dir, 'bad-weights.json'),
        JSON.stringify({ ...withoutGoal, id: 'bad-weights', variants: variants.map((v) => ({ ...v, weight: 10 })) }),
      );
      writeFileSync(join(dir, 'notes.txt'), 'not an experiment');
      const { definitions, problems } = readDefinitions(dir, experimentSchema);
      expect(definitions).toEqual([{ ...HOME, goal: 'lead' }]);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^bad-weights\.json, field variants: shares must add up to 100/);
      expect(problems[1]).toMatch(/^broken\.json: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the test fixture: one definition per file, each as the file says', () => {
    const folder = 'tests/fixtures/experiments';
    const { definitions, problems } = readDefinitions(folder, experimentSchema);
    expect(problems).toEqual([]);
    const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
    expect(definitions.map(({ id }) => `${id}.json`).sort()).toEqual(files.sort());
    expect(definitions).toContainEqual(CREATOR);
  });
});
