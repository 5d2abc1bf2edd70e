/** The WhatsApp landing page (one page, served on five routes: see src/lib/routes.ts). */
import { z } from 'astro/zod';
import { faqItem, iconCard, iconName, seo } from './common';

/** One step of the launch accordion; its title is the product's own wording. */
const step = (title: string) =>
  z.object({ id: z.string(), title: z.literal(title), text: z.string().min(20) }).strict();

export const whatsappSchema = z
  .object({
    ...seo,
    keywords: z.array(z.string().min(3)).min(3).describe('Meta keywords; write the brand as {brand}.'),
    hero: z
      .object({
        eyebrow: z.string(),
        heading: z.string().min(10),
        text: z.string().min(40),
        flowerAlt: z.string().min(5),
      })
      .strict(),
    broadcast: z
      .object({
        eyebrow: z.string(),
        heading: z.string().min(5),
        text: z.string().min(40),
        points: z.array(z.string()).min(2),
        button: z.string().min(3),
      })
      .strict(),
    steps: z
      .object({
        heading: z.string().min(5),
        intro: z.string(),
        items: z
          .tuple([step('Connect with Meta'), step('Import Your Audience'), step('Design & Launch Campaigns')])
          .describe('The three launch steps, in the order a customer takes them.'),
      })
      .strict(),
    features: z.object({ heading: z.string().min(5), items: z.array(iconCard).min(3) }).strict(),
    enterprise: z.object({ heading: z.string().min(5), intro: z.string(), items: z.array(iconCard).min(6) }).strict(),
    integrations: z
      .object({
        heading: z.string().min(5),
        intro: z.string(),
        items: z.array(z.object({ title: z.string().min(3), icon: iconName }).strict()).min(5),
      })
      .strict(),
    plans: z
      .object({
        heading: z.string().min(5),
        intro: z.string(),
        setup: z
          .string()
          .includes('{amount}')
          .describe('The setup cost under each compact plan\'s monthly price: "+ {amount} setup".'),
        button: z.string().min(3),
      })
      .strict(),
    app: z
      .object({ heading: z.string().min(5), text: z.string().min(20), android: z.string(), ios: z.string() })
      .strict(),
    contact: z.object({ heading: z.string().min(5), text: z.string().min(20) }).strict(),
    campaign: z.object({ heading: z.string().min(5), text: z.string().min(20), button: z.string().min(3) }).strict(),
    faq: z.array(faqItem).length(10),
  })
  .strict();

/** The broadcast section's words (src/components/whatsapp/Broadcast.astro). */
export type BroadcastCopy = z.infer<typeof whatsappSchema>['broadcast'];
