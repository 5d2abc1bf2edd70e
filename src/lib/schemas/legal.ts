/** The legal pages (privacy policy, terms of use, refund policy): Markdown with this front matter. */
import { z } from 'astro/zod';
import { editorText, seo } from './common';

export const legalSchema = z
  .object({
    ...seo,
    heading: z.string().min(5).describe(editorText('Heading', 'The big heading at the top of the page.')),
    lastUpdated: z.coerce
      .date()
      .describe(editorText('Last updated', 'The day the text last changed, shown under the heading.')),
  })
  .strict();
