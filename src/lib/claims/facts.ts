/**
 * The product's facts (src/content/facts/facts.json) as copy quotes them: through a slot, as a price is quoted through a
 * plan slot (../pricing/plan-copy.ts), so that a fact changed there changes every sentence that states it.
 *
 *   {fact.<id>}                a statement, word for word: {fact.support} is "24/7 by chat and email"
 *   {fact.<id>.name}           a feature's name: {fact.customDomain.name} is "Custom domain"
 *   {fact.<id>.included}       the plans that include it: {fact.customDomain.included} is "Plus and Advance"
 *   {fact.<id>.addOn}          the plans that sell it as a paid add-on: {fact.customDomain.addOn} is "Lite"
 *   {fact.<id>.soon}           "Coming soon", on a feature the facts mark coming soon (and on no other)
 *
 * A slot has no value where the facts give it none (no plan sells it as an add-on; the feature is available, so it is
 * not coming soon): the build's check (./check.ts) refuses it there, naming the file and the field. A statement's text
 * may hold plan slots ("{plan.lite.setup}"): each price list fills its own, and a statement that quotes a price a list
 * does not have has no value in that list.
 */
import { fillBrand, type ContentSlots } from '../brand';
import { contentPath } from '../content-paths';
import { planSlots } from '../pricing/plan-copy';
import type { PriceList } from '../pricing/periods';
import type { Plans } from '../pricing/prices';
import { AVAILABILITY, type CommunityOffering, type Facts, type WhatsappOffering } from '../schemas/facts';

export const FACTS_FILE = contentPath('facts', 'facts');

/** The fields of a feature's slot, in an editor's words (the content admin's hint). */
export const FACT_SLOT_FIELDS = {
  name: 'name',
  included: 'plans that include it',
  addOn: 'plans that sell it as a paid add-on',
  soon: 'coming-soon label (only on a feature that is coming soon)',
} as const;
export type FactSlotField = keyof typeof FACT_SLOT_FIELDS;

export const COMMUNITY_PLAN_IDS = ['lite', 'plus', 'advance'] as const;
export const WHATSAPP_PLAN_IDS = ['free', 'business', 'enterprise'] as const;
export type Offering = CommunityOffering | WhatsappOffering;

/** Every feature of the facts with the ids of its product's plans. */
export function offeringsOf(facts: Facts): { list: 'community' | 'whatsapp'; offering: Offering; plans: string[] }[] {
  return [
    ...facts.community.map((offering) => ({ list: 'community' as const, offering, plans: [...COMMUNITY_PLAN_IDS] })),
    ...facts.whatsapp.map((offering) => ({ list: 'whatsapp' as const, offering, plans: [...WHATSAPP_PLAN_IDS] })),
  ];
}

/** What a plan has of a feature: its cell as written ("yes", "Basic", "add-on"). */
export const availabilityOf = (offering: Offering, plan: string): string =>
  String((offering as unknown as Record<string, string>)[plan] ?? AVAILABILITY.no).trim();
const isNo = (value: string) => value.toLowerCase() === AVAILABILITY.no;
const isAddOn = (value: string) => value.toLowerCase() === AVAILABILITY.addOn;
/** A plan includes a feature when its cell is "yes" or a text of its own ("Basic"): neither "no" nor "add-on". */
export const includes = (offering: Offering, plan: string): boolean => {
  const value = availabilityOf(offering, plan);
  return !isNo(value) && !isAddOn(value);
};

/** "Lite", "Plus and Advance", "Lite, Plus and Advance"; every plan of the product: "every plan". */
function planList(ids: string[], all: string[], plans: Plans, labels: Facts['labels']): string | null {
  if (ids.length === 0) return null;
  if (ids.length === all.length && all.length > 1) return labels.everyPlan;
  const names = ids.map(
    (id) => [...plans.community.plans, ...plans.whatsapp.plans].find((p) => p.id === id)?.name ?? id,
  );
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} ${labels.and} ${names.at(-1)!}`;
}

/** A plan slot left in a text once the price list's slots are filled: the list has no such value. */
const UNFILLED_PLAN_SLOT = /\{plan\.[\w.]+\}|\{yearlySaving\}/;

/**
 * Every fact slot of one price list and its text; null where the facts give it no value there. `extra` fills the other
 * slots a fact's text may hold ("{brand}").
 */
export function factFigures(
  facts: Facts,
  plans: Plans,
  priceList: PriceList,
  extra: ContentSlots = {},
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const planValues = { ...planSlots(plans, priceList), ...extra };
  const filled = (text: string, slots: ContentSlots) => {
    const value = fillBrand(text, slots);
    return UNFILLED_PLAN_SLOT.test(value) ? null : value;
  };
  for (const statement of facts.statements) out[`fact.${statement.id}`] = filled(statement.text, planValues);
  // A feature's name may quote a statement ("Support, {fact.support}").
  const withStatements = {
    ...planValues,
    ...Object.fromEntries(Object.entries(out).flatMap(([slot, value]) => (value === null ? [] : [[slot, value]]))),
  };
  for (const { offering, plans: ids } of offeringsOf(facts)) {
    const slot = `fact.${offering.id}`;
    out[`${slot}.name`] = filled(offering.name, withStatements);
    const included = ids.filter((id) => includes(offering, id));
    out[`${slot}.included`] = planList(included, ids, plans, facts.labels);
    out[`${slot}.addOn`] = planList(
      ids.filter((id) => isAddOn(availabilityOf(offering, id))),
      // "every plan" only ever means every plan includes it.
      [],
      plans,
      facts.labels,
    );
    out[`${slot}.soon`] = offering.comingSoon ? facts.labels.comingSoon : null;
  }
  return out;
}

/** The fact slots of one price list with their text, for filling content (slots without a value are left out). */
export function factSlots(facts: Facts, plans: Plans, priceList: PriceList, extra: ContentSlots = {}): ContentSlots {
  return Object.fromEntries(
    Object.entries(factFigures(facts, plans, priceList, extra)).flatMap(([slot, value]) =>
      value === null ? [] : [[slot, value]],
    ),
  );
}

/** A fact slot in an editor's words: "the plans that include customDomain, as set under Product facts". */
export function factSlotMeaning(slot: string): string | undefined {
  const [, id, field] = /^fact\.([a-z][A-Za-z0-9]*)(?:\.([A-Za-z]+))?$/.exec(slot) ?? [];
  if (!id) return undefined;
  if (field === undefined) return `the fact "${id}" as worded under Product facts`;
  if (!Object.hasOwn(FACT_SLOT_FIELDS, field)) return undefined;
  return `the ${FACT_SLOT_FIELDS[field as FactSlotField]} of "${id}", as set under Product facts`;
}

/** One row of the pricing page's comparison table: the feature, a tag when it is coming soon, each plan's cell. */
export interface ComparisonRow {
  feature: string;
  tag?: string | undefined;
  cells: Record<(typeof COMMUNITY_PLAN_IDS)[number], string>;
}

/**
 * The comparison table's rows, drawn from what each community plan includes (`facts` with its slots filled): "yes"
 * and "no" stay marks for the table's tick and dash, "add-on" becomes the facts' label for it.
 */
export function comparisonRows(facts: Facts): ComparisonRow[] {
  const cell = (value: string) => {
    if (isAddOn(value)) return facts.labels.addOn;
    if (isNo(value)) return AVAILABILITY.no;
    return value.toLowerCase() === AVAILABILITY.yes ? AVAILABILITY.yes : value;
  };
  return facts.community.map((offering) => ({
    feature: offering.name,
    tag: offering.comingSoon ? facts.labels.comingSoon : undefined,
    cells: {
      lite: cell(availabilityOf(offering, 'lite')),
      plus: cell(availabilityOf(offering, 'plus')),
      advance: cell(availabilityOf(offering, 'advance')),
    },
  }));
}
