/**
 * Feature pages and the AI web builder: one JSON file per page in src/content/features; the file name is the route
 * (/member-management...). `kind` says which layout renders it. Images are SVGs in src/assets/features/<page>/,
 * referenced relative to the JSON file.
 */
import { z } from 'astro/zod';
import {
  altText,
  EDITOR_TEXT,
  editorText,
  faqItem,
  focus,
  iconCard,
  sectionHead,
  seo,
  type SchemaContext,
} from './common';

/** The looks a theme draws a site in (src/components/features/SitePreview.astro): colours, type and shapes. */
export const THEME_LOOKS = ['calm', 'bold', 'warm'] as const;

/**
 * A community's website as a theme draws it: sample copy of a customer's site (its prices are the customer's, not
 * ours), shown as a small finished page: its address, name, a first screen with a button, and three items under a
 * heading (classes, sessions, lessons).
 */
export const sitePreview = z
  .object({
    address: z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
      .max(32)
      .describe(editorText('Web address', "The sample site's address in its browser bar, such as sattvayoga.in.")),
    name: z.string().min(2).max(30).describe(editorText('Site name', "The sample site's name, in its header.")),
    eyebrow: z
      .string()
      .min(3)
      .max(40)
      .describe(editorText('Line above heading', "The short line above the sample site's heading.")),
    heading: z.string().min(5).max(48).describe(editorText('Heading', "The sample site's big heading.")),
    text: z.string().min(20).max(110).describe(editorText('Text', 'The line under the heading.')),
    action: z.string().min(3).max(22).describe(editorText('Button', "The sample site's main button.")),
    listHeading: z
      .string()
      .min(3)
      .max(32)
      .describe(editorText('List heading', 'Above the three items, such as "This week".')),
    items: z
      .array(
        z
          .object({
            title: z.string().min(2).max(28).describe(editorText('Title', "The item's name, such as a class.")),
            detail: z.string().min(2).max(32).describe(editorText('Detail', 'The line under it, such as a time.')),
            note: z
              .string()
              .min(1)
              .max(16)
              .describe(editorText('Note', 'A short label on the right: a price, "6 spots left".')),
          })
          .strict(),
      )
      .length(3)
      .describe(editorText('Items', 'The three items of the sample site, such as classes or sessions.')),
  })
  .strict();
export type SitePreview = z.infer<typeof sitePreview>;

/** The description of a drawing made in the page (not a picture file), read aloud in its place. */
const drawingText = (drawing: string, label: string) =>
  editorText(label, `Read aloud to blind visitors in place of ${drawing}: say what it shows.`);

export const featureSchema = ({ image }: SchemaContext) => {
  const picture = z
    .object({
      src: image().describe(EDITOR_TEXT.picture),
      alt: z.string().min(15).max(200).describe(altText()),
      focus: focus.optional(),
    })
    .strict();
  const hero = z
    .object({
      eyebrow: z.string().min(3).max(40).describe(EDITOR_TEXT.eyebrow),
      heading: z.string().min(10).max(90).describe(editorText('Headline', 'The big heading at the top of the page.')),
      text: z.string().min(40).max(320).describe(editorText('Text', 'The paragraph under the headline.')),
      image: picture.describe(editorText('Picture', 'The drawing beside the headline.')),
    })
    .strict()
    .describe(editorText('Top of page', 'The first part of the page, under the menu.'));
  return z.discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('feature'),
        hero,
        highlights: z
          .array(iconCard)
          .length(3)
          .describe(editorText('Headline features', 'The three cards under the top of the page.')),
        blocks: z
          .array(
            z
              .object({
                title: z.string().min(5).max(80).describe(editorText('Heading', "The block's heading.")),
                text: z.string().min(60).max(400).describe(editorText('Text', 'The paragraph under the heading.')),
                points: z
                  .array(z.string().min(5).max(120))
                  .min(3)
                  .max(5)
                  .describe(editorText('Points', 'The ticked lines under the text: three to five.')),
                image: picture.describe(editorText('Picture', 'The drawing beside the block.')),
              })
              .strict(),
          )
          .min(3)
          .describe(editorText('Feature blocks', 'The sections of text and picture down the page, in order.')),
        faqs: z.array(faqItem).min(4).describe(editorText('FAQs', 'The questions and answers at the end of the page.')),
        ...seo,
      })
      .strict(),
    z
      .object({
        kind: z.literal('builder'),
        hero: hero.omit({ image: true }).extend({
          demo: z
            .object({
              label: z.string().min(15).max(160).describe(drawingText('the demo', 'Demo description')),
              address: z
                .string()
                .min(5)
                .max(60)
                .describe(editorText('Builder address', "The address in the builder window's top bar.")),
              promptLabel: z
                .string()
                .min(3)
                .max(40)
                .describe(editorText('Prompt label', 'The small label over the typed request.')),
              prompt: z
                .string()
                .min(40)
                .max(200)
                .describe(editorText('Typed request', 'What the visitor asks the builder for, as if typed in.')),
              action: z.string().min(3).max(24).describe(editorText('Button', 'The button under the request.')),
              status: z
                .string()
                .min(5)
                .max(90)
                .includes('{address}')
                .describe(
                  editorText(
                    'Result line',
                    "The line over the built site, saying what the builder made. Keep {address} as written: the site fills in the built site's web address.",
                  ),
                ),
              look: z
                .enum(THEME_LOOKS)
                .describe(editorText('Look', 'The colours, type and shapes the built site is drawn in.')),
              preview: sitePreview.describe(editorText('Built site', 'The sample site the request built.')),
              previewAlt: z.string().min(15).max(200).describe(drawingText('the built site', 'Built site description')),
            })
            .strict()
            .describe(
              editorText(
                'Builder demo',
                'Beside the headline: a request typed into the builder and the site it built.',
              ),
            ),
        }),
        themes: z
          .array(
            z
              .object({
                id: z
                  .number()
                  .int()
                  .positive()
                  .describe(editorText('Theme number', 'Tells the themes apart; different for each.')),
                themeName: z
                  .string()
                  .min(3)
                  .max(40)
                  .describe(editorText('Theme name', "The theme's name on its card.")),
                category: z
                  .string()
                  .min(3)
                  .max(40)
                  .describe(editorText('Made for', 'Who the theme suits, under its name, such as "Yoga studios".')),
                look: z
                  .enum(THEME_LOOKS)
                  .describe(editorText('Look', 'The colours, type and shapes the theme draws a site in.')),
                alt: z.string().min(15).max(200).describe(drawingText('the sample site', 'Sample site description')),
                preview: sitePreview.describe(
                  editorText('Sample site', 'A community site in this theme, on its card.'),
                ),
              })
              .strict(),
          )
          .length(3)
          .describe(editorText('Themes', 'The three theme cards of the theme carousel.')),
        themeCarousel: z
          .object({
            ...sectionHead,
            previous: z
              .string()
              .min(3)
              .max(40)
              .describe(editorText('Previous button', 'Read aloud to blind visitors for the back arrow.')),
            next: z
              .string()
              .min(3)
              .max(40)
              .describe(editorText('Next button', 'Read aloud to blind visitors for the forward arrow.')),
            listLabel: z
              .string()
              .min(3)
              .max(40)
              .describe(editorText('List name', 'Read aloud to blind visitors as the name of the row of themes.')),
            useTheme: z.string().min(1).describe(editorText('Use theme button', 'On each theme of the carousel.')),
            picked: z
              .string()
              .min(10)
              .max(160)
              .includes('{theme}')
              .describe(editorText('After "Use Theme"', 'The message shown when a visitor picks a theme.')),
          })
          .strict()
          .describe(
            editorText('Theme carousel', 'The section of theme cards: its heading and the names of its controls.'),
          ),
        benefitsHeading: z
          .string()
          .min(5)
          .max(90)
          .describe(editorText('Benefits heading', 'The heading above the benefit cards.')),
        benefits: z.array(iconCard).min(3).describe(editorText('Benefits', 'The cards under the benefits heading.')),
        faqs: z
          .array(faqItem)
          .length(8)
          .describe(editorText('FAQs', 'The eight questions and answers at the end of the page.')),
        ...seo,
      })
      .strict(),
  ]);
};
