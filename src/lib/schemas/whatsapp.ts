/** The WhatsApp landing page (one page, served on five routes: see src/lib/routes.ts). */
import { z } from 'astro/zod';
import { altText, EDITOR_TEXT, editorText, faqItem, iconCard, iconName, seo } from './common';

/** One step of the launch accordion. */
const step = () =>
  z
    .object({
      id: z.string().describe(editorText('Link name', 'Names the step in the page; keep it as it is.')),
      title: z.string().min(3).describe(editorText('Title', "The step's name, on the button that opens it.")),
      text: z.string().min(20).describe(editorText('Text', 'Shown when a visitor opens the step.')),
    })
    .strict();

const heading = z.string().min(5).describe(editorText('Heading', "The section's heading."));
const intro = z.string().describe(EDITOR_TEXT.intro);

export const whatsappSchema = z
  .object({
    hero: z
      .object({
        eyebrow: z.string().describe(EDITOR_TEXT.eyebrow),
        heading: z.string().min(10).describe(editorText('Headline', 'The big heading at the top of the page.')),
        text: z.string().min(40).describe(editorText('Text', 'The paragraph under the headline.')),
        flowerAlt: z.string().min(5).describe(altText('the turning flower', 'Flower description')),
        startButton: z
          .string()
          .max(40)
          .describe(
            editorText(
              'Call-back button',
              'Beside Book a Free Demo; opens the form for a call back. Elsewhere "Get Started" opens the admin app, so this one says where it leads: "Get Started with a Call Back".',
            ),
          ),
      })
      .strict()
      .describe(editorText('Top of page', 'The first part of the page, under the menu.')),
    broadcast: z
      .object({
        eyebrow: z.string().describe(EDITOR_TEXT.eyebrow),
        heading,
        text: z.string().min(40).describe(editorText('Text', 'The paragraph under the heading.')),
        points: z.array(z.string()).min(2).describe(editorText('Ticked points', 'The lines with a tick.')),
        button: z.string().min(3).describe(editorText('Button text', 'The button that opens the contact form.')),
      })
      .strict()
      .describe(editorText('Broadcasts', 'The section on sending one message to many customers.')),
    steps: z
      .object({
        heading,
        intro,
        items: z
          .array(step())
          .length(3)
          .describe(editorText('Steps', 'The three launch steps, in the order a customer takes them.')),
      })
      .strict()
      .describe(editorText('Launch steps', 'The three steps from sign-up to the first campaign.')),
    features: z
      .object({ heading, items: z.array(iconCard).min(3).describe(editorText('Cards', 'One card per feature.')) })
      .strict()
      .describe(editorText('Features', 'The cards of what the WhatsApp tool does.')),
    enterprise: z
      .object({ heading, intro, items: z.array(iconCard).min(6).describe(editorText('Cards', 'Six cards or more.')) })
      .strict()
      .describe(editorText('Enterprise', 'The cards for large teams.')),
    integrations: z
      .object({
        heading,
        intro,
        items: z
          .array(
            z
              .object({
                title: z.string().min(3).describe(editorText('Name', 'The tool it connects to, such as Shopify.')),
                icon: iconName.describe(editorText('Icon', 'The small picture beside the name, picked by name.')),
              })
              .strict(),
          )
          .min(5)
          .describe(editorText('Tools', 'The tools it connects to.')),
      })
      .strict()
      .describe(editorText('Integrations', 'The tools the WhatsApp tool connects to.')),
    plans: z
      .object({
        heading,
        intro,
        setup: z
          .string()
          .includes('{amount}')
          .describe(
            editorText(
              'Setup cost line',
              'Under each plan\'s monthly price: "+ {amount} setup". The amount is the WhatsApp setup cost under Plans and pricing.',
            ),
          ),
        button: z.string().min(3).describe(editorText('Button text', 'The button to the WhatsApp pricing page.')),
      })
      .strict()
      .describe(
        editorText(
          'Plans in brief',
          "Each plan's monthly price, from Plans and pricing, and a button to the full prices.",
        ),
      ),
    app: z
      .object({
        heading,
        text: z.string().min(20).describe(editorText('Text', 'The paragraph under the heading.')),
        android: z.string().describe(editorText('Android button', 'The button to the app on Google Play.')),
        ios: z.string().describe(editorText('iPhone button', 'The button to the app on the App Store.')),
      })
      .strict()
      .describe(editorText('Mobile app', 'The section on the mobile app.')),
    contact: z
      .object({ heading, text: z.string().min(20).describe(editorText('Text', 'The paragraph above the form.')) })
      .strict()
      .describe(editorText('Call-back form', 'The section with the form for a call back.')),
    campaign: z
      .object({
        heading,
        text: z.string().min(20).describe(editorText('Text', 'The paragraph under the heading.')),
        button: z.string().min(3).describe(editorText('Button text', 'The button that opens the contact form.')),
      })
      .strict()
      .describe(editorText('Closing call', 'The green panel near the end of the page.')),
    faq: z
      .array(faqItem)
      .length(10)
      .describe(editorText('FAQ', 'The ten questions and answers at the end of the page.')),
    ...seo,
    keywords: z.array(z.string().min(3)).min(3).describe(EDITOR_TEXT.keywords),
  })
  .strict();

/** The broadcast section's words (src/components/whatsapp/Broadcast.astro). */
export type BroadcastCopy = z.infer<typeof whatsappSchema>['broadcast'];
