/** The legal pages (privacy policy, terms of use, refund policy): Markdown with this front matter. */
import { z } from 'astro/zod';
import { seo } from './common';

export const legalSchema = z
  .object({
    ...seo,
    heading: z.string().min(5),
    lastUpdated: z.coerce.date(),
  })
  .strict();
