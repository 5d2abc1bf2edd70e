/**
 * The two revenue calculators of the home page: slider bounds, steps and defaults, and the formulas (product rules:
 * the numbers sales quotes). Pure functions, shared by the islands and the tests. Their labels are content: the home page's
 * `roi` and `whatsappImpact` (src/content/home/home.json) name each tab and slider by the ids and keys here.
 */

export interface SliderSettings {
  /** Key in the tab's values, and of the slider's label in content. */
  key: string;
  min: number;
  max: number;
  step: number;
  default: number;
  /** How the current value is printed next to the slider. */
  unit: 'rupees' | 'count' | 'percent';
}

export type BillingCycle = 'Monthly' | 'Yearly';
export const BILLING_CYCLES: BillingCycle[] = ['Monthly', 'Yearly'];
export const DEFAULT_CYCLE: BillingCycle = 'Monthly';

export type RoiTabId = 'plans' | 'courses' | 'events' | 'appointments' | 'products';

export interface RoiTab {
  id: RoiTabId;
  sliders: SliderSettings[];
}

export const ROI_TABS: RoiTab[] = [
  {
    id: 'plans',
    sliders: [
      { key: 'subscribers', min: 0, max: 1000, step: 10, default: 500, unit: 'count' },
      { key: 'price', min: 0, max: 1000, step: 10, default: 400, unit: 'rupees' },
    ],
  },
  {
    id: 'courses',
    sliders: [
      { key: 'count', min: 0, max: 50, step: 1, default: 1, unit: 'count' },
      { key: 'price', min: 0, max: 5000, step: 50, default: 1000, unit: 'rupees' },
      { key: 'enrollees', min: 0, max: 500, step: 10, default: 30, unit: 'count' },
    ],
  },
  {
    id: 'events',
    sliders: [
      { key: 'count', min: 0, max: 50, step: 1, default: 2, unit: 'count' },
      { key: 'price', min: 0, max: 1000, step: 10, default: 500, unit: 'rupees' },
      { key: 'attendees', min: 0, max: 500, step: 10, default: 50, unit: 'count' },
    ],
  },
  {
    id: 'appointments',
    sliders: [
      { key: 'sessions', min: 0, max: 100, step: 1, default: 5, unit: 'count' },
      { key: 'fee', min: 0, max: 2000, step: 50, default: 300, unit: 'rupees' },
      { key: 'clients', min: 0, max: 50, step: 1, default: 10, unit: 'count' },
    ],
  },
  {
    id: 'products',
    sliders: [
      { key: 'count', min: 0, max: 10000, step: 100, default: 200, unit: 'count' },
      { key: 'price', min: 0, max: 5000, step: 50, default: 300, unit: 'rupees' },
    ],
  },
];

export const WHATSAPP_SLIDERS: SliderSettings[] = [
  { key: 'messages', min: 0, max: 10000, step: 10, default: 500, unit: 'count' },
  { key: 'conversion', min: 0, max: 100, step: 1, default: 13, unit: 'percent' },
  { key: 'price', min: 0, max: 5000, step: 10, default: 400, unit: 'rupees' },
];

export type Values = Record<string, number>;

export interface RoiState {
  values: Record<RoiTabId, Values>;
  cycle: BillingCycle;
}

export function defaultsOf(sliders: SliderSettings[]): Values {
  return Object.fromEntries(sliders.map((s) => [s.key, s.default]));
}

export function initialRoiState(): RoiState {
  return {
    values: Object.fromEntries(ROI_TABS.map((tab) => [tab.id, defaultsOf(tab.sliders)])) as Record<RoiTabId, Values>,
    cycle: DEFAULT_CYCLE,
  };
}

const v = (values: Values, key: string) => values[key] ?? 0;

/** Annual revenue per category (plans count twelve months when billed monthly; appointments twelve months). */
export const annualRevenue: Record<RoiTabId, (values: Values, cycle: BillingCycle) => number> = {
  plans: (x, cycle) => v(x, 'subscribers') * v(x, 'price') * (cycle === 'Monthly' ? 12 : 1),
  courses: (x) => v(x, 'count') * v(x, 'price') * v(x, 'enrollees'),
  events: (x) => v(x, 'count') * v(x, 'price') * v(x, 'attendees'),
  appointments: (x) => v(x, 'sessions') * v(x, 'fee') * v(x, 'clients') * 12,
  products: (x) => v(x, 'count') * v(x, 'price'),
};

export function revenueBreakdown(state: RoiState): { id: RoiTabId; amount: number }[] {
  return ROI_TABS.map((tab) => ({
    id: tab.id,
    amount: annualRevenue[tab.id](state.values[tab.id], state.cycle),
  }));
}

export function totalAnnualRevenue(state: RoiState): number {
  return revenueBreakdown(state).reduce((sum, row) => sum + row.amount, 0);
}

/** WhatsApp marketing impact: converted members = floor(messages × conversion % / 100); revenue = members × price. */
export function whatsappImpact(values: Values): { converted: number; revenue: number } {
  const converted = Math.floor((v(values, 'messages') * v(values, 'conversion')) / 100);
  return { converted, revenue: converted * v(values, 'price') };
}
