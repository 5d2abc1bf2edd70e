/**
 * What a pricing page shows: each plan's card and the period toggle, built from the plans for one price list. Pure:
 * what comes from configuration (the buttons' links) is passed in by the page.
 */
import { CHAT_TOPICS, type ChatTopic } from '../analytics';
import { fillSlots } from '../brand';
import type { Ui } from '../schemas/ui';
import { communityPeriods, whatsappPeriods, type Period, type PriceList } from './periods';
import {
  chargesOf,
  priceLines,
  setupLine,
  type CommunityPlan,
  type ConversationCharges,
  type PlanCta,
  type Plans,
  type PriceLine,
  type WhatsappPlan,
} from './prices';

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

/** The props of components/pricing/PlanCard.astro: everything one card shows. */
export interface PlanCardProps {
  /** The heading's id, unique on the page. */
  id: string;
  name: string;
  tagline: string;
  /** The badge's text; a card with a badge stands out. */
  popular?: string | undefined;
  /** One line per period; none when the plan has no price here. */
  priceLines: PriceLine[];
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

/** What a pricing page passes in: the price list, the sales chat's prefilled messages and the buttons' addresses. */
export interface PricingSettings {
  priceList: PriceList;
  messages: Ui['chat'];
  links: CardLinks;
}

/** The setup cost line of the WhatsApp plans in a price list (the main price list's cost where the price list sets none). */
export function whatsappSetupLine(plans: Plans, priceList: PriceList): string {
  return setupLine(plans.whatsapp.setupCost[priceList] ?? plans.whatsapp.setupCost.main, plans.labels);
}

/**
 * One plan's complete card for a price list: heading id, name, tagline, "Most popular" badge, the price lines of the
 * product's periods, the setup cost, the note (a community plan's transaction fee, a WhatsApp plan's free trial), the
 * features (the free WhatsApp plan's limits first), the conversation charges of a WhatsApp plan and the button.
 */
export function planCard(
  plans: Plans,
  plan: CommunityPlan | WhatsappPlan,
  { priceList, messages, links }: PricingSettings,
): PlanCardProps {
  const { labels } = plans;
  const product: Product = 'charges' in plan ? 'whatsapp' : 'community';
  const card = {
    id: `${products[product].idPrefix}${plan.id}`,
    name: plan.name,
    tagline: plan.tagline,
    popular: plan.highlighted ? labels.mostPopular : undefined,
    priceLines: priceLines(plan, priceList, products[product].periods, labels),
    features: plan.features,
    cta: { ...planCta(plan.cta, messages, links), label: plan.cta.label },
  };
  if ('charges' in plan) {
    const { whatsapp } = plans;
    const limits = Object.entries(whatsapp.freeLimits) as [keyof typeof whatsapp.freeLimits, number][];
    return {
      ...card,
      setup: whatsappSetupLine(plans, priceList),
      note: plan.trialDays ? fillSlots(whatsapp.trial, { days: plan.trialDays }) : undefined,
      features:
        plan.id === 'free'
          ? [...limits.map(([key, n]) => fillSlots(whatsapp.freeLimitLines[key], { n })), ...plan.features]
          : plan.features,
      charges: { amounts: chargesOf(plan, priceList) ?? plan.charges.main, labels: whatsapp.charges },
    };
  }
  const setup = plan.setupCost?.[priceList];
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
 * A pricing page's period toggle and cards for one product and price list. Both follow the product's one list of
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
