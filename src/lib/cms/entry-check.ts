/**
 * The build's rules for one entry, as the content admin checks it before a save (src/cms/admin.ts): the collection's
 * whole schema, its checks across fields included (an offer's original price above its price), and the plan copy
 * check (src/lib/pricing/plan-copy.ts) and the product facts check (src/lib/claims/check.ts). Each problem is told in
 * the admin's words: the field by its labels, the rule as a sentence.
 */
import { z } from 'astro/zod';
import { claimProblems } from '../claims/check';
import {
  contentEntryOf,
  contentPath,
  LOCALE_IN_PATH,
  type ContentCollection,
  type ContentEntryRef,
} from '../content-paths';
import { glossaryProblems } from '../i18n/glossary';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../i18n/locales';
import type { Glossary } from '../schemas/glossary';
import { aboutTexts, bylineText, demoTexts, nameRepeats, nameUses, testimonialTexts, type NameText } from '../names';
import { planCopyProblems } from '../pricing/plan-copy';
import { specWordProblems } from '../i18n/rules/spec-words';
import type { Plans } from '../pricing/prices';
import type { Facts } from '../schemas/facts';
import { CMS_COLLECTIONS, SCHEMA_CONTEXT } from './admin-config';
import { editorTextOf, innerType, labelOf } from './fields';

export interface EntryProblem {
  /** The field's labels from the entry down, joined by " › " ("FAQs › 2 › Answer"); empty for the whole entry. */
  field: string;
  message: string;
}

/** The admin's collection of a name the admin sends (none for a name it has not). */
const cmsCollection = (name: string) =>
  Object.hasOwn(CMS_COLLECTIONS, name) ? CMS_COLLECTIONS[name as ContentCollection] : undefined;

/** The schema of a collection of the admin, with the images the build checks read as their paths. */
export function collectionSchema(collection: string): z.ZodType | undefined {
  const schema = cmsCollection(collection)?.schema;
  return typeof schema === 'function' ? schema(SCHEMA_CONTEXT) : schema;
}

/** The labels of the fields along `path`, as the admin shows them; a list item by its place (1, 2, …). */
export function fieldLabels(schema: z.ZodType, path: readonly PropertyKey[], data: unknown): string[] {
  const labels: string[] = [];
  let current = innerType(schema).schema;
  let value = data;
  for (const key of path) {
    const child = (value as Record<PropertyKey, unknown> | undefined)?.[key];
    if (typeof key === 'number') {
      labels.push(String(key + 1));
      if (current instanceof z.ZodArray) current = innerType(current.element as z.ZodType).schema;
      else if (current instanceof z.ZodTuple) {
        const items = current._zod.def.items as z.ZodType[];
        current = innerType(items[key] ?? items[0]!).schema;
      } else break;
    } else if (typeof key === 'string') {
      if (current instanceof z.ZodDiscriminatedUnion) {
        const discriminator = current._zod.def.discriminator;
        const kind = (value as Record<string, unknown> | undefined)?.[discriminator];
        const options = current.options as z.ZodObject[];
        current =
          options.find((option) => (option.shape[discriminator] as z.ZodLiteral).values.has(kind as never)) ??
          options[0]!;
      }
      const field = current instanceof z.ZodObject ? (current.shape[key] as z.ZodType | undefined) : undefined;
      if (!field) {
        labels.push(labelOf(key));
        break;
      }
      const inner = innerType(field);
      labels.push(editorTextOf(inner.description).label ?? labelOf(key));
      current = inner.schema;
    } else break;
    value = child;
  }
  return labels;
}

const characters = (n: number | bigint) => `${n} character${Number(n) === 1 ? '' : 's'}`;
const items = (n: number | bigint) => `${n} item${Number(n) === 1 ? '' : 's'}`;

/**
 * A schema's complaint as a sentence an editor reads: "must be at least 20 characters". `value` is what the entry
 * holds where the complaint is (nothing, for a missing field).
 */
export function ruleSentence(issue: z.core.$ZodIssue, value?: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined || value === null ? 'is required' : issue.message;
    case 'too_small':
      if (issue.origin === 'string') return `must be at least ${characters(issue.minimum)}`;
      if (issue.origin === 'array') return `needs at least ${items(issue.minimum)}`;
      return `must be ${issue.inclusive ? 'at least' : 'above'} ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${characters(issue.maximum)}`;
      if (issue.origin === 'array') return `holds at most ${items(issue.maximum)}`;
      return `must be ${issue.inclusive ? 'at most' : 'below'} ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.join(', ')}`;
    case 'unrecognized_keys':
      return `has fields the site does not know: ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

/** The value at `path` in `data`. */
const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((value, key) => (value as Record<PropertyKey, unknown> | undefined)?.[key], data);

/**
 * A value as the admin writes it: an empty field (nothing, null, "", an object with nothing in it) is left out, as
 * `omit_empty_optional_fields` does; the form holds an unfilled optional object as one with empty fields.
 */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  const kept = Object.entries(value)
    .map(([key, child]) => [key, withoutEmpty(child)] as const)
    .filter(([, child]) => child !== undefined && child !== null && child !== '');
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/** Where a collection's entry is kept in the data the admin saves: a file that is a list keeps it under one field. */
function fileData(collection: string, data: Record<string, unknown>): unknown {
  const plan = cmsCollection(collection);
  const entry = withoutEmpty(data) as Record<string, unknown> | undefined;
  if (!entry) return {};
  if (plan?.rootList) return entry[plan.rootList];
  if (plan?.body) return Object.fromEntries(Object.entries(entry).filter(([key]) => key !== plan.body?.name));
  return entry;
}

/** The plans and the product facts of the site being edited, as the build that wrote the admin read them. */
export interface SiteRules {
  plans?: Plans | undefined;
  facts?: Facts | undefined;
  /** Every text of the site that may name someone, as the names check read them. */
  names?: NameText[] | undefined;
  /** Each language's glossary: how its pages write the product's words. */
  glossaries?: Partial<Record<Locale, Glossary>> | undefined;
}

/** The texts an entry about to be saved names people and businesses in, as the names check reads its file. */
function entryNames(collection: string, path: string, entry: unknown): NameText[] {
  if (collection === 'testimonials') return testimonialTexts(path, entry);
  if (collection === 'features') return demoTexts(path, entry);
  if (collection === 'about') return aboutTexts(path, entry);
  const author = (entry as { author?: unknown } | undefined)?.author;
  if (collection === 'blog' && typeof author === 'string') return [bylineText(path, 'field author', author)];
  return [];
}

/**
 * What the names check would refuse once the entry is saved: an invented name (an example testimonial's, a demo
 * site's) that another invented place uses, or one of the reserve; named at this entry's own fields, in the build's
 * words. A real name is never refused.
 */
function nameProblems(collection: string, path: string, entry: unknown, names: NameText[]) {
  const texts = [...names.filter((text) => text.file !== path), ...entryNames(collection, path, entry)];
  return nameRepeats(nameUses(texts))
    .filter((problem) => problem.file === path && problem.where.startsWith('field '))
    .map((problem) => ({ field: problem.where.slice('field '.length), message: problem.message }));
}

/**
 * What the build would refuse in an entry of `collection` about to be saved as `path`: every rule of its schema, and
 * copy that contradicts the site's plans and facts. No problems: the build takes it. Saving the facts also checks the
 * plan cards against them (a feature marked coming soon that a card lists), which the admin names by the card's field.
 */
export function entryProblems(
  collection: string,
  path: string,
  data: Record<string, unknown>,
  { plans, facts, names, glossaries }: SiteRules,
  /** The words the copy rules read: a translation's own, laid over its English entry to make `data`. */
  words: Record<string, unknown> = data,
): EntryProblem[] {
  const schema = collectionSchema(collection);
  if (!schema) return [];
  const entry = fileData(collection, data);
  const result = schema.safeParse(entry);
  if (!result.success) {
    return result.error.issues.map((issue) => ({
      field: fieldLabels(schema, issue.path, entry).join(' › '),
      message: ruleSentence(issue, valueAt(entry, issue.path)),
    }));
  }
  const named = (problem: { field: string; message: string }) => ({
    field: fieldLabels(schema, fieldPath(problem.field), entry).join(' › '),
    message: problem.message,
  });
  const problems = names ? nameProblems(collection, path, entry, names).map(named) : [];
  problems.push(...specWordProblems([{ ...refOf(collection, path), path, data: entry }]).map(named));
  if (!plans) return problems;
  const plansNow = collection === 'plans' ? (result.data as Plans) : plans;
  const factsNow = collection === 'facts' ? (result.data as Facts) : facts;
  const file = { ...refOf(collection, path), path, data: fileData(collection, words), body: String(words.body ?? '') };
  if (glossaries) problems.push(...glossaryProblems([file], glossaries).map(named));
  problems.push(...planCopyProblems([file], plansNow).map(named));
  if (!factsNow) return problems;
  problems.push(...claimProblems([file], factsNow, plansNow).map(named));
  if (collection === 'facts') {
    // The plan cards (Plans and pricing) against the facts about to be saved, named by the cards' own labels.
    const plansFile = { ...refOf('plans', PLANS_FILE), path: PLANS_FILE, data: plansNow };
    const plansSchema = collectionSchema('plans')!;
    for (const problem of claimProblems([plansFile], factsNow, plansNow)) {
      if (problem.file !== PLANS_FILE) continue;
      const field = fieldLabels(plansSchema, fieldPath(problem.field), plansNow).join(' › ');
      problems.push({ field: '', message: `Plans and pricing › ${field}: ${problem.message}` });
    }
  }
  return problems;
}

const PLANS_FILE = contentPath('plans', 'plans');

/**
 * The entry a save writes, as the table of where content lives reads its path; a path it does not know (a new entry
 * the admin names by its own) is taken as the collection's, in the default language.
 */
function refOf(collection: string, path: string): ContentEntryRef {
  const id = path.slice(path.lastIndexOf('/') + 1).replace(/\.(json|md)$/, '');
  return contentEntryOf(path) ?? { collection: collection as ContentCollection, locale: DEFAULT_LOCALE, id };
}

/**
 * A translation laid over its English entry: the translation's words in place of the English, the rest (prices,
 * paths, pictures, ids) the English entry's, lists matched item by item. What the schema of the whole entry reads.
 */
export function overlaid(english: unknown, translation: unknown): unknown {
  if (translation === undefined || translation === null || translation === '') return english;
  if (Array.isArray(english) && Array.isArray(translation))
    return english.map((item, i) => overlaid(item, translation[i]));
  if (english && typeof english === 'object' && translation && typeof translation === 'object') {
    const out: Record<string, unknown> = { ...(english as Record<string, unknown>) };
    for (const [key, value] of Object.entries(translation)) out[key] = overlaid(out[key], value);
    return out;
  }
  return translation;
}

/** The file of a translation of the entry at `path` (the English one) in `locale`, as the admin's config names it. */
function translationPath(path: string, locale: Locale): string {
  const ref = contentEntryOf(path);
  if (ref) return contentPath(ref.collection, ref.id, locale);
  // A new entry the table does not know yet: its locale's folder beside its file, as the admin writes it.
  return path.replace(`/${LOCALE_IN_PATH}/`, '/').replace(/\/([^/]+)$/, `/${locale}/$1`);
}

/** What the admin saves of an entry: its English data and its translations, by locale. */
export interface SavedEntry {
  data: Record<string, unknown>;
  i18n?: Record<string, unknown> | undefined;
}

/**
 * What the build would refuse in an entry and each of its translations about to be saved: the English entry's
 * problems, then each translation's, checked as the build checks its file (its schema over the English entry with the
 * translation laid on it; the copy rules, the claims and the glossary of its language over its own words), each
 * problem named with the language it is in.
 */
export function savedEntryProblems(
  collection: string,
  path: string,
  { data, i18n }: SavedEntry,
  rules: SiteRules,
): { locale: Locale; problems: EntryProblem[] }[] {
  const englishPath = path.replace(`/${LOCALE_IN_PATH}/`, '/');
  const out = [{ locale: DEFAULT_LOCALE, problems: entryProblems(collection, englishPath, data, rules) }];
  for (const [locale, value] of Object.entries(i18n ?? {})) {
    if (!isLocale(locale) || locale === DEFAULT_LOCALE || !value || typeof value !== 'object') continue;
    const translation = ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;
    if (!Object.keys(translation).length) continue;
    const file = translationPath(englishPath, locale);
    const whole = overlaid(data, translation) as Record<string, unknown>;
    out.push({ locale, problems: entryProblems(collection, file, whole, rules, translation) });
  }
  return out.filter((entry) => entry.problems.length > 0);
}

/** The admin's languages by their own names, for a problem's heading ("हिन्दी"). */
export const languageName = (locale: Locale) => LOCALES[locale].name;

/** "community.faq[0].answer" → ["community", "faq", 0, "answer"]. */
export const fieldPath = (field: string): (string | number)[] =>
  field
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((key) => (/^\[\d+\]$/.test(key) ? Number(key.slice(1, -1)) : key));

/** The problems as the admin says them: "Original price: must be above the price". */
export function problemLines(problems: EntryProblem[]): string[] {
  return problems.map(({ field, message }) => (field ? `${field}: ${message}` : message));
}
