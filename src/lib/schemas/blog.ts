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
    feedTitle: z.string().min(5),
    backLink: z.string().min(3),
  })
  .strict();
