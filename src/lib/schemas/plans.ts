/**
 * Every plan and price of /pricing, /mr/pricing and both WhatsApp pricing pages, and the words around them
 * (src/content/plans/plans.json). Sentences with a number in them hold a slot for it ("{percent}% transaction fee"),
 * so that each number is written once.
 */
import { z } from 'astro/zod';
import { communityPeriods, whatsappPeriods, type PriceList } from '../pricing/periods';
import { pricingPaths } from '../routes';
import { EDITOR_TEXT, editorText, faqItem, seo } from './common';

type Product = 'community' | 'whatsapp';
/** The page a price list's value is shown on, for the editors' hints. */
const pageOf = (product: Product, priceList: PriceList) =>
  priceList === 'main' ? pricingPaths.main[product] : `${pricingPaths.mr[product]} (the regional page)`;

const rupees = z.number().int().nonnegative();
const perMessage = z.number().nonnegative();
const WHOLE_RUPEES = 'in whole rupees: digits only, no ₹ sign or commas';

/** One period's price in whole rupees, on one page. */
const price = (label: string, per: string, page: string) =>
  rupees.describe(editorText(`${label} price (₹)`, `The price per ${per} on ${page}, ${WHOLE_RUPEES}.`));
/** A price per billing period; `null` for a price list means the product sets no such price there (nothing is invented). */
const communityPrices = (page: string) =>
  z.object({ monthly: price('Monthly', 'month', page), yearly: price('Yearly', 'year', page) }).strict();
const whatsappPrices = (page: string) =>
  z
    .object({
      monthly: price('Monthly', 'month', page),
      quarterly: price('Quarterly', 'quarter (3 months)', page),
      yearly: price('Yearly', 'year', page),
    })
    .strict();
/**
 * A value for the main pages and one for the /mr/ pages; none (null or left out) where the /mr/ pages have none.
 * `text` is each one's label and hint.
 */
const perPriceList = <T extends z.ZodTypeAny>(value: (priceList: PriceList) => T, text: Record<PriceList, string>) =>
  z.object({ main: value('main').describe(text.main), mr: value('mr').nullish().describe(text.mr) }).strict();
/** Label and hint of a plan's prices on each page. */
const pricesText = (product: Product): Record<PriceList, string> => ({
  main: editorText('Main prices', `The plan's prices on ${pageOf(product, 'main')}.`),
  mr: editorText(
    'Regional prices',
    `The plan's prices on ${pageOf(product, 'mr')}. Left out where the plan has no regional price.`,
  ),
});
const label = z.string().min(1).max(80);
/** A sentence that names its slots, e.g. slotted('amount') for "+ {amount} one-time setup cost". */
const slotted = (...slots: string[]) =>
  slots.reduce((text, slot) => text.includes(`{${slot}}`, { message: `must hold {${slot}}` }), label);
/** Page name and description of each price list's page. */
const pages = (product: Product) =>
  z
    .object({
      main: z
        .object(seo)
        .strict()
        .describe(editorText('Main page', `The title and search summary of ${pageOf(product, 'main')}.`)),
      mr: z
        .object(seo)
        .strict()
        .describe(editorText('Regional page', `The title and search summary of ${pageOf(product, 'mr')}.`)),
    })
    .strict()
    .describe(editorText('Page titles', "Each pricing page's title and search summary."));
const period = (name: string, suffix: string) =>
  z
    .object({
      label: label.describe(editorText('Toggle name', `The period's name on the toggle, such as "${name}".`)),
      suffix: label.describe(editorText('After the price', `Follows each price of this period, such as "${suffix}".`)),
    })
    .strict();

/** Labels every pricing page shares: the period toggle, the price lines, the plan cards' badge and setup line. */
const labels = z
  .object({
    plans: label.describe(editorText('Cards name', 'Read aloud to blind visitors as the name of the plan cards.')),
    billingPeriod: label.describe(
      editorText('Toggle name', 'Read aloud to blind visitors as the name of the billing period toggle.'),
    ),
    periods: z
      .object({
        yearly: period('Yearly', '/year').describe(editorText('Yearly', 'Yearly billing.')),
        quarterly: period('Quarterly', '/quarter').describe(
          editorText('Quarterly', 'Billing every 3 months (WhatsApp plans only).'),
        ),
        monthly: period('Monthly', '/month').describe(editorText('Monthly', 'Monthly billing.')),
      })
      .strict()
      .describe(
        editorText(
          'Billing periods',
          'Each period\'s name on the toggle ("Yearly") and what follows a price ("/year").',
        ),
      ),
    badgeBilling: slotted('period').describe(
      editorText(
        'After the badge',
        'Follows the savings badge next to the toggle: "with {period} billing" (the period\'s name, in lower case).',
      ),
    ),
    billed: slotted('period').describe(
      editorText('Billed (read aloud)', 'Read aloud to blind visitors after each price: ", billed {period}".'),
    ),
    mostPopular: label.describe(editorText('Most popular badge', "The badge on the highlighted plan's card.")),
    setupCost: slotted('amount').describe(
      editorText('Setup cost line', 'Under the price where there is a setup cost: "+ {amount} one-time setup cost".'),
    ),
    noSetupCost: label.describe(editorText('No setup cost line', 'Instead of the setup cost line when the cost is 0.')),
    regional: z
      .object({
        notice: z
          .string()
          .min(20)
          .max(240)
          .describe(editorText('Notice', 'Says whose prices the regional pages list, under their heading.')),
        link: label.describe(editorText('Link text', "The link to the same page's standard prices.")),
      })
      .strict()
      .describe(
        editorText(
          'Regional price notice',
          `On ${pricingPaths.mr.community} and ${pricingPaths.mr.whatsapp} only: whose prices they are, and a link to the standard ones.`,
        ),
      ),
  })
  .strict()
  .describe(
    editorText('Shared labels', 'Words every pricing page uses: the period toggle, the price lines, the badge.'),
  );

const messageCall = z.enum(['plusUpgrade', 'advanceEnquiry', 'whatsappPlans', 'planHelp']);
/** Where a card's button leads: the admin app, or the sales chat with one of the prefilled messages. */
/** What a plan has in a row of the comparison table (its rows come from the product facts, src/lib/claims/facts.ts). */
export const COMPARISON_MARKS = { yes: 'yes', no: 'no' } as const;

const buttonText = editorText('Button text', "The words on the card's button.");
const cta = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('signup'), label: z.string().min(3).describe(buttonText) }).strict(),
    z
      .object({
        kind: z.literal('chat'),
        label: z.string().min(3).describe(buttonText),
        message: messageCall.describe(
          editorText(
            'Chat message',
            'The message the sales chat opens with; the messages are under Site-wide labels, in the chat messages.',
          ),
        ),
      })
      .strict(),
  ])
  .describe(editorText('Button', 'Sign-up opens the admin app; chat opens the sales chat with a prepared message.'));
const planName = editorText('Plan name', "The card's heading. Sentences elsewhere that name the plan follow it.");
const tagline = editorText('Tagline', 'The short line under the plan name.');
const highlighted = editorText('Most popular', 'Gives the card the most popular badge and makes it stand out.');
const features = editorText('Features', 'The lines with a tick on the card.');

const communityPlan = z
  .object({
    id: z.enum(['lite', 'plus', 'advance']).describe(editorText('Plan', 'Which of the three plans this card is.')),
    name: z.string().min(2).describe(planName),
    tagline: z.string().min(10).describe(tagline),
    prices: perPriceList(
      (priceList) => communityPrices(pageOf('community', priceList)),
      pricesText('community'),
    ).describe(
      editorText('Prices', "The plan's prices on each pricing page. A card without a price shows the no-price text."),
    ),
    setupCost: perPriceList(() => rupees, {
      main: editorText('Main page (₹)', `The one-time setup cost on ${pageOf('community', 'main')}, ${WHOLE_RUPEES}.`),
      mr: editorText(
        'Regional page (₹)',
        `The one-time setup cost on ${pageOf('community', 'mr')}, ${WHOLE_RUPEES}. Left empty, the card there shows no setup cost.`,
      ),
    })
      .optional()
      .describe(editorText('Setup cost', 'The one-time setup cost on the card; 0 shows the no setup cost line.')),
    transactionFeePercent: z
      .number()
      .nonnegative()
      .optional()
      .describe(
        editorText(
          'Transaction fee (%)',
          'The share of each payment the plan charges, in percent, such as 2 or 2.5: shown on the card and in the comparison table.',
        ),
      ),
    highlighted: z.boolean().default(false).describe(highlighted),
    features: z.array(z.string().min(3)).min(3).describe(features),
    cta,
  })
  .strict();

/** One kind of message's charge, on one page. */
const charge = (label: string, kind: string, page: string) =>
  perMessage.describe(
    editorText(`${label} (₹)`, `The charge per ${kind} on ${page}, in rupees; paise as decimals, such as 0.78.`),
  );
const chargesOn = (page: string) =>
  z
    .object({
      marketing: charge('Marketing', 'marketing message (offers, broadcasts)', page),
      utility: charge('Utility', 'utility message (order and payment updates)', page),
      service: charge('Service', 'service message (replies to a customer who wrote first)', page),
    })
    .strict();
export const conversationCharges = chargesOn(pageOf('whatsapp', 'main'));

const whatsappPlan = z
  .object({
    id: z
      .enum(['free', 'business', 'enterprise'])
      .describe(editorText('Plan', 'Which of the three plans this card is.')),
    name: z.string().min(2).describe(planName),
    tagline: z.string().min(10).describe(tagline),
    prices: perPriceList((priceList) => whatsappPrices(pageOf('whatsapp', priceList)), pricesText('whatsapp')).describe(
      editorText('Prices', "The plan's prices on each WhatsApp pricing page."),
    ),
    charges: perPriceList((priceList) => chargesOn(pageOf('whatsapp', priceList)), {
      main: editorText('Main page', `The charges on ${pageOf('whatsapp', 'main')}.`),
      mr: editorText(
        'Regional page',
        `The charges on ${pageOf('whatsapp', 'mr')}. Left out, that page shows the main page's charges.`,
      ),
    }).describe(editorText('Per-message charges', "The charges per message in the card's charges box.")),
    trialDays: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(editorText('Free trial (days)', 'The days of free trial shown on the card; left empty, no trial.')),
    highlighted: z.boolean().default(false).describe(highlighted),
    features: z.array(z.string().min(3)).min(3).describe(features),
    cta,
  })
  .strict();

/** One value per limit of the free WhatsApp plan. */
const perFreeLimit = <T extends z.ZodTypeAny>(value: T) =>
  z
    .object({ conversationCredits: value, chatbotTriggers: value, agents: value, tags: value, customAttributes: value })
    .strict();
const planList = editorText('Plans', 'The three plan cards, in the order the page shows them.');
const headline = editorText('Headline', 'The big heading at the top of the page.');
const firstPeriod = editorText('Period shown first', 'The billing period the toggle shows when the page opens.');

export const plansSchema = z
  .object({
    community: z
      .object({
        plans: z.array(communityPlan).length(3).describe(planList),
        eyebrow: label.describe(EDITOR_TEXT.eyebrow),
        heading: z.string().min(5).max(80).describe(headline),
        intro: z.string().min(20).describe(EDITOR_TEXT.intro),
        defaultPeriod: z.enum(communityPeriods).describe(firstPeriod),
        yearlyBadge: z
          .string()
          .min(3)
          .max(24)
          .describe(
            editorText(
              'Yearly savings badge',
              'The badge next to Yearly: "Save {yearlySaving}", where {yearlySaving} is what yearly billing saves on the page\'s prices ("up to 16%"). A percentage typed here instead makes publishing fail.',
            ),
          ),
        savingUpTo: slotted('percent').describe(
          editorText(
            'Savings wording',
            'How {yearlySaving} reads when the paid plans save different amounts: "up to {percent}" (the largest saving).',
          ),
        ),
        noPrice: label.describe(
          editorText('No-price text', 'Shown on a card instead of a price where that page has no price for the plan.'),
        ),
        fee: slotted('percent').describe(
          editorText('Transaction fee line', 'Under a plan\'s price: "{percent}% transaction fee".'),
        ),
        salesNote: z
          .object({
            text: z.string().min(3).max(160).describe(editorText('Text', 'The line under the cards.')),
            link: label.describe(editorText('Link text', 'The link that opens the sales chat.')),
            plans: z
              .array(z.string().min(2).max(40))
              .max(6)
              .optional()
              .describe(
                editorText(
                  'Plans sold by chat',
                  'Plans the sales team sells without a card, which copy may name before the word "plan" (none now: every plan has its card). Any other plan name before the word "plan" makes publishing fail.',
                ),
              ),
          })
          .strict()
          .describe(editorText('Sales note', 'Under the cards: a line and the sales chat link that answers it.')),
        comparison: z
          .object({
            heading: z.string().min(5).describe(editorText('Heading', 'The heading over the table.')),
            feature: label.describe(editorText('First column header', 'The header over the feature names.')),
            fee: label.describe(editorText('Fee row name', "The first row, of each plan's transaction fee.")),
            included: label.describe(
              editorText('Check mark reads', 'Read aloud to blind visitors for a check mark, such as "Included".'),
            ),
            notIncluded: label.describe(
              editorText('Dash reads', 'Read aloud to blind visitors for a dash, such as "Not included".'),
            ),
          })
          .strict()
          .describe(
            editorText(
              'Comparison table',
              'The words of the table of what each plan includes, under the cards. Its rows are what each community plan includes, under Product facts.',
            ),
          ),
        faqHeading: label.describe(editorText('FAQ heading', 'The heading over the questions.')),
        faq: z.array(faqItem).min(4).describe(editorText('FAQ', 'The questions and answers at the end of the page.')),
        pages: pages('community'),
      })
      .strict()
      .describe(
        editorText(
          'Community plans',
          `${pricingPaths.main.community} and ${pricingPaths.mr.community}: every word and price.`,
        ),
      ),
    whatsapp: z
      .object({
        plans: z.array(whatsappPlan).length(3).describe(planList),
        eyebrow: label.describe(EDITOR_TEXT.eyebrow),
        heading: z.string().min(5).describe(headline),
        intro: z.string().min(20).describe(EDITOR_TEXT.intro),
        defaultPeriod: z.enum(whatsappPeriods).describe(firstPeriod),
        setupCost: perPriceList(() => rupees, {
          main: editorText(
            'Main page (₹)',
            `The one-time setup cost on ${pageOf('whatsapp', 'main')}, ${WHOLE_RUPEES}.`,
          ),
          mr: editorText(
            'Regional page (₹)',
            `The one-time setup cost on ${pageOf('whatsapp', 'mr')}, ${WHOLE_RUPEES}. Left empty, that page shows the main page's cost.`,
          ),
        }).describe(
          editorText(
            'Setup cost',
            'The one-time setup cost of every WhatsApp plan, under the heading; 0 shows the no setup cost line.',
          ),
        ),
        trial: slotted('days').describe(
          editorText('Free trial line', 'On a paid plan\'s card: "{days}-day free trial".'),
        ),
        charges: z
          .object({
            heading: label.describe(editorText('Heading', "The heading of the card's charges box.")),
            marketing: label.describe(editorText('Marketing', 'The name of the marketing message charge.')),
            utility: label.describe(editorText('Utility', 'The name of the utility message charge.')),
            service: label.describe(editorText('Service', 'The name of the service message charge.')),
          })
          .strict()
          .describe(
            editorText('Charges box', "The words of each card's per-message charges: a heading and a name per kind."),
          ),
        freeLimits: perFreeLimit(z.number().int().positive()).describe(
          editorText('Free plan limits', "The free plan's limits, each in its line on the free plan's card."),
        ),
        freeLimitLines: perFreeLimit(slotted('n')).describe(
          editorText(
            'Free plan limit lines',
            'The line of each free plan limit, its number as {n}: "Chatbot with {n} triggers".',
          ),
        ),
        product: z
          .object({
            name: label.describe(editorText('Product name', 'The name search engines give the WhatsApp plans.')),
            offer: slotted('plan', 'period').describe(
              editorText('Offer name', 'The name search engines give each plan and period: "{plan} ({period})".'),
            ),
          })
          .strict()
          .describe(editorText('Search listing', 'How search engines name the WhatsApp plans; not shown on the page.')),
        lead: z
          .object({
            heading: z.string().min(5).describe(editorText('Heading', 'The heading over the call-back form.')),
            text: z.string().min(20).describe(editorText('Text', 'The paragraph above the form.')),
          })
          .strict()
          .describe(editorText('Call-back form', 'The form at the end of the WhatsApp pricing pages.')),
        pages: pages('whatsapp'),
      })
      .strict()
      .describe(
        editorText(
          'WhatsApp plans',
          `${pricingPaths.main.whatsapp} and ${pricingPaths.mr.whatsapp}: every word and price.`,
        ),
      ),
    labels,
  })
  .strict();
