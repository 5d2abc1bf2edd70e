/**
 * The build's rules for one entry, as the content admin checks it before a save (src/cms/admin.ts): the collection's
 * whole schema, its checks across fields included (an offer's original price above its price), and the plan copy
 * check (src/lib/pricing/plan-copy.ts). Each problem is told in the admin's words: the field by its labels, the rule
 * as a sentence.
 */
import { z } from 'astro/zod';
import { planCopyProblems } from '../pricing/plan-copy';
import type { Plans } from '../pricing/prices';
import { CMS_COLLECTIONS, SCHEMA_CONTEXT } from './admin-config';
import { editorTextOf, labelOf } from './fields';

export interface EntryProblem {
  /** The field's labels from the entry down, joined by " › " ("FAQs › 2 › Answer"); empty for the whole entry. */
  field: string;
  message: string;
}

/** The schema of a collection of the admin, with the images the build checks read as their paths. */
export function collectionSchema(collection: string): z.ZodTypeAny | undefined {
  const schema = CMS_COLLECTIONS[collection]?.schema;
  return typeof schema === 'function' ? schema(SCHEMA_CONTEXT) : schema;
}

/** The type under the wrappers a field's own schema may carry, with the first description found on the way. */
function unwrapped(schema: z.ZodTypeAny): { schema: z.ZodTypeAny; description?: string } {
  let current = schema;
  let description = schema.description;
  for (;;) {
    description ??= current.description;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
    else if (current instanceof z.ZodDefault) current = current._def.innerType;
    else if (current instanceof z.ZodEffects) current = current.innerType();
    else if (current instanceof z.ZodBranded) current = current.unwrap();
    else return { schema: current, description };
  }
}

/** The labels of the fields along `path`, as the admin shows them; a list item by its place (1, 2, …). */
export function fieldLabels(schema: z.ZodTypeAny, path: (string | number)[], data: unknown): string[] {
  const labels: string[] = [];
  let current = unwrapped(schema).schema;
  let value = data;
  for (const key of path) {
    const child = (value as Record<string | number, unknown> | undefined)?.[key];
    if (typeof key === 'number') {
      labels.push(String(key + 1));
      if (current instanceof z.ZodArray) current = unwrapped(current.element).schema;
      else if (current instanceof z.ZodTuple) current = unwrapped(current.items[key] ?? current.items[0]).schema;
      else break;
    } else {
      if (current instanceof z.ZodDiscriminatedUnion) {
        const kind = (value as Record<string, unknown> | undefined)?.[current.discriminator];
        current = current.optionsMap.get(kind as z.Primitive) ?? current.options[0];
      }
      const field = current instanceof z.ZodObject ? (current.shape as z.ZodRawShape)[key] : undefined;
      if (!field) {
        labels.push(labelOf(key));
        break;
      }
      const inner = unwrapped(field);
      labels.push(editorTextOf(inner.description).label ?? labelOf(key));
      current = inner.schema;
    }
    value = child;
  }
  return labels;
}

const characters = (n: number | bigint) => `${n} character${Number(n) === 1 ? '' : 's'}`;
const items = (n: number | bigint) => `${n} item${Number(n) === 1 ? '' : 's'}`;

/** A schema's complaint as a sentence an editor reads: "must be at least 20 characters". */
export function ruleSentence(issue: z.ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.received === 'undefined' || issue.received === 'null' ? 'is required' : issue.message;
    case 'too_small':
      if (issue.type === 'string') return `must be at least ${characters(issue.minimum)}`;
      if (issue.type === 'array') return `needs at least ${items(issue.minimum)}`;
      return `must be ${issue.inclusive ? 'at least' : 'above'} ${issue.minimum}`;
    case 'too_big':
      if (issue.type === 'string') return `must be at most ${characters(issue.maximum)}`;
      if (issue.type === 'array') return `holds at most ${items(issue.maximum)}`;
      return `must be ${issue.inclusive ? 'at most' : 'below'} ${issue.maximum}`;
    case 'invalid_enum_value':
      return `must be one of ${issue.options.join(', ')}`;
    case 'unrecognized_keys':
      return `has fields the site does not know: ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

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
  const plan = CMS_COLLECTIONS[collection];
  const entry = withoutEmpty(data) as Record<string, unknown> | undefined;
  if (!entry) return {};
  if (plan?.rootList) return entry[plan.rootList];
  if (plan?.body) return Object.fromEntries(Object.entries(entry).filter(([key]) => key !== plan.body?.name));
  return entry;
}

/**
 * What the build would refuse in an entry of `collection` about to be saved as `path`: every rule of its schema, and
 * copy that contradicts `plans` (the plans of the site being edited). No problems: the build takes it.
 */
export function entryProblems(
  collection: string,
  path: string,
  data: Record<string, unknown>,
  plans: Plans | undefined,
): EntryProblem[] {
  const schema = collectionSchema(collection);
  if (!schema) return [];
  const entry = fileData(collection, data);
  const result = schema.safeParse(entry);
  if (!result.success) {
    return result.error.issues.map((issue) => ({
      field: fieldLabels(schema, issue.path, entry).join(' › '),
      message: ruleSentence(issue),
    }));
  }
  if (!plans) return [];
  const plansNow = collection === 'plans' ? (result.data as Plans) : plans;
  return planCopyProblems([{ path, data: entry, body: String(data.body ?? '') }], plansNow).map((problem) => ({
    field: fieldLabels(schema, fieldPath(problem.field), entry).join(' › '),
    message: problem.message,
  }));
}

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
