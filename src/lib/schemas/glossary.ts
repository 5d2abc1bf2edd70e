/**
 * A language's glossary (a file of the glossary collection named by its locale): the product words its readers write
 * one way, how the edition writes each and the spellings it never uses. The build refuses a file of that language that
 * writes a term one of the avoided ways (the glossary check).
 */
import { z } from 'astro/zod';
import { editorText } from './common';

export const glossaryTermSchema = z
  .object({
    en: z.string().min(1).describe(editorText('English', 'The term as the English site writes it.')),
    hi: z.string().min(1).describe(editorText('Hindi', 'How every Hindi page writes it.')),
    avoid: z
      .array(z.string().trim().min(1))
      .describe(
        editorText(
          'Never written',
          'Other spellings of the term: the build refuses a Hindi page that writes one of them as a whole word.',
        ),
      ),
    note: z
      .string()
      .min(1)
      .optional()
      .describe(editorText('Note', 'For editors and translators: when and how to use it.')),
  })
  .strict();

export const glossarySchema = z
  .object({
    terms: z.array(glossaryTermSchema).min(1).describe(editorText('Terms', 'One term per product word.')),
  })
  .strict();

export type Glossary = z.infer<typeof glossarySchema>;
