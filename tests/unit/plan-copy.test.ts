/**
 * The plan slots ({plan.plus.monthly}, {yearlySaving}) and the build's check over content that states a plan's name,
 * price, fee or saving (src/lib/pricing/plan-copy.ts, run by src/integrations/pricing-check.ts). Prices are the spec's.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import raw from '../../src/content/plans/plans.json';
import { copyCheck, offerWarnings } from '../../src/integrations/pricing-check';
import { readContentFiles } from '../../src/data/content-files';
import { contentFileAt, contentPath } from '../../src/lib/content-paths';
import { fillBrand } from '../../src/lib/brand';
import { planCopyProblems, planSlotMeaning, planSlots, type ContentFile } from '../../src/lib/pricing/plan-copy';
import type { Plans } from '../../src/lib/pricing/prices';
import { plansSchema } from '../../src/lib/schemas/plans';

const plans: Plans = plansSchema.parse(raw);
const PLANS = contentPath('plans', 'plans');

/** The problems of one crafted file (a landing page unless `path` says otherwise), as "field: message". */
function problemsOf(data: unknown, path = contentPath('landing', 'x'), body?: string): string[] {
  const file: ContentFile = contentFileAt(path, data, body);
  return planCopyProblems([file], plans).map((p) => `${p.field}: ${p.message}`);
}

describe('plan slots', () => {
  it("state each plan's name, prices, setup cost and fee from the main price list", () => {
    const main = planSlots(plans, 'main');
    expect(main).toMatchObject({
      'plan.lite.name': 'Lite',
      'plan.lite.monthly': '₹0',
      'plan.lite.setup': '₹5,000',
      'plan.lite.fee': '2%',
      'plan.plus.monthly': '₹2,499',
      'plan.plus.yearly': '₹24,999',
      'plan.plus.fee': '0%',
      'plan.advance.monthly': '₹4,499',
      'plan.advance.yearly': '₹49,999',
      'plan.free.name': 'Free Forever',
      'plan.business.quarterly': '₹6,999',
      'plan.enterprise.setup': '₹5,000',
      // The paid WhatsApp plans' trial (the spec's "Paid plans: 7-day free trial"), worded as their cards word it.
      'plan.business.trial': '7-day free trial',
      'plan.enterprise.trial': '7-day free trial',
    });
    // Only the paid WhatsApp plans have a trial: no community plan has one, nor Free Forever.
    expect(main).not.toHaveProperty('plan.lite.trial');
    expect(main).not.toHaveProperty('plan.free.trial');
    // No such field: a WhatsApp plan has no transaction fee, a community plan no quarterly price.
    expect(main).not.toHaveProperty('plan.business.fee');
    expect(main).not.toHaveProperty('plan.plus.quarterly');
  });

  it('state the /mr/ prices on the /mr/ pages, and nothing where that list has no price', () => {
    const mr = planSlots(plans, 'mr');
    expect(mr).toMatchObject({
      'plan.plus.monthly': '₹1,499',
      'plan.plus.yearly': '₹11,999',
      'plan.advance.monthly': '₹1,999',
      'plan.business.monthly': '₹1,799',
      'plan.business.setup': '₹0',
    });
    expect(mr).not.toHaveProperty('plan.lite.monthly');
    expect(mr).not.toHaveProperty('plan.lite.setup');
  });

  it('state the yearly saving as "up to" the largest where the plans save different amounts', () => {
    // Plus 16.6 % and Advance 7.4 % (main); Plus 33.3 % and Advance 24.97 % (/mr/): whole percent, rounded down.
    expect(planSlots(plans, 'main').yearlySaving).toBe('up to 16%');
    expect(planSlots(plans, 'mr').yearlySaving).toBe('up to 33%');
    const same = structuredClone(plans);
    for (const plan of same.community.plans.slice(1)) plan.prices.main = { monthly: 1000, yearly: 9600 };
    expect(planSlots(same, 'main').yearlySaving).toBe('20%');
    for (const plan of same.community.plans.slice(1)) plan.prices.main = { monthly: 1000, yearly: 12000 };
    expect(planSlots(same, 'main')).not.toHaveProperty('yearlySaving');
  });

  it('fill content as the pages read it, leaving other slots to their components', () => {
    expect(
      fillBrand('{plan.plus.name} at {plan.plus.monthly}{labels.x} for {name}, {yearlySaving}', planSlots(plans, 'mr')),
    ).toBe('Plus at ₹1,499{labels.x} for {name}, up to 33%');
  });

  it("name what each slot states in the content admin's hint", () => {
    expect(planSlotMeaning('plan.plus.fee')).toBe(
      'the transaction fee of the Plus plan, as set under Plans and pricing',
    );
    expect(planSlotMeaning('yearlySaving')).toMatch(/what yearly billing saves/);
    expect(planSlotMeaning('plan.plus.colour')).toBeUndefined();
  });
});

describe('the copy check', () => {
  it('passes the content as it is', async () => {
    expect(planCopyProblems(readContentFiles(process.cwd()), plans)).toEqual([]);
    expect(copyCheck(process.cwd())).toBeNull();
  });

  it('catches the pricing FAQ, badge and chat message as they were before the slots', () => {
    const before = structuredClone(raw) as unknown as Plans;
    before.community.yearlyBadge = 'Save 33%';
    before.community.faq[0]!.answer =
      "On the Starter plan a 4% platform fee applies to each payment: a ₹1,000 payment costs ₹40 in fees. The Pro plan charges a 0% platform fee, so you keep everything your members pay, apart from the payment gateway's own charges.";
    before.community.faq[1]!.answer =
      'Payment gateways typically charge 2% to 2.5% per transaction. Our integrated gateway charges 0 on UPI, 0 on debit cards, 0.01% on credit cards and a flat ₹29.05 per net banking transaction.';
    before.community.faq[2]!.answer =
      'Yes. A custom domain is supported on the Starter plan as a paid add-on and is fully included in the Pro plan. Every community also gets a free subdomain from day one.';
    const chat = {
      chat: { plusUpgrade: "Hi! I'd like to upgrade to the Plus plan (₹999/month). Please share the next steps." },
    };
    const problems = planCopyProblems(
      [contentFileAt(PLANS, before), contentFileAt(contentPath('ui', 'ui'), chat)],
      plans,
    ).map((p) => `${p.file}, ${p.field}: ${p.message}`);
    const names = 'the plans are Lite, Plus, Advance, Free Forever, Business, Enterprise';
    expect(problems).toEqual([
      `${PLANS}, community.yearlyBadge: "33%" states a saving of its own: write {yearlySaving}, which states what the prices save (main: up to 16%, mr: up to 33%)`,
      `${PLANS}, community.faq[0].answer: "Starter plan" names a plan that does not exist: ${names}`,
      `${PLANS}, community.faq[0].answer: "Pro plan" names a plan that does not exist: ${names}`,
      `${PLANS}, community.faq[0].answer: "0%" is a fee or saving the plans state: write {plan.advance.fee} or {plan.plus.fee}`,
      `${PLANS}, community.faq[2].answer: "Starter plan" names a plan that does not exist: ${names}`,
      `${PLANS}, community.faq[2].answer: "Pro plan" names a plan that does not exist: ${names}`,
      `${contentPath('ui', 'ui')}, chat.plusUpgrade: "₹999" is a price no plan states, in a sentence about a plan: write the plan's price as a slot, e.g. {plan.plus.monthly}`,
    ]);
  });

  it('refuses a slot that names no plan or no field, or has no value in a price list the file is shown with', () => {
    expect(
      problemsOf({ a: '{plan.starter.name}', b: '{plan.plus.price}', c: '{plans.plus.name}', d: '{yearlysaving}' }),
    ).toEqual([
      'a: {plan.starter.name} names no plan: the plans are lite, plus, advance, free, business, enterprise',
      'b: {plan.plus.price} names no field of that plan: it has name, yearly, monthly, setup, fee',
      'c: {plans.plus.name} is no slot: a plan slot is {plan.<id>.<field>}, e.g. {plan.plus.fee}',
      'd: {yearlysaving} is written {yearlySaving}',
    ]);
    expect(problemsOf({ a: 'From { plan.plus.monthly }' })).toEqual([
      'a: { plan.plus.monthly } is written without spaces: {plan.plus.monthly}',
    ]);
    // Lite has no /mr/ price: fine on a main-only page, refused in the plans file, which /mr/pricing shows.
    expect(problemsOf({ a: 'Lite costs {plan.lite.monthly}.' })).toEqual([]);
    expect(problemsOf({ a: 'Lite costs {plan.lite.monthly}.' }, PLANS)).toEqual([
      'a: {plan.lite.monthly} has no value in the mr price list (/mr/pricing), which shows this file',
    ]);
    // Slots are checked in every file, blog posts included, and in a Markdown body.
    expect(problemsOf({}, 'src/content/blog/x.md', 'Our {plan.gold.name} plan.')).toEqual([
      'body: {plan.gold.name} names no plan: the plans are lite, plus, advance, free, business, enterprise',
    ]);
  });

  it("takes the company's slots and refuses one that names no setting of the company", () => {
    expect(problemsOf({}, 'src/content/legal/x.md', 'Write to {company.name}, {company.address}.')).toEqual([]);
    expect(problemsOf({ a: 'Our grievance officer, {company.grievance}.' })).toEqual([
      'a: {company.grievance} names no setting of the company: the slots are {company.name}, {company.address}, {company.gateways}, {company.grievanceOfficer}, {company.grievanceEmail}, {company.privacyContact}, {company.privacyEmail}',
    ]);
  });

  it('refuses a plan-like name that is no plan, in any case, and accepts our plans and the sales-only ones', () => {
    // No Lifetime plan exists: the sales chat's "Business Plan or Lifetime Plan" is refused.
    expect(problemsOf({ a: 'I would like the Business Plan or the Lifetime Plan.' })).toEqual([
      'a: "Lifetime Plan" names a plan that does not exist: the plans are Lite, Plus, Advance, Free Forever, Business, Enterprise',
    ]);
    const salesOnly = structuredClone(plans);
    salesOnly.community.salesNote.plans = ['Lifetime'];
    expect(
      planCopyProblems([contentFileAt(contentPath('landing', 'x'), { a: 'the Lifetime Plan' })], salesOnly),
    ).toEqual([]);
    expect(problemsOf({ a: 'Custom domains are included in the pro plan.', b: 'Our Premium Plans rock.' })).toEqual([
      'a: "pro plan" names a plan that does not exist: the plans are Lite, Plus, Advance, Free Forever, Business, Enterprise',
      'b: "Premium Plans" names a plan that does not exist: the plans are Lite, Plus, Advance, Free Forever, Business, Enterprise',
    ]);
    expect(
      problemsOf({
        a: 'The Plus plan, the Free Forever plan or a Business Plan.',
        b: 'Each plan, your monthly plan, paid plans, an annual plan and a 4-week starter course.',
        c: 'The {plan.advance.name} plan.',
      }),
    ).toEqual([]);
    // A renamed plan: the old name in copy is now a plan that does not exist.
    const renamed = structuredClone(plans);
    renamed.community.plans[1]!.name = 'Growth';
    expect(
      planCopyProblems([contentFileAt(contentPath('landing', 'x'), { a: 'on the Plus plan' })], renamed),
    ).toHaveLength(1);
    // Articles name the reader's own plans.
    expect(problemsOf({ a: 'Call it a Starter plan.' }, 'src/content/blog/x.md')).toEqual([]);
  });

  it('refuses a price, fee or saving written where a slot states it', () => {
    expect(
      problemsOf({
        a: 'Get everything for ₹2,499 a month.',
        b: '0% platform fee on the Plus plan',
        c: 'Yearly billing saves 16% against monthly.',
        d: 'Upgrade to the Plus plan for ₹1,999.',
        e: 'On Lite a 3% fee applies.',
      }),
    ).toEqual([
      'a: "₹2,499" is a price the plans state: write {plan.business.monthly} or {plan.plus.monthly}',
      'b: "0%" is a fee or saving the plans state: write {plan.advance.fee} or {plan.plus.fee}',
      'c: "16%" is a fee or saving the plans state: write {yearlySaving}',
      'd: "₹1,999" is a price the plans state: write {plan.advance.monthly}',
      'e: "3%" is a fee or saving no plan states, in a sentence about a plan: write it as a slot, e.g. {plan.lite.fee} or {yearlySaving}',
    ]);
  });

  it('refuses a free trial stated without the plans that give it, or its days written out', () => {
    expect(
      problemsOf({
        // The home FAQ and the WhatsApp pricing intro as they were.
        home: 'Yes. You can start with a free trial, set up your community and invite members before you choose a paid plan.',
        whatsapp: 'Start free, and move to a paid plan with a 7-day free trial.',
        other: 'Each paid plan has a 14 day trial.',
      }),
    ).toEqual([
      'home: "free trial" is said without the plans that give it: only {plan.business.trial} or {plan.enterprise.trial} state a free trial, so write one of them',
      'whatsapp: "7-day" is a free trial the plans state: write {plan.business.trial} or {plan.enterprise.trial}',
      'whatsapp: "free trial" is said without the plans that give it: only {plan.business.trial} or {plan.enterprise.trial} state a free trial, so write one of them',
    ]);
    expect(
      problemsOf({
        question: 'Is there a free trial?',
        slot: 'Yes: {plan.business.name} and {plan.enterprise.name} each start with a {plan.business.trial}.',
        named: 'The {plan.plus.name} plan has a 14-day trial.',
      }),
    ).toEqual([
      'named: "14-day" is a trial no plan states, in a sentence about a plan: write the plan\'s trial as a slot, e.g. {plan.business.trial}',
    ]);
    // The card's own template, from which the slot is worded, is no sentence of its own.
    expect(problemsOf({ whatsapp: { trial: '{days}-day free trial' } }, PLANS)).toEqual([]);
  });

  it("leaves alone the spec's gateway and message charges, other figures, pictures, testimonials and legal text", () => {
    expect(
      problemsOf({
        gateway: 'Payment gateways typically charge 2 to 2.5% per transaction.',
        range: 'Most gateways charge 2% to 2.5%, and the fee is theirs.',
        card: 'Credit cards at 0.01%, net banking at a flat ₹29.05 per transaction.',
        messages: 'The Business plan charges ₹0.78 per marketing message and ₹0 for service replies.',
        stats: 'Studios cut no-shows by 33% and 2% of members churn.',
        other: 'A ₹999 monthly plan and a ₹84,500 month.',
        keep: 'You keep a 0% platform fee, apart from the payment gateway charges.'.replace('0%', '{plan.plus.fee}'),
        imageAlt: 'A class card with a paid ₹1,499 monthly plan',
        hero: { illustration: { alt: 'A ₹2,499 plan on screen' } },
        entries: [{ preview: ['VIP pass: ₹1,499'] }],
        themes: [{ preview: { heading: 'Sketch with Meera', items: [{ note: '₹2,499' }, { note: '2% off' }] } }],
      }),
    ).toEqual([]);
    expect(
      problemsOf({ quote: 'Plus at ₹2,499 paid for itself in a week.' }, 'src/content/testimonials/x.json'),
    ).toEqual([]);
    expect(problemsOf({}, 'src/content/legal/x.md', 'Fees of 2% on the Lite plan as of this date.')).toEqual([]);
  });
});

describe('the build step (src/integrations/pricing-check.ts)', () => {
  /** A copy of the project's content in a temporary folder, edited by `edit`. */
  async function contentWith(edit: (dir: string) => Promise<void>): Promise<string> {
    const root = await mkdtemp(join(tmpdir(), 'plan-copy-'));
    await cp('src/content', join(root, 'src/content'), { recursive: true });
    await edit(root);
    return root;
  }

  it('names the file and the field of each problem in the one message that stops the build', async () => {
    const root = await contentWith(async (dir) => {
      const file = join(dir, PLANS);
      const data = JSON.parse(await readFile(file, 'utf8')) as typeof raw;
      data.community.faq[0]!.answer = 'On the Starter plan a 4% platform fee applies to each payment you receive.';
      await writeFile(file, JSON.stringify(data));
    });
    try {
      expect(copyCheck(root)).toBe(
        [
          'Copy that contradicts the plans (src/content/plans/plans.json); docs/content.md explains the slots:',
          '  src/content/plans/plans.json, field community.faq[0].answer: "Starter plan" names a plan that does not exist: the plans are Lite, Plus, Advance, Free Forever, Business, Enterprise',
        ].join('\n'),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('warns, naming the offer file, once the offer has ended, and not before', async () => {
    const root = await contentWith(async (dir) => {
      const file = join(dir, 'src/content/offer/mega-bundle.json');
      const data = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      await writeFile(file, JSON.stringify({ ...data, deadline: '2027-03-31T23:59:59+05:30' }));
    });
    try {
      expect(offerWarnings(root, new Date('2027-03-31T23:59:58+05:30'))).toEqual([]);
      expect(offerWarnings(root, new Date('2027-03-31T23:59:59+05:30'))).toEqual([
        'src/content/offer/mega-bundle.json, field deadline: the offer ended on March 31, 2027 (2027-03-31T23:59:59+05:30), so the home popup no longer opens. Give it a deadline that is still ahead.',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
