/**
 * The one place content is read. Pages and layouts ask here for a collection's entries; components get plain props
 * from them and never read a collection. Every "{brand}" (and "{supportEmail}", "{company.name}"...) in the data is
 * filled in here from configuration, every fact slot ("{fact.support}", the facts' slots) from the product facts, and
 * every plan slot ("{plan.plus.monthly}", the plans' slots) from the plans of one price list
 * (the main one, unless a pricing page asks for its own), at read time (not in the schemas: Astro keeps parsed entries
 * between builds, and a brand changed in the environment must show at once).
 */
import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { site } from '../config/site';
import { fillBrand, fillBrandHtml, type ContentSlots } from '../lib/brand';
import { companySlots } from '../lib/company';
import { readNameYields, withYields } from './names';
import { applyChanges } from '../lib/experiments/changes';
import { contentPath, type ContentCollection } from '../lib/content-paths';
import { factSlots } from '../lib/claims/facts';
import { planSlots } from '../lib/pricing/plan-copy';
import type { PriceList } from '../lib/pricing/periods';
import type { ExperimentChange } from '../lib/schemas/experiments';
import type { Ui } from '../lib/schemas/ui';
import { DEFAULT_LOCALE, PSEUDO_LOCALE, type PageLocale } from '../lib/i18n/locales';
import { pseudoData, pseudoHtml } from '../lib/i18n/pseudo';
import { overlay } from '../lib/i18n/overlay';
import { hasTranslation, linksIn, translationFile } from './locales';

/**
 * What fills the brand slots of content: the brand name, the support address and the company behind the site
 * ("{company.name}") from configuration.
 */
const brandSlots = { brand: site.brand, supportEmail: site.supportEmail, ...companySlots(site.company) };

/** The slots of each price list and language, by "<price list> <locale>". */
const slotCache = new Map<string, Promise<ContentSlots>>();

/**
 * Every slot content may hold, for one price list, in a page's language: the brand's, the plans' and the product
 * facts' (their sentences and the plans' words in that language, their figures the English entries' alone).
 */
function slotsFor(priceList: PriceList, locale: PageLocale = DEFAULT_LOCALE): Promise<ContentSlots> {
  // Worked out once per price list and language in a build, not once per entry read: a translation's words are read
  // from its file. The development server works them out afresh, so an edited plan shows at once.
  const key = `${priceList} ${locale}`;
  let slots = slotCache.get(key);
  if (import.meta.env.DEV || !slots) {
    slots = readSlots(priceList, locale);
    slotCache.set(key, slots);
  }
  return slots;
}

async function readSlots(priceList: PriceList, locale: PageLocale): Promise<ContentSlots> {
  const [plans, facts] = await Promise.all([getEntry('plans', 'plans'), getEntry('facts', 'facts')]);
  if (!plans) return brandSlots;
  const plansData = translated(locale, 'plans', 'plans', plans.data);
  const factValues = facts
    ? factSlots(translated(locale, 'facts', 'facts', facts.data), plansData, priceList, brandSlots)
    : {};
  return { ...planSlots(plansData, priceList), ...factValues, ...brandSlots };
}

/**
 * One entry's data, slots filled in (plan slots from the `priceList` price list), with an experiment variant's `changes`
 * made first (src/data/experiments.ts has checked them). A missing entry fails the build, naming the file that should
 * hold it.
 */
export async function readEntry<C extends CollectionKey>(
  collection: C,
  id: string,
  priceList: PriceList = 'main',
  changes: readonly ExperimentChange[] = [],
  locale: PageLocale = DEFAULT_LOCALE,
): Promise<CollectionEntry<C>['data']> {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`${contentPath(collection as ContentCollection, id)} is missing`);
  const data = changes.length ? applyChanges(entry.data, changes).data : entry.data;
  const words = translated(locale, collection, id, data);
  return marked(locale, await drawn(collection, id, fillBrand(words, await slotsFor(priceList, locale))));
}

/**
 * An entry's words in `locale`: English is the data itself (so is the pseudo-locale's, marked afterwards); a
 * translation lays its words over it (overlay: everything that is no language stays the English entry's). A page in a
 * language its entry has no file in is never built, so a missing translation fails here with the file's path.
 */
function translated<T>(locale: PageLocale, collection: CollectionKey, id: string, data: T): T {
  if (locale === PSEUDO_LOCALE || locale === DEFAULT_LOCALE) return data;
  const file = translationFile(collection as ContentCollection, id, locale);
  return linksIn(locale, overlay(data, file.data, file.path));
}

/** The pseudo-locale marks every word the visitor reads; other locales show the words as they are. */
function marked<T>(locale: PageLocale, data: T): T {
  return locale === PSEUDO_LOCALE ? pseudoData(data) : data;
}

/** The collections whose entries hold invented names (demo sites, example testimonials), which yield to real ones. */
const INVENTED_IN: readonly CollectionKey[] = ['features', 'testimonials'];

/** An entry's data with its invented names drawn anew where real ones take theirs (readNameYields). */
async function drawn<T>(collection: CollectionKey, id: string, data: T): Promise<T> {
  return INVENTED_IN.includes(collection)
    ? withYields(data, contentPath(collection as ContentCollection, id), await readNameYields())
    : data;
}

/** Every entry of a collection (or those `filter` keeps), with its id, slots filled in. */
export async function readEntries<C extends CollectionKey>(
  collection: C,
  filter?: (entry: CollectionEntry<C>) => boolean,
  locale: PageLocale = DEFAULT_LOCALE,
): Promise<CollectionEntry<C>[]> {
  const [all, slots] = await Promise.all([getCollection(collection, filter), slotsFor('main', locale)]);
  // A collection's own entries are its English ones (a translation read by the content layer sits under its locale's
  // folder: "hi/privacy-policy"); in another language only the entries translated into it, never the English copy.
  const entries = (all as CollectionEntry<C>[]).filter(
    (entry) =>
      !entry.id.includes('/') &&
      (locale === DEFAULT_LOCALE ||
        locale === PSEUDO_LOCALE ||
        hasTranslation(collection as ContentCollection, entry.id, locale)),
  );
  return Promise.all(
    entries.map(async (entry) => ({
      ...entry,
      data: marked(
        locale,
        await drawn(collection, entry.id, fillBrand(translated(locale, collection, entry.id, entry.data), slots)),
      ),
    })),
  );
}

/**
 * The entries of a collection whose entries are each in one language (the blog's posts) written in `locale`: for
 * English the collection's own, for another language those under its folder ("hi/<id>"), with their ids as the
 * pages use them (no folder), slots filled in.
 */
export async function readEntriesWrittenIn<C extends CollectionKey>(
  collection: C,
  locale: PageLocale,
): Promise<CollectionEntry<C>[]> {
  // The pseudo-locale's posts are the English ones, marked.
  if (locale === DEFAULT_LOCALE || locale === PSEUDO_LOCALE) return readEntries(collection, undefined, locale);
  const prefix = `${locale}/`;
  const [all, slots] = await Promise.all([
    getCollection(collection, (entry: CollectionEntry<C>) => entry.id.startsWith(prefix)),
    slotsFor('main', locale),
  ]);
  return (all as CollectionEntry<C>[]).map((entry) => ({
    ...entry,
    id: entry.id.slice(prefix.length),
    data: fillBrand(entry.data, slots),
  }));
}

/** The site-wide labels; a pricing page asks for its price list's (the chat messages). */
export function readUi(priceList: PriceList = 'main', locale: PageLocale = DEFAULT_LOCALE): Promise<Ui> {
  return readEntry('ui', 'ui', priceList, [], locale) as Promise<Ui>;
}

/** The lookup of the site-wide labels of a page in `locale`: `t('buttons')` is its buttons' words. */
export type UiLookup = <K extends keyof Ui>(key: K) => Ui[K];

/** The lookup every page gets (Astro.locals.t), from the labels of its locale. */
export async function uiLookup(locale: PageLocale): Promise<UiLookup> {
  const ui = await readUi('main', locale);
  return (key) => ui[key];
}

/** A Markdown entry's front matter and its rendered HTML, slots filled in (escaped for HTML in the text). */
export async function readMarkdown<C extends CollectionKey>(
  collection: C,
  id: string,
  locale: PageLocale = DEFAULT_LOCALE,
) {
  // The pseudo-locale's text is the English entry's, marked.
  const language = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  const path = contentPath(collection as ContentCollection, id, language);
  const [english, entry] = await Promise.all([
    getEntry(collection, id),
    getEntry(collection, language === DEFAULT_LOCALE ? id : `${language}/${id}`),
  ]);
  const html = entry?.rendered?.html;
  if (!english || !entry || html === undefined) throw new Error(`${path} is missing`);
  // A translation's front matter lays its words over the English entry's, as a translated JSON entry does.
  const data = language === DEFAULT_LOCALE ? entry.data : overlay(english.data, entry.data, path);
  const slots = await slotsFor('main', locale);
  const filled = fillBrandHtml(html, slots);
  return {
    data: marked(locale, fillBrand(data, slots)) as CollectionEntry<C>['data'],
    html: locale === PSEUDO_LOCALE ? pseudoHtml(filled) : filled,
  };
}
