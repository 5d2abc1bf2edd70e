import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../src/lib/experiments/report';
import { readout } from '../../src/lib/experiments/stats';
import { d1Clicks, d1Exposures } from '../../worker/experiments/store';
import { WORKER_SQL } from '../../worker/experiments/table.mjs';
import { ownerExperiments, parseDefinitions } from '../../worker/owner/experiments';
import type { D1Database } from '../../worker/platform';
import { localD1 } from './local-d1';

const NOW = Date.UTC(2026, 4, 3, 12, 0);
const DEFINITIONS = [
  {
    id: 'home-headline',
    status: 'running',
    page: '/',
    goal: 'lead' as const,
    hypothesis: 'Naming the outcome brings more leads than naming the speed.',
    variants: [
      { name: 'control', weight: 50 },
      { name: 'outcome', weight: 50 },
    ],
  },
  {
    id: 'pricing-demo',
    status: 'stopped',
    page: '/pricing',
    goal: 'demo-click' as const,
    hypothesis: 'A shorter button gets more demo bookings.',
    variants: [
      { name: 'control', weight: 50 },
      { name: 'short', weight: 50 },
    ],
  },
];

describe('the definitions the build writes', () => {
  it('are read as written, and one that breaks the shape is left out', () => {
    const broken = [
      { ...DEFINITIONS[0], id: 'Bad Id' },
      { ...DEFINITIONS[0], goal: 'clicks' },
      { ...DEFINITIONS[0], variants: [{ name: 'control', weight: '50' }] },
      { ...DEFINITIONS[0], hypothesis: 'x'.repeat(301) },
      'nonsense',
    ];
    expect(parseDefinitions({ experiments: [...DEFINITIONS, ...broken] })).toEqual(DEFINITIONS);
    expect(parseDefinitions(null)).toEqual([]);
    expect(parseDefinitions({ experiments: 'x' })).toEqual([]);
  });
});

describe("the owner's experiments", () => {
  let db: D1Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await localD1([
      '0001_leads.sql',
      '0004_experiments.sql',
      '0005_lead_experiments.sql',
      '0007_experiment_clicks.sql',
    ]));
    const exposures = d1Exposures(db);
    const clicks = d1Clicks(db);
    const visits: [string, string, string, number][] = [
      ['home-headline', 'control', '2026-05-01', 30],
      ['home-headline', 'outcome', '2026-05-01', 28],
      ['home-headline', 'control', '2026-05-03', 10],
      ['pricing-demo', 'control', '2026-05-02', 5],
      ['pricing-demo', 'short', '2026-05-02', 6],
    ];
    for (const [id, variant, day, count] of visits) {
      for (let i = 0; i < count; i += 1) await exposures.add(id, variant, day);
    }
    const people: [string, string, string][] = [
      ['control', 'a', '2026-05-01'],
      ['outcome', 'b', '2026-05-01'],
      ['outcome', 'c', '2026-05-03'],
    ];
    for (const [variant, person, day] of people) {
      await db.prepare(WORKER_SQL.addConversion).bind('home-headline', variant, person, day).run();
    }
    await clicks.add('pricing-demo', 'short', '2026-05-02');
    await clicks.add('pricing-demo', 'short', '2026-05-03');
  });
  afterAll(() => dispose());

  it("gives each experiment the readout of the report's own module, with its hypothesis and status", async () => {
    const answer = await ownerExperiments(db, DEFINITIONS, NOW);
    expect(answer.now).toBe(NOW);
    const rows = {
      exposures: [
        { experiment: 'home-headline', variant: 'control', visitors: 40, first_day: '2026-05-01' },
        { experiment: 'home-headline', variant: 'outcome', visitors: 28, first_day: '2026-05-01' },
        { experiment: 'pricing-demo', variant: 'control', visitors: 5, first_day: '2026-05-02' },
        { experiment: 'pricing-demo', variant: 'short', visitors: 6, first_day: '2026-05-02' },
      ],
      conversions: [
        { experiment: 'home-headline', variant: 'control', conversions: 1 },
        { experiment: 'home-headline', variant: 'outcome', conversions: 2 },
      ],
      clicks: [{ experiment: 'pricing-demo', variant: 'short', conversions: 2 }],
    };
    const expected = buildReport(DEFINITIONS, rows, { now: NOW, source: '', experimentsFolder: '', readout });
    expect(answer.experiments.map((e) => e.readout)).toEqual(expected.experiments.map((e) => e.readout));
    expect(answer.experiments.map((e) => [e.id, e.status, e.hypothesis])).toEqual(
      DEFINITIONS.map((d) => [d.id, d.status, d.hypothesis]),
    );
  });

  it("draws each day's totals so far, ending with the readout's", async () => {
    const [home, pricing] = (await ownerExperiments(db, DEFINITIONS, NOW)).experiments;
    expect(home!.series.map((day) => [day.day, day.variants.map((v) => [v.visitors, v.conversions])])).toEqual([
      [
        '2026-05-01',
        [
          [30, 1],
          [28, 1],
        ],
      ],
      [
        '2026-05-02',
        [
          [30, 1],
          [28, 1],
        ],
      ],
      [
        '2026-05-03',
        [
          [40, 1],
          [28, 2],
        ],
      ],
    ]);
    expect(pricing!.series.at(-1)!.variants.map((v) => [v.name, v.visitors, v.conversions])).toEqual(
      pricing!.readout!.variants.map((v) => [v.name, v.visitors, v.conversions]),
    );
  });
});
