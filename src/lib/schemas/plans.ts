/** Every plan and price of /pricing, /mr/pricing and both WhatsApp pricing pages (src/content/plans/plans.json). */
import { z } from 'astro/zod';
import { faqItem } from './common';

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
