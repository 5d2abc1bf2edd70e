/**
 * The price model: the pure lookups the pricing pages, the WhatsApp landing page and the unit tests share. The schema
 * of src/content/plans/plans.json (every plan and price, main and /mr/ variants side by side, and the pricing pages'
 * labels) is in ./schemas/plans.ts; the types here are derived from it. The words are content; this module only
 * fills their slots.
 */
import type { z } from 'astro/zod';
import { chatLink, site } from '../config/site';
import { CHAT_TOPICS, type ChatTopic } from './analytics';
import { fillSlots } from './brand';
import { formatRupees } from './format';
import type { conversationCharges, plansSchema } from './schemas/plans';
import type { Ui } from './schemas/ui';

/** The two price lists: the main site and the regional /mr/ pages. */
export const variants = ['main', 'mr'] as const;
export type Variant = (typeof variants)[number];

export const communityPeriods = ['yearly', 'monthly'] as const;
export const whatsappPeriods = ['yearly', 'quarterly', 'monthly'] as const;
export type Period = (typeof whatsappPeriods)[number];

export type Plans = z.infer<typeof plansSchema>;
export type PricingLabels = Plans['labels'];
export type CommunityPlan = Plans['community']['plans'][number];
export type WhatsappPlan = Plans['whatsapp']['plans'][number];
export type PlanCta = CommunityPlan['cta'];
export type ConversationCharges = z.infer<typeof conversationCharges>;

/** A plan's price for one variant and period, or null when the product sets none for that variant. */
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

/** "+ ₹5,000 one-time setup cost", or "Zero setup fees" when there is none. */
export function setupLine(amount: number, labels: Pick<PricingLabels, 'setupCost' | 'noSetupCost'>): string {
  return amount === 0 ? labels.noSetupCost : fillSlots(labels.setupCost, { amount: formatRupees(amount) });
}

/** One period's price on a plan card: "₹24,999", "/year" and, for screen readers, ", billed yearly". */
export interface PriceLine {
  period: Period;
  amount: string;
  suffix: string;
  billed: string;
}

/** A plan's price line for each period that has a price in the variant (none when the product sets none). */
export function priceLines(
  plan: CommunityPlan | WhatsappPlan,
  variant: Variant,
  periods: readonly Period[],
  labels: Pick<PricingLabels, 'periods' | 'billed'>,
): PriceLine[] {
  return periods.flatMap((period) => {
    const price = priceOf(plan, variant, period);
    const { label, suffix } = labels.periods[period];
    return price === null
      ? []
      : [
          {
            period,
            amount: formatRupees(price),
            suffix,
            billed: fillSlots(labels.billed, { period: label.toLowerCase() }),
          },
        ];
  });
}

/** Where a plan's button leads: the admin app (a `start` link) or the sales chat with the plan's prefilled message. */
export function planCta(
  cta: PlanCta,
  messages: Ui['chat'],
): { href: string; kind: 'start' | 'chat'; topic?: ChatTopic } {
  return cta.kind === 'signup'
    ? { href: site.adminAppUrl, kind: 'start' }
    : { href: chatLink(messages[cta.message]), kind: 'chat', topic: CHAT_TOPICS[cta.message] };
}

/**
 * What every plan card (components/ui/PlanCard.astro) takes from its plan: the heading id (`idPrefix` + plan id), name,
 * tagline, the "Most popular" badge, the price lines of the variant, the features and the button.
 */
export function planCard(
  plan: CommunityPlan | WhatsappPlan,
  options: {
    idPrefix: string;
    variant: Variant;
    periods: readonly Period[];
    labels: PricingLabels;
    messages: Ui['chat'];
  },
) {
  const { idPrefix, variant, periods, labels, messages } = options;
  return {
    id: `${idPrefix}${plan.id}`,
    name: plan.name,
    tagline: plan.tagline,
    popular: plan.highlighted ? labels.mostPopular : undefined,
    prices: priceLines(plan, variant, periods, labels),
    features: plan.features,
    cta: { ...planCta(plan.cta, messages), label: plan.cta.label },
  };
}

/** The WhatsApp plans as a schema.org Product with one Offer per plan and period (the free plan once). */
export function whatsappOffersJsonLd(
  whatsapp: Plans['whatsapp'],
  variant: Variant,
  labels: Pick<PricingLabels, 'periods'>,
): Record<string, unknown> {
  const url = new URL(pricingPaths[variant].whatsapp, site.url).toString();
  return {
    '@type': 'Product',
    name: whatsapp.product.name,
    description: whatsapp.intro,
    brand: { '@type': 'Brand', name: site.brand },
    offers: whatsapp.plans.flatMap((plan) =>
      whatsappPeriods
        .filter((period) => plan.id !== 'free' || period === 'monthly')
        .map((period) => ({
          '@type': 'Offer',
          name:
            plan.id === 'free'
              ? plan.name
              : fillSlots(whatsapp.product.offer, { plan: plan.name, period: labels.periods[period].label }),
          price: priceOf(plan, variant, period),
          priceCurrency: 'INR',
          url,
          availability: 'https://schema.org/InStock',
        })),
    ),
  };
}

/** Route of each pricing page per variant: the regional pages live under /mr/. */
export const pricingPaths: Record<Variant, { community: string; whatsapp: string }> = {
  main: { community: '/pricing', whatsapp: '/business-whatsapp-pricing' },
  mr: { community: '/mr/pricing', whatsapp: '/mr/business-whatsapp-pricing' },
};

/** The props of a page built once per variant. */
export interface VariantProps {
  variant: Variant;
}

/** getStaticPaths of a route src/pages/[...variant]/<page>.astro: the variant's folder, none for the main site. */
export function variantRoutes(): { params: { variant: string | undefined }; props: VariantProps }[] {
  return variants.map((variant) => ({
    params: { variant: variant === 'main' ? undefined : variant },
    props: { variant },
  }));
}
