/**
 * Testimonials (home page, yoga page...): one JSON file per entry; `group` says which page shows it. The logo or avatar
 * is an image in src/assets, referenced relative to the JSON file.
 */
import { z } from 'astro/zod';
import { altText, editorText, type Entry, type SchemaContext } from './common';

export const testimonialSchema = ({ image }: SchemaContext) =>
  z
    .object({
      id: z
        .number()
        .int()
        .positive()
        .describe(
          editorText(
            'Order',
            "The card's place among its page's testimonials, 1 first, each different; it also picks the card's colour.",
          ),
        ),
      group: z
        .string()
        .regex(/^[a-z][a-z-]*$/)
        .describe(
          editorText('Shown on', 'The page that shows this testimonial: home for the home page, yoga for /yoga.'),
        ),
      name: z
        .string()
        .min(2)
        .max(60)
        .describe(editorText('Business name', "The customer's studio or business: the card's heading.")),
      category: z
        .string()
        .min(2)
        .max(40)
        .describe(editorText('Kind of business', 'Under the name, such as "Yoga Studio".')),
      author: z
        .string()
        .min(2)
        .max(80)
        .describe(
          editorText('Said by', 'Who said it and their role, under the quote, such as "Ananya Iyer, Founder".'),
        ),
      quote: z
        .string()
        .min(40)
        .max(320)
        .describe(editorText('Quote', 'What the customer said, without quotation marks.')),
      logo: image().describe(editorText('Logo', 'The customer’s logo beside the quote: pick a file.')),
      alt: z.string().min(3).describe(altText('the logo', 'Logo description')),
    })
    .strict();

/** One testimonial as the testimonial sections take it. */
export type TestimonialEntry = Entry<z.output<ReturnType<typeof testimonialSchema>>>;
