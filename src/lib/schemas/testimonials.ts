/**
 * Testimonials (home page, /yoga, /creator): one JSON file per entry; `group` says which page shows it. The logo and
 * the optional photo are images in src/assets, referenced relative to the JSON file. A city, a measured result, a
 * photo and a link to the customer's own page are optional: a card shows each one it has. `example` marks one of the
 * default content's made-up testimonials, whose names give way to real ones (the names rule).
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
          editorText(
            'Shown on',
            'The page that shows this testimonial: home for the home page, yoga for /yoga, creator for /creator.',
          ),
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
      city: z
        .string()
        .min(2)
        .max(30)
        .optional()
        .describe(editorText('City', 'Where the business is, beside its kind, such as "Pune". Leave empty for none.')),
      author: z
        .string()
        .min(2)
        .max(80)
        .describe(
          editorText(
            'Said by',
            'Who said it and their role, under the quote, such as "Lavanya Krishnan, Founder". Every name on the site is another person: the build stops on a first name or business name used twice (docs/content.md).',
          ),
        ),
      quote: z
        .string()
        .min(40)
        .max(320)
        .describe(editorText('Quote', 'What the customer said, without quotation marks.')),
      result: z
        .string()
        .min(10)
        .max(70)
        .optional()
        .describe(
          editorText(
            'Measured result',
            'One result the customer measured, shown in bold on the card, such as "38 members renewed in the first month". Leave empty for none.',
          ),
        ),
      logo: image().describe(editorText('Logo', 'The customer’s logo beside the quote: pick a file.')),
      alt: z.string().min(3).describe(altText('the logo', 'Logo description')),
      photo: image()
        .optional()
        .describe(
          editorText(
            'Photo',
            'A photo of the person quoted, shown small beside their name (square, at least 96 pixels): pick a file. Leave empty for none.',
          ),
        ),
      link: z
        .string()
        .max(120)
        .regex(/^https:\/\/[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+(\/\S*)?$/, 'must be a web address starting with https://')
        .optional()
        .describe(
          editorText(
            'Link',
            "The customer's own page (their website or Instagram), such as https://sthirayoga.in: shown under the quote, opens in a new tab. Leave empty for none.",
          ),
        ),
      example: z
        .boolean()
        .optional()
        .describe(
          editorText(
            'Example',
            "Ticked on the default site's made-up testimonials. Its names give way to real ones: where a blog author, a customer or a person of the company has its first name, the site shows it with another. Untick it once the words are a real customer's.",
          ),
        ),
    })
    .strict();

/** One testimonial as the testimonial sections take it. */
export type TestimonialEntry = Entry<z.output<ReturnType<typeof testimonialSchema>>>;
