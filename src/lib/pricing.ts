/**
 * The price model: the pure lookups the pricing pages, the WhatsApp landing page and the unit tests share. The schema
 * of src/content/plans/plans.json (every plan and price, main and /mr/ variants side by side) is in
 * ./schemas/plans.ts; the types here are derived from it.
 */
import type { z } from 'astro/zod';
import { formatRupees } from './format';
import type { conversationCharges, plansSchema } from './schemas/plans';

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
