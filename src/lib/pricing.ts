/**
 * The price model: the schema of src/content/plans/plans.json (every plan and price, main and /mr/ variants side by
 * side) and the pure lookups the pricing pages, the WhatsApp landing page and the unit tests share.
 */
import { z } from 'astro/zod';
import { formatRupees } from './format';

/** The two price lists: the main site and the regional /mr/ pages. */
export const variants = ['main', 'mr'] as const;
export type Variant = (typeof variants)[number];

export const communityPeriods = ['yearly', 'monthly'] as const;
export const whatsappPeriods = ['yearly', 'quarterly', 'monthly'] as const;
export type Period = (typeof whatsappPeriods)[number];

export const periodLabels: Record<Period, string> = {
  yearly: 'Yearly',
  quarterly: 'Quarterly',
  monthly: 'Monthly',
};
/** Shown after a price: "₹24,999/year". */
export const periodSuffix: Record<Period, string> = {
  yearly: '/year',
  quarterly: '/quarter',
  monthly: '/month',
};

const rupees = z.number().int().nonnegative();
const perMessage = z.number().nonnegative();

/** A price per billing period; `null` for a variant means the spec does not give that price (nothing is invented). */
const communityPrices = z.object({ monthly: rupees, yearly: rupees }).strict();
const whatsappPrices = z.object({ monthly: rupees, quarterly: rupees, yearly: rupees }).strict();
const perVariant = <T extends z.ZodTypeAny>(value: T) => z.object({ main: value, mr: value.nullable() }).strict();

const messageCall = z.enum(['plusUpgrade', 'advanceEnquiry', 'businessOrLifetime', 'planHelp']);
/** Where a card's button leads: the admin app, or the sales chat with one of the prefilled messages. */
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
    /** One-time setup cost per variant (null: not given for that variant). */
    setupCost: perVariant(rupees).optional(),
    transactionFeePercent: z.number().nonnegative().optional(),
    highlighted: z.boolean().default(false),
    features: z.array(z.string().min(3)).min(3),
    cta,
  })
  .strict();

const conversationCharges = z.object({ marketing: perMessage, utility: perMessage, service: perMessage }).strict();

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

const faqItem = z.object({ id: z.string().min(1), question: z.string().min(10), answer: z.string().min(20) }).strict();

export const plansSchema = z
  .object({
    community: z
      .object({
        heading: z.string().min(5),
        intro: z.string().min(20),
        yearlyBadge: z.string().min(3),
        plans: z.array(communityPlan).length(3),
        comparison: z.object({
          heading: z.string().min(5),
          rows: z
            .array(
              z
                .object({
                  feature: z.string().min(3),
                  lite: z.union([z.boolean(), z.string()]),
                  plus: z.union([z.boolean(), z.string()]),
                  advance: z.union([z.boolean(), z.string()]),
                })
                .strict(),
            )
            .min(5),
        }),
        faq: z.array(faqItem).min(4),
      })
      .strict(),
    whatsapp: z
      .object({
        heading: z.string().min(5),
        intro: z.string().min(20),
        /** One-time setup cost per variant. */
        setupCost: perVariant(rupees),
        plans: z.array(whatsappPlan).length(3),
        /** Free plan limits, printed on its card. */
        freeLimits: z
          .object({
            conversationCredits: z.number().int().positive(),
            chatbotTriggers: z.number().int().positive(),
            agents: z.number().int().positive(),
            tags: z.number().int().positive(),
            customAttributes: z.number().int().positive(),
          })
          .strict(),
        lead: z.object({ heading: z.string().min(5), text: z.string().min(20) }).strict(),
      })
      .strict(),
  })
  .strict();

export type Plans = z.infer<typeof plansSchema>;
export type CommunityPlan = Plans['community']['plans'][number];
export type WhatsappPlan = Plans['whatsapp']['plans'][number];
export type ConversationCharges = z.infer<typeof conversationCharges>;

/** A plan's price for one variant and period, or null when the spec gives none for that variant. */
export function priceOf(plan: CommunityPlan | WhatsappPlan, variant: Variant, period: Period): number | null {
  const prices = plan.prices[variant];
  if (!prices) return null;
  return (prices as Partial<Record<Period, number>>)[period] ?? null;
}

export function chargesOf(plan: WhatsappPlan, variant: Variant): ConversationCharges | null {
  return plan.charges[variant];
}

/** A per-message charge: "₹0.90", "₹0.115", "₹0". */
export function formatCharge(amount: number): string {
  if (amount === 0) return formatRupees(0);
  const decimals = Math.max(2, (String(amount).split('.')[1] ?? '').length);
  return formatRupees(amount, { decimals });
}

/** "₹5,000 one-time setup cost" or "Zero setup fees", per variant. */
export function setupLine(amount: number): string {
  return amount === 0 ? 'Zero setup fees' : `+ ${formatRupees(amount)} one-time setup cost`;
}

/** Route of each pricing page per variant. */
export const pricingPaths: Record<Variant, { community: string; whatsapp: string }> = {
  main: { community: '/pricing', whatsapp: '/business-whatsapp-pricing' },
  mr: { community: '/mr/pricing', whatsapp: '/mr/business-whatsapp-pricing' },
};
