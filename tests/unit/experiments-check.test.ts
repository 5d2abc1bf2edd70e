/**
 * The experiments' content rules: the schema (control first, shares adding up to 100), a variant's changes made to a
 * page's content, and the build's refusals over the real home page file, each naming the experiment's file and field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkExperiments, type ExperimentPageContent } from '../../src/lib/experiments/check';
import { applyChanges, HOME_OFFER_PART, splitChanges } from '../../src/lib/experiments/changes';
import { experimentSchema, type Experiment } from '../../src/lib/schemas/experiments';
import { homeSchema } from '../../src/lib/schemas/home';
import { offerSchema } from '../../src/lib/schemas/offer';
import { plansSchema } from '../../src/lib/schemas/plans';

const HOME_FILE = 'src/content/home/home.json';
const home = JSON.parse(readFileSync(HOME_FILE, 'utf8')) as { hero: { headline: string }; roi: unknown };
const PLANS_FILE = 'src/content/plans/plans.json';
const plans = JSON.parse(readFileSync(PLANS_FILE, 'utf8'));
const OFFER_FILE = 'src/content/offer/mega-bundle.json';
const offer = JSON.parse(readFileSync(OFFER_FILE, 'utf8'));
const homeOffer = { ...HOME_OFFER_PART, file: OFFER_FILE, data: offer, schema: offerSchema };
const pricing = { product: 'community', priceList: 'mr' } as const;
const pages = new Map<string, ExperimentPageContent>([
  ['/', { kind: 'home', entry: 'home', file: HOME_FILE, data: home, schema: homeSchema, part: homeOffer }],
  ['/mr/pricing', { kind: 'pricing', entry: 'plans', file: PLANS_FILE, data: plans, schema: plansSchema, pricing }],
]);

const experiment = (overrides: Partial<Experiment> = {}): Experiment => ({
  id: 'home-headline',
  status: 'running',
  page: '/',
  hypothesis: 'Naming the outcome brings more leads than naming the speed.',
  goal: 'lead',
  variants: [
    { name: 'control', weight: 50, changes: [] },
    { name: 'outcome', weight: 50, changes: [{ field: 'hero.headline', value: 'Launch a paid community this week' }] },
  ],
  ...overrides,
});
const file = (data: Experiment, name = data.id) => ({ file: `src/content/experiments/${name}.json`, name, data });

describe('the experiment schema', () => {
  const issues = (data: unknown) => {
    const result = experimentSchema.safeParse(data);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('takes the shape an editor writes, the goal defaulting to a lead', () => {
    const withoutGoal: Partial<Experiment> = experiment();
    delete withoutGoal.goal;
    expect(experimentSchema.parse(withoutGoal).goal).toBe('lead');
  });

  it('refuses shares that do not add up to 100, naming the variants', () => {
    const [control, outcome] = experiment().variants;
    expect(issues(experiment({ variants: [control!, { ...outcome!, weight: 40 }] }))).toEqual([
      'variants: shares must add up to 100 (they add up to 90)',
    ]);
  });

  it('wants control first, changing nothing, and each other variant changing a field', () => {
    const [control, outcome] = experiment().variants;
    expect(issues(experiment({ variants: [outcome!, control!] }))).toEqual(
      expect.arrayContaining(['variants.0.name: must be control', 'variants.1.changes: must change a field']),
    );
  });

  it('refuses an id or variant name that could not sit in a cookie, and a fifth variant', () => {
    expect(issues(experiment({ id: 'Home Headline' }))).toContain('id: must be lower case letters, digits and hyphens');
    const five = Array.from({ length: 5 }, (_, i) => ({
      name: i === 0 ? 'control' : `v${i}`,
      weight: 20,
      changes: i === 0 ? [] : [{ field: 'hero.headline', value: 'Another headline here' }],
    }));
    expect(issues(experiment({ variants: five }))).toContain('variants: Too big: expected array to have <=4 items');
  });
});

describe('a variant’s changes', () => {
  it('change the named text and leave the original untouched', () => {
    const changed = applyChanges(home, [{ field: 'hero.headline', value: 'Launch a paid community this week' }]);
    expect(changed.problems).toEqual([]);
    expect(changed.data.hero.headline).toBe('Launch a paid community this week');
    expect(home.hero.headline).not.toBe('Launch a paid community this week');
  });

  it('turn digits into a number for a number field and refuse words there', () => {
    const data = { offer: { price: 45999 } };
    expect(applyChanges(data, [{ field: 'offer.price', value: '39999' }]).data.offer.price).toBe(39999);
    expect(applyChanges(data, [{ field: 'offer.price', value: 'cheap' }]).problems).toEqual([
      { index: 0, message: 'offer.price is a number: write digits only' },
    ]);
  });

  it('refuse a field that does not exist, a list, and a path through the prototype', () => {
    const problems = applyChanges(home, [
      { field: 'hero.title', value: 'x' },
      { field: 'hero', value: 'x' },
      { field: 'constructor.name', value: 'x' },
    ]).problems;
    expect(problems).toEqual([
      { index: 0, message: 'the page has no field hero.title' },
      { index: 1, message: 'hero is not text or a number: an experiment cannot change it' },
      { index: 2, message: 'the page has no field constructor.name' },
    ]);
  });
});

describe('the build’s rules over every experiment', () => {
  it('builds one page per variant but control, for running experiments only', () => {
    const running = checkExperiments([file(experiment())], pages);
    expect(running.problems).toEqual([]);
    expect(running.variantPages).toEqual([
      {
        experiment: 'home-headline',
        variant: 'outcome',
        page: '/',
        kind: 'home',
        entry: 'home',
        changes: [{ field: 'hero.headline', value: 'Launch a paid community this week' }],
      },
    ]);
    for (const status of ['draft', 'stopped'] as const) {
      expect(checkExperiments([file(experiment({ status }))], pages).variantPages).toEqual([]);
    }
  });

  it("runs on a pricing page: its changes made to the plans' file, the page's product and price list kept", () => {
    const heading = { field: 'community.heading', value: 'Plans that grow with your community' };
    const price = { field: 'community.plans.1.prices.mr.monthly', value: '1299' };
    const data = experiment({ id: 'mr-pricing', page: '/mr/pricing' });
    data.variants[1]!.changes = [heading, price];
    const checked = checkExperiments([file(data)], pages);
    expect(checked.problems).toEqual([]);
    expect(checked.variantPages).toEqual([
      {
        experiment: 'mr-pricing',
        variant: 'outcome',
        page: '/mr/pricing',
        kind: 'pricing',
        entry: 'plans',
        pricing: { product: 'community', priceList: 'mr' },
        changes: [heading, price],
      },
    ]);
    data.variants[1]!.changes = [{ field: 'community.heading', value: 'Save' }];
    expect(checkExperiments([file(data)], pages).problems).toHaveLength(1);
    expect(checkExperiments([file(data)], pages).problems[0]).toMatch(
      /^src\/content\/experiments\/mr-pricing\.json, field variants\.1\.changes\.0\.value: src\/content\/plans\/plans\.json, community\.heading: /,
    );
  });

  it('refuses a field the page lacks, naming the experiment file and the change', () => {
    const data = experiment();
    data.variants[1]!.changes = [{ field: 'hero.heading', value: 'Launch a paid community this week' }];
    expect(checkExperiments([file({ ...data, status: 'draft' })], pages).problems).toEqual([
      'src/content/experiments/home-headline.json, field variants.1.changes.0.field: the page has no field hero.heading',
    ]);
  });

  it("refuses a value the page's schema refuses, naming both files and fields", () => {
    const data = experiment();
    data.variants[1]!.changes = [{ field: 'hero.headline', value: 'Short' }];
    expect(checkExperiments([file(data)], pages).problems).toEqual([
      'src/content/experiments/home-headline.json, field variants.1.changes.0.value: src/content/home/home.json, hero.headline: Too small: expected string to have >=10 characters',
    ]);
  });

  it('refuses two running experiments on one page, an unknown page and an id that is not the file name', () => {
    const second = experiment({ id: 'home-subline' });
    const { problems } = checkExperiments(
      [
        file(experiment()),
        file(second),
        file(experiment({ id: 'pricing-copy', page: '/nowhere' })),
        file(experiment(), 'other'),
      ],
      pages,
    );
    expect(problems).toEqual([
      'src/content/experiments/home-subline.json, field status: src/content/experiments/home-headline.json already runs on /: one experiment at a time on a page',
      'src/content/experiments/pricing-copy.json, field page: /nowhere is not the home page, a pricing page, a feature page or a landing page',
      "src/content/experiments/other.json, field id: must be the file's name, other",
      'src/content/experiments/other.json, field status: src/content/experiments/home-headline.json already runs on /: one experiment at a time on a page',
    ]);
  });
});

describe("an experiment on the home page's offer trigger", () => {
  const trigger = (changes: { field: string; value: string }[]) => {
    const data = experiment({ id: 'home-offer-trigger' });
    data.variants[1] = { name: 'exit', weight: 50, changes };
    return checkExperiments([file(data)], pages);
  };

  it("builds a variant page whose changes name the offer's trigger, the page's own copy beside it", () => {
    const changes = [
      { field: 'offer.trigger.when', value: 'scroll' },
      { field: 'offer.trigger.scrollShare', value: '30' },
      { field: 'hero.headline', value: 'Launch a paid community this week' },
    ];
    const checked = trigger(changes);
    expect(checked.problems).toEqual([]);
    expect(checked.variantPages).toEqual([expect.objectContaining({ page: '/', kind: 'home', changes })]);
    // The page takes the home copy's changes and the offer's apart, each without the other's.
    const split = splitChanges(changes, HOME_OFFER_PART.prefix);
    expect(split.own).toEqual([changes[2]]);
    expect(split.under).toEqual([
      { field: 'trigger.when', value: 'scroll' },
      { field: 'trigger.scrollShare', value: '30' },
    ]);
    expect(applyChanges(offer, split.under).data.trigger).toEqual({ when: 'scroll', scrollShare: 30 });
  });

  it("refuses a trigger the offer's schema refuses, naming the offer's file and field", () => {
    expect(trigger([{ field: 'offer.trigger.when', value: 'hover' }]).problems).toEqual([
      expect.stringMatching(
        /^src\/content\/experiments\/home-offer-trigger\.json, field variants\.1\.changes\.0\.value: src\/content\/offer\/mega-bundle\.json, trigger\.when: /,
      ),
    ]);
    expect(trigger([{ field: 'offer.trigger.scrollShare', value: '5' }]).problems).toEqual([
      'src/content/experiments/home-offer-trigger.json, field variants.1.changes.0.value: src/content/offer/mega-bundle.json, trigger.scrollShare: Too small: expected number to be >=10',
    ]);
  });

  it("refuses any other field of the offer: its prices and words are not the page's to test", () => {
    for (const field of ['offer.price', 'offer.title', 'offer.trigger']) {
      expect(trigger([{ field, value: '39999' }]).problems).toEqual([
        `src/content/experiments/home-offer-trigger.json, field variants.1.changes.0.field: ${HOME_OFFER_PART.refusal}`,
      ]);
    }
  });

  it('is refused on a page without an offer', () => {
    const data = experiment({ id: 'mr-pricing', page: '/mr/pricing' });
    data.variants[1]!.changes = [{ field: 'offer.trigger.when', value: 'exit' }];
    expect(checkExperiments([file(data)], pages).problems).toEqual([
      'src/content/experiments/mr-pricing.json, field variants.1.changes.0.field: the page has no field offer.trigger.when',
    ]);
  });
});
