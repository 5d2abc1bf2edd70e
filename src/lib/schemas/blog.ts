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
    shortDescription: z.string().describe('Sanitised HTML (short policy).'),
    description: z.string().describe('Sanitised HTML (rich policy).'),
    excerpt: z
      .string()
      .describe('Plain text for meta descriptions, JSON-LD and the feed (escaped wherever it is printed).'),
    words: z.number().int().nonnegative().describe('Words in the description, for the reading time.'),
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
    feedTitle: z.string().min(5).describe("The feed's title, also the name of its link in the head of the blog pages."),
    backLink: z.string().min(3),
    postKeywords: z.array(z.string().min(3)).min(1).describe("Meta keywords of a post, after its category's name."),
    categoriesLabel: z.string().min(3).describe("The tab bar's name and its first tab."),
    allCategories: z.literal('All'),
    noImage: z.literal('No Image').describe('A card whose post has no image.'),
    empty: z.literal('No blogs found').describe('The list when no post is left.'),
    byline: z.string().min(1).describe('Before a post\'s author: "By".'),
    loading: z.string().min(3).describe('While the 404 page fetches a post newer than the build.'),
    notFound: z.literal('Blog not found or an error occurred'),
    pagedTitle: z
      .string()
      .includes('{page}')
      .includes('{name}')
      .describe('The title of list page 2 and on: "{name}" is the list\'s name, "{page}" its number.'),
    categoryTitle: z
      .string()
      .includes('{category}')
      .describe('A category\'s list: its page name and meta description; "{category}" is the category\'s name.'),
    categoryDescription: z.string().includes('{category}').min(50),
    pagination: z
      .object({
        label: z.string().min(3),
        previous: z.string().min(2),
        next: z.string().min(2),
        page: z.string().includes('{page}').describe('The accessible name of a page number: "Page {page}".'),
      })
      .strict()
      .describe('The numbered navigation under a list.'),
    readingTime: z.string().includes('{minutes}').describe('Under a post\'s title: "{minutes} min read".'),
    postNavigation: z
      .object({ label: z.string().min(3), newer: z.string().min(3), older: z.string().min(3) })
      .strict()
      .describe("Links to the neighbouring posts by date, and their navigation's name."),
    relatedHeading: z.string().min(3),
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
      .strict()
      .describe("Share links under a post: each link's accessible name says what it does."),
    search: z
      .object({
        label: z.string().min(3),
        placeholder: z.string().min(3),
        categoryLabel: z.string().min(3),
        submit: z.string().min(3),
        noScript: z.string().min(10).describe('Without JavaScript, next to the box.'),
        resultsHeading: z.string().min(3),
        searching: z.string().min(3),
        foundOne: z
          .string()
          .min(3)
          .describe('The polite announcement: one result, several ("{count}"); none is the list\'s "No blogs found".'),
        foundMany: z.string().includes('{count}'),
        showing: z
          .string()
          .includes('{shown}')
          .includes('{count}')
          .describe('When there are more results than are shown: "{shown}" of "{count}".'),
      })
      .strict()
      .describe('The search-and-filter island on the list pages.'),
  })
  .strict();
