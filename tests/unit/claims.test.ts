/**
 * The product facts (src/content/facts/facts.json) and the build's check of copy against them (src/lib/claims/check.ts,
 * run by src/integrations/pricing-check.ts and before a save in the content admin): each fact is stated once, copy
 * quotes it through a slot, and copy that states it by hand or contradicts it stops the build, naming the file and the
 * field. The broken copy below is the site's own copy as it was before the facts.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import rawFacts from '../../src/content/facts/facts.json';
import rawPlans from '../../src/content/plans/plans.json';
import { copyCheck } from '../../src/integrations/pricing-check';
import { readContentFiles } from '../../src/data/content-files';
import { contentFileAt, contentPath } from '../../src/lib/content-paths';
import { fillBrand } from '../../src/lib/brand';
import { claimProblems } from '../../src/lib/claims/check';
import { comparisonRows, factSlotMeaning, factSlots } from '../../src/lib/claims/facts';
import { entryProblems } from '../../src/lib/cms/entry-check';
import { planCopyProblems, type ContentFile } from '../../src/lib/pricing/plan-copy';
import type { Plans } from '../../src/lib/pricing/prices';
import { factsSchema, type Facts } from '../../src/lib/schemas/facts';
import { plansSchema } from '../../src/lib/schemas/plans';

const plans: Plans = plansSchema.parse(rawPlans);
const facts: Facts = factsSchema.parse(rawFacts);
const FACTS = 'src/content/facts/facts.json';
const PLANS = 'src/content/plans/plans.json';

/** The problems of crafted files against `withFacts`, as "file, field: message". */
function problemsOf(files: ContentFile[], withFacts: Facts = facts, withPlans: Plans = plans): string[] {
  return claimProblems(files, withFacts, withPlans).map((p) => `${p.file}, ${p.field}: ${p.message}`);
}
const file = (path: string, data: unknown): ContentFile => contentFileAt(path, data);
/** The facts with an edit made to a copy. */
function factsWith(edit: (copy: Facts) => void): Facts {
  const copy = structuredClone(facts);
  edit(copy);
  return copy;
}

describe('fact slots', () => {
  it('state each fact from the facts file, and plans by their names', () => {
    const slots = factSlots(facts, plans, 'main');
    expect(slots).toMatchObject({
      'fact.support': '24/7 by chat and email',
      'fact.compliance': 'ISO 27001 compliant infrastructure and GDPR-ready data handling',
      'fact.startCost':
        'Lite has no subscription fee, only a one-time setup cost of ₹5,000 and a 2% fee on each payment you receive',
      // The spec's "Pro plan includes it, Starter sells it as an add-on": Plus and Advance include it, Lite sells it.
      'fact.customDomain.included': 'Plus and Advance',
      'fact.customDomain.addOn': 'Lite',
      'fact.products.included': 'Plus and Advance',
      'fact.freeSubdomain.included': 'every plan',
      'fact.whiteLabel.included': 'Advance',
      'fact.accountManager.included': 'Enterprise',
      'fact.supportTeam.name': 'Support, 24/7 by chat and email',
    });
    // No feature is coming soon, and no plan sells white-labelling as an add-on: those slots have no value.
    expect(slots).not.toHaveProperty('fact.products.soon');
    expect(slots).not.toHaveProperty('fact.whiteLabel.addOn');
    // What starting costs quotes Lite's setup cost, which the regional list does not have.
    expect(factSlots(facts, plans, 'mr')).not.toHaveProperty('fact.startCost');
  });

  it('fill content as the pages read it', () => {
    expect(
      fillBrand(
        'Help {fact.support}, a custom domain on {fact.customDomain.included}.',
        factSlots(facts, plans, 'main'),
      ),
    ).toBe('Help 24/7 by chat and email, a custom domain on Plus and Advance.');
  });

  it("draw the comparison table's rows: ticks, dashes, the add-on label and a coming-soon tag", () => {
    const rows = comparisonRows(fillBrand(facts, factSlots(facts, plans, 'main')));
    expect(rows.find((row) => row.feature === 'Custom domain')).toEqual({
      feature: 'Custom domain',
      tag: undefined,
      cells: { lite: 'Add-on', plus: 'yes', advance: 'yes' },
    });
    expect(rows.find((row) => row.feature === 'Analytics')?.cells).toEqual({
      lite: 'Basic',
      plus: 'Full',
      advance: 'Full',
    });
    // Support is the same on every plan: no plan's cell says "24/7 chat" on its own any more.
    expect(rows.find((row) => row.feature.startsWith('Support'))).toMatchObject({
      feature: 'Support, 24/7 by chat and email',
      cells: { lite: 'yes', plus: 'yes', advance: 'yes' },
    });
    const soon = factsWith((f) => {
      const products = f.community.find((o) => o.id === 'products')!;
      Object.assign(products, { comingSoon: true, plus: 'no', advance: 'no' });
    });
    expect(comparisonRows(soon).find((row) => row.feature === 'Product selling and orders')?.tag).toBe('Coming soon');
  });

  it("say what each slot states in the content admin's hint", () => {
    expect(factSlotMeaning('fact.support')).toBe('the fact "support" as worded under Product facts');
    expect(factSlotMeaning('fact.customDomain.addOn')).toBe(
      'the plans that sell it as a paid add-on of "customDomain", as set under Product facts',
    );
    expect(factSlotMeaning('fact.customDomain.colour')).toBeUndefined();
  });
});

describe('the facts file', () => {
  it('holds each fact once and refuses a feature both on a plan and coming soon', () => {
    const both = structuredClone(rawFacts) as unknown as Facts;
    both.community.find((o) => o.id === 'products')!.comingSoon = true;
    both.statements[1]!.id = 'support';
    const result = factsSchema.safeParse(both);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'statements.1.id: "support" names another fact too',
      'community.6.plus: is "yes", but Product selling and orders is marked coming soon: a feature coming soon is on no plan yet ("no")',
      'community.6.advance: is "yes", but Product selling and orders is marked coming soon: a feature coming soon is on no plan yet ("no")',
    ]);
  });
});

describe('the claims check', () => {
  it('passes the content as it is', async () => {
    const files = readContentFiles(process.cwd());
    expect(claimProblems(files, facts, plans)).toEqual([]);
    expect(planCopyProblems(files, plans)).toEqual([]);
    expect(copyCheck(process.cwd())).toBeNull();
  });

  it("refuses the site's claims as they were before the facts, naming each file and field", () => {
    const broken = [
      file('src/content/home/home.json', {
        faq: {
          items: [
            {
              answer:
                'Yes. Our team is available 24/7 by chat and email, and we help you set up your community during your free demo.',
            },
          ],
        },
        cta: { text: 'Set up your community today. It takes 30 seconds to start and no credit card.' },
      }),
      file('src/content/about/about-us.json', {
        cta: { text: 'Create your community on {brand} today and start for free.', button: 'Sign up for free' },
      }),
      file('src/content/whatsapp/landing.json', {
        enterprise: { items: [{ text: 'ISO 27001 certified infrastructure and GDPR ready data handling.' }] },
      }),
      file('src/content/landing/creator.json', {
        sections: [{ items: [{ title: 'Products', tag: 'Coming soon' }] }],
      }),
    ];
    const support = '"24/7 by chat and email"';
    const compliance = '"ISO 27001 compliant infrastructure and GDPR-ready data handling"';
    // The reasons as the build says them: the plans named, not their slots.
    const forFree =
      'No plan is free to start: Lite and Free Forever have no subscription fee but a one-time setup cost. Say so with {fact.startCost}.';
    const noCard =
      'Starting is not free of payment: Lite and Free Forever have a one-time setup cost. Say what starting costs with {fact.startCost}.';
    expect(problemsOf(broken)).toEqual([
      `src/content/home/home.json, faq.items[0].answer: "24/7" states a fact the facts word once: write {fact.support} (${support})`,
      `src/content/home/home.json, cta.text: "no credit card" is a claim we do not make: ${noCard}`,
      `src/content/about/about-us.json, cta.text: "for free" is a claim we do not make: ${forFree}`,
      `src/content/about/about-us.json, cta.button: "for free" is a claim we do not make: ${forFree}`,
      `src/content/whatsapp/landing.json, enterprise.items[0].text: "ISO 27001" states a fact the facts word once: write {fact.compliance} (${compliance})`,
      `src/content/whatsapp/landing.json, enterprise.items[0].text: "GDPR" states a fact the facts word once: write {fact.compliance} (${compliance})`,
      'src/content/landing/creator.json, sections[0].items[0].tag: "Coming soon" marks a feature coming soon by hand: the facts say which features are coming soon (none is now)',
    ]);
  });

  it('refuses a feature marked coming soon that the facts say is available, and a card listing one coming soon', () => {
    // A card tagged through the slot, while the facts say Product selling is available on Plus and Advance.
    const tagged = file('src/content/landing/creator.json', {
      sections: [{ items: [{ title: 'Products', tag: '{fact.products.soon}' }] }],
    });
    expect(problemsOf([tagged])).toEqual([
      `src/content/landing/creator.json, sections[0].items[0].tag: {fact.products.soon} marks Product selling and orders coming soon, but the facts say it is available (${FACTS})`,
    ]);
    // The facts mark it coming soon (and on no plan): the tag is right, and the Plus card that lists it is refused.
    const soon = factsWith((f) => {
      Object.assign(
        f.community.find((o) => o.id === 'products')!,
        { comingSoon: true, plus: 'no', advance: 'no' },
      );
    });
    expect(problemsOf([tagged, file(PLANS, rawPlans)], soon)).toEqual([
      `${PLANS}, community.plans[1].features[3]: "product selling" lists Product selling and orders on Plus, but the facts mark it coming soon (${FACTS}, products)`,
    ]);
    expect(problemsOf([file(PLANS, rawPlans)], soon).length).toBe(1);
  });

  it('refuses a plan card listing what the facts do not give its plan', () => {
    const cards = structuredClone(rawPlans) as unknown as Plans;
    cards.community.plans[0]!.features.push('Your own custom domain', 'Priority support');
    cards.whatsapp.plans[1]!.features.push('A dedicated account manager');
    expect(problemsOf([file(PLANS, cards)])).toEqual([
      `${PLANS}, community.plans[0].features[5]: "custom domain" lists Custom domain on Lite, but the facts give Lite it only as a paid add-on (${FACTS}, customDomain)`,
      `${PLANS}, community.plans[0].features[6]: "priority support" lists Priority support on Lite, but the facts give Lite none (${FACTS}, prioritySupport)`,
      `${PLANS}, whatsapp.plans[1].features[5]: "account manager" lists Dedicated account manager on Business, but the facts give Business none (${FACTS}, accountManager)`,
    ]);
  });

  it('refuses a fact slot that names nothing, or has no value where it is shown', () => {
    const copy = file('src/content/landing/x.json', {
      a: '{fact.nothing}',
      b: '{fact.customDomain.price}',
      c: '{fact.support.name}',
      d: '{fact.whiteLabel.addOn}',
      e: '{facts.support}',
      f: '{fact.customDomain}',
    });
    expect(problemsOf([copy])).toEqual([
      `src/content/landing/x.json, a: {fact.nothing} names no fact: the facts are ${[
        ...facts.statements,
        ...facts.community,
        ...facts.whatsapp,
      ]
        .map((f) => f.id)
        .join(', ')}`,
      'src/content/landing/x.json, b: {fact.customDomain.price} names no field of that feature: it has name, included, addOn, soon',
      'src/content/landing/x.json, c: {fact.support.name} names a field of a statement: write it as {fact.support}',
      'src/content/landing/x.json, d: {fact.whiteLabel.addOn} names the plans that sell White-labelling as an add-on, but none does',
      'src/content/landing/x.json, f: {fact.customDomain} names no field of that feature: it has name, included, addOn, soon',
    ]);
    // "{facts.support}" is no slot of either kind: the plan check names it.
    expect(planCopyProblems([copy], plans).map((p) => p.message)).toEqual([
      '{facts.support} is no slot: a plan slot is {plan.<id>.<field>}, e.g. {plan.plus.fee}',
    ]);
    // What starting costs quotes Lite's setup cost: the pricing pages, shown with the regional list too, cannot.
    expect(problemsOf([file(PLANS, { community: { intro: 'Start today: {fact.startCost}.' } })])).toEqual([
      `${PLANS}, community.intro: {fact.startCost} has no value in the mr price list (/mr/pricing), which shows this file`,
    ]);
  });

  it('refuses an offer whose crossed-out price is not the price of the plan it names', () => {
    const offer = { originalPrice: 52999, originalPriceOf: { plan: 'advance', period: 'yearly' } };
    expect(problemsOf([file('src/content/offer/mega-bundle.json', offer)])).toEqual([
      `src/content/offer/mega-bundle.json, originalPrice: ₹52,999 is not what it says it was: Advance costs ₹49,999 yearly (${PLANS})`,
    ]);
    expect(
      problemsOf([
        file('src/content/offer/mega-bundle.json', {
          ...offer,
          originalPriceOf: { plan: 'plus', period: 'quarterly' },
        }),
      ]),
    ).toEqual([
      'src/content/offer/mega-bundle.json, originalPriceOf: Plus has no quarterly price on /pricing to compare the original price with',
    ]);
  });

  it('leaves alone blog posts, legal pages, testimonials, pictures and the facts themselves', () => {
    expect(
      problemsOf([
        contentFileAt('src/content/blog/x.md', {}, 'Our studio answers 24/7, coming soon: a free plan.'),
        contentFileAt('src/content/legal/privacy-policy.md', {}, 'We process data under the GDPR.'),
        file('src/content/testimonials/x.json', { quote: 'Support answered 24/7, and we started for free.' }),
        file('src/content/landing/x.json', { imageAlt: 'A badge that reads 24/7', preview: ['Coming soon'] }),
        file(FACTS, rawFacts),
      ]),
    ).toEqual([]);
  });
});

describe('a feature sold without the plans that have it', () => {
  const ai = `which only Advance has: name the plans with {fact.ai.included}, in this text, another of its card or its section's (${FACTS}, ai)`;

  it("refuses the issue's copy: /creator's hero bullet and /yoga's Create by prompt, naming the file and field", () => {
    const creator = file('src/content/landing/creator.json', {
      hero: {
        heading: 'Turn your audience into a paying community',
        highlights: ['A free website on a free subdomain', 'An AI assistant that sets it up'],
      },
    });
    const yoga = file('src/content/landing/yoga.json', {
      sections: [
        {
          heading: 'Every way a studio earns',
          items: [{ title: 'Create by prompt', description: 'Describe what you want and the assistant creates it.' }],
        },
      ],
    });
    expect(problemsOf([creator, yoga])).toEqual([
      `src/content/landing/creator.json, hero.highlights[1]: "AI assistant" sells AI assistant and AI website builder, ${ai}`,
      `src/content/landing/yoga.json, sections[0].items[0].title: "Create by prompt" sells AI assistant and AI website builder, ${ai}`,
    ]);
    // A free subdomain is on every plan: it needs no plan named.
    expect(problemsOf([file('src/content/landing/x.json', { hero: { text: 'Start on a free subdomain.' } })])).toEqual(
      [],
    );
  });

  it('takes the plans a slot names in the text, its card or its section, when each of them has the feature', () => {
    const named = (data: unknown) => problemsOf([file('src/content/landing/x.json', data)]);
    expect(named({ hero: { highlights: ['An AI assistant that sets it up, on {fact.ai.included}'] } })).toEqual([]);
    // The section's intro names Advance for its bullets and its cards; a card's text for its title.
    expect(
      named({
        sections: [
          {
            heading: 'An AI assistant that sets up your business',
            intro: 'On {fact.ai.included}, tell the assistant what you want.',
            points: ['Try the AI assistant'],
            items: [{ title: 'Appointments', text: 'Drafted by the assistant.' }],
          },
        ],
      }),
    ).toEqual([]);
    expect(
      named({ faq: [{ question: 'Can I use my own domain?', answer: 'Yes, on {fact.customDomain.included}.' }] }),
    ).toEqual([]);
    // White-labelling's plans (Advance) all have a custom domain; {plan.plus.name} names a plan that has no AI.
    expect(named({ hero: { text: 'On {fact.whiteLabel.included}, your own domain and logo.' } })).toEqual([]);
    expect(named({ hero: { text: 'On {plan.plus.name}, the AI assistant drafts your plans.' } })).toEqual([
      `src/content/landing/x.json, hero.text: "AI assistant" sells AI assistant and AI website builder, ${ai}`,
    ]);
    // A page's own title and description speak for themselves, not for its sections.
    expect(
      named({ pageName: 'AI Web Builder', description: 'On {fact.ai.included}.', hero: { eyebrow: 'AI web builder' } }),
    ).toEqual([
      `src/content/landing/x.json, hero.eyebrow: "AI web builder" sells AI assistant and AI website builder, ${ai}`,
    ]);
  });

  it("leaves alone a plan's own card, an offer that names its plan, ids, pictures and the blog", () => {
    expect(
      problemsOf([
        file(PLANS, rawPlans),
        file('src/content/offer/x.json', { text: 'A year of {plan.advance.name}.', includes: ['The AI assistant'] }),
        file('src/content/features/x.json', { faqs: [{ id: 'white-labeling-1' }], imageAlt: 'The AI assistant' }),
        file('src/content/features/y.json', { hero: { demo: { label: 'The AI web builder at work' } } }),
        file('src/content/blog/categories.json', [{ id: 'appointments', name: 'Appointments' }]),
        file('src/content/blog-page/blogs.json', { intro: 'Articles on appointments and subscriptions.' }),
      ]),
    ).toEqual([]);
  });
});

describe('one spelling of each term', () => {
  it('refuses the other spellings of white-labelling and Book a Demo, not the address or an id', () => {
    expect(
      problemsOf([
        file(contentPath('ui', 'ui'), {
          navigation: {
            products: [
              { to: '/white-labeling', label: 'White Labeling', description: 'On {fact.whiteLabel.included}.' },
            ],
          },
          planHelp: { demo: 'Book a Demo' },
        }),
        file('src/content/features/x.json', {
          faqs: [
            { id: 'white-labeling-2', question: 'Why?', answer: 'With white labelling on {fact.whiteLabel.included}.' },
          ],
        }),
      ]),
    ).toEqual([
      `${contentPath('ui', 'ui')}, navigation.products[0].label: "White Labeling" is spelt "White-labelling" on this site: the spec's spelling and the product facts' name for it; only the page's address, /white-labeling, keeps one l`,
      `${contentPath('ui', 'ui')}, planHelp.demo: "Book a Demo" is spelt "Book a Free Demo" on this site: every button to the demo booking says the hero's words, so one label means one action`,
      'src/content/features/x.json, faqs[0].answer: "white labelling" is spelt "white-labelling" on this site: the spec\'s spelling and the product facts\' name for it; only the page\'s address, /white-labeling, keeps one l',
    ]);
  });
});

describe('the build step and the admin', () => {
  it('stops the build on a feature marked coming soon by hand, naming the file and the field', async () => {
    const root = await mkdtemp(join(tmpdir(), 'claims-'));
    try {
      await cp('src/content', join(root, 'src/content'), { recursive: true });
      const path = join(root, 'src/content/landing/creator.json');
      const creator = JSON.parse(await readFile(path, 'utf8')) as { sections: { items?: { tag?: string }[] }[] };
      creator.sections[0]!.items![3]!.tag = 'Coming soon';
      await writeFile(path, JSON.stringify(creator));
      expect(copyCheck(root)).toBe(
        [
          `Copy that contradicts the product facts (${FACTS}); docs/content.md explains the slots:`,
          '  src/content/landing/creator.json, field sections[0].items[3].tag: "Coming soon" marks a feature coming soon by hand: the facts say which features are coming soon (none is now)',
        ].join('\n'),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("refuses the save, naming the field by the admin's labels", async () => {
    const creator = JSON.parse(await readFile('src/content/landing/creator.json', 'utf8')) as Record<
      string,
      unknown
    > & {
      sections: { items?: { tag?: string }[] }[];
    };
    creator.sections[0]!.items![3]!.tag = 'Coming soon';
    const [problem] = entryProblems('landing', 'src/content/landing/creator.json', creator, { plans, facts });
    expect(problem?.field).toBe('Sections › 1 › Cards › 4 › Tag');
    expect(problem?.message).toMatch(/^"Coming soon" marks a feature coming soon by hand/);
  });

  it('stops the build and refuses the save on a feature sold without its plan, in the same words', async () => {
    const root = await mkdtemp(join(tmpdir(), 'claims-'));
    try {
      await cp('src/content', join(root, 'src/content'), { recursive: true });
      const path = join(root, 'src/content/landing/creator.json');
      const creator = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown> & {
        hero: { highlights: string[] };
      };
      creator.hero.highlights[2] = 'An AI assistant that sets it up';
      await writeFile(path, JSON.stringify(creator));
      const message =
        '"AI assistant" sells AI assistant and AI website builder, which only Advance has: name the plans with {fact.ai.included}, in this text, another of its card or its section\'s (src/content/facts/facts.json, ai)';
      expect(copyCheck(root)).toBe(
        [
          `Copy that contradicts the product facts (${FACTS}); docs/content.md explains the slots:`,
          `  src/content/landing/creator.json, field hero.highlights[2]: ${message}`,
        ].join('\n'),
      );
      const problems = entryProblems('landing', 'src/content/landing/creator.json', creator, { plans, facts });
      expect(problems).toEqual([{ field: 'Top of page › Ticked points › 3', message }]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses to save facts that a plan card contradicts', () => {
    const soon = structuredClone(rawFacts) as unknown as Record<string, unknown> & Facts;
    Object.assign(
      soon.community.find((o) => o.id === 'products')!,
      { comingSoon: true, plus: 'no', advance: 'no' },
    );
    expect(entryProblems('facts', FACTS, soon, { plans, facts }).map((p) => `${p.field}|${p.message}`)).toEqual([
      `|Plans and pricing › Community plans › Plans › 2 › Features › 4: "product selling" lists Product selling and orders on Plus, but the facts mark it coming soon (${FACTS}, products)`,
    ]);
  });
});
