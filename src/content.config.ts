/**
 * The content model: every collection, where its files are and its schema (one module per collection in
 * src/lib/schemas/; the folders and patterns of those read from files in src/lib/schemas/collections.ts). A content file that breaks a schema fails the build with the file's path and the field at fault.
 *
 * Pages and layouts read collections through src/data/content.ts, which fills in "{brand}"; nothing else reads them.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { site } from './config/site';
import { blogCategoryLoader, blogLoader } from './data/blog/loader';
import { blogCategorySchema, blogPostSchema } from './lib/schemas/blog';
import { FILE_COLLECTIONS } from './lib/schemas/collections';

/** The loader of a collection read from files (src/lib/schemas/collections.ts: its folder and pattern). */
const files = ({ base, pattern }: { base: string; pattern: string }) => glob({ pattern, base: `./${base}` });
const {
  ui,
  pages,
  home,
  offer,
  testimonials,
  features,
  landing,
  whatsapp,
  plans,
  facts,
  about,
  legal,
  blogPage,
  glossary,
  experiments,
} = FILE_COLLECTIONS;

// Posts come from the blog API when PUBLIC_BLOG_API_URL is set at build time, else from src/content/blog (Markdown).
const blogSource = { apiBase: site.blogApiBase, strict: site.blogStrict };

export const collections = {
  ui: defineCollection({ loader: files(ui), schema: ui.schema }),
  pages: defineCollection({ loader: files(pages), schema: pages.schema }),
  home: defineCollection({ loader: files(home), schema: home.schema }),
  offer: defineCollection({ loader: files(offer), schema: offer.schema }),
  testimonials: defineCollection({ loader: files(testimonials), schema: testimonials.schema }),
  features: defineCollection({ loader: files(features), schema: features.schema }),
  landing: defineCollection({ loader: files(landing), schema: landing.schema }),
  whatsapp: defineCollection({ loader: files(whatsapp), schema: whatsapp.schema }),
  plans: defineCollection({ loader: files(plans), schema: plans.schema }),
  facts: defineCollection({ loader: files(facts), schema: facts.schema }),
  about: defineCollection({ loader: files(about), schema: about.schema }),
  legal: defineCollection({ loader: files(legal), schema: legal.schema }),
  blog: defineCollection({ loader: blogLoader(blogSource), schema: blogPostSchema }),
  blogCategories: defineCollection({ loader: blogCategoryLoader(blogSource), schema: blogCategorySchema }),
  blogPage: defineCollection({ loader: files(blogPage), schema: blogPage.schema }),
  glossary: defineCollection({ loader: files(glossary), schema: glossary.schema }),
  experiments: defineCollection({
    loader: files({ ...experiments, base: site.experimentsFolder }),
    schema: experiments.schema,
  }),
};
