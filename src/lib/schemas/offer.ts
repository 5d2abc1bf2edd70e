/**
 * The offer in the home page lead popup: prices in rupees, the deadline with its UTC offset (India: +05:30), and the
 * validity note that states the deadline's day through {deadline} (src/lib/offer.ts), so the two never disagree.
 */
import { z } from 'astro/zod';
import { OFFER_TRIGGERS, SCROLL_SHARE } from '../offer-trigger';
import { whatsappPeriods } from '../pricing/periods';
import { EDITOR_TEXT, editorText } from './common';

/** When the popup opens (src/lib/offer-trigger.ts); an experiment on the home page may change it. */
const trigger = z
  .object({
    when: z
      .enum(OFFER_TRIGGERS)
      .describe(
        editorText(
          'Opens',
          'load: as the home page is shown; scroll: once the visitor has scrolled the share of the page below; exit: when the visitor moves to leave (on a computer, the pointer leaving the window through its top; on a phone, a quick scroll back up after reading down the page).',
        ),
      ),
    scrollShare: z
      .number()
      .int()
      .min(SCROLL_SHARE.min)
      .max(SCROLL_SHARE.max)
      .describe(
        editorText(
          'Scrolled share (%)',
          `With scroll: how much of the page the visitor has scrolled when the popup opens, in whole percent from ${SCROLL_SHARE.min} to ${SCROLL_SHARE.max}.`,
        ),
      ),
  })
  .strict()
  .describe(editorText('When it opens', 'What opens the popup: the page being shown, a scroll, or a move to leave.'));

export const offerSchema = z
  .object({
    eyebrow: z.string().min(3).describe(EDITOR_TEXT.eyebrow),
    title: z.string().min(3).describe(editorText('Offer name', "The popup's heading, such as the bundle's name.")),
    text: z.string().min(20).max(200).describe(editorText('Text', 'The lines under the offer name.')),
    price: z
      .number()
      .int()
      .positive()
      .describe(
        editorText('Offer price (₹)', 'The price the popup offers, in whole rupees: digits only, no ₹ sign or commas.'),
      ),
    originalPrice: z
      .number()
      .int()
      .positive()
      .describe(
        editorText(
          'Original price (₹)',
          'The usual price, shown crossed out beside the offer price, in whole rupees; it must be above the offer price and be the price of the plan and period below.',
        ),
      ),
    trigger,
    deadline: z
      .string()
      .datetime({ offset: true })
      .describe(
        editorText(
          'Offer ends',
          'The day and time the offer ends, in India time. After this moment the home popup no longer opens, and every build warns that the offer has expired until it gets a new deadline.',
        ),
      ),
    validityNote: z
      .string()
      .min(10)
      .max(80)
      .includes('{deadline}', { message: 'must hold {deadline}' })
      .describe(editorText('Validity line', 'The line above the countdown, such as "Offer valid until {deadline}".')),
    includes: z
      .array(z.string().min(5))
      .min(2)
      .max(6)
      .describe(editorText("What's included", 'Two to six lines with a tick, under the price.')),
    term: z
      .string()
      .min(3)
      .max(24)
      .describe(editorText('Period', 'Follows the offer price: how long it buys, such as "for a year".')),
    originalPriceOf: z
      .object({
        plan: z
          .enum(['lite', 'plus', 'advance', 'free', 'business', 'enterprise'])
          .describe(editorText('Plan', 'The plan the offer is compared with.')),
        period: z
          .enum(whatsappPeriods)
          .describe(editorText('Period', 'The billing period the offer covers; its price follows the offer price.')),
      })
      .strict()
      .describe(
        editorText(
          'Original price is',
          "Whose price the original price is: the plan and period the offer replaces, such as Advance for a year. Publishing fails when the original price is not that plan's price on the pricing page.",
        ),
      ),
  })
  .strict()
  .refine((o) => o.originalPrice > o.price, {
    message: 'must be above the price',
    path: ['originalPrice'],
  });

export type Offer = z.infer<typeof offerSchema>;
export type OfferTriggerSetting = Offer['trigger'];
