/**
 * The blog's collections. Posts come from the blog API when PUBLIC_BLOG_API_URL is set at build time, else from
 * src/content/blog (Markdown); the loader (src/lib/blog/loader.ts) checks each API post (src/lib/blog/post.ts) and the
 * embedded front matter (src/lib/blog/embedded.ts). These schemas check what the loader stores; rich text is already
 * sanitised there.
 */
import { z } from 'astro/zod';
import { seo } from './common';

const blogCategory = z.object({ id: z.string().min(1), name: z.string().min(1) }).strict();

export const blogPostSchema = z
  .object({
    name: z.string().min(1),
    category: blogCategory,
    createdAt: z.coerce.date(),
    author: z.string().min(1),
    /** Sanitised HTML (short policy). */
    shortDescription: z.string(),
    /** Sanitised HTML (rich policy). */
    description: z.string(),
    /** Plain text for meta descriptions, JSON-LD and the feed (escaped wherever it is printed). */
    excerpt: z.string(),
    image: z
      .object({ src: z.string().min(1), alt: z.string() })
      .strict()
      .nullable(),
  })
  .strict();

export const blogCategorySchema = z.object({ name: z.string().min(1) }).strict();

/** Copy of the blog list page and the feed. */
export const blogPageSchema = z
  .object({
    ...seo,
    eyebrow: z.string().min(2),
    heading: z.string().min(10),
    intro: z.string().min(40),
    /** The feed's title, also the name of its link in the head of the blog pages. */
    feedTitle: z.string().min(5),
    backLink: z.string().min(3),
    /** Meta keywords of a post, after its category's name. */
    postKeywords: z.array(z.string().min(3)).min(1),
    /** The tab bar's name and its first tab. */
    categoriesLabel: z.string().min(3),
    allCategories: z.literal('All'),
    /** A card whose post has no image. */
    noImage: z.literal('No Image'),
    /** The list when no post is left. */
    empty: z.literal('No blogs found'),
    /** Before a post's author: "By". */
    byline: z.string().min(1),
    /** While the 404 page fetches a post newer than the build. */
    loading: z.string().min(3),
    notFound: z.literal('Blog not found or an error occurred'),
  })
  .strict();
