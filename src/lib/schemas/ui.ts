/**
 * Site-wide labels and sentences (src/content/ui.json): the header, the footer and its navigation, the buttons every
 * page uses, the plan-help banner, the contact modal, the lead forms, the testimonial carousel and the prefilled sales
 * chat messages. Copy that belongs to one page lives in that page's own collection.
 */
import { z } from 'astro/zod';
import { iconName } from './common';

const label = z.string().min(1).max(80);
const sentence = z.string().min(10).max(300);
const path = z.string().regex(/^\/[\w/-]*$/, 'a site path such as /pricing');
const navItem = z.object({ to: path, label, icon: iconName, description: sentence }).strict();
const link = z.object({ to: path, label }).strict();

export const uiSchema = z
  .object({
    skipLink: label,
    defaultImageAlt: sentence.describe("The social card's alt text on pages without their own image."),
    defaultKeywords: z.array(z.string().min(3)).min(3).describe('Meta keywords of pages without their own list.'),
    header: z
      .object({
        mainNav: label,
        mobileNav: label,
        products: label,
        audiences: label,
        menu: label,
        openMenu: label,
        closeMenu: label,
        login: label,
        getStarted: label,
        home: label.describe('Read after the brand in the logo link: "{brand} home".'),
      })
      .strict(),
    navigation: z
      .object({
        products: z
          .array(navItem)
          .length(15)
          .describe("The header's Products menu, in the product's order (the most used feature first)."),
        audiences: z.array(navItem).min(2).describe('The header\'s "Who can use it" menu.'),
        top: z.array(link).length(3).describe('Top-level header links.'),
        footer: z
          .array(z.object({ title: label, links: z.array(link).min(1) }).strict())
          .length(3)
          .describe("The footer's link groups."),
      })
      .strict(),
    footer: z
      .object({
        blurb: sentence,
        appsHeading: label,
        android: label,
        ios: label,
        instagram: label,
        linkedin: label,
        youtube: label,
        rights: label,
      })
      .strict(),
    buttons: z
      .object({
        demo: z.literal('Book a Free Demo'),
        start: z.literal('Get Started'),
        viewMore: z.literal('View More'),
        close: label,
      })
      .strict(),
    faqHeading: label,
    faqMore: label.describe('"{count} more questions": on a phone, the fold under the first questions of a long FAQ.'),
    planHelp: z
      .object({ heading: sentence, text: sentence, chat: z.literal('Contact Us'), demo: z.literal('Book a Demo') })
      .strict(),
    contact: z.object({ heading: label, text: sentence, close: label }).strict(),
    leadForm: z
      .object({
        legend: label,
        name: label,
        namePlaceholder: z.literal('Enter Name'),
        mobile: label,
        mobilePlaceholder: z.literal('Enter Mobile No.'),
        honeypot: label,
        submit: label,
        sending: z.literal('Sending...'),
        loading: label,
        failure: z.literal('❌ Failed to send email. Try again!'),
        errors: z
          .object({
            nameRequired: sentence,
            nameTooLong: sentence,
            nameInvalid: sentence.describe('A name with no letter (only digits, symbols or invisible characters).'),
            mobileRequired: sentence,
            mobileTooLong: sentence,
            mobileInvalid: sentence,
          })
          .strict()
          .describe(
            "Inline messages under a field at fault; {limit}, {min}, {max} and {mobileLimit} are the rules' numbers (src/lib/leads/rules.ts).",
          ),
      })
      .strict(),
    testimonials: z
      .object({
        marqueeLabel: label.describe('"{heading}: testimonials", the accessible name of the desktop marquee.'),
        carouselLabel: label.describe('"{heading}: testimonial carousel".'),
        tapHint: label.describe('The hint on a flip card where touch is the input: "Tap to read their story".'),
        clickHint: label.describe('The same hint for a mouse: "Click to read their story".'),
        keyHint: label.describe('The same hint while the card has keyboard focus: "Press Enter to read their story".'),
        showQuote: label.describe('"Show the quote from {name}".'),
        slideLabel: label.describe('"{position} of {count}: {name}".'),
      })
      .strict(),
    chat: z
      .object({
        planHelp: sentence,
        plusUpgrade: sentence,
        advanceEnquiry: sentence,
        businessOrLifetime: sentence,
        thankYou: sentence,
      })
      .strict()
      .describe(
        'The prefilled messages of the sales chat links: one per topic (Plus upgrade, Advance, Business or Lifetime, plan help).',
      ),
    featurePage: z
      .object({ highlightsLabel: label })
      .strict()
      .describe('Labels every feature page shows. "{name}: headline features" names the highlights section.'),
    comparison: z
      .object({ before: label, after: label })
      .strict()
      .describe("The terms of the landing pages' before/after pairs."),
    legal: z
      .object({ eyebrow: label, lastUpdated: label, contents: label })
      .strict()
      .describe(
        'The header of every legal page: the eyebrow, the label before the revision date and the name of its table of contents.',
      ),
    carousel: z
      .object({
        label: label.describe('"{heading}: cards", the name of a stack of cards that scrolls sideways on a phone.'),
      })
      .strict(),
  })
  .strict();

export type Ui = z.infer<typeof uiSchema>;
export type NavItem = z.infer<typeof navItem>;
