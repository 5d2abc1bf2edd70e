/** The offer in the home page lead popup: prices in rupees, the deadline with its UTC offset (India: +05:30). */
import { z } from 'astro/zod';

export const offerSchema = z
  .object({
    eyebrow: z.string().min(3),
    title: z.string().min(3),
    text: z.string().min(20).max(200),
    price: z.number().int().positive(),
    originalPrice: z.number().int().positive(),
    deadline: z.string().datetime({ offset: true }).describe('ISO date-time with its offset.'),
    validityNote: z.string().min(10),
    includes: z.array(z.string().min(5)).min(2).max(6),
  })
  .strict()
  .refine((o) => o.originalPrice > o.price, {
    message: 'originalPrice must be above price',
    path: ['originalPrice'],
  });

export type Offer = z.infer<typeof offerSchema>;
