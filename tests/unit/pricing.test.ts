import { describe, expect, it } from 'vitest';
import raw from '../../src/content/plans/plans.json';
import { fillBrand } from '../../src/lib/brand';
import { formatRupees } from '../../src/lib/format';
import { planSlots } from '../../src/lib/pricing/plan-copy';
import {
  chargesOf,
  formatCharge,
  priceLines,
  priceOf,
  setupLine,
  yearlySaving,
  type Plans,
} from '../../src/lib/pricing/prices';
import { communityPeriods } from '../../src/lib/pricing/periods';
import { pricingPlans, type PricingSettings } from '../../src/lib/pricing/cards';
import { whatsappOffersJsonLd } from '../../src/lib/pricing/json-ld';
import { plansSchema } from '../../src/lib/schemas/plans';
import rawFacts from '../../src/content/facts/facts.json';
import { factSlots } from '../../src/lib/claims/facts';
import { factsSchema } from '../../src/lib/schemas/facts';

const plans: Plans = plansSchema.parse(raw);
const facts = factsSchema.parse(rawFacts);
/** The plans as a pricing page of a price list reads them: every plan and fact slot filled with that price list. */
const read = (priceList: 'main' | 'mr'): Plans =>
  fillBrand(plans, { ...planSlots(plans, priceList), ...factSlots(facts, plans, priceList) });
const community = (id: string) => plans.community.plans.find((p) => p.id === id)!;
const whatsapp = (id: string) => plans.whatsapp.plans.find((p) => p.id === id)!;

describe('community plans (product rule: the prices of the pricing page)', () => {
  it('lists Lite, Plus and Advance in that order', () => {
    expect(plans.community.plans.map((p) => p.name)).toEqual(['Lite', 'Plus', 'Advance']);
  });

  it('has the main prices', () => {
    expect(priceOf(community('lite'), 'main', 'monthly')).toBe(0);
    expect(priceOf(community('lite'), 'main', 'yearly')).toBe(0);
    expect(priceOf(community('plus'), 'main', 'monthly')).toBe(2499);
    expect(priceOf(community('plus'), 'main', 'yearly')).toBe(24999);
    expect(priceOf(community('advance'), 'main', 'monthly')).toBe(4499);
    expect(priceOf(community('advance'), 'main', 'yearly')).toBe(49999);
  });

  it('has the /mr/ prices, and no invented Lite price there', () => {
    expect(priceOf(community('plus'), 'mr', 'monthly')).toBe(1499);
    expect(priceOf(community('plus'), 'mr', 'yearly')).toBe(11999);
    expect(priceOf(community('advance'), 'mr', 'monthly')).toBe(1999);
    expect(priceOf(community('advance'), 'mr', 'yearly')).toBe(17999);
    expect(priceOf(community('lite'), 'mr', 'monthly')).toBeNull();
    expect(priceOf(community('lite'), 'mr', 'yearly')).toBeNull();
    // No setup cost on /mr/: left out, as the admin writes an empty optional field.
    expect(community('lite').setupCost?.mr ?? null).toBeNull();
  });

  it('charges Lite a 5000 setup cost and a 2% fee, Plus 0%', () => {
    expect(community('lite').setupCost?.main).toBe(5000);
    expect(community('lite').transactionFeePercent).toBe(2);
    expect(community('plus').transactionFeePercent).toBe(0);
  });

  it("answers the fee questions with the plans' real names and fees and the gateway facts of section 9", () => {
    const text = read('main')
      .community.faq.map((f) => f.answer)
      .join(' ');
    for (const fact of [
      'On Lite, a 2% transaction fee',
      'On Plus the transaction fee is 0%',
      'on Advance it is 0%',
      '2 to 2.5%',
      '0 on UPI, 0 on debit cards, 0.01% on credit cards',
      '₹29.05 per net banking transaction',
      // The spec's "Pro plan includes it, Starter sells it as an add-on": Plus and Advance (0%), Lite (2%).
      'A custom domain is included on Plus and Advance',
      'on Lite you can add one as a paid add-on',
      'free subdomain',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toMatch(/starter|\bpro\b|4%/i);
  });

  it('states in the FAQ and the badge what yearly billing saves on the prices of each page', () => {
    // Spec prices: Plus 2499 x 12 = 29988 against 24999 (16.6 %), Advance 4499 x 12 = 53988 against 49999 (7.4 %);
    // /mr/: Plus 1499 x 12 = 17988 against 11999 (33.3 %), Advance 1999 x 12 = 23988 against 17999 (24.97 %).
    const billing = (priceList: 'main' | 'mr') => read(priceList).community.faq.find((f) => f.id === 'billing')!.answer;
    expect(billing('main')).toContain('saves up to 16% compared with paying month by month');
    expect(billing('mr')).toContain('saves up to 33% compared with paying month by month');
    expect(read('main').community.yearlyBadge).toBe('Save up to 16%');
    expect(read('mr').community.yearlyBadge).toBe('Save up to 33%');
  });

  it('opens the sales chat with the Plus and Advance messages', () => {
    expect(community('plus').cta).toMatchObject({ kind: 'chat', message: 'plusUpgrade' });
    expect(community('advance').cta).toMatchObject({ kind: 'chat', message: 'advanceEnquiry' });
  });
});

describe('WhatsApp plans (product rule: the prices of the WhatsApp pricing page)', () => {
  it('lists Free Forever, Business and Enterprise', () => {
    expect(plans.whatsapp.plans.map((p) => p.name)).toEqual(['Free Forever', 'Business', 'Enterprise']);
  });

  it('has the main prices per period', () => {
    expect(priceOf(whatsapp('free'), 'main', 'monthly')).toBe(0);
    expect((['monthly', 'quarterly', 'yearly'] as const).map((p) => priceOf(whatsapp('business'), 'main', p))).toEqual([
      2499, 6999, 24999,
    ]);
    expect(
      (['monthly', 'quarterly', 'yearly'] as const).map((p) => priceOf(whatsapp('enterprise'), 'main', p)),
    ).toEqual([4499, 13999, 49999]);
  });

  it('has the /mr/ prices per period', () => {
    expect((['monthly', 'quarterly', 'yearly'] as const).map((p) => priceOf(whatsapp('business'), 'mr', p))).toEqual([
      1799, 4499, 11999,
    ]);
    expect((['monthly', 'quarterly', 'yearly'] as const).map((p) => priceOf(whatsapp('enterprise'), 'mr', p))).toEqual([
      2999, 7499, 23999,
    ]);
  });

  it('costs 5000 to set up on the main priceList and nothing on /mr/', () => {
    expect(plans.whatsapp.setupCost).toEqual({ main: 5000, mr: 0 });
    expect(setupLine(5000, plans.labels)).toBe('+ ₹5,000 one-time setup cost');
    expect(setupLine(0, plans.labels)).toBe('Zero setup fees');
  });

  it('charges per message by plan and priceList', () => {
    expect(chargesOf(whatsapp('free'), 'main')).toEqual({ marketing: 0.9, utility: 0.25, service: 0 });
    expect(chargesOf(whatsapp('free'), 'mr')).toEqual({ marketing: 0.9, utility: 0.15, service: 0 });
    for (const id of ['business', 'enterprise']) {
      for (const priceList of ['main', 'mr'] as const) {
        expect(chargesOf(whatsapp(id), priceList)).toEqual({ marketing: 0.78, utility: 0.115, service: 0 });
      }
    }
  });

  it('gives the free plan its limits and the paid plans a 7-day trial', () => {
    expect(plans.whatsapp.freeLimits).toEqual({
      conversationCredits: 50,
      chatbotTriggers: 10,
      agents: 1,
      tags: 10,
      customAttributes: 5,
    });
    expect(whatsapp('free').trialDays).toBeUndefined();
    expect(whatsapp('business').trialDays).toBe(7);
    expect(whatsapp('enterprise').trialDays).toBe(7);
  });
});

describe('plan cards and offers', () => {
  it('print each period price with its suffix and screen-reader note, and nothing where a plan has no price', () => {
    expect(priceLines(community('plus'), 'main', communityPeriods, plans.labels)).toEqual([
      { period: 'yearly', amount: '₹24,999', suffix: '/year', billed: ', billed yearly' },
      { period: 'monthly', amount: '₹2,499', suffix: '/month', billed: ', billed monthly' },
    ]);
    expect(priceLines(community('lite'), 'mr', communityPeriods, plans.labels)).toEqual([]);
  });

  it('name each WhatsApp offer by plan and period, the free plan once', () => {
    const site = { url: 'https://www.site.example', brand: 'Brand' };
    const product = whatsappOffersJsonLd(plans.whatsapp, 'mr', plans.labels, site) as {
      brand: { name: string };
      offers: { name: string; price: number; url: string }[];
    };
    expect(product.brand.name).toBe('Brand');
    expect(new Set(product.offers.map((offer) => offer.url))).toEqual(
      new Set(['https://www.site.example/mr/business-whatsapp-pricing']),
    );
    expect(product.offers.map((offer) => [offer.name, offer.price])).toEqual([
      ['Free Forever', 0],
      ['Business (Yearly)', 11999],
      ['Business (Quarterly)', 4499],
      ['Business (Monthly)', 1799],
      ['Enterprise (Yearly)', 23999],
      ['Enterprise (Quarterly)', 7499],
      ['Enterprise (Monthly)', 2999],
    ]);
  });
});

const settings = (priceList: PricingSettings['priceList']): PricingSettings => ({
  priceList,
  messages: {
    plusUpgrade: 'plus?',
    advanceEnquiry: 'advance?',
    whatsappPlans: 'whatsapp?',
    planHelp: 'help?',
    thankYou: 'thanks?',
  },
  links: { start: 'https://app.site.example/admin', chat: (message) => `https://chat.example/1?text=${message}` },
});

describe("a pricing page's toggle and cards", () => {
  it("give the toggle the product's periods, the content's default period and the savings badge", () => {
    const { toggle } = pricingPlans(read('main'), 'community', settings('main'));
    expect(toggle).toEqual({
      name: 'community-period',
      periods: ['yearly', 'monthly'],
      defaultPeriod: raw.community.defaultPeriod,
      badge: { period: 'yearly', text: 'Save up to 16%' },
    });
    const whatsappToggle = pricingPlans(plans, 'whatsapp', settings('main')).toggle;
    expect(whatsappToggle).toMatchObject({ periods: ['yearly', 'quarterly', 'monthly'], badge: undefined });
    expect(whatsappToggle.defaultPeriod).toBe(raw.whatsapp.defaultPeriod);
  });

  it('print on each card a price line for every period the toggle shows', () => {
    for (const product of ['community', 'whatsapp'] as const) {
      const { toggle, cards } = pricingPlans(plans, product, settings('main'));
      for (const card of cards) expect(card.priceLines.map((line) => line.period)).toEqual(toggle.periods);
    }
  });

  it('give a community card its setup cost, fee and button, and the no-price line where the priceList has no price', () => {
    const [lite, plus] = pricingPlans(read('main'), 'community', settings('main')).cards;
    expect(lite).toMatchObject({
      id: 'plan-lite',
      setup: '+ ₹5,000 one-time setup cost',
      note: '2% transaction fee',
      cta: { href: 'https://app.site.example/admin', kind: 'start', label: 'Get Started' },
    });
    expect(plus).toMatchObject({ popular: 'Most popular', note: '0% transaction fee', setup: undefined });
    expect(plus!.cta).toMatchObject({
      href: 'https://chat.example/1?text=plus?',
      kind: 'chat',
      topic: 'plus-upgrade',
      label: 'Upgrade to Plus',
    });
    expect(plus!.features[0]).toBe('Everything in Lite');
    const regionalLite = pricingPlans(plans, 'community', settings('mr')).cards[0]!;
    expect(regionalLite).toMatchObject({ priceLines: [], noPrice: raw.community.noPrice, setup: undefined });
  });

  it('give a WhatsApp card the setup cost of its priceList, the trial, the free limits and the charges', () => {
    const [free, business] = pricingPlans(plans, 'whatsapp', settings('main')).cards;
    expect(free!.id).toBe('wa-plan-free');
    expect(free!.setup).toBe('+ ₹5,000 one-time setup cost');
    expect(free!.note).toBeUndefined();
    expect(free!.features.slice(0, 5)).toEqual([
      '50 free conversation credits',
      'Chatbot with 10 triggers',
      '1 agent',
      '10 tags',
      '5 custom attributes',
    ]);
    expect(free!.charges).toEqual({
      amounts: { marketing: 0.9, utility: 0.25, service: 0 },
      labels: raw.whatsapp.charges,
    });
    expect(business).toMatchObject({ note: '7-day free trial', features: whatsapp('business').features });
    expect(pricingPlans(plans, 'whatsapp', settings('mr')).cards[1]!.setup).toBe('Zero setup fees');
  });
});

describe('what yearly billing saves', () => {
  it('is a whole percent of twelve monthly payments, rounded down so it never claims more', () => {
    expect(yearlySaving({ monthly: 1000, yearly: 8000 })).toBe(33); // 33.3 %
    expect(yearlySaving({ monthly: 2499, yearly: 24999 })).toBe(16); // 16.6 %
    expect(yearlySaving({ monthly: 1000, yearly: 9600 })).toBe(20); // exactly 20 %, not 19.999...
    expect(yearlySaving({ monthly: 0, yearly: 0 })).toBeNull();
  });
});

describe('the schema', () => {
  it('rejects a negative price and an unknown field', () => {
    const broken = structuredClone(raw) as typeof raw;
    broken.community.plans[1]!.prices.main.monthly = -1;
    expect(plansSchema.safeParse(broken).success).toBe(false);
    const extra = { ...structuredClone(raw), surprise: true };
    expect(plansSchema.safeParse(extra).success).toBe(false);
  });

  it('takes the headline and the badge as copy an editor may change, within bounds', () => {
    const edited = structuredClone(raw);
    edited.community.heading = 'Pay for what you use.';
    edited.community.yearlyBadge = 'Best value';
    expect(plansSchema.safeParse(edited).success).toBe(true);
    edited.community.yearlyBadge = 'Save '.repeat(10);
    expect(plansSchema.safeParse(edited).success).toBe(false);
  });

  it("takes as default only a period the product's toggle has", () => {
    const edited = structuredClone(raw) as unknown as { community: { defaultPeriod: string } };
    edited.community.defaultPeriod = 'quarterly';
    expect(plansSchema.safeParse(edited).success).toBe(false);
  });
});

describe('formatting', () => {
  it('prints prices in rupees with Indian grouping', () => {
    expect(formatRupees(49999)).toBe('₹49,999');
    expect(formatRupees(4599900)).toBe('₹45,99,900');
  });

  it('prints per-message charges with at least two decimals', () => {
    expect(formatCharge(0.9)).toBe('₹0.90');
    expect(formatCharge(0.115)).toBe('₹0.115');
    expect(formatCharge(0.25)).toBe('₹0.25');
    expect(formatCharge(0)).toBe('₹0');
  });
});
