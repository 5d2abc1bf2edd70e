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

/**
 * A slider that starts at 0 and goes to `max` in steps of `step`, set to `start` at first, its value printed in `unit`;
 * `key` names its value and its label in content. Written as `count('subscribers', 1000, 10, 500)`: key, max, step,
 * start.
 */
function slider(unit: SliderSettings['unit']) {
  return (key: string, max: number, step: number, start: number): SliderSettings => ({
    key,
    min: 0,
    max,
    step,
    default: start,
    unit,
  });
}
const count = slider('count');
const rupees = slider('rupees');
const percent = slider('percent');

/** Each tab's sliders (key, max, step, start), in the order the tabs show. */
const ROI_SLIDERS: Record<RoiTabId, SliderSettings[]> = {
  plans: [count('subscribers', 1000, 10, 500), rupees('price', 1000, 10, 400)],
  courses: [count('count', 50, 1, 1), rupees('price', 5000, 50, 1000), count('enrollees', 500, 10, 30)],
  events: [count('count', 50, 1, 2), rupees('price', 1000, 10, 500), count('attendees', 500, 10, 50)],
  appointments: [count('sessions', 100, 1, 5), rupees('fee', 2000, 50, 300), count('clients', 50, 1, 10)],
  products: [count('count', 10000, 100, 200), rupees('price', 5000, 50, 300)],
};

export const ROI_TABS: RoiTab[] = (Object.keys(ROI_SLIDERS) as RoiTabId[]).map((id) => ({
  id,
  sliders: ROI_SLIDERS[id],
}));

export const WHATSAPP_SLIDERS: SliderSettings[] = [
  count('messages', 10000, 10, 500),
  percent('conversion', 100, 1, 13),
  rupees('price', 5000, 10, 400),
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
