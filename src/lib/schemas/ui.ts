/**
 * Site-wide labels and sentences (the site-wide labels): the header, the footer and its navigation, the buttons every
 * page uses, the plan-help banner, the contact modal, the lead forms, the testimonial carousel and the prefilled sales
 * chat messages. Copy that belongs to one page lives in that page's own collection.
 */
import { z } from 'astro/zod';
import { EDITOR_TEXT, editorText, iconName } from './common';

const label = z.string().min(1).max(80);
const sentence = z.string().min(10).max(300);
const path = z
  .string()
  .regex(/^\/[\w/-]*$/, 'a site path such as /pricing')
  .describe(EDITOR_TEXT.link);
const linkText = label.describe(editorText('Link text', 'The words of the link.'));
/** A site path that may point at a part of its page: /privacy-policy#your-privacy-rights. */
const pathToPart = z
  .string()
  .regex(/^\/[\w/-]*(#[\w-]+)?$/, 'a site path such as /privacy-policy, with the part after a # if any')
  .describe(EDITOR_TEXT.link);
/** Read aloud to blind visitors: the name of a control that shows no words, or of a group of links. */
const readAloud = (name: string, what: string) =>
  label.describe(editorText(name, `Read aloud to blind visitors ${what}.`));
const navItem = z
  .object({
    to: path,
    label: linkText,
    icon: iconName.describe(editorText('Icon', 'The small picture beside the link, picked by name.')),
    description: sentence.describe(editorText('Description', 'The short line under the link in the menu.')),
  })
  .strict();
const link = z.object({ to: path, label: linkText }).strict();

/**
 * What is wrong with the Products menu's groups: a link in no group or in two, a group's address that is no link of
 * the menu. Each problem names the field, so the build and the content admin point at it.
 */
export function productGroupProblems(
  products: readonly { to: string }[],
  groups: readonly { links: readonly string[] }[],
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const menu = new Set(products.map((item) => item.to));
  const placed = new Map<string, number>();
  groups.forEach((group, g) =>
    group.links.forEach((to, l) => {
      if (!menu.has(to)) {
        problems.push({ path: ['productGroups', g, 'links', l], message: `${to} is not a link of the Products menu` });
      } else if (placed.has(to)) {
        problems.push({
          path: ['productGroups', g, 'links', l],
          message: `${to} is in group ${placed.get(to)! + 1} already`,
        });
      } else placed.set(to, g);
    }),
  );
  products.forEach((item, i) => {
    if (!placed.has(item.to)) {
      problems.push({ path: ['products', i, 'to'], message: `${item.to} is in no group of productGroups` });
    }
  });
  return problems;
}

export const uiSchema = z
  .object({
    skipLink: label.describe(
      editorText('Skip link', 'The first link on every page, shown to keyboard users: it jumps past the menu.'),
    ),
    languageLink: z
      .string()
      .regex(/\{language\}/, 'names the other language through {language}')
      .describe(
        editorText(
          'Language link',
          "The words read before the other language's name on the link to this page in that language (header and footer); {language} is the name as that language writes it.",
        ),
      ),
    defaultImageAlt: sentence.describe(
      editorText(
        'Share picture description',
        "Describes the site's picture on shared links, for pages without their own.",
      ),
    ),
    defaultKeywords: z
      .array(z.string().min(3))
      .min(3)
      .describe(editorText('Search keywords', 'Keywords for search engines on pages without their own; not shown.')),
    header: z
      .object({
        mainNav: readAloud('Menu name', 'as the name of the menu on a computer'),
        mobileNav: readAloud('Phone menu name', 'as the name of the menu on a phone'),
        products: label.describe(editorText('Products menu', 'The name of the Products menu.')),
        audiences: label.describe(editorText('Audiences menu', 'The name of the menu of who can use it.')),
        menu: readAloud('Phone menu panel', 'as the name of the menu panel on a phone'),
        openMenu: readAloud('Open menu button', 'for the button that opens the menu on a phone'),
        closeMenu: readAloud('Close menu button', 'for the button that closes it'),
        login: label.describe(editorText('Login link', "The link to the admin app's sign-in.")),
        getStarted: label.describe(editorText('Sign-up button', 'The header button to sign up in the admin app.')),
        home: label.describe(editorText('Logo link', 'Read aloud after the brand for the logo link: "{brand} home".')),
      })
      .strict()
      .describe(editorText('Header', 'The bar at the top of every page.')),
    navigation: z
      .object({
        products: z
          .array(navItem)
          .length(15)
          .describe(editorText('Products menu', 'The links of the Products menu, most used feature first.')),
        productGroups: z
          .array(
            z
              .object({
                heading: label.describe(editorText('Group heading', 'The heading over the group, such as Community.')),
                links: z
                  .array(path)
                  .min(1)
                  .describe(
                    editorText(
                      'Links',
                      'The addresses of the Products menu links the group holds, in the order shown, such as /member-management.',
                    ),
                  ),
              })
              .strict(),
          )
          .min(2)
          .max(5)
          .describe(
            editorText(
              'Products menu groups',
              'The Products menu shows its links in these groups, each under its heading: every link of the menu in exactly one group.',
            ),
          ),
        audiences: z
          .array(navItem)
          .min(2)
          .describe(editorText('Audiences menu', 'The links of the menu of who can use it.')),
        top: z.array(link).length(3).describe(editorText('Top links', 'The three links beside the menus.')),
        footer: z
          .array(
            z
              .object({
                title: label.describe(editorText('Group heading', 'The heading over the links.')),
                links: z.array(link).min(1).describe(editorText('Links', 'The links of the group.')),
              })
              .strict(),
          )
          .length(3)
          .describe(editorText('Footer links', 'The three groups of links at the bottom of every page.')),
      })
      .strict()
      .superRefine(({ products, productGroups }, context) => {
        for (const problem of productGroupProblems(products, productGroups))
          context.addIssue({ code: 'custom', ...problem });
      })
      .describe(editorText('Menus and links', 'The links of the header menus and of the footer.')),
    footer: z
      .object({
        blurb: sentence.describe(editorText('About line', 'The short text under the logo.')),
        appsHeading: label.describe(editorText('Apps heading', 'The heading over the app buttons.')),
        android: label.describe(editorText('Android button', 'The button to the app on Google Play.')),
        ios: label.describe(editorText('iPhone button', 'The button to the app on the App Store.')),
        instagram: readAloud('Instagram link', 'for the Instagram icon'),
        linkedin: readAloud('LinkedIn link', 'for the LinkedIn icon'),
        youtube: readAloud('YouTube link', 'for the YouTube icon'),
        rights: label.describe(editorText('Rights line', 'After the year and the brand at the very bottom.')),
      })
      .strict()
      .describe(editorText('Footer', 'The words at the bottom of every page.')),
    buttons: z
      .object({
        demo: z.string().min(1).describe(editorText('Demo button', 'On every button to the demo booking.')),
        start: z.string().min(1).describe(editorText('Start button', 'On every button that opens the admin app.')),
        viewMore: z
          .string()
          .min(1)
          .describe(editorText('View more link', 'On the links to a page with more about a tool or post.')),
        close: readAloud('Close button', 'for the close buttons of popups'),
        whatsapp: readAloud(
          'Opens WhatsApp',
          'after the label of a button that opens a WhatsApp chat with the sales team (the button shows WhatsApp\'s mark), such as "on WhatsApp"',
        ),
      })
      .strict()
      .describe(editorText('Buttons', 'Buttons many pages share.')),
    faqHeading: label.describe(editorText('FAQ heading', 'The heading over the questions of every FAQ.')),
    faqMore: label.describe(
      editorText(
        'More questions',
        'On a phone, the button under the first questions of a long FAQ: "{count} more questions".',
      ),
    ),
    planHelp: z
      .object({
        heading: sentence.describe(editorText('Heading', "The banner's heading.")),
        text: sentence.describe(editorText('Text', 'The line under it.')),
        chat: z.string().min(1).describe(editorText('Chat button', 'Opens the sales chat with the plan-help message.')),
      })
      .strict()
      .describe(
        editorText('Plan help banner', 'The banner on the pricing and feature pages that offers help picking a plan.'),
      ),
    contact: z
      .object({
        heading: label.describe(editorText('Heading', 'The heading of the contact popup.')),
        text: sentence.describe(editorText('Text', 'The line above its form.')),
        close: readAloud('Close button', "for the popup's close button"),
      })
      .strict()
      .describe(
        editorText('Contact popup', "The popup with the call-back form that the WhatsApp page's buttons open."),
      ),
    leadForm: z
      .object({
        legend: readAloud('Form name', 'as the name of the form'),
        name: label.describe(editorText('Name label', 'Over the name box.')),
        namePlaceholder: z.string().min(1).describe(editorText('Name hint', 'Inside the empty name box.')),
        mobile: label.describe(editorText('Mobile label', 'Over the mobile number box.')),
        mobilePlaceholder: z.string().min(1).describe(editorText('Mobile hint', 'Inside the empty mobile number box.')),
        honeypot: label.describe(
          editorText(
            'Hidden box label',
            'The label of a box hidden from visitors; it catches spam robots, which fill it in.',
          ),
        ),
        submit: label.describe(editorText('Send button', 'The words on the send button.')),
        sending: z.string().min(1).describe(editorText('Sending', 'The send button while the details are sent.')),
        loading: label.describe(editorText('Loading', 'Shown while the form loads.')),
        failure: z
          .string()
          .min(1)
          .describe(editorText('Failure', 'Shown when the site refuses the details for good; the form keeps them.')),
        notice: z
          .object({
            text: sentence.describe(
              editorText('Notice', 'What the form takes and why, in one sentence, read before sending.'),
            ),
            link: linkText,
            to: pathToPart,
          })
          .strict()
          .describe(
            editorText(
              'Notice at collection',
              'Under the boxes of every lead form, as the law asks: what is taken and why, and a link to the part of the privacy policy on withdrawing consent, correcting or erasing the details and complaining to the Data Protection Board.',
            ),
          ),
        kept: z
          .object({
            offline: sentence.describe(
              editorText('Kept: offline', 'When the visitor has no network: the details wait on the phone.'),
            ),
            waiting: sentence.describe(
              editorText('Kept: waiting', 'When the site did not take the details yet: they wait on the phone.'),
            ),
          })
          .strict()
          .describe(
            editorText(
              'Details kept for later',
              'One line under the send button when the details could not be sent yet and wait in the browser.',
            ),
          ),
        errors: z
          .object({
            nameRequired: sentence.describe(editorText('Name missing', 'When the name box is empty.')),
            nameTooLong: sentence.describe(editorText('Name too long', 'When the name is longer than allowed.')),
            nameInvalid: sentence.describe(
              editorText('Name has no letter', 'When the name has no letter (only digits, symbols or spaces).'),
            ),
            mobileRequired: sentence.describe(editorText('Mobile missing', 'When the mobile number box is empty.')),
            mobileTooLong: sentence.describe(
              editorText('Mobile too long', 'When the mobile number is longer than allowed.'),
            ),
            mobileInvalid: sentence.describe(
              editorText('Mobile not valid', 'When the mobile number is not a valid one.'),
            ),
          })
          .strict()
          .describe(
            editorText(
              'Error messages',
              "Shown under a box filled in wrongly. Keep {limit}, {min}, {max} and {mobileLimit} as written: the site fills in the form's limits.",
            ),
          ),
      })
      .strict()
      .describe(editorText('Call-back form', 'The words of every name-and-mobile form.')),
    testimonials: z
      .object({
        marqueeLabel: readAloud(
          'Moving row name',
          'as the name of the moving row of testimonials on a computer: "{heading}: testimonials"',
        ),
        carouselLabel: readAloud(
          'Phone cards name',
          'as the name of the testimonial cards on a phone: "{heading}: testimonial carousel"',
        ),
        tapHint: label.describe(
          editorText('Tap hint', 'On a card on a touch screen, such as "Tap to read their story".'),
        ),
        clickHint: label.describe(
          editorText('Click hint', 'The same hint for a mouse, such as "Click to read their story".'),
        ),
        keyHint: label.describe(
          editorText('Keyboard hint', 'The same hint for keyboard users, such as "Press Enter to read their story".'),
        ),
        showQuote: readAloud('Show quote button', 'for the button that turns a card: "Show the quote from {name}"'),
        slideLabel: readAloud('Card name', 'for each card: "{position} of {count}: {name}"'),
        carouselKind: readAloud('Carousel kind', 'after the carousel\'s name, as what it is: "carousel"'),
        slideKind: readAloud('Card kind', 'after each card\'s name, as what it is: "slide"'),
        linkLabel: readAloud(
          'Customer link name',
          'for the link to a customer\'s own page, with its address as shown: "{name}: {address}, opens in a new tab"',
        ),
      })
      .strict()
      .describe(editorText('Testimonials', 'The words around the testimonial cards.')),
    chat: z
      .object({
        planHelp: sentence.describe(editorText('Plan help', 'From the plan help banner.')),
        plusUpgrade: sentence.describe(editorText('Plus upgrade', "From the Plus plan card's button.")),
        advanceEnquiry: sentence.describe(editorText('Advance enquiry', "From the Advance plan card's button.")),
        whatsappPlans: sentence.describe(
          editorText(
            'WhatsApp plans',
            'From the sales note under the community plans and the WhatsApp Business and Enterprise buttons.',
          ),
        ),
        thankYou: sentence.describe(editorText('After a form', 'From the thank-you page after a form is sent.')),
      })
      .strict()
      .describe(
        editorText(
          'Sales chat messages',
          'The message already typed in when a visitor opens the sales chat from each place.',
        ),
      ),
    featurePage: z
      .object({
        highlightsLabel: readAloud(
          'Highlights name',
          'as the name of the three cards under the top of a feature page: "{name}: headline features", {name} being the page title',
        ),
      })
      .strict()
      .describe(editorText('Feature pages', 'Words every feature page shares.')),
    comparison: z
      .object({
        before: label.describe(editorText('Before', 'The label of the first line of each pair.')),
        after: label.describe(editorText('After', 'The label of the second line of each pair.')),
      })
      .strict()
      .describe(editorText('Before and after', "The words of the landing pages' before-and-after pairs.")),
    company: z
      .object({
        heading: label.describe(
          editorText(
            'Heading',
            'Over the company\'s details at the end of each legal page and on the about page: "The company behind {brand}".',
          ),
        ),
        example: sentence.describe(
          editorText(
            'Example note',
            'Shown over the details while the site settings still hold the example company (a build for the public site needs the real one).',
          ),
        ),
        exampleShort: label.describe(editorText('Example tag', 'The same note in the footer, in a few words.')),
        address: label.describe(editorText('Registered office', 'Before its registered address.')),
        cin: label.describe(editorText('CIN', 'The short name of the Corporate Identity Number.')),
        cinName: label.describe(editorText('CIN in full', 'What CIN stands for, read aloud and shown on hover.')),
        gstin: label.describe(editorText('GSTIN', 'The short name of the GST number.')),
        gstinName: label.describe(editorText('GSTIN in full', 'What GSTIN stands for.')),
        gateways: label.describe(editorText('Payment gateways', 'Before the payment gateways that take payments.')),
        grievance: label.describe(editorText('Grievance officer', 'The heading over the grievance officer.')),
        grievanceTerms: sentence.describe(
          editorText(
            'Complaint times',
            'Under the grievance officer: how fast a complaint is acknowledged and resolved (the E-Commerce Rules ask for 48 hours and one month).',
          ),
        ),
        privacy: label.describe(editorText('Personal data', 'The heading over who answers for personal data.')),
        privacyText: sentence.describe(editorText('Personal data line', 'What to write to them about.')),
        email: label.describe(editorText('Email', 'Before an email address.')),
        phone: label.describe(editorText('Phone', 'Before a phone number.')),
      })
      .strict()
      .describe(
        editorText(
          'The company',
          "Words around the company's details (its name, numbers and officers are site settings: docs/configuration.md).",
        ),
      ),
    legal: z
      .object({
        eyebrow: label.describe(EDITOR_TEXT.eyebrow),
        lastUpdated: label.describe(editorText('Before the date', 'Before the day the text last changed.')),
        contents: label.describe(editorText('Contents heading', "The heading over the page's list of contents.")),
      })
      .strict()
      .describe(editorText('Legal pages', 'Words at the top of every legal page.')),
    carousel: z
      .object({
        label: readAloud(
          'Sideways cards name',
          'as the name of a row of cards that scrolls sideways on a phone: "{heading}: cards"',
        ),
      })
      .strict()
      .describe(editorText('Card rows', 'Words of the rows of cards that scroll sideways on a phone.')),
  })
  .strict();

export type Ui = z.infer<typeof uiSchema>;
export type NavItem = z.infer<typeof navItem>;
