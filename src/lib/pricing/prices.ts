/**
 * The price model: the plans' types, derived from the schema of src/content/plans/plans.json (./../schemas/plans.ts),
 * and the pure look-ups of a plan's prices, charges and savings. The words are content; this module only fills their
 * slots.
 */
import type { z } from 'astro/zod';
import { fillSlots } from '../brand';
import { formatRupees } from '../format';
import type { conversationCharges, plansSchema } from '../schemas/plans';
import type { Period, PriceList } from './periods';

export type Plans = z.infer<typeof plansSchema>;
export type PricingLabels = Plans['labels'];
export type CommunityPlan = Plans['community']['plans'][number];
export type WhatsappPlan = Plans['whatsapp']['plans'][number];
export type PlanCta = CommunityPlan['cta'];
export type ConversationCharges = z.infer<typeof conversationCharges>;

/** A plan's price for one price list and period, or null when the product sets none for that price list. */
export function priceOf(plan: CommunityPlan | WhatsappPlan, priceList: PriceList, period: Period): number | null {
  const prices = plan.prices[priceList];
  if (!prices) return null;
  return (prices as Partial<Record<Period, number>>)[period] ?? null;
}

export function chargesOf(plan: WhatsappPlan, priceList: PriceList): ConversationCharges | null {
  return plan.charges[priceList] ?? null;
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

/** A plan's price line for each period that has a price in the price list (none when the product sets none). */
export function priceLines(
  plan: CommunityPlan | WhatsappPlan,
  priceList: PriceList,
  periods: readonly Period[],
  labels: Pick<PricingLabels, 'periods' | 'billed'>,
): PriceLine[] {
  return periods.flatMap((period) => {
    const price = priceOf(plan, priceList, period);
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
 * What yearly billing saves against twelve monthly payments, in whole percent rounded down (a badge never claims more
 * than the prices give: 16.6 % is "16%"); null for a free plan. Whole rupees, so the division is exact where it can be.
 */
export function yearlySaving(prices: { monthly: number; yearly: number }): number | null {
  const twelveMonths = prices.monthly * 12;
  return twelveMonths === 0 ? null : Math.floor(((twelveMonths - prices.yearly) * 100) / twelveMonths);
}
