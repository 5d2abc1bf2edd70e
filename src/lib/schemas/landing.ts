/** Audience landing pages (/yoga, /creator): one JSON file each, its sections in the order the page shows them. */
import { z } from 'astro/zod';
import { focus, iconName, sectionHead, seo, type SchemaContext } from './common';

const landingCard = z
  .object({
    title: z.string().min(3).max(60),
    tag: z.string().min(2).max(24).optional().describe('A short visible label on the card, such as "Coming soon".'),
    description: z.string().min(30).max(280),
    icon: iconName,
  })
  .strict();

/** Fragment id of a section; unique on the page. */
const sectionId = z.string().regex(/^[a-z][a-z0-9-]*$/);

export const landingSchema = ({ image }: SchemaContext) => {
  const illustration = z.object({ src: image(), alt: z.string().min(20).max(240), focus: focus.optional() }).strict();
  return z
    .object({
      ...seo,
      keywords: z.array(z.string().min(3)).min(3).max(12),
      hero: z
        .object({
          eyebrow: z.string().min(3).max(40),
          heading: z.string().min(10).max(90),
          text: z.string().min(40).max(300),
          highlights: z.array(z.string().min(5).max(60)).min(2).max(4),
          illustration,
        })
        .strict(),
      sections: z
        .array(
          z.discriminatedUnion('kind', [
            z
              .object({
                kind: z.literal('testimonials'),
                id: sectionId,
                heading: sectionHead.heading,
                intro: sectionHead.intro,
                group: z.string().min(2).describe('The `group` of the testimonials collection to show.'),
              })
              .strict(),
            z
              .object({
                kind: z.literal('comparison'),
                id: sectionId,
                ...sectionHead,
                pairs: z
                  .array(z.object({ before: z.string().min(15).max(200), after: z.string().min(15).max(200) }).strict())
                  .length(8),
              })
              .strict(),
            z
              .object({
                kind: z.literal('cards'),
                id: sectionId,
                ...sectionHead,
                items: z.array(landingCard).min(3).max(12),
              })
              .strict(),
            z
              .object({
                kind: z.literal('showcase'),
                id: sectionId,
                ...sectionHead,
                points: z.array(z.string().min(5).max(120)).min(3).max(8),
                illustration,
                button: z.string().min(5).max(40).describe('Opens the admin app in a new tab.'),
              })
              .strict(),
          ]),
        )
        .min(3),
    })
    .strict();
};
