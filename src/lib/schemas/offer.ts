/**
 * The offer in the home page lead popup: prices in rupees, the deadline with its UTC offset (India: +05:30), and the
 * validity note that states the deadline's day through {deadline} (src/lib/offer.ts), so the two never disagree.
 */
import { z } from 'astro/zod';

export const offerSchema = z
  .object({
    eyebrow: z.string().min(3),
    title: z.string().min(3),
    text: z.string().min(20).max(200),
    price: z.number().int().positive(),
    originalPrice: z.number().int().positive(),
    deadline: z
      .string()
      .datetime({ offset: true })
      .describe(
        'When the offer ends: a date and time with its offset, such as 2027-03-31T23:59:59+05:30. After this moment the home popup no longer opens, and every build warns that the offer has expired until it gets a new deadline.',
      ),
    validityNote: z
      .string()
      .min(10)
      .max(80)
      .includes('{deadline}', { message: 'must hold {deadline}' })
      .describe('The line above the countdown: "Offer valid until {deadline}", the deadline\'s day written out.'),
    includes: z.array(z.string().min(5)).min(2).max(6),
  })
  .strict()
  .refine((o) => o.originalPrice > o.price, {
    message: 'originalPrice must be above price',
    path: ['originalPrice'],
  });

export type Offer = z.infer<typeof offerSchema>;
