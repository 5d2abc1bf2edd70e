/**
 * Where content lives: for a collection, a locale and an entry id, the file that holds it. Every reader goes through
 * this table (the content layer's loaders, the build's checks of copy, prices and names, the content admin's
 * configuration and its checks, the unit tests that parse every file), so that no other module writes a path to a
 * content file, and a file's collection and language are read from here, never guessed from its folder's name.
 *
 * English files sit in the collection's folder; a translation mirrors its English file in a folder named by its
 * locale inside it (`home/hi/home.json`), as the content admin's "multiple folders" structure writes them.
 */
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './i18n/locales';

/** The folder of all content, from the project root. */
export const CONTENT_ROOT = 'src/content';

interface Place {
  /** The collection's folder under CONTENT_ROOT. */
  folder: string;
  /** The files' extension. */
  ext: 'json' | 'md';
  /** A collection of one file whose name is not free (the blog's categories beside its posts). */
  only?: string;
  /** Whether a translation may exist: a collection of the build's tooling (experiments) is in one language. */
  translated?: false;
}

const PLACES = {
  /** Site-wide labels: the header, the footer, the buttons and forms every page shares. */
  ui: { folder: 'ui', ext: 'json' },
  /** The 404 and thank-you pages. */
  pages: { folder: 'pages', ext: 'json' },
  home: { folder: 'home', ext: 'json' },
  offer: { folder: 'offer', ext: 'json' },
  testimonials: { folder: 'testimonials', ext: 'json' },
  features: { folder: 'features', ext: 'json' },
  landing: { folder: 'landing', ext: 'json' },
  whatsapp: { folder: 'whatsapp', ext: 'json' },
  plans: { folder: 'plans', ext: 'json' },
  /** The product's facts, each stated once: copy quotes them through {fact.…} slots. */
  facts: { folder: 'facts', ext: 'json' },
  about: { folder: 'about', ext: 'json' },
  /** Markdown: front matter and the text. */
  legal: { folder: 'legal', ext: 'md' },
  /** The embedded blog's posts (Markdown), read when no blog API is configured. */
  blog: { folder: 'blog', ext: 'md' },
  blogCategories: { folder: 'blog', ext: 'json', only: 'categories' },
  blogPage: { folder: 'blog-page', ext: 'json' },
  /**
   * Each language's glossary, a file named by the language it serves (glossary/hi.json): the product words its pages
   * write one way. It is no page's copy and has no translation.
   */
  glossary: { folder: 'glossary', ext: 'json', translated: false },
  /** Tests of a page's words (a test build may read them from another folder: EXPERIMENTS_FOLDER). */
  experiments: { folder: 'experiments', ext: 'json', translated: false },
} as const satisfies Record<string, Place>;

export type ContentCollection = keyof typeof PLACES;

export const CONTENT_PLACES: Readonly<Record<ContentCollection, Place>> = PLACES;

export const CONTENT_COLLECTIONS = Object.keys(CONTENT_PLACES) as ContentCollection[];

/** The folder of a collection's files in `locale`, from the project root. */
export function contentFolder(collection: ContentCollection, locale: Locale = DEFAULT_LOCALE): string {
  const base = `${CONTENT_ROOT}/${CONTENT_PLACES[collection].folder}`;
  return locale === DEFAULT_LOCALE ? base : `${base}/${locale}`;
}

/**
 * The content admin's placeholder for a translation's folder in a file's path ("src/content/home/{{locale}}/home.json"),
 * where contentPath puts a locale's folder; English, the default, has none.
 */
export const LOCALE_IN_PATH = '{{locale}}';

/** The glob pattern of a collection's files inside its folder ("*.json", or the one file's name). */
export function contentPattern(collection: ContentCollection): string {
  const { ext, only } = CONTENT_PLACES[collection];
  return `${only ?? '*'}.${ext}`;
}

/**
 * The glob pattern of a collection's files in every language, from its folder: "{*,hi/*}.md". The content layer
 * reads a Markdown collection's translations itself (it renders them), under ids such as "hi/privacy-policy".
 */
export function contentPatternAllLocales(collection: ContentCollection): string {
  const { ext, only } = CONTENT_PLACES[collection];
  const name = only ?? '*';
  const folders = Object.keys(LOCALES).filter((locale) => locale !== DEFAULT_LOCALE);
  return `{${[name, ...folders.map((locale) => `${locale}/${name}`)].join(',')}}.${ext}`;
}

/** The file of one entry: `contentPath('home', 'home')` is src/content/home/home.json. */
export function contentPath(collection: ContentCollection, id: string, locale: Locale = DEFAULT_LOCALE): string {
  return `${contentFolder(collection, locale)}/${id}.${CONTENT_PLACES[collection].ext}`;
}

/** An entry as the table names it: its collection, its language and its id. */
export interface ContentEntryRef {
  collection: ContentCollection;
  locale: Locale;
  id: string;
}

/** The entry a project path holds (the Hindi home page's file: home, hi, home), or null for any other file. */
export function contentEntryOf(path: string): ContentEntryRef | null {
  for (const collection of CONTENT_COLLECTIONS) {
    const { folder, ext, only, translated } = CONTENT_PLACES[collection];
    const prefix = `${CONTENT_ROOT}/${folder}/`;
    if (!path.startsWith(prefix) || !path.endsWith(`.${ext}`)) continue;
    const parts = path.slice(prefix.length, -(ext.length + 1)).split('/');
    const [first, second] = parts;
    const [locale, id] =
      parts.length === 1 ? [DEFAULT_LOCALE, first] : parts.length === 2 && translated !== false ? [first, second] : [];
    if (!id || !locale || !isLocale(locale) || (only !== undefined && id !== only)) continue;
    return { collection, locale, id };
  }
  return null;
}

/** A content file as the checks read it: the entry it holds, its path, its data (JSON or front matter), a body. */
export interface ContentFile extends ContentEntryRef {
  path: string;
  data: unknown;
  /** A Markdown file's text after its front matter. */
  body?: string;
}

/** A content file of the project at `path`, for a check of data not (yet) on disk: an entry about to be saved. */
export function contentFileAt(path: string, data: unknown, body?: string): ContentFile {
  const ref = contentEntryOf(path);
  if (!ref) throw new Error(`${path} is no content file (the table of where content lives names none there)`);
  return { ...ref, path, data, ...(body === undefined ? {} : { body }) };
}
