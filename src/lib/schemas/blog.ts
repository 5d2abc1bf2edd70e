/**
 * The blog's collections. Posts come from the blog API when PUBLIC_BLOG_API_URL is set at build time, else from
 * src/content/blog (Markdown); the loader (src/data/blog/loader.ts) checks each API post (src/lib/blog/post.ts) and the
 * embedded front matter (src/data/blog/embedded.ts). These schemas check what the loader stores; rich text is already
 * sanitised there.
 */
import { z } from 'astro/zod';
import { seo, type Entry } from './common';

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
    /** Words in the description, for the reading time. */
    words: z.number().int().nonnegative(),
    image: z
      .object({ src: z.string().min(1), alt: z.string() })
      .strict()
      .nullable(),
  })
  .strict();

/** A post as the blog's pages and components take it (the `blog` collection's entry). */
export type BlogEntry = Entry<z.output<typeof blogPostSchema>>;

export const blogCategorySchema = z.object({ name: z.string().min(1) }).strict();

/** The embedded blog's categories (src/content/blog/categories.json): a post names one by its id. */
export const blogCategoriesSchema = z
  .array(
    z
      .object({
        id: z
          .string()
          .regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and hyphens only')
          .describe('The end of the category page URL: /blogs/category/{id}.'),
        name: z.string().min(2),
      })
      .strict(),
  )
  .min(1);

/** Front matter of an embedded post (src/content/blog/*.md); the body (Markdown) is the full description. */
export const embeddedPostSchema = z
  .object({
    name: z.string().min(10).max(120).describe("The post's title."),
    category: z.string().min(1).describe('The id of one of the blog categories.'),
    createdAt: z.coerce.date().describe('Publication date: posts are listed newest first.'),
    author: z.string().min(2),
    shortDescription: z.string().min(50).max(300).describe('Shown on the post cards and in search results.'),
    image: z
      .string()
      .regex(/^\/[\w/.-]+\.(svg|png|jpe?g|webp|avif)$/, 'a picture of public/, such as /media/blog/studio.svg')
      .describe('The picture of the post card and the post page.'),
    imageAlt: z.string().min(10).describe('What the picture shows, for readers who cannot see it.'),
  })
  .strict();

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
    /** The title of list page 2 and on: "{name}" is the list's name, "{page}" its number. */
    pagedTitle: z.string().includes('{page}').includes('{name}'),
    /** A category's list: its page name and meta description; "{category}" is the category's name. */
    categoryTitle: z.string().includes('{category}'),
    categoryDescription: z.string().includes('{category}').min(50),
    /** The numbered navigation under a list. */
    pagination: z
      .object({
        label: z.string().min(3),
        previous: z.string().min(2),
        next: z.string().min(2),
        /** The accessible name of a page number: "Page {page}". */
        page: z.string().includes('{page}'),
      })
      .strict(),
    /** Under a post's title: "{minutes} min read". */
    readingTime: z.string().includes('{minutes}'),
    /** Links to the neighbouring posts by date, and their navigation's name. */
    postNavigation: z.object({ label: z.string().min(3), newer: z.string().min(3), older: z.string().min(3) }).strict(),
    relatedHeading: z.string().min(3),
    /** Share links under a post: each link's accessible name says what it does. */
    share: z
      .object({
        heading: z.string().min(3),
        whatsapp: z.string().min(5),
        linkedin: z.string().min(5),
        x: z.string().min(5),
        email: z.string().min(5),
        copy: z.string().min(5),
        copied: z.string().min(5),
      })
      .strict(),
    /** The search-and-filter island on the list pages. */
    search: z
      .object({
        label: z.string().min(3),
        placeholder: z.string().min(3),
        categoryLabel: z.string().min(3),
        submit: z.string().min(3),
        /** Without JavaScript, next to the box. */
        noScript: z.string().min(10),
        resultsHeading: z.string().min(3),
        searching: z.string().min(3),
        /** The polite announcement: one result, several ("{count}"); none is the list's "No blogs found". */
        foundOne: z.string().min(3),
        foundMany: z.string().includes('{count}'),
        /** When there are more results than are shown: "{shown}" of "{count}". */
        showing: z.string().includes('{shown}').includes('{count}'),
      })
      .strict(),
  })
  .strict();
