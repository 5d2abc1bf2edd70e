/** The home page, section by section. */
import { z } from 'astro/zod';
import { ROI_TABS, WHATSAPP_SLIDERS, type RoiTabId, type SliderSettings } from '../roi';
import { altText, EDITOR_TEXT, editorText, faqItem, iconCard, iconName, sectionHead, seo } from './common';

const label = z.string().min(2).max(60);

const showcaseEntry = z
  .object({
    title: label.describe(editorText('Title', 'The tool\'s heading, such as "Manage Members".')),
    tab: label.describe(editorText('Tab name', 'The tool\'s tab: its title in fewer words, such as "Members".')),
    subtitle: z.string().min(20).max(200).describe(editorText('Text', 'The lines under the title.')),
    icon: iconName.describe(editorText('Icon', 'The small picture on the tab, picked by name.')),
    preview: z
      .array(z.string().min(3).max(40))
      .length(3)
      .describe(editorText('Preview lines', "Three short lines the tool's moving preview shows.")),
    imageAlt: z.string().min(10).describe(altText('the moving preview', 'Preview description')),
    to: z.string().startsWith('/').describe(editorText('Link', "The tool's page, such as /member-management.")),
  })
  .strict();
export type ShowcaseEntry = z.infer<typeof showcaseEntry>;

/** The feature showcase section: its heading, the labels of its tabs and arrows, and the seven entries. */
const showcase = z
  .object({
    eyebrow: z.string().min(3).describe(EDITOR_TEXT.eyebrow),
    heading: z.string().min(10).describe(editorText('Heading', "The section's heading.")),
    intro: z.string().min(40).describe(EDITOR_TEXT.intro),
    tabsLabel: label.describe(editorText('Tabs name', 'Read aloud to blind visitors as the name of the row of tabs.')),
    previous: label.describe(editorText('Previous button', 'Read aloud for the back arrow on a phone.')),
    next: label.describe(editorText('Next button', 'Read aloud for the forward arrow on a phone.')),
    position: label.describe(editorText('Position', 'Under the arrows on a phone: "{position} of {count}".')),
    open: label.describe(
      editorText('Phone button', 'On a phone the tools fold under this button, such as "See the seven tools".'),
    ),
    entries: z
      .array(showcaseEntry)
      .length(7)
      .describe(editorText('Tools', 'The seven tools, one tab each, in the order of the tabs.')),
  })
  .strict()
  .describe(editorText('Feature tabs', 'The section of seven tools, one tab each.'));
export type ShowcaseCopy = z.infer<typeof showcase>;

/** A label for each slider of a calculator, by the slider's key in src/lib/roi.ts: none missing, none unknown. */
const sliderLabels = (sliders: readonly SliderSettings[]) =>
  z
    .object(
      Object.fromEntries(sliders.map((s) => [s.key, label.describe('The name over this slider.')])) as Record<
        string,
        typeof label
      >,
    )
    .strict()
    .describe(editorText('Slider names', 'The name over each slider of the calculator.'));

const roiTab = (sliders: readonly SliderSettings[]) =>
  z
    .object({
      label: label.describe(editorText('Tab name', "The tab's name over the calculator.")),
      revenueLabel: label.describe(editorText('Name in the total', "This stream's line in the revenue by stream.")),
      sliders: sliderLabels(sliders),
    })
    .strict();

/** The ROI calculator section: its heading and every label of the calculator, tab by tab. */
const roi = z
  .object({
    ...sectionHead,
    open: label.describe(editorText('Phone button', 'On a phone the intro and the calculator fold under this button.')),
    tabsLabel: label.describe(editorText('Tabs name', 'Read aloud to blind visitors as the name of the row of tabs.')),
    tabs: z
      .object(
        Object.fromEntries(ROI_TABS.map((tab) => [tab.id, roiTab(tab.sliders)])) as Record<
          RoiTabId,
          ReturnType<typeof roiTab>
        >,
      )
      .strict()
      .describe(
        editorText('Revenue streams', 'One tab of the calculator per stream: its name and the names of its sliders.'),
      ),
    cycleLegend: label.describe(editorText('Billing choice name', 'The name over the Monthly and Yearly choice.')),
    cycles: z
      .object({
        Monthly: label.describe(editorText('Monthly', 'The monthly choice.')),
        Yearly: label.describe(editorText('Yearly', 'The yearly choice.')),
      })
      .strict()
      .describe(editorText('Billing choices', 'The names of the two billing choices.')),
    total: label.describe(editorText('Total heading', 'Over the yearly total.')),
    perYear: label.describe(editorText('After the total', 'Follows the total: it is always a yearly figure.')),
    breakdown: label.describe(editorText('Breakdown heading', 'Over the revenue of each stream.')),
  })
  .strict()
  .describe(editorText('Revenue calculator', 'The section where visitors work out what their community could earn.'));
export type RoiCopy = z.infer<typeof roi>;

/** The WhatsApp Marketing Impact section and its calculator's labels. */
const whatsappImpact = z
  .object({
    ...sectionHead,
    heading: z.string().min(1).describe(editorText('Heading', "The calculator section's heading.")),
    open: label.describe(editorText('Phone button', 'On a phone the intro and the calculator fold under this button.')),
    sliders: sliderLabels(WHATSAPP_SLIDERS),
    converted: label.describe(editorText('Members heading', 'Over the number of members a broadcast converts.')),
    revenue: label.describe(editorText('Revenue heading', 'Over the revenue the broadcast brings in.')),
  })
  .strict()
  .describe(
    editorText('WhatsApp calculator', 'The section where visitors work out what a WhatsApp broadcast brings in.'),
  );
export type WhatsappImpactCopy = z.infer<typeof whatsappImpact>;

/** The labels of the offer popup (the offer itself is src/content/offer/). */
const offerPopup = z
  .object({
    close: label.describe(editorText('Close button', "Read aloud to blind visitors for the popup's close button.")),
    timer: label.describe(editorText('Countdown name', 'Read aloud to blind visitors as the name of the countdown.')),
    units: z
      .object({ days: label, hours: label, minutes: label, seconds: label })
      .strict()
      .describe(editorText('Countdown units', "The words under the countdown's numbers.")),
    was: label.describe(editorText('Before old price', 'Read aloud before the crossed-out price, such as "was".')),
    submit: z.string().min(1).describe(editorText('Claim button', "The popup form's send button.")),
    submitting: z.string().min(1).describe(editorText('Claiming', 'The claim button while the details are sent.')),
  })
  .strict()
  .describe(editorText('Offer popup', "The popup's own words; the offer itself is under Offer."));
export type OfferPopupCopy = z.infer<typeof offerPopup>;

export const homeSchema = z
  .object({
    hero: z
      .object({
        eyebrow: z.string().min(3).describe(EDITOR_TEXT.eyebrow),
        headline: z.string().min(10).describe(editorText('Headline', 'The big heading at the top of the home page.')),
        subline: z.string().min(10).describe(editorText('Subline', 'The line under the headline.')),
        screenshotAlt: z.string().min(10).describe(altText('the dashboard picture', 'Dashboard description')),
      })
      .strict()
      .describe(editorText('Top of page', 'The first part of the home page, under the menu.')),
    why: z
      .object({
        heading: z.string().min(10).describe(editorText('Heading', "The section's heading.")),
        intro: z.string().min(40).describe(EDITOR_TEXT.intro),
        centreAlt: z.string().min(10).describe(altText('the logo in the middle', 'Centre logo description')),
        orbit: z.array(iconCard).length(3).describe(editorText('Pillars', 'The three cards around the logo.')),
      })
      .strict()
      .describe(editorText('Why us', 'The section of three cards around the logo.')),
    video: z
      .object({
        heading: z.string().min(10).describe(editorText('Heading', "The section's heading.")),
        intro: z.string().min(40).describe(EDITOR_TEXT.intro),
        points: z
          .array(z.string().min(10))
          .min(3)
          .describe(editorText('Ticked points', 'The lines with a tick beside the video.')),
        title: z
          .string()
          .min(10)
          .describe(
            editorText(
              'Video title',
              "Read aloud to blind visitors as the name of the video and its window. {seconds} is the video's length, read from its file.",
            ),
          ),
        playLabel: z.string().min(5).describe(editorText('Play button', 'Read aloud for the play button.')),
        closeLabel: label.describe(editorText('Close button', "Read aloud for the video window's close button.")),
        captionsLabel: label.describe(
          editorText('Captions name', "The captions' name in the video player, such as English."),
        ),
      })
      .strict()
      .describe(editorText('Video tour', 'The section with the short tour video.')),
    showcase,
    roi,
    whatsappImpact,
    whiteLabel: z
      .object({
        eyebrow: z.string().min(3).describe(EDITOR_TEXT.eyebrow),
        heading: z.string().min(10).describe(editorText('Heading', "The section's heading.")),
        text: z.string().min(40).describe(editorText('Text', 'The paragraph under the heading.')),
        points: z
          .array(z.string().min(10))
          .min(3)
          .describe(editorText('Ticked points', 'The lines with a tick under the text.')),
        imageAlt: z.string().min(10).describe(altText('the picture of a branded site')),
      })
      .strict()
      .describe(editorText('Your own brand', "The section on running the community under the customer's own brand.")),
    testimonials: z
      .object({
        heading: z.string().min(10).describe(editorText('Heading', "The section's heading.")),
        intro: z.string().min(20).describe(EDITOR_TEXT.intro),
      })
      .strict()
      .describe(
        editorText('Testimonials', 'The heading over the testimonials; each testimonial is under Testimonials.'),
      ),
    faq: z
      .object({
        items: z.array(faqItem).length(4).describe(editorText('Questions', 'The four questions and answers.')),
      })
      .strict()
      .describe(editorText('FAQ', 'The questions and answers near the end of the home page.')),
    community: z
      .object({
        heading: z.string().min(1).describe(editorText('Heading', "The banner's heading.")),
        text: z.string().min(20).describe(editorText('Text', "The line under the banner's heading.")),
        button: z.string().min(1).describe(editorText('Button', 'Opens the public community page.')),
      })
      .strict()
      .describe(editorText('Community banner', 'The banner whose button opens the public community page.')),
    cta: z
      .object({
        label: z
          .string()
          .min(1)
          .describe(editorText('Line above heading', 'The short line above the closing heading.')),
        heading: z.string().min(1).describe(editorText('Heading', 'The closing heading.')),
        text: z.string().min(20).describe(editorText('Text', 'The line under the closing heading.')),
        button: z.string().min(1).describe(editorText('Button', 'Opens the admin app to sign up.')),
      })
      .strict()
      .describe(editorText('Closing call', 'The last section of the home page, with its sign-up button.')),
    offerPopup,
    ...seo,
    keywords: z.array(z.string().min(3)).min(3).describe(EDITOR_TEXT.keywords),
  })
  .strict();

/** The white-label section's words (src/components/home/WhiteLabel.astro). */
export type WhiteLabelCopy = z.infer<typeof homeSchema>['whiteLabel'];
