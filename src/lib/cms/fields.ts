/**
 * The CMS's form fields, read from a content schema: each zod type becomes the field of the admin at /cms/ that edits
 * it (Sveltia CMS, which reads Decap's config format), with the schema's rules as the field's own checks, so an editor
 * cannot save what the build would refuse. A rule a field cannot hold (a refinement across fields, a regular
 * expression with flags) is listed in `unexpressed`: the build still checks it and names the file and the field.
 *
 * Field names, order and nesting are the schema's: the CMS writes an entry's keys in its fields' order, so a file in
 * that order changes by one line when one field is saved.
 */
import { z } from 'astro/zod';
import { factSlotMeaning } from '../claims/facts';
import { COMPANY_SLOT_MEANINGS } from '../company';
import { planSlotMeaning } from '../pricing/plan-copy';
import { isRecord } from '../json';

/** A field of the CMS config (Decap / Sveltia format), as plain data. */
export type CmsField = { name: string; label: string; widget: string } & Record<string, unknown>;

/** Where the files of an image field live: on disk (from the project) and as the entry writes them. */
export interface ImageFolder {
  media_folder: string;
  public_folder: string;
}

/** What fills a slot ("{brand}") of content, in an editor's words: shown as the hint of a field that holds one. */
export const SLOT_MEANINGS: Record<string, string> = {
  brand: 'the brand name from the site settings',
  supportEmail: 'the support email address from the site settings',
  ...COMPANY_SLOT_MEANINGS,
  amount: 'the amount',
  category: "the category's name",
  count: 'the number of items',
  days: 'the number of days',
  deadline: "the deadline's day, written out",
  heading: "the section's heading",
  limit: 'the limit',
  max: 'the largest value',
  min: 'the smallest value',
  minutes: 'the reading time in minutes',
  n: 'the number',
  name: 'the name',
  page: 'the page number',
  percent: 'the percentage',
  period: 'the billing period',
  plan: "the plan's name",
  position: 'the position of the item shown',
  shown: 'the number of items shown',
  theme: "the theme's name",
};

export interface WalkContext {
  /** The image() schema of the collection (a marker: Astro checks the file at build time). */
  image?: z.ZodType;
  /** The folder of an image field, from the values the content holds at that path. */
  imageFolder?: (values: unknown[]) => ImageFolder;
  /** Rules the CMS cannot hold, with the path of their field. */
  unexpressed: string[];
}

/** Words a label writes in capitals. */
const ACRONYMS = new Set(['cta', 'faq', 'faqs', 'id', 'roi', 'seo', 'url', 'ui', 'mr', 'ai', 'whatsapp']);
const WORDS: Record<string, string> = { faqs: 'FAQs', whatsapp: 'WhatsApp' };

/** "pageName" → "Page name", "ctaHref" → "CTA href", "faq" → "FAQ". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map((word) => (ACRONYMS.has(word) ? (WORDS[word] ?? word.toUpperCase()) : word));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A schema description as a label and a hint: "Label\nhint" (editorText), or one line, a hint alone. */
export function editorTextOf(description: string | undefined): { label?: string; hint?: string } {
  if (!description) return {};
  const newline = description.indexOf('\n');
  if (newline < 0) return { hint: description };
  const hint = description.slice(newline + 1).trim();
  return { label: description.slice(0, newline).trim(), ...(hint ? { hint } : {}) };
}

/** `text` as a regular expression that matches it literally. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Unwrapped {
  schema: z.ZodType;
  optional: boolean;
  description?: string;
  defaultValue?: unknown;
}

/** A check of a schema (Zod keeps each rule as a check on the type it applies to), as its definition. */
type CheckDef = z.core.$ZodCheckDef & {
  format?: string;
  pattern?: RegExp;
  prefix?: string;
  suffix?: string;
  includes?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
};

/** The checks of a schema's own type, as their definitions. */
export const checksOf = (schema: z.ZodType): CheckDef[] =>
  (schema._zod.def.checks ?? []).map((check) => check._zod.def as CheckDef);

/** The message a check was given in the schema ("must be lower case"), if any. */
function messageOf(check: CheckDef): string | undefined {
  const message = check.error?.({} as never);
  return typeof message === 'string' ? message : undefined;
}

/**
 * The type a wrapper holds: under optional, nullable and default, and in a pipe the type the value is checked as (a
 * transform after it, or a preprocessing step before it, changes what is written, not what the field edits). Null for
 * a schema that wraps nothing.
 */
export function wrappedType(schema: z.ZodType): z.ZodType | null {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return schema.unwrap() as z.ZodType;
  if (schema instanceof z.ZodPipe) {
    const { in: input, out } = schema._zod.def;
    return (input instanceof z.ZodTransform ? out : input) as z.ZodType;
  }
  return null;
}

/** The type under every wrapper (wrappedType), with the first description found on the way. */
export function innerType(schema: z.ZodType): { schema: z.ZodType; description?: string } {
  let current = schema;
  let description = schema.description;
  for (let inner = wrappedType(current); inner; inner = wrappedType(current)) {
    current = inner;
    description ??= current.description;
  }
  return { schema: current, description };
}

/**
 * The type under its wrappers (wrappedType): whether it may be left out, its default; checks of its own that no field
 * can hold (a refinement) are noted as unexpressed.
 */
function unwrap(schema: z.ZodType, path: string, context: WalkContext): Unwrapped {
  let optional = false;
  let defaultValue: unknown;
  for (let current = schema; ;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) optional = true;
    if (current instanceof z.ZodDefault) {
      optional = true;
      defaultValue = current._zod.def.defaultValue;
    }
    const inner = wrappedType(current);
    if (!inner) break;
    current = inner;
  }
  const { schema: type, description } = innerType(schema);
  if (checksOf(type).some((check) => check.check === 'custom'))
    context.unexpressed.push(`${path}: a custom check (refinement)`);
  return { schema: type, optional, description, defaultValue };
}

/** The slots ("{brand}") in the strings found at a path. */
function slotsIn(values: unknown[]): string[] {
  const found = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(/\{([a-zA-Z][\w.]*)\}/g)) found.add(match[1]!);
  }
  return [...found].sort();
}

function hintOf(description: string | undefined, slots: string[]): string | undefined {
  const parts = description ? [description] : [];
  const meaning = (slot: string) => SLOT_MEANINGS[slot] ?? planSlotMeaning(slot) ?? factSlotMeaning(slot);
  const known = slots.filter(meaning);
  if (known.length) {
    parts.push(
      `Keep ${known.map((slot) => `{${slot}}`).join(', ')} as written: the site fills in ${known
        .map(meaning)
        .join(', ')}.`,
    );
  }
  return parts.length ? parts.join(' ') : undefined;
}

/** One pattern for several: each anchored at the start as a lookahead, so a value must match all of them. */
function combinePatterns(patterns: { source: string; message: string }[]): [string, string] | undefined {
  if (!patterns.length) return undefined;
  // Written as a regular expression literal ("/…/"): the CMS reads a pattern string in that form.
  if (patterns.length === 1) return [`/${patterns[0]!.source}/`, patterns[0]!.message];
  const anchored = patterns.map((p) => (p.source.startsWith('^') ? p.source : `[\\s\\S]*?(?:${p.source})`));
  return [`/^${anchored.map((source) => `(?=${source})`).join('')}/`, patterns.map((p) => p.message).join('; ')];
}

function stringRules(schema: z.ZodString, path: string, context: WalkContext) {
  const rules: Record<string, unknown> = {};
  const patterns: { source: string; message: string }[] = [];
  for (const check of checksOf(schema)) {
    const message = messageOf(check);
    switch (check.check === 'string_format' ? check.format : check.check) {
      case 'min_length':
        rules.minlength = check.minimum;
        break;
      case 'max_length':
        rules.maxlength = check.maximum;
        break;
      case 'length_equals':
        rules.minlength = check.length;
        rules.maxlength = check.length;
        break;
      case 'regex': {
        const regex = check.pattern!;
        if (regex.flags.replace('u', '')) context.unexpressed.push(`${path}: /${regex.source}/ with flags`);
        else patterns.push({ source: regex.source, message: message ?? `must match ${regex}` });
        break;
      }
      case 'starts_with':
        patterns.push({ source: `^${escapeRegex(check.prefix!)}`, message: `must start with "${check.prefix}"` });
        break;
      case 'ends_with':
        patterns.push({ source: `${escapeRegex(check.suffix!)}$`, message: `must end with "${check.suffix}"` });
        break;
      case 'includes':
        patterns.push({ source: escapeRegex(check.includes!), message: `must contain "${check.includes}"` });
        break;
      case 'email':
        patterns.push({ source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', message: 'must be an email address' });
        break;
      case 'url':
        patterns.push({ source: '^[a-z][a-z0-9+.-]*:\\S+$', message: 'must be a full URL' });
        break;
      case 'datetime':
        patterns.push({
          source: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$',
          message: 'a date and time with its offset, such as 2026-12-31T23:59:59+05:30',
        });
        break;
      case 'overwrite':
        // trim(): the value is changed, not refused.
        break;
      case 'custom':
        // Noted by unwrap.
        break;
      default:
        context.unexpressed.push(`${path}: the string rule "${check.format ?? check.check}"`);
    }
  }
  const pattern = combinePatterns(patterns);
  if (pattern) rules.pattern = pattern;
  return rules;
}

function numberRules(schema: z.ZodNumber, path: string, context: WalkContext) {
  const checks = checksOf(schema);
  const int = checks.some((check) => check.check === 'number_format' && /int/.test(check.format ?? ''));
  const rules: Record<string, unknown> = { value_type: int ? 'int' : 'float' };
  for (const check of checks) {
    if (check.check === 'greater_than' || check.check === 'less_than') {
      const kind = check.check === 'greater_than' ? 'min' : 'max';
      let bound = check.value!;
      if (!check.inclusive) {
        if (int) bound += kind === 'min' ? 1 : -1;
        else context.unexpressed.push(`${path}: ${kind === 'min' ? 'more' : 'less'} than ${check.value}`);
      }
      rules[kind] = bound;
    } else if (check.check === 'multiple_of') {
      rules.step = check.value;
    }
    // "number_format" (int) sets value_type; a number field holds a finite number anyway.
  }
  return rules;
}

/** The values found at `key` in each of `values` (objects), flattened one level when they are lists. */
const childValues = (values: unknown[], key: string) =>
  values.flatMap((value) => (isRecord(value) ? [value[key]] : []));
const itemValues = (values: unknown[]) => values.flatMap((value) => (Array.isArray(value) ? value : []));

/** The fields of an object schema, in its order. `values` are the content's values of that object, for the hints. */
export function objectFields(schema: z.ZodObject, path: string, values: unknown[], context: WalkContext): CmsField[] {
  return Object.entries(schema.shape).map(([key, child]) =>
    fieldOf(key, child as z.ZodType, path ? `${path}.${key}` : key, childValues(values, key), context),
  );
}

/**
 * The variants of a discriminated union as the CMS's typed fields: the editor picks a variant by its discriminator
 * value (written as the entry's first key, as in the files), then edits that variant's own fields.
 */
function variantTypes(schema: z.ZodDiscriminatedUnion, path: string, values: unknown[], context: WalkContext) {
  const key = schema._zod.def.discriminator;
  const types = (schema.options as z.ZodObject[]).map((option) => {
    const value = String((option.shape[key] as z.ZodLiteral<string>).value);
    const own = values.filter((v) => (v as Record<string, unknown> | null)?.[key] === value);
    const fields = objectFields(option.omit({ [key]: true } as never), `${path}(${value})`, own, context);
    return { name: value, label: labelOf(value), widget: 'object', fields };
  });
  return { typeKey: key, types };
}

/** A list the site needs exactly as long as it is: the admin offers no way to add, copy or remove an item. */
const FIXED_LENGTH = { allow_add: false, allow_remove: false, allow_duplicate: false };

/** An item's identifier, in a list that cannot gain items: shown, never changed (links and the site point to it). */
function fixedId(field: CmsField): CmsField {
  if (field.name !== 'id') return field;
  // As text, not a choice: a row of options would look like a way to switch the item to another.
  const shown = field.widget === 'select' ? { ...field, widget: 'string', options: undefined } : field;
  return { ...shown, readonly: true, hint: 'Fixed: the site refers to this item by it.' };
}

/** The fields that name a list item, in the order one is looked for: the item is summarised by the first found. */
const NAMING_FIELDS = ['name', 'title', 'label', 'question', 'heading', 'text'];

/** A list item's summary line: the value of its naming field, when it has one. */
function summaryOf(fields: CmsField[]): { summary?: string; collapsed?: 'auto' } {
  const naming = NAMING_FIELDS.find((name) => fields.some((field) => field.name === name && field.widget !== 'hidden'));
  // Items open folded to their summary, so a long list reads as a list of names; a new, empty item opens unfolded.
  return naming ? { summary: `{{fields.${naming}}}`, collapsed: 'auto' } : {};
}

/** The CMS field that edits one value of a schema. */
export function fieldOf(
  name: string,
  original: z.ZodType,
  path: string,
  values: unknown[],
  context: WalkContext,
): CmsField {
  const { schema, optional, description, defaultValue } = unwrap(original, path, context);
  const text = editorTextOf(description);
  const base: CmsField = { name, label: text.label ?? labelOf(name), widget: 'string' };
  const hint = hintOf(text.hint, slotsIn(values));
  if (hint) base.hint = hint;
  if (optional) base.required = false;
  if (defaultValue !== undefined) base.default = defaultValue;

  // The image() marker, or a copy of it (a description makes a copy that shares its definition).
  if (context.image && schema._zod.def === context.image._zod.def) {
    return { ...base, widget: 'image', choose_url: false, ...context.imageFolder?.(values) };
  }
  if (schema instanceof z.ZodString) {
    const rules = stringRules(schema, path, context);
    // A long text gets a box of several lines.
    const max = rules.maxlength as number | undefined;
    const long = max === undefined ? ((rules.minlength as number | undefined) ?? 0) >= 40 : max > 160;
    return { ...base, widget: long ? 'text' : 'string', ...rules };
  }
  if (schema instanceof z.ZodNumber) return { ...base, widget: 'number', ...numberRules(schema, path, context) };
  if (schema instanceof z.ZodBoolean) return { ...base, widget: 'boolean', required: false };
  if (schema instanceof z.ZodEnum) return { ...base, widget: 'select', options: [...schema.options] };
  if (schema instanceof z.ZodLiteral) {
    const value = schema.value as unknown;
    if (typeof value !== 'string') throw new Error(`${path}: a literal ${typeof value} has no CMS field`);
    // Fixed by the product: not shown, written as it is.
    return { name, label: base.label, widget: 'hidden', default: value };
  }
  if (schema instanceof z.ZodDate) return { ...base, widget: 'datetime' };
  if (schema instanceof z.ZodArray) {
    const checks = checksOf(schema);
    const exact = checks.find((check) => check.check === 'length_equals')?.length;
    const bounds: Record<string, number> = {};
    const min = exact ?? checks.find((check) => check.check === 'min_length')?.minimum;
    const max = exact ?? checks.find((check) => check.check === 'max_length')?.maximum;
    if (min !== undefined) bounds.min = min;
    if (max !== undefined) bounds.max = max;
    // A list of as many items as the site needs: none added or removed, and each item's id stays as it is.
    const fixed = min !== undefined && min === max ? FIXED_LENGTH : {};
    const element = schema.element as z.ZodType;
    const item = unwrap(element, `${path}[]`, context).schema;
    if (item instanceof z.ZodDiscriminatedUnion) {
      return {
        ...base,
        widget: 'list',
        ...bounds,
        ...fixed,
        ...variantTypes(item, `${path}[]`, itemValues(values), context),
      };
    }
    if (item instanceof z.ZodObject) {
      const fields = objectFields(item, `${path}[]`, itemValues(values), context);
      return {
        ...base,
        widget: 'list',
        ...bounds,
        ...fixed,
        ...summaryOf(fields),
        fields: min !== undefined && min === max ? fields.map(fixedId) : fields,
      };
    }
    const field = fieldOf('item', element, `${path}[]`, itemValues(values), context);
    return { ...base, widget: 'list', ...bounds, field: { ...field, label: base.label } };
  }
  if (schema instanceof z.ZodTuple) {
    // A list of a fixed length whose items share one shape (their own fixed values are checked by the build).
    const items = schema._zod.def.items as z.ZodType[];
    const first = unwrap(items[0]!, `${path}[0]`, context).schema;
    if (!(first instanceof z.ZodObject)) throw new Error(`${path}: only a tuple of objects has a CMS field`);
    context.unexpressed.push(`${path}: what each of its ${items.length} items must hold in its own place`);
    // Each item's fixed values are its own (the build checks them): hidden fields keep what the file holds.
    const fields = objectFields(first, `${path}[]`, itemValues(values), context).map((field) =>
      field.widget === 'hidden' ? { name: field.name, label: field.label, widget: 'hidden' } : fixedId(field),
    );
    return {
      ...base,
      widget: 'list',
      min: items.length,
      max: items.length,
      ...FIXED_LENGTH,
      allow_reorder: false,
      ...summaryOf(fields),
      fields,
    };
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    return { ...base, widget: 'object', ...variantTypes(schema, path, values, context) };
  }
  if (schema instanceof z.ZodObject) {
    return { ...base, widget: 'object', fields: objectFields(schema, path, values, context) };
  }
  throw new Error(`${path}: a ${schema.constructor.name} has no CMS field; add it to src/lib/cms/fields.ts`);
}
