/**
 * The collections read from files: the folder (under the project), the files' pattern and the schema each file is
 * checked against. src/content.config.ts loads them from this table, and the unit tests parse every file through it,
 * so both check the same files against the same schemas. (The blog's posts and categories have their own loader:
 * src/data/blog/loader.ts.)
 */
import { aboutSchema } from './about';
import { blogPageSchema } from './blog';
import { experimentSchema } from './experiments';
import { factsSchema } from './facts';
import { featureSchema } from './features';
import { homeSchema } from './home';
import { landingSchema } from './landing';
import { legalSchema } from './legal';
import { offerSchema } from './offer';
import { pagesSchema } from './pages';
import { plansSchema } from './plans';
import { testimonialSchema } from './testimonials';
import { uiSchema } from './ui';
import { whatsappSchema } from './whatsapp';

const folder = <Schema>(base: string, schema: Schema, pattern = '*.json') => ({ base, pattern, schema });

export const FILE_COLLECTIONS = {
  /** Site-wide labels. */
  ui: folder('src/content', uiSchema, 'ui.json'),
  /** The 404 and thank-you pages. */
  pages: folder('src/content/pages', pagesSchema),
  home: folder('src/content/home', homeSchema),
  offer: folder('src/content/offer', offerSchema),
  testimonials: folder('src/content/testimonials', testimonialSchema),
  features: folder('src/content/features', featureSchema),
  landing: folder('src/content/landing', landingSchema),
  whatsapp: folder('src/content/whatsapp', whatsappSchema),
  plans: folder('src/content/plans', plansSchema),
  /** The product's facts, each stated once: copy quotes them through {fact.…} slots. */
  facts: folder('src/content/facts', factsSchema),
  about: folder('src/content/about', aboutSchema),
  /** Markdown: the schema checks the front matter. */
  legal: folder('src/content/legal', legalSchema, '*.md'),
  blogPage: folder('src/content/blog-page', blogPageSchema),
  /** Tests of a page's words: src/data/experiments.ts builds the variant pages. */
  experiments: folder('src/content/experiments', experimentSchema),
};
