/** Small pages with no sections of their own: the 404 page and the thank-you page (src/content/pages/). */
import { z } from 'astro/zod';
import { EDITOR_TEXT, editorText, SEO_TEXT } from './common';

const link = z
  .object({
    to: z
      .string()
      .regex(/^\/[\w/-]*$/)
      .describe(EDITOR_TEXT.link),
    label: z.string().min(2).describe(editorText('Link text', 'The words of the link.')),
  })
  .strict();

export const pagesSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('not-found'),
      eyebrow: z.string().min(2).describe(EDITOR_TEXT.eyebrow),
      heading: z.string().min(5).describe(editorText('Heading', 'The big heading of the page.')),
      text: z.string().min(20).describe(editorText('Text', 'The paragraph under the heading.')),
      popularLabel: z
        .string()
        .min(3)
        .describe(editorText('Links name', 'Read aloud to blind visitors as the name of the links below.')),
      popular: z.array(link).min(2).describe(editorText('Popular pages', 'The links under the text.')),
      exploreHeading: z
        .string()
        .min(5)
        .describe(editorText('Features heading', 'The heading over the list of feature pages.')),
      pageName: z.string().min(2).max(50).describe(SEO_TEXT.pageName),
      description: z.string().min(50).max(160).describe(SEO_TEXT.description),
    })
    .strict(),
  z
    .object({
      kind: z.literal('thank-you'),
      heading: z.string().min(1).describe(editorText('Heading', 'The big heading of the page.')),
      submitted: z.string().min(1).describe(editorText('Received', 'The line that says the details arrived.')),
      next: z
        .string()
        .min(1)
        .describe(editorText('Next', 'The line that says what happens next, before the page moves on.')),
      home: z.string().min(1).describe(editorText('Chat button', 'Opens the sales chat.')),
      continue: z
        .string()
        .min(5)
        .describe(editorText('Next page button', 'The button to the page visitors are taken to after a few seconds.')),
      pageName: z.string().min(2).max(50).describe(SEO_TEXT.pageName),
      description: z.string().min(50).max(160).describe(SEO_TEXT.description),
    })
    .strict(),
]);
