/**
 * The content model: every collection and its schema. A content file that breaks a schema fails the build with the
 * file's path and the field at fault.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { icons, type IconName } from './components/icons';

const iconName = z.enum(Object.keys(icons) as [IconName, ...IconName[]]);

/** Head fields every page-like entry carries; bounds follow search engines' display limits. */
const seo = {
  /** Page name; the title becomes "{pageName} | {domain label}". */
  pageName: z.string().min(2).max(60),
  description: z.string().min(50).max(160),
};

const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: z.object({
    ...seo,
    heading: z.string().min(5),
    lastUpdated: z.coerce.date(),
  }),
});

const valueCard = z.object({
  title: z.string().min(3),
  text: z.string().min(20),
  icon: iconName,
});

const about = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/about' }),
  schema: z.object({
    ...seo,
    hero: z.object({ eyebrow: z.string(), heading: z.string().min(5), text: z.string().min(40) }),
    story: z.object({ heading: z.string(), paragraphs: z.array(z.string().min(40)).min(2) }),
    offer: z.object({ heading: z.string(), intro: z.string(), items: z.array(valueCard).min(4) }),
    values: z.object({ heading: z.string(), items: z.array(valueCard).min(3) }),
    mission: z.object({ heading: z.string(), text: z.string().min(40) }),
    vision: z.object({ heading: z.string(), text: z.string().min(40) }),
    cta: z.object({
      heading: z.literal('Join the Mission'),
      text: z.string().min(20),
      button: z.literal('Sign up for free'),
    }),
  }),
});

// Audience landing pages (/yoga, /creator): one JSON file each, its sections in the order the page shows them.
const landingCard = z
  .object({
    title: z.string().min(3).max(60),
    /** A short visible label on the card, such as "Coming soon". */
    tag: z.string().min(2).max(24).optional(),
    description: z.string().min(30).max(280),
    icon: iconName,
  })
  .strict();

const landingSectionHead = {
  /** Fragment id of the section; unique on the page. */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  eyebrow: z.string().min(3).max(40),
  heading: z.string().min(5).max(90),
  intro: z.string().min(30).max(320),
};

const landing = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/landing' }),
  schema: ({ image }) => {
    const illustration = z.object({ src: image(), alt: z.string().min(20).max(240) }).strict();
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
                  id: landingSectionHead.id,
                  heading: landingSectionHead.heading,
                  intro: landingSectionHead.intro,
                  /** The `group` of the testimonials collection to show. */
                  group: z.string().min(2),
                })
                .strict(),
              z
                .object({
                  kind: z.literal('comparison'),
                  ...landingSectionHead,
                  pairs: z
                    .array(
                      z.object({ before: z.string().min(15).max(200), after: z.string().min(15).max(200) }).strict(),
                    )
                    .length(8),
                })
                .strict(),
              z
                .object({
                  kind: z.literal('cards'),
                  ...landingSectionHead,
                  items: z.array(landingCard).min(3).max(12),
                })
                .strict(),
              z
                .object({
                  kind: z.literal('showcase'),
                  ...landingSectionHead,
                  points: z.array(z.string().min(5).max(120)).min(3).max(8),
                  illustration,
                  /** Opens the admin app in a new tab. */
                  button: z.string().min(5).max(40),
                })
                .strict(),
            ]),
          )
          .min(3),
      })
      .strict();
  },
});

/*
 * Testimonials: one JSON file per entry; `group` says which page shows it ("yoga"...). The logo is an image in
 * src/assets, referenced relative to the JSON file. Same shape as the home page's testimonials, so both can share it.
 */
const testimonials = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/testimonials' }),
  schema: ({ image }) =>
    z
      .object({
        /** Orders the cards and picks the card tint. */
        id: z.number().int().positive(),
        /** The page this entry belongs to: "home", "yoga"... */
        group: z.string().regex(/^[a-z][a-z-]*$/),
        /** Studio or business name (the card title). */
        name: z.string().min(2).max(60),
        category: z.string().min(2).max(40),
        author: z.string().min(2).max(80),
        quote: z.string().min(40).max(320),
        logo: image(),
        alt: z.string().min(3),
      })
      .strict(),
});

export const collections = { legal, about, landing, testimonials };
