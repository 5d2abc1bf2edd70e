/** The home page, section by section. */
import { z } from 'astro/zod';
import { ROI_TABS, WHATSAPP_SLIDERS, type RoiTabId, type SliderSettings } from '../roi';
import { faqItem, iconCard, iconName, sectionHead, seo } from './common';

const label = z.string().min(2).max(60);

const showcaseEntry = z
  .object({
    title: z.string().regex(/^Manage /, 'a showcase title starts with "Manage"'),
    tab: label.describe('The entry\'s pill tab: its title without "Manage".'),
    subtitle: z.string().min(20).max(200),
    icon: iconName,
    preview: z
      .array(z.string().min(3).max(40))
      .length(3)
      .describe("Three short lines the entry's animated preview shows."),
    imageAlt: z.string().min(10),
    to: z.string().startsWith('/'),
  })
  .strict()
  .refine((e) => e.title === `Manage ${e.tab}`, { message: 'tab is the title without "Manage "', path: ['tab'] });
export type ShowcaseEntry = z.infer<typeof showcaseEntry>;

/** The feature showcase section: its heading, the labels of its tabs and arrows, and the seven entries. */
const showcase = z
  .object({
    eyebrow: z.string().min(3),
    heading: z.string().min(10),
    intro: z.string().min(40),
    tabsLabel: label.describe('Accessible name of the tab list.'),
    previous: label,
    next: label,
    position: label.describe('Under the mobile arrows: "{position} of {count}".'),
    open: label.describe('On a phone the showcase folds under this button: "See the seven tools".'),
    entries: z.array(showcaseEntry).length(7),
  })
  .strict();
export type ShowcaseCopy = z.infer<typeof showcase>;

/** A label for each slider of a calculator, by the slider's key in src/lib/roi.ts: none missing, none unknown. */
const sliderLabels = (sliders: readonly SliderSettings[]) =>
  z.object(Object.fromEntries(sliders.map((s) => [s.key, label])) as Record<string, typeof label>).strict();

const roiTab = (sliders: readonly SliderSettings[]) =>
  z
    .object({
      label: label.describe("The tab's name."),
      revenueLabel: label.describe("The stream's name in the revenue list."),
      sliders: sliderLabels(sliders),
    })
    .strict();

/** The ROI calculator section: its heading and every label of the calculator, tab by tab. */
const roi = z
  .object({
    ...sectionHead,
    open: label.describe('On a phone the intro and the calculator fold under this button: "Work out your revenue".'),
    tabsLabel: label.describe('Accessible name of the tab list.'),
    tabs: z
      .object(
        Object.fromEntries(ROI_TABS.map((tab) => [tab.id, roiTab(tab.sliders)])) as Record<
          RoiTabId,
          ReturnType<typeof roiTab>
        >,
      )
      .strict(),
    cycleLegend: label,
    cycles: z.object({ Monthly: label, Yearly: label }).strict(),
    total: label,
    perYear: z.literal('/Year').describe('After the total: "₹N/Year" (product rule: the total is an annual figure).'),
    breakdown: label,
  })
  .strict();
export type RoiCopy = z.infer<typeof roi>;

/** The WhatsApp Marketing Impact section and its calculator's labels. */
const whatsappImpact = z
  .object({
    ...sectionHead,
    heading: z.literal('WhatsApp Marketing Impact'),
    open: label.describe('On a phone the intro and the calculator fold under this button.'),
    sliders: sliderLabels(WHATSAPP_SLIDERS),
    converted: label,
    revenue: label,
  })
  .strict();
export type WhatsappImpactCopy = z.infer<typeof whatsappImpact>;

/** The labels of the offer popup (the offer itself is src/content/offer/). */
const offerPopup = z
  .object({
    close: label,
    timer: label.describe('Accessible name of the countdown.'),
    units: z.object({ days: label, hours: label, minutes: label, seconds: label }).strict(),
    was: label.describe('Read before the struck-through price.'),
    submit: z.literal('Claim Now'),
    submitting: z.literal('Submitting...'),
  })
  .strict();
export type OfferPopupCopy = z.infer<typeof offerPopup>;

export const homeSchema = z
  .object({
    ...seo,
    keywords: z.array(z.string().min(3)).min(3),
    hero: z
      .object({
        eyebrow: z.string().min(3),
        headline: z.string().min(10),
        subline: z.string().min(10),
        screenshotAlt: z.string().min(10),
      })
      .strict(),
    why: z
      .object({
        heading: z.string().min(10),
        intro: z.string().min(40),
        centreAlt: z.string().min(10),
        orbit: z.array(iconCard).length(3),
      })
      .strict(),
    video: z
      .object({
        heading: z.string().min(10),
        intro: z.string().min(40),
        points: z.array(z.string().min(10)).min(3),
        title: z.string().min(10),
        playLabel: z.string().min(5),
        closeLabel: label,
        captionsLabel: label.describe('Label of the English captions track.'),
      })
      .strict(),
    showcase,
    roi,
    whatsappImpact,
    whiteLabel: z
      .object({
        eyebrow: z.string().min(3),
        heading: z.string().min(10),
        text: z.string().min(40),
        points: z.array(z.string().min(10)).min(3),
        imageAlt: z.string().min(10),
      })
      .strict(),
    testimonials: z.object({ heading: z.string().min(10), intro: z.string().min(20) }).strict(),
    faq: z.object({ items: z.array(faqItem).length(4) }).strict(),
    community: z
      .object({
        heading: z.literal('Join the community for more updates'),
        text: z.string().min(20),
        button: z.literal('Join Community'),
      })
      .strict(),
    cta: z
      .object({
        label: z.literal('Elevate Your Business'),
        heading: z.literal('Join {brand} revolution'),
        text: z.string().min(20),
        button: z.literal('Create your Community'),
      })
      .strict(),
    offerPopup,
  })
  .strict();

/** The white-label section's words (src/components/home/WhiteLabel.astro). */
export type WhiteLabelCopy = z.infer<typeof homeSchema>['whiteLabel'];
