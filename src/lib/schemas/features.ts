/**
 * Feature pages and the AI web builder: one JSON file per page in src/content/features; the file name is the route
 * (/member-management...). `kind` says which layout renders it. Images are SVGs in src/assets/features/<page>/,
 * referenced relative to the JSON file.
 */
import { z } from 'astro/zod';
import { faqItem, focus, iconCard, sectionHead, seo, type SchemaContext } from './common';

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
      .describe('The address in the browser bar, e.g. sattvayoga.in.'),
    name: z.string().min(2).max(30).describe("The site's name, in its header."),
    eyebrow: z.string().min(3).max(40).describe('The line above the heading.'),
    heading: z.string().min(5).max(48),
    text: z.string().min(20).max(110),
    action: z.string().min(3).max(22).describe("The site's main button."),
    listHeading: z.string().min(3).max(32).describe('Above the three items, e.g. "This week".'),
    items: z
      .array(
        z
          .object({
            title: z.string().min(2).max(28),
            detail: z.string().min(2).max(32),
            note: z.string().min(1).max(16).describe('A short label on the right: a price, "6 spots left".'),
          })
          .strict(),
      )
      .length(3),
  })
  .strict();
export type SitePreview = z.infer<typeof sitePreview>;

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
        hero: hero.omit({ image: true }).extend({
          demo: z
            .object({
              label: z.string().min(15).max(160).describe('What the demo shows, for visitors who cannot see it.'),
              address: z.string().min(5).max(60).describe("The builder's address bar."),
              promptLabel: z.string().min(3).max(40).describe('The label over the typed prompt.'),
              prompt: z.string().min(40).max(200).describe('What the visitor typed.'),
              action: z.string().min(3).max(24).describe('The button under the prompt.'),
              status: z
                .string()
                .min(5)
                .max(90)
                .includes('{address}')
                .describe('The line over the built site: what the builder made; "{address}" is its address.'),
              look: z.enum(THEME_LOOKS).describe('The look the built site is drawn in.'),
              preview: sitePreview.describe('The site the prompt built.'),
              previewAlt: z
                .string()
                .min(15)
                .max(200)
                .describe('What the built site shows, for visitors who cannot see it.'),
            })
            .strict()
            .describe('The first screen: a prompt typed into the builder and the site it built.'),
        }),
        themes: z
          .array(
            z
              .object({
                id: z.number().int().positive(),
                themeName: z.string().min(3).max(40),
                category: z.string().min(3).max(40),
                look: z.enum(THEME_LOOKS).describe('The colours, type and shapes the theme draws a site in.'),
                alt: z.string().min(15).max(200).describe('What the preview shows, for visitors who cannot see it.'),
                preview: sitePreview.describe('A community site in this theme, as the carousel shows it.'),
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
