/**
 * The admin's previews (src/cms/previews.tsx) against the schemas of the entries they preview: drawn with an entry
 * whose every text field holds a text of its own (its key path), each preview shows every one of them, either drawn as
 * the page draws it or as the admin draws the field. A field added to a schema and left out of its preview fails here.
 *
 * The previews run here as the admin runs them: plain function components given the entry as an Immutable-like map
 * (`getIn`, `keySeq`), `widgetFor(keyPath)` (here: the field's texts in an element that names its key path) and
 * `getAsset(path)`.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import type { CustomPreviewTemplateProps } from '@sveltia/cms';
import { BlogPostPreview, FeaturePreview, HomePreview } from '../../src/cms/previews';
import { embeddedPostSchema } from '../../src/lib/schemas/blog';
import type { SchemaContext } from '../../src/lib/schemas/common';
import { featureSchema } from '../../src/lib/schemas/features';
import { homeSchema } from '../../src/lib/schemas/home';

/** The text a sample entry holds at a key path: unique, and none is part of another. */
const marker = (path: string) => `«${path}»`;

/** A picture field is a path of the picture's file: here a text like any other. */
const context: SchemaContext = { image: () => z.string() as unknown as ReturnType<SchemaContext['image']> };

/**
 * A value for `schema` at `path` in which every text is its marker (collected in `texts`): every optional field
 * filled, every list with its least number of items (one at least). Choices and fixed values take their first value:
 * an editor picks them, they are not texts. A kind of schema not known here fails, naming the path.
 */
function sample(schema: z.ZodType, path: string, texts: string[]): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return sample(schema.unwrap() as z.ZodType, path, texts);
  if (schema instanceof z.ZodPipe) return sample(schema._zod.def.in as z.ZodType, path, texts);
  if (schema instanceof z.ZodString) {
    texts.push(path);
    return marker(path);
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.fromEntries(
      Object.entries(shape).map(([key, field]) => [key, sample(field, path ? `${path}.${key}` : key, texts)]),
    );
  }
  if (schema instanceof z.ZodArray) {
    const checks = (schema._zod.def.checks ?? []).map(
      (check) => check._zod.def as { length?: number; minimum?: number },
    );
    const count = Math.max(1, ...checks.map((check) => check.length ?? check.minimum ?? 1));
    return Array.from({ length: count }, (_, i) => sample(schema.element as z.ZodType, `${path}.${i}`, texts));
  }
  if (schema instanceof z.ZodTuple) {
    return (schema._zod.def.items as z.ZodType[]).map((item, i) => sample(item, `${path}.${i}`, texts));
  }
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodLiteral) return schema.value;
  if (schema instanceof z.ZodNumber) return 1;
  if (schema instanceof z.ZodBoolean) return true;
  if (schema instanceof z.ZodDate) return '2026-03-04T05:06:00.000Z';
  throw new Error(`${path}: no sample for a ${schema.constructor.name}; teach sample() this kind of field`);
}

/** The texts of a value, in order. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(textsOf) : [];

/** An entry as the admin hands it to a preview, and the preview drawn with it. */
function draw(preview: (props: CustomPreviewTemplateProps) => ReactElement, data: Record<string, unknown>): string {
  const at = (path: string[]) => path.reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], data);
  const entry = {
    getIn([root, ...path]: string[]) {
      if (root !== 'data') return undefined;
      const value = at(path);
      if (!value || typeof value !== 'object') return value;
      return { keySeq: () => ({ toArray: () => Object.keys(value) }) };
    },
  };
  const props = {
    entry,
    widgetFor: (keyPath: string) =>
      createElement('div', { 'data-field': keyPath }, textsOf(at(keyPath.split('.'))).join(' ')),
    getAsset: (path: string) => ({ url: path }),
  } as unknown as CustomPreviewTemplateProps;
  return renderToStaticMarkup(createElement(preview, props));
}

/** Each preview, and the entries it previews: one per kind of entry its schema allows. */
const features = featureSchema(context);
const cases = [
  { name: 'the home page', preview: HomePreview, schema: homeSchema as z.ZodTypeAny },
  ...features.options.map((schema) => ({
    name: `a feature page (${(schema.shape.kind as z.ZodLiteral<string>).value})`,
    preview: FeaturePreview,
    schema: schema as z.ZodTypeAny,
  })),
  // A post's front matter, and its text (the file's body), which the admin holds as the field `body`.
  { name: 'a blog post', preview: BlogPostPreview, schema: embeddedPostSchema.extend({ body: z.string() }) },
];

describe.each(cases)('the preview of $name', ({ preview, schema }) => {
  const texts: string[] = [];
  const data = sample(schema, '', texts) as Record<string, unknown>;
  const html = draw(preview, data);

  it('shows every text field of the entry', () => {
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.filter((path) => !html.includes(marker(path)))).toEqual([]);
  });

  it('draws its part of the page in the site markup, not as fields', () => {
    // The page's heading is drawn as the page draws it, inside the preview's own <h1>.
    const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    expect(heading).toMatch(/^«(hero\.(headline|heading)|name)»$/);
  });
});
