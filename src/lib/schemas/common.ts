/**
 * Shapes that several collections share. Each is defined here once, and its TypeScript type is derived from it
 * (`z.infer`), so components and islands type their props with the same shape the content is checked against.
 */
import { z } from 'astro/zod';
import { ICON_NAMES } from '../icons';

/** An image's format as Astro's image() reads it from the file. */
type ImageFormat = 'png' | 'jpg' | 'jpeg' | 'tiff' | 'webp' | 'gif' | 'svg' | 'avif' | 'apng';

/**
 * What Astro passes to a collection's schema (its SchemaContext, written here so the schemas stay plain TypeScript):
 * image() checks a path relative to the entry and gives the image's metadata.
 */
export interface SchemaContext {
  image: () => z.ZodType<{ src: string; width: number; height: number; format: ImageFormat }>;
}

/** A collection entry as a page hands it to a component: its id (the file's name) and its checked data. */
export interface Entry<Data> {
  id: string;
  data: Data;
}

/**
 * A field's name and hint for the content admin (/cms/), in an editor's words, kept as the schema's description: the
 * first line is the label, the rest the hint (src/lib/cms/fields.ts reads them). A description of one line is a hint.
 */
export const editorText = (label: string, hint = '') => `${label}\n${hint}`;

/** Editor texts several schemas share. */
export const EDITOR_TEXT = {
  eyebrow: editorText('Line above heading', 'The short line in coloured capitals above the heading.'),
  intro: editorText('Intro', 'The paragraph under the heading.'),
  keywords: editorText(
    'Search keywords',
    'Words and phrases search engines may match this page with; not shown on it.',
  ),
  link: editorText('Link', 'A page of this site, such as /pricing or /blogs.'),
  /** A picture file of the content (an image() field). */
  picture: editorText('Picture file', 'The picture itself: pick a file.'),
};

/** The label and hint of a picture's description ("alt text"); `picture` names it, e.g. "the dashboard picture". */
export const altText = (picture = 'the picture', label = 'Picture description') =>
  editorText(label, `Read aloud to blind visitors and shown if ${picture} cannot load: say what it shows.`);

/** A lucide icon (or one of the site's own marks) by name: see src/lib/icons.ts. */
export const iconName = z.enum(ICON_NAMES);

/**
 * Where a drawn picture without a drawing of its own for a phone (ProductScreen; the feature pages' screens have one)
 * is cut in a frame narrower than its readable width, which draws it large enough to read and shows the part of it
 * that fits: the point that stays in view, as fractions of the picture's width and height from its top left. Left out:
 * the top left (0, 0), where a screen's title is.
 */
export const focus = z
  .object({
    x: z
      .number()
      .min(0)
      .max(1)
      .describe(editorText('Across (0 to 1)', '0 keeps the left edge in view, 0.5 the middle, 1 the right edge.')),
    y: z
      .number()
      .min(0)
      .max(1)
      .describe(editorText('Down (0 to 1)', '0 keeps the top edge in view, 0.5 the middle, 1 the bottom edge.')),
  })
  .strict()
  .describe(
    editorText(
      'Phone crop',
      "A phone shows the picture large enough to read, so only part of it fits: the point that stays in view. Left out, the top left stays in view. A picture drawn again for a phone (the feature pages' screens) shows that drawing whole instead.",
    ),
  );
export type Focus = z.infer<typeof focus>;

/** A question and its answer, in an FAQ accordion and the page's FAQPage JSON-LD. */
export const faqItem = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/)
      .describe(
        editorText(
          'Link name',
          'Ends a link straight to this question (after the #): lower-case letters, digits and hyphens, different from the other questions here.',
        ),
      ),
    question: z
      .string()
      .min(10)
      .max(160)
      .describe(editorText('Question', 'Shown in the list of questions; search engines may show it too.')),
    answer: z
      .string()
      .min(20)
      .max(600)
      .describe(editorText('Answer', 'Shown when a visitor opens the question; search engines may show it too.')),
  })
  .strict();
export type FaqItem = z.infer<typeof faqItem>;

/** A card with an icon, a title and a short text: feature highlights, benefits, values, offers. */
export const iconCard = z
  .object({
    title: z.string().min(3).max(60).describe(editorText('Title', "The card's heading.")),
    text: z.string().min(20).max(280).describe(editorText('Text', 'The few lines under the title.')),
    icon: iconName.describe(editorText('Icon', 'The small picture at the top of the card, picked by name.')),
  })
  .strict();
export type IconCard = z.infer<typeof iconCard>;

/** The eyebrow, heading and intro at the top of a section. */
export const sectionHead = {
  eyebrow: z.string().min(2).max(40).describe(EDITOR_TEXT.eyebrow),
  heading: z.string().min(5).max(90).describe(editorText('Heading', "The section's heading.")),
  intro: z.string().min(20).max(320).describe(EDITOR_TEXT.intro),
};
export type SectionHead = z.infer<z.ZodObject<typeof sectionHead>>;

/** Page names are at most this long, so "{pageName} | {domain label}" stays within 70 characters with the default label. */
export const PAGE_NAME_MAX = 50;

/** The page title and search summary in an editor's words (the 404 and thank-you pages write their own fields). */
export const SEO_TEXT = {
  pageName: editorText(
    'Page title',
    'The title in the browser tab and in search results; the heading on the page is another field. The site adds " | " and its own name after it, so keep it short.',
  ),
  description: editorText(
    'Search summary',
    'The short summary search engines and shared links show under the title; not shown on the page.',
  ),
};

/** Head fields every page-like entry carries; bounds follow search engines' display limits. */
export const seo = {
  pageName: z.string().min(2).max(PAGE_NAME_MAX).describe(SEO_TEXT.pageName),
  description: z.string().min(50).max(160).describe(SEO_TEXT.description),
};
