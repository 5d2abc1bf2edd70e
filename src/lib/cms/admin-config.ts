/**
 * The configuration of the content admin at /cms/ (Sveltia CMS, Decap's format), generated from the content schemas
 * at every build: each collection of src/lib/schemas/collections.ts, the blog's posts and its categories. Nothing in
 * it is written by hand but what a schema cannot say: labels of collections, which collections may gain entries, and
 * the few fields listed in OVERRIDES (the blog's category, picked from the categories list; its picture, a file of
 * public/; dates written without a time).
 *
 * Entries that a route or a layout expects (the home page, the 14 feature pages...) are fixed files: an editor changes
 * them but cannot add or delete one. Testimonials and blog posts are folders: an editor adds and removes entries.
 */
import { z } from 'astro/zod';
import { blogCategoriesSchema, embeddedPostSchema } from '../schemas/blog';
import { FILE_COLLECTIONS } from '../schemas/collections';
import { CONTENT_PLACES, contentFolder, LOCALE_IN_PATH, type ContentCollection } from '../content-paths';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales';
import { pricingPaths, THANK_YOU_PATH } from '../routes';
import { CMS_AUTH_ROUTE } from './auth-wire';
import type { SchemaContext } from '../schemas/common';
import { fieldOf, labelOf, type CmsField, type ImageFolder, type WalkContext } from './fields';

/** The Worker route that signs an editor in with GitHub, as the admin's config names it (no leading slash). */
const AUTH_ENDPOINT = CMS_AUTH_ROUTE.slice(1);

/** A content file as the build found it: its path from the project root and its parsed data (front matter for .md). */
export interface ContentFile {
  path: string;
  data: unknown;
}

export interface CmsSettings {
  /** The site's public origin: the admin's "view site" link and where it signs in. */
  siteUrl: string;
  /** The GitHub repository ("owner/name") saves are committed to, and its branch. */
  repo: string;
  branch: string;
  /** Every content file of each collection, by collection name (see CMS_COLLECTIONS). */
  files: Record<string, ContentFile[]>;
}

type Schema = z.ZodTypeAny;
type SchemaOf = Schema | ((context: SchemaContext) => Schema);

interface CollectionPlan {
  label: string;
  description: string;
  /** Folder under the project, and the files' extension. */
  folder: string;
  extension: 'json' | 'md';
  schema: SchemaOf;
  /** Folder collections: editors add and delete entries; the file name comes from `slug`. */
  entries?: {
    singular: string;
    slug: string;
    identifier: string;
    summary: string;
    /** The list's sort: the fields an editor may sort by, and the one it opens with. */
    sort?: { fields: string[]; default: { field: string; direction: 'ascending' | 'descending' } };
  };
  /** Markdown: the body's field. */
  body?: CmsField;
  /** Top-level JSON array: the name of its one list field. */
  rootList?: string;
}

/** The page each entry is shown on (a fixed file by its name): the admin links to it from the entry. */
const PAGES: Record<string, (name: string) => string> = {
  home: () => '/',
  features: (name) => `/${name}`,
  landing: (name) => `/${name}`,
  whatsapp: () => '/business-whatsapp-api',
  plans: () => pricingPaths.main.community,
  // The facts are quoted on every page; the comparison table of /pricing shows what each plan includes.
  facts: () => pricingPaths.main.community,
  // The offer is the home page's popup; testimonials and the site-wide labels are seen there first.
  offer: () => '/',
  testimonials: () => '/',
  about: () => '/about-us',
  pages: (name) => (name === 'thank-you' ? THANK_YOU_PATH : '/404'),
  legal: (name) => `/${name}`,
  blog: () => '/blog/{{slug}}',
  blogCategories: () => '/blogs',
  blogPage: () => '/blogs',
  ui: () => '/',
  glossary: () => '/',
  experiments: () => '{{page}}',
};

/** Said once to every editor: slots are filled in by the site. */
const SLOTS = 'Words in braces, such as {brand}, are filled in by the site: keep them as they are.';

const {
  ui,
  pages,
  home,
  offer,
  testimonials,
  features,
  landing,
  whatsapp,
  plans,
  facts,
  about,
  legal,
  blogPage,
  glossary,
  experiments,
} = FILE_COLLECTIONS;

const json = (
  base: { base: string; schema: SchemaOf },
  label: string,
  description: string,
  extra: Partial<CollectionPlan> = {},
): CollectionPlan => ({ label, description, folder: base.base, extension: 'json', schema: base.schema, ...extra });

/** Every collection of the admin, in the order its menu shows them. */
export const CMS_COLLECTIONS: Record<ContentCollection, CollectionPlan> = {
  home: json(home, 'Home page', 'Every section of the home page, from the hero to the FAQ.'),
  features: json(features, 'Feature pages', 'The 14 feature pages (/member-management, /smart-ai...).'),
  landing: json(landing, 'Landing pages', 'The creator and yoga landing pages.'),
  whatsapp: json(whatsapp, 'WhatsApp landing', 'The WhatsApp marketing page.'),
  plans: json(plans, 'Plans and pricing', 'Prices, plan cards, the comparison table and the pricing FAQ.'),
  facts: json(
    facts,
    'Product facts',
    'What support promises, the certifications, what starting costs, what each plan includes and what is coming soon: every page quotes them, and the comparison table on /pricing is drawn from them.',
  ),
  offer: json(offer, 'Offer', "The limited-time offer in the home page's popup: its prices, end and what it includes."),
  testimonials: json(testimonials, 'Testimonials', 'What customers say, on the home, yoga and creator pages.', {
    entries: {
      singular: 'Testimonial',
      slug: '{{group}}-{{id}}',
      identifier: 'name',
      summary: '{{name}} ({{group}} #{{id}})',
    },
  }),
  about: json(about, 'About us', 'The about page.'),
  pages: json(pages, 'Other pages', 'The thank-you page and the page-not-found page.'),
  legal: {
    label: 'Legal pages',
    description: 'Privacy policy, terms of use and refund policy: the page details, then the text.',
    folder: legal.base,
    extension: 'md',
    schema: legal.schema,
    body: { name: 'body', label: 'Text', widget: 'markdown' },
  },
  blog: {
    label: 'Blog posts',
    description: 'The posts of /blogs, newest first. A post needs a category from the blog categories.',
    folder: contentFolder('blog'),
    extension: 'md',
    schema: embeddedPostSchema,
    entries: {
      singular: 'Blog post',
      slug: '{{slug}}',
      identifier: 'name',
      summary: '{{name}}',
      sort: { fields: ['createdAt', 'name'], default: { field: 'createdAt', direction: 'descending' } },
    },
    body: { name: 'body', label: 'Text', widget: 'markdown' },
  },
  blogCategories: {
    label: 'Blog categories',
    description: "The categories a post can belong to; a category's address name ends its page's address.",
    folder: contentFolder('blog'),
    extension: 'json',
    schema: blogCategoriesSchema,
    rootList: 'categories',
  },
  blogPage: json(blogPage, 'Blog page copy', 'The headings, labels and search texts of the blog pages.'),
  ui: json(ui, 'Site-wide labels', 'The header, footer, buttons, forms and other labels every page shares.'),
  glossary: json(
    glossary,
    'Glossary',
    "How a language's pages write the product's words (WhatsApp, UPI, dashboard...), one way throughout: a page that writes a term another way is refused.",
  ),
  experiments: json(
    experiments,
    'Experiments',
    'Tests of a page’s words: visitors are split between the page as it is and its variants, and the leads of each are counted. Set the status to running to start one, stopped to end it.',
    {
      entries: { singular: 'Experiment', slug: '{{id}}', identifier: 'id', summary: '{{id}} ({{status}}, {{page}})' },
    },
  ),
};

/** The site's time zone (India Standard Time): dates and times are picked in it and stored with its offset. */
export const SITE_TIME_ZONE = 'Asia/Kolkata';

/**
 * A date and time picked in the site's time zone, to the minute, stored with its offset: "2027-03-31T23:59:00+05:30"
 * (the content's own dates are written so, or a save would rewrite them).
 */
const SITE_DATETIME: Partial<CmsField> = {
  widget: 'datetime',
  input_timezone: SITE_TIME_ZONE,
  pattern: undefined,
  minlength: undefined,
  maxlength: undefined,
};

/** What the schema cannot say about a field, by collection and field path. */
const OVERRIDES: Record<string, Record<string, Partial<CmsField>>> = {
  offer: { deadline: SITE_DATETIME },
  blog: {
    category: {
      widget: 'relation',
      hint: 'One of the blog categories (add one under Blog categories).',
      collection: 'blogCategories',
      file: 'categories',
      value_field: 'categories.*.id',
      search_fields: ['categories.*.name'],
      display_fields: ['categories.*.name'],
      minlength: undefined,
      maxlength: undefined,
    },
    image: {
      widget: 'image',
      choose_url: false,
      media_folder: '/public/media/blog',
      public_folder: '/media/blog',
      minlength: undefined,
      maxlength: undefined,
    },
    // Picked in India time, stored in UTC as the posts' dates always were.
    createdAt: { ...SITE_DATETIME, output_utc: true },
  },
  legal: { lastUpdated: { time_format: false, format: 'YYYY-MM-DD', picker_utc: true } },
};

/** The image() of a schema read for its fields: a marker the walker recognises (Astro checks the file itself). */
const IMAGE = z.string();
export const SCHEMA_CONTEXT = { image: () => IMAGE.brand() } as unknown as SchemaContext;

/** "a/b/../c" → "a/c" (paths in content and config always use "/"). */
function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else if (part && part !== '.') out.push(part);
  }
  return out.join('/');
}

/** The folder an image field's files are in: the deepest folder that holds every value the content gives it. */
export function imageFolderOf(collectionFolder: string, values: unknown[]): ImageFolder {
  const dirs = values.filter((v): v is string => typeof v === 'string').map((v) => v.split('/').slice(0, -1));
  let common = dirs[0] ?? [];
  for (const dir of dirs) {
    let i = 0;
    while (i < common.length && common[i] === dir[i]) i++;
    common = common.slice(0, i);
  }
  const publicFolder = common.join('/') || '.';
  return { media_folder: `/${normalize(`${collectionFolder}/${publicFolder}`)}`, public_folder: publicFolder };
}

/** Drops keys whose value is undefined, at any depth (the overrides unset a schema's rule that way). */
function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, compact(v)]),
    ) as T;
  }
  return value;
}

/** The fields of one entry: the schema's (the variant the entry's `kind` names, for a union), then the body. */
function entryFields(
  name: string,
  plan: CollectionPlan,
  schema: Schema,
  data: unknown[],
  context: WalkContext,
): CmsField[] {
  let fields: CmsField[];
  if (plan.rootList) {
    fields = [{ ...fieldOf(plan.rootList, schema, name, [data].flat(), context), root: true }];
  } else {
    const field = fieldOf(name, schema, name, data, context);
    fields = (field.fields as CmsField[] | undefined) ?? [];
    if (field.typeKey) {
      const key = field.typeKey as string;
      const kind = (data[0] as Record<string, unknown>)[key];
      const variant = (field.types as { name: string; fields: CmsField[] }[]).find((t) => t.name === kind);
      if (!variant) throw new Error(`${name}: "${String(kind)}" is not a ${key} the schema knows`);
      // The page's kind is fixed (its layout depends on it): kept in the file, not shown.
      fields = [{ name: key, label: labelOf(key), widget: 'hidden', default: kind }, ...variant.fields];
    }
  }
  const overrides = OVERRIDES[name] ?? {};
  fields = fields.map((field) => (overrides[field.name] ? { ...field, ...overrides[field.name] } : field));
  return plan.body ? [...fields, plan.body] : fields;
}

/** Widgets whose value is a language's words: the rest (numbers, pictures, choices, dates, links) are not language. */
const WORDS_WIDGETS = new Set(['string', 'text', 'markdown']);

/**
 * A string held whole to a format (a pattern anchored at both ends: a path, a web address, a slug) is no language; one
 * that must only hold a slot ("{count}") is words around it. So is a value that must start as a path or address does.
 */
const isFormat = (pattern: unknown) =>
  Array.isArray(pattern) && /^\/\^(?:.*\$\/[a-z]*$|\\?\/|https)/s.test(String(pattern[0]));

/**
 * A field with what of it is language, for the admin's two languages: words are translated (`i18n: true`); an item's
 * fixed id and a variant's kind are copied into the translation (`duplicate`), so a translated list matches its
 * English by id; everything else (prices, paths, pictures, choices, numbers, a string held to a format) is the English
 * entry's alone and is left out of a translation's file. An object or a list is translated when something in it is.
 */
export function withLanguages(field: CmsField): CmsField {
  const nested = (field.fields as CmsField[] | undefined)?.map(withLanguages);
  const single = field.field ? withLanguages(field.field as CmsField) : undefined;
  const types = (field.types as { name: string; fields: CmsField[] }[] | undefined)?.map((type) => ({
    ...type,
    fields: type.fields.map(withLanguages),
  }));
  const inner = [...(nested ?? []), ...(single ? [single] : []), ...(types ?? []).flatMap((type) => type.fields)];
  const out: CmsField = { ...field };
  if (nested) out.fields = nested;
  if (single) out.field = single;
  if (types) out.types = types;
  if (inner.length) {
    if (inner.some((child) => child.i18n === true)) out.i18n = true;
    return out;
  }
  if (field.widget === 'hidden' || field.readonly === true || field.name === 'id') return { ...out, i18n: 'duplicate' };
  if (WORDS_WIDGETS.has(field.widget) && !isFormat(field.pattern)) return { ...out, i18n: true };
  return out;
}

/**
 * The admin's languages: every locale of the site, English the default at the paths it has always had, each other in
 * a folder of its locale inside the collection's (the table of where content lives). A new entry starts in English
 * only; a translation is made by turning its language on, so no page gains a half-written translation by a save.
 */
export const CMS_I18N = {
  structure: 'multiple_folders',
  locales: Object.keys(LOCALES),
  default_locale: DEFAULT_LOCALE,
  omit_default_locale_from_file_path: true,
  initial_locales: 'default',
} as const;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.(json|md)$/, '');

/** The whole configuration, and the schema rules no field could hold (the build still enforces them). */
export function cmsConfig(settings: CmsSettings): { config: Record<string, unknown>; unexpressed: string[] } {
  const unexpressed: string[] = [];
  const collections = Object.entries(CMS_COLLECTIONS).map(([name, plan]) => {
    const schema = typeof plan.schema === 'function' ? plan.schema(SCHEMA_CONTEXT) : plan.schema;
    const files = settings.files[name] ?? [];
    const context: WalkContext = {
      image: IMAGE,
      imageFolder: (values) => imageFolderOf(plan.folder, values),
      unexpressed,
    };
    // A collection of the build's tooling (experiments) or about a language (the glossary) has no translation.
    const translated = CONTENT_PLACES[name as ContentCollection].translated !== false;
    const languages = (fields: CmsField[]) => (translated ? fields.map(withLanguages) : fields);
    const common = {
      name,
      label: plan.label,
      description: `${plan.description} ${SLOTS}`,
      format: plan.extension === 'md' ? 'frontmatter' : 'json',
      ...(translated ? { i18n: true } : {}),
    };
    if (plan.entries) {
      return {
        ...common,
        label_singular: plan.entries.singular,
        folder: plan.folder,
        extension: plan.extension,
        create: true,
        delete: true,
        identifier_field: plan.entries.identifier,
        slug: plan.entries.slug,
        summary: plan.entries.summary,
        sortable_fields: plan.entries.sort,
        preview_path: PAGES[name]?.(''),
        fields: languages(
          entryFields(
            name,
            plan,
            schema,
            files.map((f) => f.data),
            context,
          ),
        ),
      };
    }
    if (!files.length) throw new Error(`The collection "${name}" has no file in ${plan.folder}`);
    const collectionFiles = files.map((file) => {
      // Each file its own form: the variant its data names, hints from its own values.
      const fileContext = { ...context, unexpressed: [] as string[] };
      const fields = entryFields(name, plan, schema, [file.data], fileContext);
      for (const rule of fileContext.unexpressed) if (!unexpressed.includes(rule)) unexpressed.push(rule);
      const id = plan.rootList ? plan.rootList : baseName(file.path);
      // The file of each language: "{{locale}}" is its folder, left out for English (omit_default_locale_from_file_path).
      const path = translated ? file.path.replace(/\/([^/]+)$/, `/${LOCALE_IN_PATH}/$1`) : file.path;
      // Sveltia asks each file of a translated collection to say so too.
      return {
        name: id,
        label: labelOf(id),
        file: path,
        ...(translated ? { i18n: true } : {}),
        preview_path: PAGES[name]?.(id),
        fields: languages(fields),
      };
    });
    return { ...common, files: collectionFiles };
  });
  const config = {
    load_config_file: false,
    backend: {
      name: 'github',
      repo: settings.repo,
      branch: settings.branch,
      base_url: new URL(settings.siteUrl).origin,
      auth_endpoint: AUTH_ENDPOINT,
      commit_messages: {
        create: 'Content: add {{collection}} "{{slug}}"',
        update: 'Content: update {{collection}} "{{slug}}"',
        delete: 'Content: delete {{collection}} "{{slug}}"',
        uploadMedia: 'Content: upload "{{path}}"',
        deleteMedia: 'Content: delete "{{path}}"',
      },
    },
    site_url: settings.siteUrl,
    display_url: settings.siteUrl,
    media_folder: 'public/media',
    public_folder: '/media',
    // Pictures are files of the site: no stock photo service, no address of another host.
    media_libraries: { stock_assets: false },
    output: { omit_empty_optional_fields: true, json: { indent_style: 'space', indent_size: 2 } },
    i18n: CMS_I18N,
    collections,
  };
  return { config: compact(config), unexpressed: [...new Set(unexpressed)].sort() };
}
