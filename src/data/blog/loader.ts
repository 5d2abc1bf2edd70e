/**
 * The content-layer loaders of the `blog` and `blogCategories` collections. With a blog API base URL they read the API
 * (src/lib/blog/api.ts); without one they read the embedded Markdown posts (./embedded). Rich text is sanitised here
 * (./sanitize-server), once, at build time, so pages only print it.
 *
 * When the API fails (unreachable, HTTP error, malformed answer) the build warns and publishes an empty blog, which
 * shows "No blogs found"; with `strict` on (BLOG_STRICT=true in the deploy workflow) it fails instead, so an outage
 * never replaces a good blog with an empty one.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { fetchCategories, fetchPosts, type ApiDeps } from '../../lib/blog/api';
import { EMBEDDED_DIR, readEmbeddedCategories, readEmbeddedPosts } from './embedded';
import { countWords } from '../../lib/blog/index';
import { truncateText, type BlogCategory, type BlogPost } from '../../lib/blog/post';
import type { Sanitizer } from '../../lib/blog/sanitize';
import { serverSanitizer } from './sanitize-server';

export interface BlogSourceOptions {
  /** Blog API base URL; empty for the embedded posts. */
  apiBase: string;
  strict: boolean;
  /** Test seams: fetch, sleep and retry policy for the API; the folder of the embedded posts; the sanitiser. */
  deps?: ApiDeps;
  dir?: string;
  sanitizer?: () => Promise<Sanitizer>;
}

export interface SourceContext {
  renderMarkdown: (markdown: string) => Promise<string>;
  warn: (message: string) => void;
}

const defaultSanitizer = async () => serverSanitizer();

async function fromApi<T>(
  what: string,
  options: BlogSourceOptions,
  warn: (m: string) => void,
  load: () => Promise<T[]>,
) {
  try {
    return await load();
  } catch (error) {
    const reason = (error as Error).message;
    if (options.strict) {
      throw new Error(
        `The blog API failed while loading ${what} and BLOG_STRICT is on, so the build stops: ${reason}`,
        {
          cause: error,
        },
      );
    }
    warn(`The blog API failed while loading ${what}: ${reason}. The blog is built without them ("No blogs found").`);
    return [];
  }
}

/** The longest plain-text excerpt kept per post: the feed prints up to this much, meta descriptions less. */
export const EXCERPT_MAX = 300;

/** A post as the collection stores it: rich text sanitised, and its plain-text excerpt. */
export interface StoredPost extends BlogPost {
  /** Plain text (never markup) of the short description, or of the description when the short one is empty. */
  excerpt: string;
  /** Words in the sanitised description: the post's reading time. */
  words: number;
}

/** The posts, newest first as the API or the files give them, with sanitised rich text and a plain-text excerpt. */
export async function loadBlogPosts(options: BlogSourceOptions, context: SourceContext): Promise<StoredPost[]> {
  const posts = options.apiBase
    ? await fromApi('posts', options, context.warn, () =>
        fetchPosts(options.apiBase, { ...options.deps, warn: context.warn }),
      )
    : await readEmbeddedPosts(context.renderMarkdown, options.dir ?? EMBEDDED_DIR);
  const sanitizer = await (options.sanitizer ?? defaultSanitizer)();
  const sanitized: StoredPost[] = [];
  for (const post of posts) {
    const shortDescription = sanitizer.short(post.shortDescription);
    const description = sanitizer.rich(post.description);
    const text = sanitizer.text(shortDescription) || sanitizer.text(description);
    sanitized.push({
      ...post,
      shortDescription,
      description,
      excerpt: truncateText(text, EXCERPT_MAX),
      words: countWords(description),
    });
    // jsdom tracks each parsed document's NodeIterator through a WeakRef, and V8 keeps a WeakRef's target alive
    // until the current task ends: without a real turn of the event loop every document stays in memory.
    if (sanitized.length % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return sanitized;
}

/** Posts sanitised between two turns of the event loop. */
const YIELD_EVERY = 50;

export async function loadBlogCategories(
  options: BlogSourceOptions,
  warn: (message: string) => void,
): Promise<BlogCategory[]> {
  if (!options.apiBase) return readEmbeddedCategories(options.dir ?? EMBEDDED_DIR);
  return fromApi('categories', options, warn, () => fetchCategories(options.apiBase, { ...options.deps, warn }));
}

async function replaceAll(context: LoaderContext, items: { id: string }[]): Promise<void> {
  context.store.clear();
  for (const { id, ...rest } of items) {
    const data = await context.parseData({ id, data: rest as Record<string, unknown> });
    context.store.set({ id, data, digest: context.generateDigest(data) });
  }
}

export function blogLoader(options: BlogSourceOptions): Loader {
  return {
    name: 'blog-loader',
    load: async (context) => {
      const posts = await loadBlogPosts(options, {
        renderMarkdown: async (markdown) => (await context.renderMarkdown(markdown)).html,
        warn: (message) => context.logger.warn(message),
      });
      await replaceAll(context, posts);
      context.logger.info(`${posts.length} blog posts from ${options.apiBase || 'the embedded Markdown'}`);
    },
  };
}

export function blogCategoryLoader(options: BlogSourceOptions): Loader {
  return {
    name: 'blog-category-loader',
    load: async (context) => {
      const categories = await loadBlogCategories(options, (message) => context.logger.warn(message));
      // The collection is read back in the order of its ids, not the source's: each keeps its place.
      await replaceAll(
        context,
        categories.map((category, position) => ({ ...category, position })),
      );
    },
  };
}
