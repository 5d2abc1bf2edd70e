/** What the blog pages and the feed read: the posts and categories in display order, and the page's copy. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CollectionEntry } from 'astro:content';
import { readEntries, readEntry } from '../content';

export type BlogEntry = CollectionEntry<'blog'>;

/** Posts newest first (ties keep the source's order). */
export async function blogEntries(): Promise<BlogEntry[]> {
  const posts = await readEntries('blog');
  return posts
    .map((post, index) => ({ post, index }))
    .sort((a, b) => b.post.data.createdAt.getTime() - a.post.data.createdAt.getTime() || a.index - b.index)
    .map(({ post }) => post);
}

/** Categories in the source's order, as { id, name }. */
export async function blogCategories(): Promise<{ id: string; name: string }[]> {
  return (await readEntries('blogCategories')).map((entry) => ({ id: entry.id, name: entry.data.name }));
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
