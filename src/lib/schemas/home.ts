/** The home page, section by section. */
import { z } from 'astro/zod';
import { faqItem, iconName, seo } from './common';

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
export type ShowcaseEntry = z.infer<typeof showcaseEntry>;

export const homeSchema = z
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
    faq: z.object({ heading: z.string().min(10), items: z.array(faqItem).length(4) }).strict(),
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
  .strict();
