/**
 * Every plan and price of /pricing, /mr/pricing and both WhatsApp pricing pages, and the words around them
 * (src/content/plans/plans.json). Sentences with a number in them hold a slot for it ("{percent}% transaction fee"),
 * so that each number is written once.
 */
import { z } from 'astro/zod';
import { communityPeriods, whatsappPeriods } from '../pricing/periods';
import { faqItem, seo } from './common';

const rupees = z.number().int().nonnegative();
const perMessage = z.number().nonnegative();

/** A price per billing period; `null` for a variant means the product sets no such price there (nothing is invented). */
const communityPrices = z.object({ monthly: rupees, yearly: rupees }).strict();
const whatsappPrices = z.object({ monthly: rupees, quarterly: rupees, yearly: rupees }).strict();
/** A value for the main pages and one for the /mr/ pages; none (null or left out) where the /mr/ pages have none. */
const perVariant = <T extends z.ZodTypeAny>(value: T) => z.object({ main: value, mr: value.nullish() }).strict();
const label = z.string().min(1).max(80);
/** A sentence that names its slots, e.g. slotted('amount') for "+ {amount} one-time setup cost". */
const slotted = (...slots: string[]) =>
  slots.reduce((text, slot) => text.includes(`{${slot}}`, { message: `must hold {${slot}}` }), label);
/** Page name and description of each variant's page. */
const pages = z.object({ main: z.object(seo).strict(), mr: z.object(seo).strict() }).strict();
const period = z.object({ label, suffix: label }).strict();

/** Labels every pricing page shares: the period toggle, the price lines, the plan cards' badge and setup line. */
const labels = z
  .object({
    plans: label.describe('The accessible name of the list of plan cards.'),
    billingPeriod: label.describe("The period toggle's legend (read by screen readers)."),
    periods: z
      .object({ yearly: period, quarterly: period, monthly: period })
      .strict()
      .describe('Each period\'s toggle label ("Yearly") and what follows a price ("/year").'),
    badgeBilling: slotted('period').describe(
      'After the badge next to the toggle: "with {period} billing" (the period\'s label, lower case).',
    ),
    billed: slotted('period').describe('After each price, for screen readers: ", billed {period}".'),
    mostPopular: label,
    setupCost: slotted('amount'),
    noSetupCost: label,
  })
  .strict();

const messageCall = z.enum(['plusUpgrade', 'advanceEnquiry', 'businessOrLifetime', 'planHelp']);
/** Where a card's button leads: the admin app, or the sales chat with one of the prefilled messages. */
/** What a plan has in a row of the comparison table. */
export const COMPARISON_MARKS = { yes: 'yes', no: 'no' } as const;
const comparisonCell = z
  .string()
  .min(1)
  .max(40)
  .describe('"yes" shows a check mark, "no" a dash; any other text is shown as written.');

const cta = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signup'), label: z.string().min(3) }).strict(),
  z.object({ kind: z.literal('chat'), label: z.string().min(3), message: messageCall }).strict(),
]);

const communityPlan = z
  .object({
    id: z.enum(['lite', 'plus', 'advance']),
    name: z.string().min(2),
    tagline: z.string().min(10),
    prices: perVariant(communityPrices),
    setupCost: perVariant(rupees)
      .optional()
      .describe('One-time setup cost per variant (null: not given for that variant).'),
    transactionFeePercent: z.number().nonnegative().optional(),
    highlighted: z.boolean().default(false),
    features: z.array(z.string().min(3)).min(3),
    cta,
  })
  .strict();

export const conversationCharges = z
  .object({ marketing: perMessage, utility: perMessage, service: perMessage })
  .strict();

const whatsappPlan = z
  .object({
    id: z.enum(['free', 'business', 'enterprise']),
    name: z.string().min(2),
    tagline: z.string().min(10),
    prices: perVariant(whatsappPrices),
    charges: perVariant(conversationCharges),
    trialDays: z.number().int().positive().optional(),
    highlighted: z.boolean().default(false),
    features: z.array(z.string().min(3)).min(3),
    cta,
  })
  .strict();

/** One value per limit of the free WhatsApp plan. */
const perFreeLimit = <T extends z.ZodTypeAny>(value: T) =>
  z
    .object({ conversationCredits: value, chatbotTriggers: value, agents: value, tags: value, customAttributes: value })
    .strict();

export const plansSchema = z
  .object({
    labels,
    community: z
      .object({
        pages,
        eyebrow: label,
        heading: z.string().min(5).max(80),
        intro: z.string().min(20),
        defaultPeriod: z.enum(communityPeriods).describe('The period the toggle shows first.'),
        yearlyBadge: z
          .string()
          .min(3)
          .max(24)
          .describe(
            'The badge next to Yearly: "Save {yearlySaving}", where {yearlySaving} is what yearly billing saves on the prices of the page ("up to 16%"). A percentage written here instead stops the build.',
          ),
        savingUpTo: slotted('percent').describe(
          'How {yearlySaving} reads when the paid plans save different amounts: "up to {percent}" (the largest saving).',
        ),
        plans: z.array(communityPlan).length(3),
        noPrice: label.describe('Instead of a price, where the variant has none for a plan.'),
        fee: slotted('percent').describe('"{percent}% transaction fee" on a card.'),
        salesNote: z
          .object({
            text: label,
            link: label,
            plans: z
              .array(z.string().min(2).max(40))
              .max(6)
              .describe(
                'The plans the sales team sells without a card, which this note and the chat messages may name ("Lifetime" for "Lifetime Plan"). Any other plan name before "plan" stops the build.',
              ),
          })
          .strict()
          .describe('Under the cards: a question and the sales-chat link that answers it.'),
        comparison: z
          .object({
            heading: z.string().min(5),
            feature: label.describe("The first column's header."),
            fee: label.describe("The first row: each plan's transaction fee."),
            included: label.describe('What a check mark and a dash in a cell read as.'),
            notIncluded: label,
            rows: z
              .array(
                z
                  .object({
                    feature: z.string().min(3),
                    lite: comparisonCell,
                    plus: comparisonCell,
                    advance: comparisonCell,
                  })
                  .strict(),
              )
              .min(5),
          })
          .strict(),
        faqHeading: label,
        faq: z.array(faqItem).min(4),
      })
      .strict(),
    whatsapp: z
      .object({
        pages,
        eyebrow: label,
        heading: z.string().min(5),
        intro: z.string().min(20),
        defaultPeriod: z.enum(whatsappPeriods).describe('The period the toggle shows first.'),
        setupCost: perVariant(rupees).describe('One-time setup cost per variant.'),
        plans: z.array(whatsappPlan).length(3),
        trial: slotted('days').describe('"{days}-day free trial" on a paid plan\'s card.'),
        charges: z
          .object({ heading: label, marketing: label, utility: label, service: label })
          .strict()
          .describe('The per-message charges on each card: a heading and a name per kind.'),
        freeLimits: perFreeLimit(z.number().int().positive()).describe('Free plan limits, printed on its card.'),
        freeLimitLines: perFreeLimit(slotted('n')).describe(
          'The line of each free plan limit, its number as {n}: "Chatbot with {n} triggers".',
        ),
        product: z
          .object({ name: label, offer: slotted('plan', 'period') })
          .strict()
          .describe('The JSON-LD product: its name, and each offer\'s "{plan} ({period})".'),
        lead: z.object({ heading: z.string().min(5), text: z.string().min(20) }).strict(),
      })
      .strict(),
  })
  .strict();
