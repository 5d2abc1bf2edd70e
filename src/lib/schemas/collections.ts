/**
 * The collections read from files: the folder (under the project), the files' pattern and the schema each file is
 * checked against. The content layer's configuration loads them from this table, and the unit tests parse every file
 * through it, so both check the same files against the same schemas. (The blog's posts and categories have their own
 * loader, which reads the API or the embedded Markdown.)
 */
import { contentFolder, contentPattern, contentPatternAllLocales, type ContentCollection } from '../content-paths';
import { aboutSchema } from './about';
import { blogPageSchema } from './blog';
import { experimentSchema } from './experiments';
import { factsSchema } from './facts';
import { featureSchema } from './features';
import { homeSchema } from './home';
import { landingSchema } from './landing';
import { glossarySchema } from './glossary';
import { legalSchema } from './legal';
import { offerSchema } from './offer';
import { pagesSchema } from './pages';
import { plansSchema } from './plans';
import { testimonialSchema } from './testimonials';
import { uiSchema } from './ui';
import { whatsappSchema } from './whatsapp';

/** A collection read from files: its folder and files' pattern from the table of where content lives, its schema. */
const folder = <Schema>(collection: ContentCollection, schema: Schema) => ({
  base: contentFolder(collection),
  pattern: contentPattern(collection),
  schema,
});

export const FILE_COLLECTIONS = {
  /** Site-wide labels. */
  ui: folder('ui', uiSchema),
  /** The 404 and thank-you pages. */
  pages: folder('pages', pagesSchema),
  home: folder('home', homeSchema),
  offer: folder('offer', offerSchema),
  testimonials: folder('testimonials', testimonialSchema),
  features: folder('features', featureSchema),
  landing: folder('landing', landingSchema),
  whatsapp: folder('whatsapp', whatsappSchema),
  plans: folder('plans', plansSchema),
  /** The product's facts, each stated once: copy quotes them through {fact.…} slots. */
  facts: folder('facts', factsSchema),
  about: folder('about', aboutSchema),
  /** Markdown: the schema checks the front matter; the translations are read here too, to be rendered. */
  legal: { ...folder('legal', legalSchema), pattern: contentPatternAllLocales('legal') },
  blogPage: folder('blogPage', blogPageSchema),
  /** Each language's glossary: how its pages write the product's words. */
  glossary: folder('glossary', glossarySchema),
  /** Tests of a page's words: the experiments' reader builds the variant pages. */
  experiments: folder('experiments', experimentSchema),
};
