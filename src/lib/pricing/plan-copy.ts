/**
 * Copy that states a plan's name, price, fee or what yearly billing saves takes it from the plans
 * (src/content/plans/plans.json) through a slot, as "{brand}" takes the brand, so that a change there changes every
 * sentence that quotes it:
 *
 *   {plan.<id>.name}                            the plan's name: "Plus"
 *   {plan.<id>.monthly}, .quarterly, .yearly    its price for that period: "₹2,499" (quarterly: WhatsApp plans only)
 *   {plan.<id>.setup}                           its one-time setup cost: "₹5,000"
 *   {plan.<id>.fee}                             a community plan's transaction fee: "2%"
 *   {plan.<id>.trial}                           a WhatsApp plan's free trial: "7-day free trial"
 *   {yearlySaving}                              what yearly billing saves on the community plans: "up to 16%"
 *
 * Each price list fills them with its own values: /mr/pricing states the /mr/ prices. planSlots() gives the
 * values (src/data/content.ts fills them in where content is read); planCopyProblems() is the build's check over every
 * content file (src/integrations/pricing-check.ts), which refuses copy that contradicts the plans. docs/content.md
 * gives the rules and their scope in an editor's words.
 */
import { fillSlots } from '../brand';
import { COMPANY_SLOT_MEANINGS } from '../company';
import type { ContentCollection, ContentEntryRef, ContentFile } from '../content-paths';
import { formatRupees } from '../format';
import { rulesOf, type LanguageRules } from '../i18n/rules';
import { communityPeriods, priceLists, whatsappPeriods, type PriceList } from './periods';
import { priceOf, yearlySaving, type Plans } from './prices';

/** What a slot states: its text, and the figure behind it (a rupee amount or a percentage) for the check. */
interface Figure {
  text: string;
  unit?: '₹' | '%' | 'days';
  value?: number;
}

const rupees = (value: number): Figure => ({ text: formatRupees(value), unit: '₹', value });
const percent = (value: number): Figure => ({ text: `${value}%`, unit: '%', value });

/** What a field of a plan slot states, in an editor's words (the content admin's hint). */
export const PLAN_SLOT_FIELDS = {
  name: 'name',
  monthly: 'monthly price',
  quarterly: 'quarterly price',
  yearly: 'yearly price',
  setup: 'one-time setup cost',
  fee: 'transaction fee',
  trial: 'free trial',
} as const;
type PlanSlotField = keyof typeof PLAN_SLOT_FIELDS;

/**
 * What yearly billing saves on the community plans of a price list: the largest whole percent any paid plan saves,
 * written "up to 16%" (`community.savingUpTo`) where the plans save different amounts; null when none saves.
 */
function savingFigure(plans: Plans, priceList: PriceList): Figure | null {
  const savings = plans.community.plans.flatMap((plan) => {
    const prices = plan.prices[priceList];
    const saving = prices ? yearlySaving(prices) : null;
    return saving !== null && saving > 0 ? [saving] : [];
  });
  if (savings.length === 0) return null;
  const most = Math.max(...savings);
  const text = savings.every((saving) => saving === most)
    ? `${most}%`
    : fillSlots(plans.community.savingUpTo, { percent: `${most}%` });
  return { text, unit: '%', value: most };
}

/**
 * Every slot of one price list and what it states; null where the list has no such value (Lite has no /mr/ price).
 * A slot that is not a key here does not exist (a WhatsApp plan has no fee, a community plan no quarterly price).
 */
export function planFigures(plans: Plans, priceList: PriceList): Record<string, Figure | null> {
  const out: Record<string, Figure | null> = {};
  const put = (id: string, field: PlanSlotField, figure: Figure | null) => {
    out[`plan.${id}.${field}`] = figure;
  };
  for (const plan of plans.community.plans) {
    put(plan.id, 'name', { text: plan.name });
    for (const period of communityPeriods) {
      const price = priceOf(plan, priceList, period);
      put(plan.id, period, price === null ? null : rupees(price));
    }
    const setup = plan.setupCost?.[priceList];
    put(plan.id, 'setup', typeof setup === 'number' ? rupees(setup) : null);
    put(plan.id, 'fee', plan.transactionFeePercent === undefined ? null : percent(plan.transactionFeePercent));
  }
  // The WhatsApp plans share one setup cost; a price list without its own takes the main one (as their cards do).
  const whatsappSetup = plans.whatsapp.setupCost[priceList] ?? plans.whatsapp.setupCost.main;
  for (const plan of plans.whatsapp.plans) {
    put(plan.id, 'name', { text: plan.name });
    for (const period of whatsappPeriods) {
      const price = priceOf(plan, priceList, period);
      put(plan.id, period, price === null ? null : rupees(price));
    }
    put(plan.id, 'setup', rupees(whatsappSetup));
    if (plan.trialDays)
      put(plan.id, 'trial', {
        text: fillSlots(plans.whatsapp.trial, { days: plan.trialDays }),
        unit: 'days',
        value: plan.trialDays,
      });
  }
  out.yearlySaving = savingFigure(plans, priceList);
  return out;
}

/** The plan slots of one price list with their text, for filling content (slots without a value are left out). */
export function planSlots(plans: Plans, priceList: PriceList): Record<string, string> {
  return Object.fromEntries(
    Object.entries(planFigures(plans, priceList)).flatMap(([slot, figure]) => (figure ? [[slot, figure.text]] : [])),
  );
}

/** A slot of this module, in an editor's words: "the monthly price of the Plus plan, as set under Plans and pricing". */
export function planSlotMeaning(slot: string): string | undefined {
  if (slot === 'yearlySaving') return 'what yearly billing saves, from the plans\' prices ("up to 16%")';
  const [, id, field] = /^plan\.([a-z]+)\.([a-z]+)$/.exec(slot) ?? [];
  if (!id || !field || !Object.hasOwn(PLAN_SLOT_FIELDS, field)) return undefined;
  const plan = id.charAt(0).toUpperCase() + id.slice(1);
  return `the ${PLAN_SLOT_FIELDS[field as PlanSlotField]} of the ${plan} plan, as set under Plans and pricing`;
}

// ---------------------------------------------------------------------------------------------------------------
// The build's check

export type { ContentFile } from '../content-paths';

export interface CopyProblem {
  file: string;
  field: string;
  message: string;
}

/** The community pricing page of each price list, named in a problem. */
export const pricingLists: Record<PriceList, string> = { main: '/pricing', mr: '/mr/pricing' };
/** Collections shown with the /mr/ price list too (the pricing pages): their slots need a value in every list. */
export const SHOWN_WITH_EVERY_LIST: ReadonlySet<ContentCollection> = new Set(['plans', 'ui']);

/** Words used as plan names elsewhere: before "plan" they must be the name of one of ours (English; each language has its own). */
export const PLAN_LIKE_NAMES = rulesOf('en').planLikeNames;

/** Which rules a file's text is held to (docs/content.md, "Copy that states a plan"). */
export function scopeOf({ collection }: ContentEntryRef): { names: boolean; figures: boolean } {
  // Blog posts are dated articles about the reader's own plans and prices: only their slots are checked.
  if (collection === 'blog') return { names: false, figures: false };
  // A glossary quotes the English terms and the spellings a page must not use: words about copy, not copy.
  if (collection === 'glossary') return { names: false, figures: false };
  // Legal text is agreed as of its date, and a testimonial is a customer's own words: no figure is rewritten there.
  if (collection === 'legal' || collection === 'testimonials') return { names: true, figures: false };
  return { names: true, figures: true };
}

/**
 * Text that describes a picture, or the sample data of a drawn product screen (a customer's prices, not ours): a field
 * named alt or ending in Alt, or anything under a field named preview or demo (the AI web builder's drawn demo: its
 * name read aloud, the prompt typed into it and the site it builds).
 */
export function isPictureText(field: string): boolean {
  const keys = field.replace(/\[\d+\]/g, '').split('.');
  const key = keys.at(-1) ?? '';
  return key === 'alt' || key.endsWith('Alt') || keys.includes('preview') || keys.slice(0, -1).includes('demo');
}

/** Every string of a value with its field path: "community.faq[0].answer". */
export function* stringsOf(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsOf(item, `${path}[${i}]`);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, path ? `${path}.${key}` : key);
  }
}

/** Every string of a content file with its field path, and its Markdown body as "body". */
export function textsOf(file: ContentFile): [string, string][] {
  const texts = [...stringsOf(file.data, '')];
  if (file.body !== undefined) texts.push(['body', file.body]);
  return texts;
}

export const SLOT = /\{(\s*)([A-Za-z][\w.]*)(\s*)\}/g;
/**
 * A slot this module owns: any dotted name ("{plan.plus.fee}", "{plans.x}") and the saving, in any case, but the
 * product facts' ("{fact.support}", checked by src/lib/claims/check.ts) and the company's ("{company.name}", whose
 * names are checked here too).
 */
const isPlanSlot = (name: string) =>
  (name.includes('.') && !/^(fact|company)\./i.test(name)) || name.toLowerCase() === 'yearlysaving';
const RUPEES = /₹\s?(\d[\d,]*(?:\.\d+)?)/g;
const PERCENT = /(?<![\d.,])(\d+(?:\.\d+)?)\s?%/g;
/** The clause of `text` around position `at`: between the nearest , ; : or dash on either side. */
function clauseAt(text: string, at: number): string {
  const start = Math.max(...[',', ';', ':', ' - ', ' – '].map((mark) => text.lastIndexOf(mark, at)));
  const ends = [',', ';', ':', ' - ', ' – '].map((mark) => text.indexOf(mark, at)).filter((i) => i >= 0);
  return text.slice(start + 1, ends.length ? Math.min(...ends) : text.length);
}
/** The template the trial slot is written from ("{days}-day free trial"), which is not a sentence of its own. */
const TRIAL_TEMPLATE = { collection: 'plans', field: 'whatsapp.trial' };

/** A text's sentences, cut where its language ends one (English by default). */
export const sentencesOf = (text: string, rules: LanguageRules = rulesOf('en')) => text.split(rules.sentenceEnd);
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const list = (items: string[]) => items.map((item) => `{${item}}`).join(' or ');

export function planCopyProblems(files: ContentFile[], plans: Plans): CopyProblem[] {
  const figures = Object.fromEntries(
    priceLists.map((priceList) => [priceList, planFigures(plans, priceList)]),
  ) as Record<PriceList, Record<string, Figure | null>>;
  const planIds: string[] = [...plans.community.plans, ...plans.whatsapp.plans].map((plan) => plan.id);
  const ourNames = [...plans.community.plans, ...plans.whatsapp.plans].map((plan) => plan.name);
  const knownNames = [...new Set([...ourNames, ...(plans.community.salesNote.plans ?? [])])];
  const knownLower = knownNames.map((name) => name.toLowerCase());
  // A sentence names one of our plans by a slot, by "<name> plan", or by a community plan's name as written,
  // past the sentence's first word ("Plus, ..." opens a sentence; "in advance" is no plan).
  const names = ourNames.map(escapeRegex).join('|');
  const slotOrPlanWord = (rules: LanguageRules) =>
    new RegExp(`\\{plan\\.|\\b(?:${names})\\s+(?:${rules.planWord.source})`, 'iu');
  const bareName = new RegExp(
    `(?<=\\S\\s+)\\b(?:${plans.community.plans.map((p) => escapeRegex(p.name)).join('|')})\\b`,
  );
  const namesOurPlan = (sentence: string, rules: LanguageRules) =>
    slotOrPlanWord(rules).test(sentence) || bareName.test(sentence);

  /** The slots (of any price list) that state a figure: "₹2,499" -> plan.plus.monthly, plan.business.monthly. */
  const slotsStating = (unit: '₹' | '%' | 'days', value: number) =>
    [
      ...new Set(
        priceLists.flatMap((priceList) =>
          Object.entries(figures[priceList]).flatMap(([slot, figure]) =>
            figure?.unit === unit && figure.value === value ? [slot] : [],
          ),
        ),
      ),
    ].sort();

  const problems: CopyProblem[] = [];

  const checkSlots = (file: string, field: string, text: string, everyList: boolean) => {
    const shownWith = everyList ? priceLists : (['main'] as const);
    for (const [written, before, name, after] of text.matchAll(SLOT)) {
      if (name && /^company\./i.test(name) && !Object.hasOwn(COMPANY_SLOT_MEANINGS, name))
        problems.push({
          file,
          field,
          message: `${written} names no setting of the company: the slots are ${Object.keys(COMPANY_SLOT_MEANINGS)
            .map((slot) => `{${slot}}`)
            .join(', ')}`,
        });
      if (!name || !isPlanSlot(name)) continue;
      const add = (message: string) => problems.push({ file, field, message: `${written} ${message}` });
      const [head, id, slotField, ...rest] = name.split('.');
      if (before || after) add(`is written without spaces: {${name}}`);
      else if (name.toLowerCase() === 'yearlysaving' && name !== 'yearlySaving') add('is written {yearlySaving}');
      else if (name !== 'yearlySaving' && (head !== 'plan' || !id || !slotField || rest.length > 0))
        add('is no slot: a plan slot is {plan.<id>.<field>}, e.g. {plan.plus.fee}');
      else if (id && !planIds.includes(id)) add(`names no plan: the plans are ${planIds.join(', ')}`);
      else if (slotField && !(name in figures.main))
        add(
          `names no field of that plan: it has ${Object.keys(figures.main)
            .filter((slot) => slot.startsWith(`plan.${id}.`))
            .map((slot) => slot.split('.')[2])
            .join(', ')}`,
        );
      else {
        const missing = shownWith.filter((priceList) => !figures[priceList][name]);
        if (missing.length)
          add(
            `has no value in the ${missing.join(' and ')} price list (${missing.map((v) => pricingLists[v]).join(', ')}), which shows this file`,
          );
      }
    }
  };

  const checkNames = (file: string, field: string, text: string, rules: LanguageRules) => {
    for (const match of text.matchAll(rules.planWord)) {
      const before = text.slice(0, match.index).trimEnd();
      const lower = before.toLowerCase();
      if (knownLower.some((name) => new RegExp(`(?:^|\\W)${escapeRegex(name)}$`).test(lower))) continue;
      const word = /([\p{L}\p{M}][\p{L}\p{M}\p{N}_-]*)$/u.exec(before)?.[1];
      if (word && rules.planLikeNames.includes(word.toLowerCase())) {
        problems.push({
          file,
          field,
          message: `"${word} ${match[0]}" names a plan that does not exist: the plans are ${knownNames.join(', ')}`,
        });
      }
    }
  };

  /**
   * The free trial is the paid WhatsApp plans' ({plan.business.trial}): a number of days in a sentence about a trial
   * is written as that slot, and so is a free trial stated (asked about, "Is there a free trial?", it may be named).
   */
  const checkTrial = (file: string, field: string, sentence: string, namesPlan: boolean, rules: LanguageRules) => {
    const trialSlots = Object.keys(figures.main).filter((slot) => slot.endsWith('.trial'));
    const hasTrialSlot = trialSlots.some((slot) => sentence.includes(`{${slot}}`));
    for (const match of sentence.matchAll(rules.days)) {
      const slots = slotsStating('days', Number(match[1]));
      if (slots.length)
        problems.push({ file, field, message: `"${match[0]}" is a free trial the plans state: write ${list(slots)}` });
      else if (namesPlan)
        problems.push({
          file,
          field,
          message: `"${match[0]}" is a trial no plan states, in a sentence about a plan: write the plan's trial as a slot, e.g. {plan.business.trial}`,
        });
    }
    const freeTrial = rules.freeTrial.exec(sentence);
    if (freeTrial && !hasTrialSlot && !sentence.trimEnd().endsWith('?'))
      problems.push({
        file,
        field,
        message: `"${freeTrial[0]}" is said without the plans that give it: only ${list(trialSlots)} state a free trial, so write one of them`,
      });
  };

  const checkFigures = (
    file: string,
    field: string,
    text: string,
    collection: ContentCollection,
    rules: LanguageRules,
  ) => {
    if (collection === 'plans' && field === 'community.yearlyBadge') {
      for (const [literal] of text.matchAll(PERCENT)) {
        problems.push({
          file,
          field,
          message: `"${literal}" states a saving of its own: write {yearlySaving}, which states what the prices save (${priceLists
            .map((priceList) => `${priceList}: ${figures[priceList].yearlySaving?.text ?? 'nothing'}`)
            .join(', ')})`,
        });
      }
      return;
    }
    const isTrialTemplate = collection === TRIAL_TEMPLATE.collection && field === TRIAL_TEMPLATE.field;
    for (const sentence of sentencesOf(text, rules)) {
      const namesPlan = namesOurPlan(sentence, rules);
      if (rules.trial.test(sentence) && !isTrialTemplate) checkTrial(file, field, sentence, namesPlan, rules);
      for (const match of sentence.matchAll(RUPEES)) {
        const amount = match[1]!;
        const value = Number(amount.replaceAll(',', ''));
        // Plan prices are whole rupees: "₹0.78" is a message charge, "₹29.05" a gateway's; "₹0" is what free costs.
        if (amount.includes('.') || value === 0) continue;
        const slots = slotsStating('₹', value);
        if (slots.length)
          problems.push({ file, field, message: `"${match[0]}" is a price the plans state: write ${list(slots)}` });
        else if (namesPlan)
          problems.push({
            file,
            field,
            message: `"${match[0]}" is a price no plan states, in a sentence about a plan: write the plan's price as a slot, e.g. {plan.plus.monthly}`,
          });
      }
      if (!rules.feeOrSaving.test(sentence)) continue;
      for (const match of sentence.matchAll(PERCENT)) {
        const at = match.index;
        if (
          rules.rangeAfter.test(sentence.slice(at + match[0].length)) ||
          rules.rangeBefore.test(sentence.slice(0, at))
        )
          continue;
        if (rules.gateway.test(clauseAt(sentence, at))) continue;
        const slots = slotsStating('%', Number(match[1]));
        if (slots.length)
          problems.push({
            file,
            field,
            message: `"${match[0]}" is a fee or saving the plans state: write ${list(slots)}`,
          });
        else if (namesPlan)
          problems.push({
            file,
            field,
            message: `"${match[0]}" is a fee or saving no plan states, in a sentence about a plan: write it as a slot, e.g. {plan.lite.fee} or {yearlySaving}`,
          });
      }
    }
  };

  for (const file of files) {
    const scope = scopeOf(file);
    const rules = rulesOf(file.locale);
    for (const [field, text] of textsOf(file)) {
      checkSlots(file.path, field, text, SHOWN_WITH_EVERY_LIST.has(file.collection));
      if (scope.names) checkNames(file.path, field, text, rules);
      if (scope.figures && !isPictureText(field)) checkFigures(file.path, field, text, file.collection, rules);
    }
  }
  return problems;
}
