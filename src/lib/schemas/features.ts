/**
 * Feature pages and the AI web builder: one JSON file per page in src/content/features; the file name is the route
 * (/member-management...). `kind` says which layout renders it. Images are SVGs in src/assets/features/<page>/,
 * referenced relative to the JSON file.
 */
import { z } from 'astro/zod';
import { faqItem, focus, iconCard, sectionHead, seo, type SchemaContext } from './common';

export const featureSchema = ({ image }: SchemaContext) => {
  const picture = z.object({ src: image(), alt: z.string().min(15).max(200), focus: focus.optional() }).strict();
  const hero = z
    .object({
      eyebrow: z.string().min(3).max(40),
      heading: z.string().min(10).max(90),
      text: z.string().min(40).max(320),
      image: picture,
    })
    .strict();
  return z.discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('feature'),
        ...seo,
        hero,
        highlights: z.array(iconCard).length(3),
        blocks: z
          .array(
            z
              .object({
                title: z.string().min(5).max(80),
                text: z.string().min(60).max(400),
                points: z
                  .array(z.string().min(5).max(120))
                  .min(3)
                  .max(5)
                  .describe("At least three, as deep as /member-management's blocks."),
                image: picture,
              })
              .strict(),
          )
          .min(3),
        faqs: z.array(faqItem).min(4),
      })
      .strict(),
    z
      .object({
        kind: z.literal('builder'),
        ...seo,
        hero,
        themes: z
          .array(
            z
              .object({
                id: z.number().int().positive(),
                themeName: z.string().min(3).max(40),
                category: z.string().min(3).max(40),
                image: picture,
              })
              .strict(),
          )
          .length(3),
        themeCarousel: z
          .object({
            ...sectionHead,
            previous: z.string().min(3).max(40),
            next: z.string().min(3).max(40),
            listLabel: z.string().min(3).max(40),
            useTheme: z.literal('Use Theme'),
            picked: z.string().min(10).max(160).includes('{theme}').describe('"{theme}" is the picked theme\'s name.'),
          })
          .strict()
          .describe("The carousel's heading, its buttons' and list's names, and the alert after \"Use Theme\"."),
        benefitsHeading: z.string().min(5).max(90),
        benefits: z.array(iconCard).min(3),
        faqs: z.array(faqItem).length(8),
      })
      .strict(),
  ]);
};
