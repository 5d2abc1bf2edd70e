/**
 * The build's check of copy against the product's facts (src/content/facts/facts.json), beside the check against the
 * plans (../pricing/plan-copy.ts), run over every content file at the start of a build (src/integrations/pricing-check.ts)
 * and over an entry before the content admin saves it (src/lib/cms/entry-check.ts). It refuses, naming the file and the
 * field:
 *
 * - a fact slot that names no fact or no field, or has no value where it is shown: "{fact.products.soon}" marks a
 *   feature coming soon that the facts say is available; "{fact.x.addOn}" where no plan sells it as an add-on;
 * - a fact written out by hand where a slot states it: the words a statement lists ("24/7", "ISO 27001");
 * - "coming soon" written by hand: whether a feature is coming soon is the facts' to say ({fact.<id>.soon});
 * - a plan card that lists a feature on a plan the facts do not give it (or only as an add-on), or a feature the facts
 *   mark coming soon;
 * - a phrase the facts list as a claim we do not make ("no credit card"), with the facts' reason;
 * - a term spelt another way than the site spells it (ONE_SPELLING): "White Labeling" for "White-labelling";
 * - a feature that not every plan has, mentioned (by its `words`) in any copy without naming the plans that have it:
 *   the text, or another text of the same card (the strings of the object that holds it; a string of a list, a hero's
 *   bullet, stands alone), holds {fact.<id>.included} or the name slot of a plan that has it ({plan.advance.name});
 * - an offer whose original price is not the price of the plan and period it says it was (`originalPriceOf`).
 *
 * Its scope is the plan check's: blog posts have only their slots checked, legal pages and testimonials their slots
 * and names, and text that describes a picture or fills a drawn screen is left alone.
 */
import { fillBrand } from '../brand';
import { contentPath, type ContentCollection } from '../content-paths';
import { formatRupees } from '../format';
import { DEFAULT_LOCALE } from '../i18n/locales';
import { rulesOf, type LanguageRules } from '../i18n/rules';
import { priceLists, type PriceList } from '../pricing/periods';
import {
  isPictureText,
  planSlots,
  pricingLists,
  scopeOf,
  SHOWN_WITH_EVERY_LIST,
  SLOT,
  textsOf,
  type ContentFile,
  type CopyProblem,
} from '../pricing/plan-copy';
import { priceOf, type Plans } from '../pricing/prices';
import type { Facts } from '../schemas/facts';
import {
  availabilityOf,
  FACT_SLOT_FIELDS,
  factFigures,
  FACTS_FILE,
  includes,
  offeringsOf,
  type Offering,
} from './facts';

/** The plans' file, named in a problem about an offer's price. */
const PLANS_FILE = contentPath('plans', 'plans');

/** The words copy in a language names a feature with: the facts' own and the language's. */
const wordsOf = (offering: Offering, rules: LanguageRules) => [
  ...(offering.words ?? []),
  ...(rules.featureWords[offering.id] ?? []),
];

/**
 * One spelling of each term across the site, the spec's where it gives one: each pattern finds the other spellings,
 * `write` is the one kept. An address (/white-labeling, the spec's route) and an id ("white-labeling-1") are not words.
 */
export const ONE_SPELLING: { pattern: RegExp; write: string; why: string }[] = [
  {
    pattern: /(?<![\w/-])white(?: label(?:l)?ing|-labeling|label(?:l)?ing)(?![\w-])/i,
    write: 'white-labelling',
    why: "the spec's spelling and the product facts' name for it; only the page's address, /white-labeling, keeps one l",
  },
  {
    pattern: /\bBook a Demo\b/,
    write: 'Book a Free Demo',
    why: "every button to the demo booking says the hero's words, so one label means one action",
  },
];

/** `write` in the case its first letter was written in: "White Labeling" becomes "White-labelling". */
const inCaseOf = (written: string, write: string) =>
  /^[A-Z]/.test(written) ? write.charAt(0).toUpperCase() + write.slice(1) : write;

/** A card of copy: the strings it shows, and those of the cards around it, which speak for it too. */
interface Card {
  own: [string, string][];
  around: string[];
}

/**
 * The cards of a content file's data: the strings an object holds directly, together (a FAQ's question and answer, a
 * card's title and text, a section's heading and intro), and each string of a list on its own (a hero's bullets), each
 * with the strings of the objects that hold it (a section's intro speaks for its cards and their bullets). The file's
 * own top-level strings (its page's title and description) speak for no card but themselves, except in an offer,
 * which is one card: the whole offer sells one plan.
 */
function* cardsOf(value: unknown, path: string, around: string[], rootSpeaks: boolean): Generator<Card> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      if (typeof item === 'string') yield { own: [[`${path}[${i}]`, item]], around };
      else yield* cardsOf(item, `${path}[${i}]`, around, true);
    }
  } else if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const own = entries.flatMap(([key, item]): [string, string][] =>
      typeof item === 'string' ? [[path ? `${path}.${key}` : key, item]] : [],
    );
    const inner = path === '' && !rootSpeaks ? around : [...around, ...own.map(([, text]) => text)];
    for (const [key, item] of entries) {
      if (typeof item !== 'string') yield* cardsOf(item, path ? `${path}.${key}` : key, inner, true);
    }
    if (own.length) yield { own, around };
  }
}

/** The blog's posts, categories and pages: articles about the reader's own business, not copy that sells ours. */
const BLOG_COLLECTIONS: ReadonlySet<ContentCollection> = new Set(['blog', 'blogCategories', 'blogPage']);
/** An id names an entry for the build, never the visitor ("white-labeling-1"). */
const isId = (field: string) => /(^|\.)id$/.test(field);

/** A line of a plan's own card (plans.json): the card is the plan, so what it lists is sold with it (checkCards). */
const isPlanCard = (collection: ContentCollection, field: string) =>
  collection === 'plans' && /^(community|whatsapp)\.plans\[\d+\]/.test(field);

export function claimProblems(files: ContentFile[], facts: Facts, plans: Plans): CopyProblem[] {
  const figures = Object.fromEntries(
    priceLists.map((priceList) => [priceList, factFigures(facts, plans, priceList)]),
  ) as Record<PriceList, Record<string, string | null>>;
  const statements = new Map(facts.statements.map((statement) => [statement.id, statement]));
  const offerings = new Map(offeringsOf(facts).map((entry) => [entry.offering.id, entry]));
  const ids = [...statements.keys(), ...offerings.keys()];
  const soon = offeringsOf(facts)
    .filter(({ offering }) => offering.comingSoon)
    .map(({ offering }) => `{fact.${offering.id}.soon}`);
  const planName = (id: string) =>
    [...plans.community.plans, ...plans.whatsapp.plans].find((p) => p.id === id)?.name ?? id;

  const mainPlanSlots = planSlots(plans, 'main');
  const problems: CopyProblem[] = [];

  const checkSlots = (file: string, field: string, text: string, everyList: boolean) => {
    const shownWith = everyList ? priceLists : (['main'] as const);
    for (const [written, , name] of text.matchAll(SLOT)) {
      if (!name || !/^fact\./i.test(name)) continue;
      const add = (message: string) => problems.push({ file, field, message: `${written} ${message}` });
      const [head, id, slotField, ...rest] = name.split('.');
      if (head !== 'fact' || !id || rest.length > 0) {
        add('is no slot: a fact slot is {fact.<name>} or {fact.<name>.<field>}, e.g. {fact.customDomain.included}');
        continue;
      }
      const statement = statements.get(id);
      const offering = offerings.get(id)?.offering;
      if (!statement && !offering) {
        add(`names no fact: the facts are ${ids.join(', ')}`);
        continue;
      }
      if (statement && slotField !== undefined) {
        add(`names a field of a statement: write it as {fact.${id}}`);
        continue;
      }
      if (offering && (slotField === undefined || !Object.hasOwn(FACT_SLOT_FIELDS, slotField))) {
        add(`names no field of that feature: it has ${Object.keys(FACT_SLOT_FIELDS).join(', ')}`);
        continue;
      }
      if (file === FACTS_FILE && (offering || field.startsWith('statements['))) {
        add("quotes a fact in the facts themselves: only a feature's name may quote a statement");
        continue;
      }
      const missing = shownWith.filter((priceList) => figures[priceList][name] == null);
      if (!missing.length) continue;
      if (offering && slotField === 'soon')
        add(`marks ${offering.name} coming soon, but the facts say it is available (${FACTS_FILE})`);
      else if (offering && slotField === 'included')
        add(`names the plans that include ${offering.name}, but none does`);
      else if (offering && slotField === 'addOn')
        add(`names the plans that sell ${offering.name} as an add-on, but none does`);
      else
        add(
          `has no value in the ${missing.join(' and ')} price list (${missing.map((v) => pricingLists[v]).join(', ')}), which shows this file`,
        );
    }
  };

  /** The words of the facts and of a file's language that state a fact, mark "coming soon" or claim what we do not. */
  const checkWords = (file: ContentFile, field: string, text: string) => {
    const rules = rulesOf(file.locale);
    const add = (message: string) => problems.push({ file: file.path, field, message });
    for (const statement of facts.statements) {
      for (const words of [...(statement.words ?? []), ...(rules.factWords[statement.id] ?? [])]) {
        const match = rules.wordPattern(words).exec(text);
        if (match)
          add(
            `"${match[0]}" states a fact the facts word once: write {fact.${statement.id}} ("${figures.main[`fact.${statement.id}`] ?? statement.text}")`,
          );
      }
    }
    const comingSoon = rules.comingSoon.exec(text) ?? rules.wordPattern(facts.labels.comingSoon).exec(text);
    if (comingSoon)
      add(
        `"${comingSoon[0]}" marks a feature coming soon by hand: the facts say which features are coming soon (${
          soon.length ? `write ${soon.join(' or ')}` : 'none is now'
        })`,
      );
    // The English spellings; another language's one way of writing each term is its glossary's.
    if (file.locale === DEFAULT_LOCALE) {
      for (const { pattern, write, why } of ONE_SPELLING) {
        const match = pattern.exec(text);
        if (match) add(`"${match[0]}" is spelt "${inCaseOf(match[0], write)}" on this site: ${why}`);
      }
    }
    for (const { words, why } of facts.neverSay) {
      const match = [words, ...(rules.neverSay[words] ?? [])]
        .map((written) => rules.wordPattern(written).exec(text))
        .find(Boolean);
      // The reason names plans by their slots ("{plan.lite.name}"): said with the main price list's names and figures.
      if (match) add(`"${match[0]}" is a claim we do not make: ${fillBrand(why, mainPlanSlots)}`);
    }
  };

  /** A plan card's lines against what the facts give that plan. */
  const checkCards = (file: string, data: Partial<Plans>, rules: LanguageRules) => {
    for (const product of ['community', 'whatsapp'] as const) {
      (data[product]?.plans ?? []).forEach((plan, p) => {
        (plan.features ?? []).forEach((line, l) => {
          const field = `${product}.plans[${p}].features[${l}]`;
          for (const { offering, list } of offeringsOf(facts)) {
            if (list !== product) continue;
            const named = wordsOf(offering, rules).find((words) => rules.wordPattern(words).test(line));
            if (!named) continue;
            const where = `(${FACTS_FILE}, ${offering.id})`;
            if (offering.comingSoon)
              problems.push({
                file,
                field,
                message: `"${named}" lists ${offering.name} on ${plan.name}, but the facts mark it coming soon ${where}`,
              });
            else if (!includes(offering, plan.id))
              problems.push({
                file,
                field,
                message: `"${named}" lists ${offering.name} on ${plan.name}, but the facts give ${plan.name} ${
                  availabilityOf(offering, plan.id).toLowerCase() === 'no' ? 'none' : 'it only as a paid add-on'
                } ${where}`,
              });
          }
        });
      });
    }
  };

  /** An offer's crossed-out price is the price of the plan and period it names. */
  const checkOffer = (file: string, data: unknown) => {
    const offer = data as { originalPrice?: unknown; originalPriceOf?: { plan?: string; period?: string } };
    const of = offer.originalPriceOf;
    if (!of?.plan || !of.period || typeof offer.originalPrice !== 'number') return;
    const plan = [...plans.community.plans, ...plans.whatsapp.plans].find((p) => p.id === of.plan);
    const price = plan ? priceOf(plan, 'main', of.period as 'yearly') : null;
    if (price === null)
      problems.push({
        file,
        field: 'originalPriceOf',
        message: `${planName(of.plan)} has no ${of.period} price on ${pricingLists.main} to compare the original price with`,
      });
    else if (price !== offer.originalPrice)
      problems.push({
        file,
        field: 'originalPrice',
        message: `${formatRupees(offer.originalPrice)} is not what it says it was: ${planName(of.plan)} costs ${formatRupees(price)} ${of.period} (${PLANS_FILE})`,
      });
  };

  /**
   * The plans a text names through slots: those of each {fact.<id>.included} and each {plan.<id>.name}. A feature is
   * sold with its plans when a slot of the card names only plans that have it.
   */
  const planSets = (text: string): string[][] =>
    [...text.matchAll(SLOT)].flatMap(([, , name = '']) => {
      const [head, id = '', field] = name.split('.');
      if (head === 'plan' && field === 'name') return [[id]];
      const named = head === 'fact' && field === 'included' ? offerings.get(id) : undefined;
      return named ? [named.plans.filter((plan) => includes(named.offering, plan))] : [];
    });
  const sellsWithPlans = (offering: Offering, texts: string[]) =>
    texts.some((text) => planSets(text).some((set) => set.length > 0 && set.every((plan) => includes(offering, plan))));
  /** The features that some plan of their product lacks, by the words copy names them with. */
  const partial = offeringsOf(facts).filter(
    ({ offering, plans: ids }) =>
      !offering.comingSoon && (offering.words ?? []).length > 0 && !ids.every((id) => includes(offering, id)),
  );
  /** Each mention of such a feature in a card that does not say which plans have it. */
  const checkMentions = (file: string, { own, around }: Card, rules: LanguageRules) => {
    const texts = [...own.map(([, text]) => text), ...around];
    for (const { offering } of partial) {
      if (sellsWithPlans(offering, texts)) continue;
      for (const [field, text] of own) {
        const named = wordsOf(offering, rules)
          .map((words) => rules.wordPattern(words).exec(text)?.[0])
          .find(Boolean);
        if (!named) continue;
        const having = figures.main[`fact.${offering.id}.included`];
        const which = having
          ? `only ${having} ${having.includes(` ${facts.labels.and} `) ? 'have' : 'has'}`
          : 'no plan has';
        problems.push({
          file,
          field,
          message: `"${named}" sells ${figures.main[`fact.${offering.id}.name`] ?? offering.name}, which ${which}: name the plans with {fact.${offering.id}.included}, in this text, another of its card or its section's (${FACTS_FILE}, ${offering.id})`,
        });
      }
    }
  };

  for (const file of files) {
    const scope = scopeOf(file);
    const rules = rulesOf(file.locale);
    const isFacts = file.collection === 'facts';
    for (const [field, text] of textsOf(file)) {
      checkSlots(file.path, field, text, SHOWN_WITH_EVERY_LIST.has(file.collection));
      if (scope.figures && !isFacts && !isPictureText(field)) checkWords(file, field, text);
    }
    if (scope.figures && !isFacts && !BLOG_COLLECTIONS.has(file.collection)) {
      for (const card of cardsOf(file.data, '', [], file.collection === 'offer')) {
        const own = card.own.filter(
          ([field]) => !isPictureText(field) && !isPlanCard(file.collection, field) && !isId(field),
        );
        if (own.length) checkMentions(file.path, { own, around: card.around }, rules);
      }
      file.body?.split(/\n\s*\n/).forEach((paragraph, i) => {
        checkMentions(file.path, { own: [[`body, paragraph ${i + 1}`, paragraph]], around: [] }, rules);
      });
    }
    if (file.collection === 'plans' && file.data && typeof file.data === 'object')
      checkCards(file.path, file.data as Partial<Plans>, rules);
    if (file.collection === 'offer') checkOffer(file.path, file.data);
  }
  return problems;
}
