/**
 * The content model: every collection and its schema. A content file that breaks a schema fails the build with the
 * file's path and the field at fault.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { icons, type IconName } from './lib/icons';
import { plansSchema } from './lib/pricing';
import { site } from './config/site';
import { blogCategoryLoader, blogLoader } from './lib/blog/loader';

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

// --- Pricing and the WhatsApp landing page -------------------------------------------------------------------------
/** Every plan and price, main and /mr/ variants side by side (schema in src/lib/pricing.ts, shared with unit tests). */
const plans = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/plans' }),
  schema: plansSchema,
});

const iconCard = z.object({ title: z.string().min(3), text: z.string().min(20), icon: iconName }).strict();
const faqEntry = z.object({ id: z.string().min(1), question: z.string().min(10), answer: z.string().min(20) }).strict();

/** Copy of the WhatsApp landing page (served on five routes). */
const whatsapp = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/whatsapp' }),
  schema: z
    .object({
      ...seo,
      hero: z
        .object({
          eyebrow: z.string(),
          heading: z.string().min(10),
          text: z.string().min(40),
          flowerAlt: z.string().min(5),
        })
        .strict(),
      broadcast: z
        .object({
          eyebrow: z.string(),
          heading: z.string().min(5),
          text: z.string().min(40),
          points: z.array(z.string()).min(2),
          button: z.string().min(3),
        })
        .strict(),
      steps: z
        .object({
          heading: z.string().min(5),
          intro: z.string(),
          items: z
            .array(z.object({ id: z.string(), title: z.string().min(3), text: z.string().min(20) }).strict())
            .length(3),
        })
        .strict(),
      features: z.object({ heading: z.string().min(5), items: z.array(iconCard).min(3) }).strict(),
      enterprise: z.object({ heading: z.string().min(5), intro: z.string(), items: z.array(iconCard).min(6) }).strict(),
      integrations: z
        .object({
          heading: z.string().min(5),
          intro: z.string(),
          items: z.array(z.object({ title: z.string().min(3), icon: iconName }).strict()).min(5),
        })
        .strict(),
      plans: z.object({ heading: z.string().min(5), intro: z.string(), button: z.string().min(3) }).strict(),
      app: z
        .object({ heading: z.string().min(5), text: z.string().min(20), android: z.string(), ios: z.string() })
        .strict(),
      contact: z.object({ heading: z.string().min(5), text: z.string().min(20) }).strict(),
      campaign: z.object({ heading: z.string().min(5), text: z.string().min(20), button: z.string().min(3) }).strict(),
      faq: z.array(faqEntry).length(10),
    })
    .strict(),
});
// --- end of pricing and WhatsApp -----------------------------------------------------------------------------------

// --- Blog ----------------------------------------------------------------------------------------------
// Posts come from the blog API when PUBLIC_BLOG_API_URL is set at build time, else from src/content/blog (Markdown).
// The loader checks each API post (src/lib/blog/post.ts) and the embedded front matter (src/lib/blog/embedded.ts);
// these schemas check what the loader stores. Rich text is already sanitised.
const blogSource = { apiBase: site.blogApiBase, strict: site.blogStrict };

const blogCategory = z.object({ id: z.string().min(1), name: z.string().min(1) }).strict();

const blog = defineCollection({
  loader: blogLoader(blogSource),
  schema: z
    .object({
      name: z.string().min(1),
      category: blogCategory,
      createdAt: z.coerce.date(),
      author: z.string().min(1),
      /** Sanitised HTML (short policy). */
      shortDescription: z.string(),
      /** Sanitised HTML (rich policy). */
      description: z.string(),
      /** Plain text for meta descriptions, JSON-LD and the feed (escaped wherever it is printed). */
      excerpt: z.string(),
      image: z
        .object({ src: z.string().min(1), alt: z.string() })
        .strict()
        .nullable(),
    })
    .strict(),
});

const blogCategories = defineCollection({
  loader: blogCategoryLoader(blogSource),
  schema: z.object({ name: z.string().min(1) }).strict(),
});
/** Copy of the blog list page and the feed. */
const blogPage = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/blog-page' }),
  schema: z
    .object({
      ...seo,
      eyebrow: z.string().min(2),
      heading: z.string().min(10),
      intro: z.string().min(40),
      feedTitle: z.string().min(5),
      backLink: z.string().min(3),
    })
    .strict(),
});
// --- end blog ---------------------------------------------------------------------------------------------------

// --- Home page offer ----------------------------------------------------------------------------------------------
/** The offer in the home page lead popup: prices in rupees, the deadline with its UTC offset (India: +05:30). */
const offer = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/offer' }),
  schema: z
    .object({
      eyebrow: z.string().min(3),
      title: z.string().min(3),
      text: z.string().min(20).max(200),
      price: z.number().int().positive(),
      originalPrice: z.number().int().positive(),
      deadline: z.string().datetime({ offset: true }),
      validityNote: z.string().min(10),
      includes: z.array(z.string().min(5)).min(2).max(6),
    })
    .strict()
    .refine((o) => o.originalPrice > o.price, {
      message: 'originalPrice must be above price',
      path: ['originalPrice'],
    }),
});

// --- Home page and testimonials --------------------------------------------------------------------------------
/*
 * Testimonials (home page, yoga page...): one JSON file per entry; `group` says which page shows it. The logo or avatar
 * is an image in src/assets, referenced relative to the JSON file.
 */
const testimonials = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/testimonials' }),
  schema: ({ image }) =>
    z
      .object({
        /** Orders the cards and picks the pastel background. */
        id: z.number().int().positive(),
        /** The page set this entry belongs to: "home", "yoga"... */
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
/** Copy of the home page; "{brand}" in any string becomes the configured brand name. */
const showcaseEntry = z
  .object({
    title: z.string().regex(/^Manage /, 'a showcase title starts with "Manage"'),
    subtitle: z.string().min(20).max(200),
    icon: iconName,
    /** Three short lines the entry's animated preview shows. */
    preview: z.array(z.string().min(3).max(40)).length(3),
    imageAlt: z.string().min(10),
    to: z.string().startsWith('/'),
  })
  .strict();
const home = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/home' }),
  schema: z
    .object({
      ...seo,
      keywords: z.array(z.string().min(3)).min(3),
      hero: z
        .object({
          eyebrow: z.string().min(3),
          headline: z.string().min(10),
          subline: z.string().min(10),
          demoButton: z.literal('Book a Free Demo'),
          startButton: z.literal('Get Started'),
          screenshotAlt: z.string().min(10),
        })
        .strict(),
      why: z
        .object({
          heading: z.string().min(10),
          intro: z.string().min(40),
          centreAlt: z.string().min(10),
          orbit: z
            .array(z.object({ title: z.string().min(3), text: z.string().min(20), icon: iconName }).strict())
            .length(3),
        })
        .strict(),
      video: z
        .object({
          heading: z.string().min(10),
          intro: z.string().min(40),
          points: z.array(z.string().min(10)).min(3),
          title: z.string().min(10),
          playLabel: z.string().min(5),
        })
        .strict(),
      showcase: z
        .object({
          eyebrow: z.string().min(3),
          heading: z.string().min(10),
          intro: z.string().min(40),
          viewMore: z.literal('View More'),
          entries: z.array(showcaseEntry).length(7),
        })
        .strict(),
      whiteLabel: z
        .object({
          eyebrow: z.string().min(3),
          heading: z.string().min(10),
          text: z.string().min(40),
          points: z.array(z.string().min(10)).min(3),
          imageAlt: z.string().min(10),
        })
        .strict(),
      testimonials: z.object({ heading: z.string().min(10), intro: z.string().min(20) }).strict(),
      faq: z
        .object({
          heading: z.string().min(10),
          items: z
            .array(
              z.object({ id: z.string().min(1), question: z.string().min(10), answer: z.string().min(20) }).strict(),
            )
            .length(4),
        })
        .strict(),
      community: z
        .object({
          heading: z.literal('Join the community for more updates'),
          text: z.string().min(20),
          button: z.literal('Join Community'),
        })
        .strict(),
      cta: z
        .object({
          label: z.literal('Elevate Your Business'),
          heading: z.literal('Join {brand} revolution'),
          text: z.string().min(20),
          button: z.literal('Create your Community'),
        })
        .strict(),
    })
    .strict(),
});
// --- end home ---------------------------------------------------------------------------------------------------

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

// --- Feature pages and the AI web builder -------------------------------------------------------------------------
/*
 * One JSON file per page in src/content/features; the file name is the route (/member-management...). `kind` says
 * which template renders it. Images are SVGs in src/assets/features/<page>/, referenced relative to the JSON file.
 */
const features = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/features' }),
  schema: ({ image }) => {
    const picture = z.object({ src: image(), alt: z.string().min(15).max(200) }).strict();
    const card = z
      .object({ title: z.string().min(3).max(60), text: z.string().min(30).max(260), icon: iconName })
      .strict();
    const faq = z
      .object({ id: z.string().min(1), question: z.string().min(10).max(160), answer: z.string().min(30).max(600) })
      .strict();
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
          highlights: z.array(card).length(3),
          blocks: z
            .array(
              z
                .object({
                  title: z.string().min(5).max(80),
                  text: z.string().min(40).max(400),
                  points: z.array(z.string().min(5).max(120)).min(2).max(5),
                  image: picture,
                })
                .strict(),
            )
            .min(3),
          faqs: z.array(faq).min(4),
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
          benefits: z.array(card).min(3),
          faqs: z.array(faq).length(8),
        })
        .strict(),
    ]);
  },
});

export const collections = {
  legal,
  about,
  plans,
  whatsapp,
  blog,
  blogCategories,
  blogPage,
  offer,
  testimonials,
  home,
  landing,
  features,
};
