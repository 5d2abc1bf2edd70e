/**
 * Testimonials (home page, yoga page...): one JSON file per entry; `group` says which page shows it. The logo or avatar
 * is an image in src/assets, referenced relative to the JSON file.
 */
import { z } from 'astro/zod';
import type { Entry, SchemaContext } from './common';

export const testimonialSchema = ({ image }: SchemaContext) =>
  z
    .object({
      id: z.number().int().positive().describe('Orders the cards and picks the pastel background.'),
      group: z
        .string()
        .regex(/^[a-z][a-z-]*$/)
        .describe('The page set this entry belongs to: "home", "yoga"...'),
      name: z.string().min(2).max(60).describe('Studio or business name (the card title).'),
      category: z.string().min(2).max(40),
      author: z.string().min(2).max(80),
      quote: z.string().min(40).max(320),
      logo: image(),
      alt: z.string().min(3),
    })
    .strict();

/** One testimonial as the testimonial sections take it. */
export type TestimonialEntry = Entry<z.output<ReturnType<typeof testimonialSchema>>>;
