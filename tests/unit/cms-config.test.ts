/**
 * The content admin's config (src/lib/cms/admin-config.ts) against the schemas it is generated from, so that the two never
 * drift: every value a schema checks has a field, with the schema's rules; no field edits a value the schema does not
 * know; the fields follow the files' own key order (so a save changes only the lines an editor changed); and the
 * files are written as the admin writes them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { parse, stringify, type ToStringOptions } from 'yaml';
import { cmsConfigFile, adaptSveltia, cmsContentFiles } from '../../src/integrations/cms-admin';
import { CMS_COLLECTIONS } from '../../src/lib/cms/admin-config';
import { schemaContext } from '../content-check';
import type { CmsField } from '../../src/lib/cms/fields';
import { filesUnder } from '../../src/integrations/dist-pages.mjs';
import { LOCALE_IN_PATH } from '../../src/lib/content-paths';

const root = process.cwd();
const { config, unexpressed } = await cmsConfigFile(root);
const files = cmsContentFiles(root);
type Collection = { name: string; fields?: CmsField[]; files?: { file: string; fields: CmsField[] }[] };
const collections = config.collections as Collection[];

/** The forms of each file: a fixed file's own fields, or its folder collection's. */
function formsOf(name: string): { file: string; fields: CmsField[] }[] {
  const collection = collections.find((c) => c.name === name)!;
  return files[name]!.map((file) => ({
    file: file.path,
    fields: collection.files
      ? collection.files.find((f) => f.file.replace(`/${LOCALE_IN_PATH}/`, '/') === file.path)!.fields
      : collection.fields!,
  }));
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !Object.keys(value).length);

/**
 * An entry as the admin saves it from its fields (Sveltia, `omit_empty_optional_fields`): keys in the fields' order,
 * a yes/no field always written (false when it was missing), an optional field left out when it is empty.
 */
function adminForm(fields: CmsField[], data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const formOf = (field: CmsField, value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => formOf({ ...field, widget: 'object' }, item));
    if (field.fields) return adminForm(field.fields as CmsField[], value as Record<string, unknown>);
    if (field.types) {
      // The admin orders an item's keys by the fields of all its types in turn, the first of each name counting.
      const key = field.typeKey as string;
      const types = field.types as { name: string; fields: CmsField[] }[];
      const kind = (value as Record<string, unknown>)[key];
      const own = new Set(types.find((t) => t.name === kind)?.fields.map((f) => f.name));
      const order = [...new Map(types.flatMap((t) => t.fields).map((f) => [f.name, f])).values()];
      return {
        [key]: kind,
        ...adminForm(
          order.filter((f) => own.has(f.name)),
          value as Record<string, unknown>,
        ),
      };
    }
    return value;
  };
  for (const field of fields) {
    let value = formOf(field, data[field.name]);
    if (field.widget === 'boolean') value ??= false;
    if (isEmpty(value) && (field.required === false || value === undefined)) continue;
    out[field.name] = value;
  }
  return out;
}

/** Every value path a piece of data holds ("hero.eyebrow", "faqs[].answer"), and the fields' paths for it. */
function dataPaths(value: unknown, path: string, out: Set<string>) {
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) out.add(path);
    else value.forEach((item) => dataPaths(item, `${path}[]`, out));
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, child] of Object.entries(value)) dataPaths(child, path ? `${path}.${key}` : key, out);
  } else if (value !== null) {
    out.add(path);
  }
}

function fieldPaths(fields: CmsField[], path: string, out: Set<string>, data: unknown) {
  for (const field of fields) {
    if (field.name === 'body') continue;
    const here = field.root ? path : path ? `${path}.${field.name}` : field.name;
    const value = field.root ? data : (data as Record<string, unknown> | undefined)?.[field.name];
    const typed = (item: unknown) => {
      const key = field.typeKey as string;
      const type = (field.types as { name: string; fields: CmsField[] }[]).find(
        (t) => t.name === (item as Record<string, unknown>)?.[key],
      );
      out.add(`${here}${field.widget === 'list' ? '[]' : ''}.${key}`);
      fieldPaths(type?.fields ?? [], `${here}${field.widget === 'list' ? '[]' : ''}`, out, item);
    };
    if (field.widget === 'list' && field.fields) {
      // An empty list is the list's own value.
      out.add(here);
      for (const item of Array.isArray(value) ? value : [])
        fieldPaths(field.fields as CmsField[], `${here}[]`, out, item);
    } else if (field.widget === 'list' && field.types) {
      for (const item of Array.isArray(value) ? value : []) typed(item);
    } else if (field.widget === 'object' && field.types) {
      typed(value);
    } else if (field.widget === 'object') {
      fieldPaths(field.fields as CmsField[], here, out, value);
    } else {
      out.add(here);
    }
  }
}

/**
 * Every value path a schema describes, read from the zod types themselves (not through the generator): leaves, with
 * whether the schema requires them. A discriminated union at the top is the variant `kind` names; inside, all variants.
 */
function schemaPaths(schema: z.ZodType, path: string, out: Map<string, boolean>, required = true, kind?: unknown) {
  let type = schema;
  for (;;) {
    if (type instanceof z.ZodOptional || type instanceof z.ZodNullable || type instanceof z.ZodDefault) {
      required = false;
      type = type.unwrap() as z.ZodType;
    } else if (type instanceof z.ZodPipe) type = type._zod.def.in as z.ZodType;
    else break;
  }
  const join = (key: string) => (path ? `${path}.${key}` : key);
  if (type instanceof z.ZodObject) {
    for (const [key, child] of Object.entries(type.shape)) schemaPaths(child as z.ZodType, join(key), out);
  } else if (type instanceof z.ZodDiscriminatedUnion) {
    const discriminator = type._zod.def.discriminator;
    const options = (type.options as z.ZodObject[]).filter(
      (option) => kind === undefined || (option.shape[discriminator] as z.ZodLiteral).value === kind,
    );
    for (const option of options) schemaPaths(option, path, out);
  } else if (type instanceof z.ZodArray || type instanceof z.ZodTuple) {
    const item = (type instanceof z.ZodArray ? type.element : type._zod.def.items[0]) as z.ZodType;
    const inner = new Map<string, boolean>();
    schemaPaths(item, '', inner);
    if (inner.size === 1 && inner.has('')) out.set(path, required);
    else for (const [key, req] of inner) out.set(`${path}[]${key ? `.${key}` : ''}`, req);
  } else {
    out.set(path, required);
  }
}

/** Every value path the admin's fields edit, with whether the field is required. */
function formPaths(fields: CmsField[], path: string, out: Map<string, boolean>) {
  for (const field of fields) {
    if (field.widget === 'markdown' && field.name === 'body') continue;
    const here = field.root ? path : path ? `${path}.${field.name}` : field.name;
    const inList = field.widget === 'list' ? `${here}[]` : here;
    if (field.fields) formPaths(field.fields as CmsField[], inList, out);
    else if (field.types) {
      out.set(`${inList}.${field.typeKey as string}`, true);
      for (const type of field.types as { fields: CmsField[] }[]) formPaths(type.fields, inList, out);
    } else out.set(here, field.required !== false);
  }
}

describe('content admin config', () => {
  it('has a collection for every content collection, the blog and its categories', () => {
    expect(collections.map((c) => c.name).sort()).toEqual(
      [
        'about',
        'blog',
        'blogCategories',
        'blogPage',
        'experiments',
        'facts',
        'features',
        'glossary',
        'home',
        'landing',
        'legal',
        'offer',
        'pages',
        'plans',
        'testimonials',
        'ui',
        'whatsapp',
      ].sort(),
    );
    // One form per feature page's file: the count is the folder's, whatever it holds.
    const featureFiles = readdirSync('src/content/features').filter((file) => file.endsWith('.json'));
    expect(featureFiles.length).toBeGreaterThan(0);
    expect(formsOf('features')).toHaveLength(featureFiles.length);
  });

  for (const [name, plan] of Object.entries(CMS_COLLECTIONS)) {
    it(`${name}: the fields are exactly the schema's values, required where the schema requires them`, () => {
      const schema = typeof plan.schema === 'function' ? plan.schema(schemaContext('')) : plan.schema;
      for (const { file, fields } of formsOf(name)) {
        const data = files[name]!.find((f) => f.path === file)!.data as Record<string, unknown>;
        const expected = new Map<string, boolean>();
        schemaPaths(
          schema,
          '',
          expected,
          true,
          collections.find((c) => c.name === name)!.files ? data.kind : undefined,
        );
        const actual = new Map<string, boolean>();
        formPaths(fields, '', actual);
        expect(Object.fromEntries([...actual].sort()), file).toEqual(Object.fromEntries([...expected].sort()));
      }
    });

    it(`${name}: every value of every file has a field, and every field a value the schema knows`, () => {
      for (const { file, fields } of formsOf(name)) {
        const data = files[name]!.find((f) => f.path === file)!.data;
        const inData = new Set<string>();
        dataPaths(data, '', inData);
        const inForm = new Set<string>();
        fieldPaths(fields, '', inForm, data);
        expect(
          [...inData].filter((p) => !inForm.has(p)),
          `${file}: values without a field`,
        ).toEqual([]);
      }
    });

    it(`${name}: the fields follow each file's key order`, () => {
      const order = (fields: CmsField[], data: unknown, path: string, problems: string[]) => {
        if (!data || typeof data !== 'object' || Array.isArray(data)) return;
        const expected = fields.map((f) => f.name).filter((key) => key in data);
        if (expected.join() !== Object.keys(data).join()) problems.push(`${path}: ${Object.keys(data).join()}`);
        for (const field of fields) {
          const value = (data as Record<string, unknown>)[field.name];
          const items = Array.isArray(value) ? value : [value];
          for (const item of items) {
            if (field.fields) order(field.fields as CmsField[], item, `${path}.${field.name}`, problems);
            if (field.types) {
              const key = field.typeKey as string;
              const type = (field.types as { name: string; fields: CmsField[] }[]).find(
                (t) => t.name === (item as Record<string, unknown>)?.[key],
              );
              order([{ name: key } as CmsField, ...(type?.fields ?? [])], item, `${path}.${field.name}`, problems);
            }
          }
        }
      };
      const problems: string[] = [];
      for (const { file, fields } of formsOf(name)) {
        if (name !== 'blogCategories') order(fields, files[name]!.find((f) => f.path === file)!.data, file, problems);
      }
      expect(problems).toEqual([]);
    });
  }

  it("carries the schemas' rules: bounds, patterns, allowed values, required", () => {
    const home = formsOf('home')[0]!.fields;
    const hero = home.find((f) => f.name === 'hero')!.fields as CmsField[];
    expect(hero.find((f) => f.name === 'eyebrow')).toMatchObject({ widget: 'string', minlength: 3 });
    expect(hero.find((f) => f.name === 'eyebrow')!.required).toBeUndefined();
    const testimonial = formsOf('testimonials')[0]!.fields;
    expect(testimonial.find((f) => f.name === 'id')).toMatchObject({ widget: 'number', value_type: 'int', min: 1 });
    expect(testimonial.find((f) => f.name === 'logo')).toMatchObject({
      widget: 'image',
      media_folder: '/src/assets/testimonials',
      public_folder: '../../assets/testimonials',
    });
    const feature = formsOf('features').find((form) => form.file.endsWith('/smart-ai.json'))!.fields;
    const faqs = feature.find((f) => f.name === 'faqs')!;
    expect((faqs.fields as CmsField[]).find((f) => f.name === 'id')!.pattern).toEqual([
      '/^[a-z0-9][a-z0-9-]*$/',
      expect.any(String),
    ]);
    const highlights = feature.find((f) => f.name === 'highlights')!;
    expect((highlights.fields as CmsField[]).find((f) => f.name === 'icon')!.widget).toBe('select');
    const blogPage = formsOf('blogPage')[0]!.fields;
    // The spec's words are content an editor sees and changes (the build holds the English to them), not fixed.
    expect(blogPage.find((f) => f.name === 'allCategories')).toMatchObject({
      widget: 'string',
      label: 'All categories',
    });
    const ui = formsOf('ui')[0]!.fields;
    const buttons = ui.find((f) => f.name === 'buttons')!.fields as CmsField[];
    expect(buttons.find((f) => f.name === 'demo')).toMatchObject({ widget: 'string', label: 'Demo button' });
  });

  it('a pattern it writes accepts what the schema accepts and refuses what it refuses', () => {
    const page = formsOf('blogPage')[0]!.fields.find((f) => f.name === 'pagedTitle')!;
    const [source] = page.pattern as [string, string];
    const pattern = new RegExp(source.slice(1, -1));
    expect(pattern.test('{name}, page {page}')).toBe(true);
    expect(pattern.test('{name}, page')).toBe(false);
    expect(pattern.test('page {page}')).toBe(false);
  });

  it('keeps a slot visible with a hint saying what fills it', () => {
    const home = formsOf('home')[0]!.fields;
    const description = home.find((f) => f.name === 'description')!;
    expect(description.hint).toContain('{brand}');
    expect(description.hint).toContain('the brand name');
  });

  it("tells the editor what the offer's deadline does, and what a plan or fact slot states", () => {
    const home = formsOf('home')[0]!.fields;
    const offer = formsOf('offer')[0]!.fields;
    const deadline = offer.find((f) => f.name === 'deadline')!;
    expect(deadline.hint).toMatch(/After this moment the home popup no longer opens/);
    expect(deadline.hint).toMatch(/build warns/);
    expect(offer.find((f) => f.name === 'validityNote')!.hint).toContain(
      "Keep {deadline} as written: the site fills in the deadline's day",
    );
    const plans = formsOf('plans')[0]!.fields;
    const community = plans.find((f) => f.name === 'community')!.fields as CmsField[];
    expect(community.find((f) => f.name === 'yearlyBadge')!.hint).toContain(
      'Keep {yearlySaving} as written: the site fills in what yearly billing saves',
    );
    const homeFaq = (home.find((f) => f.name === 'faq')!.fields as CmsField[]).find((f) => f.name === 'items')!;
    // A fact slot: what the product facts state, by their name.
    expect((homeFaq.fields as CmsField[]).find((f) => f.name === 'answer')!.hint).toContain(
      'the fact "support" as worded under Product facts',
    );
    const faq = community.find((f) => f.name === 'faq')!.fields as CmsField[];
    expect(faq.find((f) => f.name === 'answer')!.hint).toContain(
      'the transaction fee of the Lite plan, as set under Plans and pricing',
    );
  });

  it('lists the rules a form cannot hold, which the build still checks', () => {
    expect(unexpressed).toEqual([
      'experiments: a custom check (refinement)',
      'facts: a custom check (refinement)',
      'offer: a custom check (refinement)',
      'ui.navigation: a custom check (refinement)',
    ]);
  });

  for (const name of Object.keys(CMS_COLLECTIONS)) {
    it(`${name}: every file is already what the admin would save (so a one-field save changes one line)`, () => {
      for (const { file, fields } of formsOf(name)) {
        const text = readFileSync(file, 'utf8');
        if (file.endsWith('.md')) {
          const [, front] = /^---\n([\s\S]*?)\n---\n/.exec(text) ?? [];
          const data = parse(front!) as Record<string, unknown>;
          expect(Object.keys(adminForm(fields, data)), file).toEqual(Object.keys(data));
          expect(adminForm(fields, data), file).toEqual(data);
        } else {
          const data = JSON.parse(text) as unknown;
          const saved = fields[0]?.root
            ? adminForm(fields, { [fields[0].name]: data })[fields[0].name]
            : adminForm(fields, data as Record<string, unknown>);
          expect(`${JSON.stringify(saved, null, 2)}\n`, file).toBe(text);
        }
      }
    });
  }

  it('every JSON content file is written as the admin writes it (two-space JSON and a final newline)', () => {
    for (const file of filesUnder('src/content').filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    }
  });

  it("every Markdown file's front matter is written as the admin's YAML writer writes it", () => {
    // The admin's writer: the yaml package with these options (no quotes unless needed, no line folding).
    const options: ToStringOptions = {
      indent: 2,
      indentSeq: true,
      lineWidth: 0,
      defaultKeyType: 'PLAIN',
      defaultStringType: 'PLAIN',
      singleQuote: true,
    };
    for (const file of filesUnder('src/content').filter((f) => f.endsWith('.md'))) {
      const [, front] = /^---\n([\s\S]*?)\n---\n/.exec(readFileSync(file, 'utf8')) ?? [];
      expect(front, file).toBe(stringify(parse(front!), options).trim());
    }
  });

  it('the admin calls no other host: fonts come from its own package, and a font without a copy stops the build', () => {
    const code =
      'a("https://www.githubstatus.com/api/v2/status.json");b("url(https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2)");c(`There was an error while saving the entry. Please try again later.`)';
    const out = adaptSveltia(code, ['noto-mono-latin-400-normal-X1.woff2']);
    expect(out).not.toMatch(/https:/);
    expect(out).toContain('/cms/assets/noto-mono-latin-400-normal-X1.woff2');
    expect(() => adaptSveltia(code, [])).toThrow(/ships no copy/);
  });

  it('a save the admin stops is not called a failure to try again later', () => {
    const code =
      'a("https://www.githubstatus.com/api/v2/status.json");c(`There was an error while saving the entry. Please try again later.`)';
    expect(adaptSveltia(code, [])).toContain('c(`This entry was not saved.`)');
    expect(() => adaptSveltia(code.slice(0, -30), [])).toThrow(/no longer says/);
  });

  it('a schema type the admin has no field for stops the build, naming the field', async () => {
    const { fieldOf } = await import('../../src/lib/cms/fields');
    expect(() => fieldOf('price', z.union([z.number(), z.string()]), 'plans.price', [], { unexpressed: [] })).toThrow(
      /plans\.price: a ZodUnion has no CMS field/,
    );
  });
});
