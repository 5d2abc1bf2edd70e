/**
 * The admin's check before a save (src/lib/cms/entry-check.ts): what the build would refuse is named by the field's
 * labels in the admin and a sentence, and what the build takes passes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cmsContentFiles } from '../../src/integrations/cms-admin';
import { nameTexts } from '../../src/integrations/names-check';
import { entryProblems, fieldPath, problemLines } from '../../src/lib/cms/entry-check';
import type { Plans } from '../../src/lib/pricing/prices';
import type { Facts } from '../../src/lib/schemas/facts';

const PLANS = JSON.parse(readFileSync('src/content/plans/plans.json', 'utf8')) as Plans;
const FACTS = JSON.parse(readFileSync('src/content/facts/facts.json', 'utf8')) as Facts;
/** The site's plans and facts, as the admin reads them beside its page. */
const SITE = { plans: PLANS, facts: FACTS };
const OFFER = 'src/content/offer/mega-bundle.json';
const offer = () => JSON.parse(readFileSync(OFFER, 'utf8')) as Record<string, unknown>;
const HOME = 'src/content/home/home.json';
const home = () => JSON.parse(readFileSync(HOME, 'utf8')) as { faq: { items: { answer: string }[] } };

describe('the check before a save', () => {
  it('takes every content file as it is', async () => {
    const files = cmsContentFiles(process.cwd());
    const site = { ...SITE, names: await nameTexts(process.cwd()) };
    const problems = Object.entries(files).flatMap(([collection, list]) =>
      list.flatMap((file) => {
        const data =
          collection === 'blogCategories' ? { categories: file.data } : (file.data as Record<string, unknown>);
        return entryProblems(collection, file.path, data, site).map((p) => `${file.path}: ${p.field}: ${p.message}`);
      }),
    );
    expect(problems).toEqual([]);
  });

  it("refuses an offer's original price below its price, naming the field as the admin labels it", () => {
    const problems = entryProblems('offer', OFFER, { ...offer(), price: 45999, originalPrice: 40000 }, SITE);
    expect(problemLines(problems)).toEqual(['Original price (₹): must be above the price']);
  });

  it('says a bound as a sentence', () => {
    expect(problemLines(entryProblems('offer', OFFER, { ...offer(), title: 'Mb' }, SITE))).toEqual([
      'Offer name: must be at least 3 characters',
    ]);
  });

  it('refuses copy that contradicts the plans, naming the list item by its place', () => {
    const data = home();
    data.faq.items[1]!.answer = 'Plus costs ₹2,499 a month, with every feature and no transaction fee at all.';
    const [problem] = entryProblems('home', HOME, data as unknown as Record<string, unknown>, SITE);
    expect(problem?.field).toBe('FAQ › Questions › 2 › Answer');
    expect(problem?.message).toMatch(/₹2,499.*\{plan\.plus\.monthly\}/);
  });

  it("reads the build's field paths", () => {
    expect(fieldPath('community.faq[0].answer')).toEqual(['community', 'faq', 0, 'answer']);
    expect(fieldPath('hero.headline')).toEqual(['hero', 'headline']);
  });
});

describe('an entry as the form holds it', () => {
  it('leaves out the empty fields the admin leaves out of the file', () => {
    const feature = JSON.parse(readFileSync('src/content/features/smart-ai.json', 'utf8')) as {
      hero: { image: Record<string, unknown> };
    };
    // An optional picture crop the editor never filled is an object of empty fields in the form.
    feature.hero.image.focus = { x: null, y: null };
    expect(entryProblems('features', 'src/content/features/smart-ai.json', feature, SITE)).toEqual([]);
  });
});
