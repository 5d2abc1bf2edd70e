/** The About Us page. */
import { z } from 'astro/zod';
import { iconCard, iconName, seo } from './common';

const statement = z.object({ heading: z.string(), text: z.string().min(40), icon: iconName }).strict();

export const aboutSchema = z
  .object({
    ...seo,
    hero: z.object({ eyebrow: z.string(), heading: z.string().min(5), text: z.string().min(40) }).strict(),
    story: z.object({ heading: z.string(), paragraphs: z.array(z.string().min(40)).min(2) }).strict(),
    offer: z.object({ heading: z.string(), intro: z.string(), items: z.array(iconCard).min(4) }).strict(),
    values: z.object({ heading: z.string(), items: z.array(iconCard).min(3) }).strict(),
    missionVisionLabel: z.string().min(3).max(60).describe('Names the section that holds the mission and the vision.'),
    mission: statement,
    vision: statement,
    cta: z
      .object({
        heading: z.literal('Join the Mission'),
        text: z.string().min(20),
        button: z.literal('Sign up for free'),
      })
      .strict(),
  })
  .strict();
