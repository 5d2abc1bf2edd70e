/**
 * The blog's collections. Posts come from the blog API when PUBLIC_BLOG_API_URL is set at build time, else from
 * src/content/blog (Markdown); the loader (src/data/blog/loader.ts) checks each API post (src/lib/blog/post.ts) and the
 * embedded front matter (src/data/blog/embedded.ts). These schemas check what the loader stores; rich text is already
 * sanitised there.
 */
import { z } from 'astro/zod';
import { altText, EDITOR_TEXT, editorText, seo, type Entry } from './common';

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
    translationOf: z.string().optional().describe('The English post a post in another language translates.'),
  })
  .strict();

/** A post as the blog's pages and components take it (the `blog` collection's entry). */
export type BlogEntry = Entry<z.output<typeof blogPostSchema>>;

export const blogCategorySchema = z
  .object({
    name: z.string().min(1),
    /** Its place in the source's list, from 0: the blog shows the categories in the order their source lists them. */
    position: z.number().int().nonnegative(),
  })
  .strict();

/** The embedded blog's categories (src/content/blog/categories.json): a post names one by its id. */
export const blogCategoriesSchema = z
  .array(
    z
      .object({
        id: z
          .string()
          .regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and hyphens only')
          .describe(
            editorText(
              'Address name',
              "Ends the category page's address, such as /blogs/category/community-building: lower-case letters, digits and hyphens. Posts name their category by it.",
            ),
          ),
        name: z
          .string()
          .min(2)
          .describe(editorText('Category name', 'Shown on the category tabs, on post cards and on the category page.')),
      })
      .strict(),
  )
  .min(1)
  .describe(editorText('Categories', 'The categories a post can belong to; each has its own page.'));

/** Front matter of an embedded post (src/content/blog/*.md); the body (Markdown) is the full description. */
export const embeddedPostSchema = z
  .object({
    name: z
      .string()
      .min(10)
      .max(120)
      .describe(
        editorText(
          'Title',
          "The post's heading, also its title in the browser tab and search results. A new post's address (/blog/…) is made from it.",
        ),
      ),
    category: z.string().min(1).describe(editorText('Category', 'One of the blog categories.')),
    createdAt: z.coerce
      .date()
      .describe(editorText('Date', 'The day the post is published, shown on it; posts are listed newest first.')),
    author: z.string().min(2).describe(editorText('Author', 'Who wrote the post, shown under its title.')),
    shortDescription: z
      .string()
      .min(50)
      .max(300)
      .describe(editorText('Summary', 'Shown on the post cards and in search results.')),
    image: z
      .string()
      .regex(/^\/[\w/.-]+\.(svg|png|jpe?g|webp|avif)$/, 'a picture of public/, such as /media/blog/studio.svg')
      .describe(editorText('Picture', "The picture on the post's card and at the top of the post: pick a file.")),
    imageAlt: z.string().min(10).describe(altText()),
    translationOf: z
      .string()
      .regex(/^[a-z0-9-]+$/, "an English post's file name without .md")
      .optional()
      .describe(
        editorText(
          'Translation of',
          'For a post in Hindi that translates an English post: that post (its file name). Each then links the other.',
        ),
      ),
  })
  .strict();

/** Copy of the blog list page and the feed. */
export const blogPageSchema = z
  .object({
    eyebrow: z.string().min(2).describe(EDITOR_TEXT.eyebrow),
    heading: z.string().min(10).describe(editorText('Headline', 'The big heading at the top of /blogs.')),
    intro: z.string().min(40).describe(editorText('Intro', 'The paragraph under the headline.')),
    feedTitle: z
      .string()
      .min(5)
      .describe(editorText('Feed title', "The name feed readers show for the blog's news feed.")),
    backLink: z.string().min(3).describe(editorText('Back link', 'The link from a post back to the list of posts.')),
    postKeywords: z
      .array(z.string().min(3))
      .min(1)
      .describe(editorText('Post keywords', "Search keywords of every post, after its category's name; not shown.")),
    categoriesLabel: z
      .string()
      .min(3)
      .describe(editorText('Categories name', 'Read aloud to blind visitors as the name of the category tabs.')),
    filters: z
      .string()
      .min(5)
      .max(40)
      .describe(
        editorText(
          'Phone search button',
          'On a phone the search box and the category links fold under this button, so that the first post shows on the first screen.',
        ),
      ),
    allCategories: z.string().min(1).describe(editorText('All categories', 'The first category link: every post.')),
    noImage: z.string().min(1).describe(editorText('No picture', 'On a card whose post has no picture.')),
    empty: z.string().min(1).describe(editorText('No posts', 'Shown when no post is left in the list.')),
    byline: z.string().min(1).describe(editorText('Before author', 'Before a post\'s author, such as "By".')),
    loading: z
      .string()
      .min(3)
      .describe(editorText('Loading', 'Shown while a post newer than the last site update loads.')),
    notFound: z.string().min(1).describe(editorText('Post not found', 'Shown when a post cannot be loaded.')),
    pagedTitle: z
      .string()
      .includes('{page}')
      .includes('{name}')
      .describe(
        editorText('Later pages title', 'The page title of list page 2 and on, such as "{name}, page {page}".'),
      ),
    categoryTitle: z
      .string()
      .includes('{category}')
      .describe(
        editorText('Category page title', 'The title and heading of a category\'s page, such as "{category} blogs".'),
      ),
    categoryDescription: z
      .string()
      .includes('{category}')
      .min(50)
      .describe(editorText('Category search summary', "A category page's summary in search results.")),
    pagination: z
      .object({
        label: z
          .string()
          .min(3)
          .describe(editorText('Page links name', 'Read aloud to blind visitors as the name of the page numbers.')),
        previous: z.string().min(2).describe(editorText('Previous', 'The link to the page before.')),
        next: z.string().min(2).describe(editorText('Next', 'The link to the page after.')),
        page: z
          .string()
          .includes('{page}')
          .describe(editorText('Page number', 'Read aloud for each page number: "Page {page}".')),
      })
      .strict()
      .describe(editorText('Page numbers', 'The numbered links under a list of posts.')),
    readingTime: z
      .string()
      .includes('{minutes}')
      .describe(editorText('Reading time', 'Under a post\'s title: "{minutes} min read".')),
    postNavigation: z
      .object({
        label: z
          .string()
          .min(3)
          .describe(editorText('Links name', 'Read aloud to blind visitors as the name of these links.')),
        newer: z.string().min(3).describe(editorText('Newer post', 'Over the link to the next newer post.')),
        older: z.string().min(3).describe(editorText('Older post', 'Over the link to the next older post.')),
      })
      .strict()
      .describe(editorText('Newer and older', 'The links under a post to the posts before and after it by date.')),
    relatedHeading: z.string().min(3).describe(editorText('Related heading', 'Over the related posts under a post.')),
    postCta: z
      .object({
        heading: z
          .string()
          .min(10)
          .max(80)
          .describe(editorText('Heading', "The call's heading, at the end of a post.")),
        text: z
          .string()
          .min(20)
          .max(200)
          .describe(editorText('Text', 'The line under it, before the Book a Free Demo and Get Started buttons.')),
      })
      .strict()
      .describe(
        editorText(
          'Next step',
          'The call to action that ends every post, with the demo booking and sign-up buttons: for posts of this site and of the blog service alike.',
        ),
      ),
    share: z
      .object({
        heading: z.string().min(3).describe(editorText('Heading', 'Over the share links.')),
        whatsapp: z.string().min(5).describe(editorText('WhatsApp', 'The link that shares the post on WhatsApp.')),
        linkedin: z.string().min(5).describe(editorText('LinkedIn', 'The link that shares the post on LinkedIn.')),
        x: z.string().min(5).describe(editorText('X (Twitter)', 'The link that shares the post on X.')),
        email: z.string().min(5).describe(editorText('Email', 'The link that shares the post by email.')),
        copy: z.string().min(5).describe(editorText('Copy link', "The button that copies the post's address.")),
        copied: z.string().min(5).describe(editorText('Link copied', 'Shown once the link is copied.')),
      })
      .strict()
      .describe(editorText('Share links', 'The share links under a post; each says what it does.')),
    search: z
      .object({
        label: z
          .string()
          .min(3)
          .describe(editorText('Search name', 'Read aloud to blind visitors as the name of the search box.')),
        placeholder: z.string().min(3).describe(editorText('Box hint', 'The grey hint inside the empty search box.')),
        categoryLabel: z.string().min(3).describe(editorText('Category filter', 'The name of the category choice.')),
        submit: z.string().min(3).describe(editorText('Search button', 'The words on the search button.')),
        noScript: z
          .string()
          .min(10)
          .describe(editorText('Search unavailable', 'Shown next to the box in browsers where search cannot run.')),
        resultsHeading: z.string().min(3).describe(editorText('Results heading', 'Over the search results.')),
        searching: z.string().min(3).describe(editorText('Searching', 'Shown while the search runs.')),
        foundOne: z
          .string()
          .min(3)
          .describe(editorText('One result', 'Read aloud when the search finds one post, such as "1 post found".')),
        foundMany: z
          .string()
          .includes('{count}')
          .describe(
            editorText('Several results', 'Read aloud when the search finds several posts: "{count} posts found".'),
          ),
        showing: z
          .string()
          .includes('{shown}')
          .includes('{count}')
          .describe(editorText('Results shown', 'When there are more results than are shown: "{shown}" of "{count}".')),
      })
      .strict()
      .describe(editorText('Search', 'The search box and category filter on the lists of posts.')),
    ...seo,
  })
  .strict();

/** The blog pages' copy (src/content/blog-page/blogs.json). */
export type BlogPageCopy = z.infer<typeof blogPageSchema>;
