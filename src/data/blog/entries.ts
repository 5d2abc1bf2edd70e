/** What the blog pages and the feed read: the posts and categories in display order, and the page's copy. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readEntriesWrittenIn, readEntry } from '../content';
import { DEFAULT_LOCALE, localePath, type PageLocale } from '../../lib/i18n/locales';
import { buildBlogIndex, type BlogIndex } from '../../lib/blog/index';
import type { BlogEntry } from '../../lib/schemas/blog';

/** Posts newest first (ties in the order of their ids, the order the collection is read in). */
async function readPosts(locale: PageLocale): Promise<BlogEntry[]> {
  const posts = await readEntriesWrittenIn('blog', locale);
  return posts
    .map((post, index) => ({ post, index }))
    .sort((a, b) => b.post.data.createdAt.getTime() - a.post.data.createdAt.getTime() || a.index - b.index)
    .map(({ post }) => post);
}

/** The categories in their source's order. */
async function readCategories(): Promise<{ id: string; name: string }[]> {
  return (await readEntriesWrittenIn('blogCategories', DEFAULT_LOCALE))
    .sort((a, b) => a.data.position - b.data.position)
    .map((entry) => ({ id: entry.id, name: entry.data.name }));
}

const cached = new Map<PageLocale, Promise<BlogIndex<BlogEntry>>>();

/**
 * The blog's index in `locale` (src/lib/blog/index.ts): the posts written in it newest first, the categories that
 * hold one of them with their slugs and names in that language, posts by category, neighbours and related posts. Read
 * from the collections once per build and shared by every page, so no page scans every post. The development server
 * reads afresh each time, so edited posts show at once.
 */
export function blogIndex(locale: PageLocale = DEFAULT_LOCALE): Promise<BlogIndex<BlogEntry>> {
  let index = cached.get(locale);
  if (import.meta.env.DEV || !index) {
    index = Promise.all([readPosts(locale), readCategories()]).then(([posts, categories]) => {
      const built = buildBlogIndex(posts, categories, (post) => post.data.category.id);
      if (locale === DEFAULT_LOCALE) return built;
      // In another language a category keeps its English slug (its page's address in every language) and takes its
      // name in the posts' language: each post written in it carries its category as the language names it. An
      // English category is named by the categories' list alone, never by a post (a post of the blog API may carry
      // any text as its category's name).
      const names = new Map(posts.map((post) => [post.data.category.id, post.data.category.name]));
      return {
        ...built,
        categories: built.categories.map((category) => ({
          ...category,
          name: names.get(category.id) ?? category.name,
        })),
      };
    });
    cached.set(locale, index);
  }
  return index;
}

/** Posts newest first. */
export async function blogEntries(locale: PageLocale = DEFAULT_LOCALE): Promise<BlogEntry[]> {
  return (await blogIndex(locale)).posts;
}

/** What a post links to from another post: its path, name and date. */
export interface PostLink {
  href: string;
  name: string;
  createdAt: Date;
}

export function postLink(post: BlogEntry, locale: PageLocale = DEFAULT_LOCALE): PostLink {
  return {
    href: localePath(locale, `/blog/${encodeURIComponent(post.id)}`),
    name: post.data.name,
    createdAt: post.data.createdAt,
  };
}

export async function blogPageCopy(locale: PageLocale = DEFAULT_LOCALE) {
  return readEntry('blogPage', 'blogs', 'main', [], locale);
}

/**
 * The Open Graph image of a post: for an embedded SVG illustration its PNG rendering next to it in public/ (made by
 * scripts/blog-social-images.mjs; social networks do not show SVG), otherwise the post's own image.
 */
export function socialImage(src: string): string {
  if (!src.startsWith('/') || !src.endsWith('.svg')) return src;
  const png = src.replace(/\.svg$/, '.png');
  return existsSync(join(process.cwd(), 'public', png)) ? png : src;
}
