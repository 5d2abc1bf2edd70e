/** What the blog pages and the feed read: the posts and categories in display order, and the page's copy. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readEntries, readEntry } from '../content';
import { buildBlogIndex, type BlogIndex } from '../../lib/blog/index';
import type { BlogEntry } from '../../lib/schemas/blog';

/** Posts newest first (ties in the order of their ids, the order the collection is read in). */
async function readPosts(): Promise<BlogEntry[]> {
  const posts = await readEntries('blog');
  return posts
    .map((post, index) => ({ post, index }))
    .sort((a, b) => b.post.data.createdAt.getTime() - a.post.data.createdAt.getTime() || a.index - b.index)
    .map(({ post }) => post);
}

/** The categories in their source's order. */
async function readCategories(): Promise<{ id: string; name: string }[]> {
  return (await readEntries('blogCategories'))
    .sort((a, b) => a.data.position - b.data.position)
    .map((entry) => ({ id: entry.id, name: entry.data.name }));
}

let cached: Promise<BlogIndex<BlogEntry>> | undefined;

/**
 * The blog's index (src/lib/blog/index.ts): posts newest first, categories with their slugs, posts by category,
 * neighbours and related posts. Read from the collections once per build and shared by every page, so no page scans
 * every post. The development server reads afresh each time, so edited posts show at once.
 */
export function blogIndex(): Promise<BlogIndex<BlogEntry>> {
  if (import.meta.env.DEV || !cached) {
    cached = Promise.all([readPosts(), readCategories()]).then(([posts, categories]) =>
      buildBlogIndex(posts, categories, (post) => post.data.category.id),
    );
  }
  return cached;
}

/** Posts newest first. */
export async function blogEntries(): Promise<BlogEntry[]> {
  return (await blogIndex()).posts;
}

/** What a post links to from another post: its path, name and date. */
export interface PostLink {
  href: string;
  name: string;
  createdAt: Date;
}

export function postLink(post: BlogEntry): PostLink {
  return { href: `/blog/${encodeURIComponent(post.id)}`, name: post.data.name, createdAt: post.data.createdAt };
}

export async function blogPageCopy() {
  return readEntry('blogPage', 'blogs');
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
