/**
 * The content model: every collection, where its files are and its schema (one module per collection in
 * src/lib/schemas/). A content file that breaks a schema fails the build with the file's path and the field at fault.
 *
 * Pages and layouts read collections through src/data/content.ts, which fills in "{brand}"; nothing else reads them.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { site } from './config/site';
import { blogCategoryLoader, blogLoader } from './data/blog/loader';
import { aboutSchema } from './lib/schemas/about';
import { blogCategorySchema, blogPageSchema, blogPostSchema } from './lib/schemas/blog';
import { featureSchema } from './lib/schemas/features';
import { homeSchema } from './lib/schemas/home';
import { landingSchema } from './lib/schemas/landing';
import { legalSchema } from './lib/schemas/legal';
import { offerSchema } from './lib/schemas/offer';
import { pagesSchema } from './lib/schemas/pages';
import { plansSchema } from './lib/schemas/plans';
import { testimonialSchema } from './lib/schemas/testimonials';
import { uiSchema } from './lib/schemas/ui';
import { whatsappSchema } from './lib/schemas/whatsapp';

const files = (folder: string, pattern = '*.json') => glob({ pattern, base: `./src/content/${folder}` });

// Posts come from the blog API when PUBLIC_BLOG_API_URL is set at build time, else from src/content/blog (Markdown).
const blogSource = { apiBase: site.blogApiBase, strict: site.blogStrict };

export const collections = {
  /** Site-wide labels: src/content/ui.json. */
  ui: defineCollection({ loader: glob({ pattern: 'ui.json', base: './src/content' }), schema: uiSchema }),
  /** The 404 and thank-you pages. */
  pages: defineCollection({ loader: files('pages'), schema: pagesSchema }),
  home: defineCollection({ loader: files('home'), schema: homeSchema }),
  offer: defineCollection({ loader: files('offer'), schema: offerSchema }),
  testimonials: defineCollection({ loader: files('testimonials'), schema: testimonialSchema }),
  features: defineCollection({ loader: files('features'), schema: featureSchema }),
  landing: defineCollection({ loader: files('landing'), schema: landingSchema }),
  whatsapp: defineCollection({ loader: files('whatsapp'), schema: whatsappSchema }),
  plans: defineCollection({ loader: files('plans'), schema: plansSchema }),
  about: defineCollection({ loader: files('about'), schema: aboutSchema }),
  legal: defineCollection({ loader: files('legal', '*.md'), schema: legalSchema }),
  blog: defineCollection({ loader: blogLoader(blogSource), schema: blogPostSchema }),
  blogCategories: defineCollection({ loader: blogCategoryLoader(blogSource), schema: blogCategorySchema }),
  blogPage: defineCollection({ loader: files('blog-page'), schema: blogPageSchema }),
};
