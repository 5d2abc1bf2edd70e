/**
 * The price model: the pure lookups the pricing pages, the WhatsApp landing page and the unit tests share. The schema
 * of src/content/plans/plans.json (every plan and price, main and /mr/ variants side by side, and the pricing pages'
 * labels) is in ./schemas/plans.ts; the types here are derived from it. The words are content; this module only
 * fills their slots. Pure: what comes from configuration (the site's address, the buttons' links) is passed in.
 */
import type { z } from 'astro/zod';
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
  return plan.charges[variant] ?? null;
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

/**
 * What the cards take from configuration, passed in by the page: the admin app's address behind a `signup` button and
 * the sales chat link of a prefilled message behind a `chat` button.
 */
export interface CardLinks {
  start: string;
  chat: (message: string) => string;
}

/** Where a plan's button leads: the admin app (a `start` link) or the sales chat with the plan's prefilled message. */
export function planCta(
  cta: PlanCta,
  messages: Ui['chat'],
  links: CardLinks,
): { href: string; kind: 'start' | 'chat'; topic?: ChatTopic } {
  return cta.kind === 'signup'
    ? { href: links.start, kind: 'start' }
    : { href: links.chat(messages[cta.message]), kind: 'chat', topic: CHAT_TOPICS[cta.message] };
}

/** The two price lists of the pricing pages: the community plans (/pricing) and the WhatsApp plans. */
export type Product = 'community' | 'whatsapp';

/**
 * Each product's billing periods in the toggle's order (the one list both the toggle and the cards' price lines
 * follow), the radio group's name, and the prefix of its cards' heading ids.
 */
export const products = {
  community: { periods: communityPeriods, toggleName: 'community-period', idPrefix: 'plan-' },
  whatsapp: { periods: whatsappPeriods, toggleName: 'whatsapp-period', idPrefix: 'wa-plan-' },
} as const satisfies Record<Product, { periods: readonly Period[]; toggleName: string; idPrefix: string }>;

/** The props of components/ui/PlanCard.astro: everything one card shows. */
export interface PlanCardProps {
  /** The heading's id, unique on the page. */
  id: string;
  name: string;
  tagline: string;
  /** The badge's text; a card with a badge stands out. */
  popular?: string | undefined;
  /** One line per period; none when the plan has no price here. */
  prices: PriceLine[];
  /** Shown instead of the prices when there are none. */
  noPrice?: string | undefined;
  setup?: string | undefined;
  /** A line in green under the price: the transaction fee, the free trial. */
  note?: string | undefined;
  features: string[];
  /** A WhatsApp plan's per-message charges, with their heading and the name of each kind. */
  charges?: { amounts: ConversationCharges; labels: Plans['whatsapp']['charges'] } | undefined;
  /** The button: `start` leads to the admin app, `chat` to the sales chat. */
  cta: { href: string; label: string; kind: 'start' | 'chat'; topic?: ChatTopic | undefined };
}

/** The period toggle of a pricing page: its radio group, its periods, the one checked at first and its badge. */
export interface PeriodToggleProps {
  name: string;
  periods: readonly Period[];
  defaultPeriod: Period;
  /** A badge shown next to one period, e.g. the community plans' savings next to Yearly. */
  badge?: { period: Period; text: string } | undefined;
}

/** What a pricing page passes in: the variant, the sales chat's prefilled messages and the buttons' addresses. */
export interface PricingSettings {
  variant: Variant;
  messages: Ui['chat'];
  links: CardLinks;
}

/** The setup cost line of the WhatsApp plans in a variant (the main variant's cost where the variant sets none). */
export function whatsappSetupLine(plans: Plans, variant: Variant): string {
  return setupLine(plans.whatsapp.setupCost[variant] ?? plans.whatsapp.setupCost.main, plans.labels);
}

/**
 * One plan's complete card for a variant: heading id, name, tagline, "Most popular" badge, the price lines of the
 * product's periods, the setup cost, the note (a community plan's transaction fee, a WhatsApp plan's free trial), the
 * features (the free WhatsApp plan's limits first), the conversation charges of a WhatsApp plan and the button.
 */
export function planCard(
  plans: Plans,
  plan: CommunityPlan | WhatsappPlan,
  { variant, messages, links }: PricingSettings,
): PlanCardProps {
  const { labels } = plans;
  const product: Product = 'charges' in plan ? 'whatsapp' : 'community';
  const card = {
    id: `${products[product].idPrefix}${plan.id}`,
    name: plan.name,
    tagline: plan.tagline,
    popular: plan.highlighted ? labels.mostPopular : undefined,
    prices: priceLines(plan, variant, products[product].periods, labels),
    features: plan.features,
    cta: { ...planCta(plan.cta, messages, links), label: plan.cta.label },
  };
  if ('charges' in plan) {
    const { whatsapp } = plans;
    const limits = Object.entries(whatsapp.freeLimits) as [keyof typeof whatsapp.freeLimits, number][];
    return {
      ...card,
      setup: whatsappSetupLine(plans, variant),
      note: plan.trialDays ? fillSlots(whatsapp.trial, { days: plan.trialDays }) : undefined,
      features:
        plan.id === 'free'
          ? [...limits.map(([key, n]) => fillSlots(whatsapp.freeLimitLines[key], { n })), ...plan.features]
          : plan.features,
      charges: { amounts: chargesOf(plan, variant) ?? plan.charges.main, labels: whatsapp.charges },
    };
  }
  const setup = plan.setupCost?.[variant];
  return {
    ...card,
    noPrice: plans.community.noPrice,
    setup: typeof setup === 'number' ? setupLine(setup, labels) : undefined,
    note:
      plan.transactionFeePercent === undefined
        ? undefined
        : fillSlots(plans.community.fee, { percent: plan.transactionFeePercent }),
  };
}

/**
 * A pricing page's period toggle and cards for one product and variant. Both follow the product's one list of
 * periods; the period checked at first is the content's (`defaultPeriod`), and the community plans' savings badge
 * sits next to Yearly.
 */
export function pricingPlans(
  plans: Plans,
  product: Product,
  settings: PricingSettings,
): { toggle: PeriodToggleProps; cards: PlanCardProps[] } {
  const { periods, toggleName } = products[product];
  const copy = plans[product];
  return {
    toggle: {
      name: toggleName,
      periods,
      defaultPeriod: copy.defaultPeriod,
      badge: 'yearlyBadge' in copy ? { period: 'yearly', text: copy.yearlyBadge } : undefined,
    },
    cards: copy.plans.map((plan) => planCard(plans, plan, settings)),
  };
}

/**
 * What yearly billing saves against twelve monthly payments, in whole percent rounded down (a badge never claims more
 * than the prices give: 16.6 % is "16%"); null for a free plan. Whole rupees, so the division is exact where it can be.
 */
export function yearlySaving(prices: { monthly: number; yearly: number }): number | null {
  const twelveMonths = prices.monthly * 12;
  return twelveMonths === 0 ? null : Math.floor(((twelveMonths - prices.yearly) * 100) / twelveMonths);
}

/** The WhatsApp plans as a schema.org Product with one Offer per plan and period (the free plan once). */
export function whatsappOffersJsonLd(
  whatsapp: Plans['whatsapp'],
  variant: Variant,
  labels: Pick<PricingLabels, 'periods'>,
  site: { url: string; brand: string },
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
