/** Audience landing pages (/yoga, /creator): one JSON file each, its sections in the order the page shows them. */
import { z } from 'astro/zod';
import { altText, EDITOR_TEXT, editorText, focus, iconName, sectionHead, seo, type SchemaContext } from './common';

const landingCard = z
  .object({
    title: z.string().min(3).max(60).describe(editorText('Title', "The card's heading.")),
    tag: z
      .string()
      .min(2)
      .max(24)
      .optional()
      .describe(editorText('Tag', 'A short label on the card, such as "Coming soon"; leave empty for none.')),
    description: z.string().min(30).max(280).describe(editorText('Text', 'The few lines under the title.')),
    icon: iconName.describe(editorText('Icon', 'The small picture at the top of the card, picked by name.')),
  })
  .strict();

/** Fragment id of a section; unique on the page. */
const sectionId = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/)
  .describe(
    editorText(
      'Link name',
      'Ends a link straight to this section (after the #), such as studios in /yoga#studios: lower-case letters, digits and hyphens, different for each section.',
    ),
  );

export const landingSchema = ({ image }: SchemaContext) => {
  const illustration = z
    .object({
      src: image().describe(EDITOR_TEXT.picture),
      alt: z.string().min(20).max(240).describe(altText()),
      focus: focus.optional(),
    })
    .strict();
  return z
    .object({
      hero: z
        .object({
          eyebrow: z.string().min(3).max(40).describe(EDITOR_TEXT.eyebrow),
          heading: z
            .string()
            .min(10)
            .max(90)
            .describe(editorText('Headline', 'The big heading at the top of the page.')),
          text: z.string().min(40).max(300).describe(editorText('Text', 'The paragraph under the headline.')),
          highlights: z
            .array(z.string().min(5).max(60))
            .min(2)
            .max(4)
            .describe(editorText('Ticked points', 'Two to four short lines with a tick, under the buttons.')),
          illustration: illustration.describe(editorText('Picture', 'The drawing beside the headline.')),
        })
        .strict()
        .describe(editorText('Top of page', 'The first part of the page, under the menu.')),
      sections: z
        .array(
          // The admin writes a section's keys in the order of its types' fields taken in turn: the types with an
          // eyebrow come before the one without, so that every section keeps eyebrow, heading, intro in that order.
          z.discriminatedUnion('kind', [
            z
              .object({
                kind: z.literal('comparison'),
                id: sectionId,
                ...sectionHead,
                pairs: z
                  .array(
                    z
                      .object({
                        before: z
                          .string()
                          .min(15)
                          .max(200)
                          .describe(editorText('Before', 'How it was before the platform.')),
                        after: z
                          .string()
                          .min(15)
                          .max(200)
                          .describe(editorText('After', 'How it is with the platform.')),
                      })
                      .strict(),
                  )
                  .length(8)
                  .describe(editorText('Before and after', 'Eight pairs, each a "before" and an "after" line.')),
              })
              .strict(),
            z
              .object({
                kind: z.literal('cards'),
                id: sectionId,
                ...sectionHead,
                items: z.array(landingCard).min(3).max(12).describe(editorText('Cards', 'Three to twelve cards.')),
              })
              .strict(),
            z
              .object({
                kind: z.literal('showcase'),
                id: sectionId,
                ...sectionHead,
                points: z
                  .array(z.string().min(5).max(120))
                  .min(3)
                  .max(8)
                  .describe(editorText('Ticked points', 'Three to eight lines with a tick, under the intro.')),
                illustration: illustration.describe(editorText('Picture', 'The drawing beside the text.')),
                button: z
                  .string()
                  .min(5)
                  .max(40)
                  .describe(
                    editorText('Button text', 'The button under the points; it opens the admin app in a new tab.'),
                  ),
              })
              .strict(),
            z
              .object({
                kind: z.literal('testimonials'),
                id: sectionId,
                heading: sectionHead.heading,
                intro: sectionHead.intro,
                group: z
                  .string()
                  .min(2)
                  .describe(
                    editorText(
                      'Testimonials shown',
                      'Shows the testimonials whose "Shown on" is this word, such as yoga.',
                    ),
                  ),
              })
              .strict(),
          ]),
        )
        .min(3)
        .describe(editorText('Sections', 'The sections under the top of the page, in the order the page shows them.')),
      ...seo,
      keywords: z.array(z.string().min(3)).min(3).max(12).describe(EDITOR_TEXT.keywords),
    })
    .strict();
};
