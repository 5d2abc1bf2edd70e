/** Small pages with no sections of their own: the 404 page and the thank-you page (src/content/pages/). */
import { z } from 'astro/zod';

const link = z.object({ to: z.string().regex(/^\/[\w/-]*$/), label: z.string().min(2) }).strict();

export const pagesSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('not-found'),
      pageName: z.string().min(2).max(50),
      description: z.string().min(50).max(160),
      eyebrow: z.string().min(2),
      heading: z.string().min(5),
      text: z.string().min(20),
      popularLabel: z.string().min(3),
      popular: z.array(link).min(2),
      exploreHeading: z.string().min(5),
    })
    .strict(),
  z
    .object({
      kind: z.literal('thank-you'),
      pageName: z.string().min(2).max(50),
      description: z.string().min(50).max(160),
      heading: z.literal('Thank You!'),
      submitted: z.literal('Your details have been submitted successfully.'),
      next: z.literal("We'll get in touch with you shortly. Redirecting..."),
      home: z.literal('Home'),
      continue: z.string().min(5).describe('The link to where the page goes next, for visitors without JavaScript.'),
    })
    .strict(),
]);
