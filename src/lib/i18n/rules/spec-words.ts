/**
 * The spec's exact words for the English site: labels and headings the specification quotes, held on the English
 * content by the build (and by the content admin before a save), not by the schemas, so that an editor can change
 * them in another language and the schema fixes no copy. Each is the field of one entry, as the table of where
 * content lives names it; a rule either is the words, or starts with them and says more.
 */
import type { ContentCollection, ContentFile } from '../../content-paths';
import { stringsOf, type CopyProblem } from '../../pricing/plan-copy';

export interface SpecWords {
  collection: ContentCollection;
  id: string;
  field: string;
  /** The field is these words. */
  is?: string;
  /** The field starts with these words and says more (the call-back button's "Get Started with a Call Back"). */
  startsWith?: string;
  why?: string;
}

export const SPEC_WORDS: readonly SpecWords[] = [
  { collection: 'ui', id: 'ui', field: 'buttons.demo', is: 'Book a Free Demo' },
  { collection: 'ui', id: 'ui', field: 'buttons.start', is: 'Get Started' },
  { collection: 'ui', id: 'ui', field: 'buttons.viewMore', is: 'View More' },
  { collection: 'ui', id: 'ui', field: 'planHelp.chat', is: 'Contact Us' },
  { collection: 'ui', id: 'ui', field: 'leadForm.namePlaceholder', is: 'Enter Name' },
  { collection: 'ui', id: 'ui', field: 'leadForm.mobilePlaceholder', is: 'Enter Mobile No.' },
  { collection: 'ui', id: 'ui', field: 'leadForm.sending', is: 'Sending...' },
  { collection: 'ui', id: 'ui', field: 'leadForm.failure', is: '❌ Failed to send email. Try again!' },
  { collection: 'home', id: 'home', field: 'whatsappImpact.heading', is: 'WhatsApp Marketing Impact' },
  { collection: 'home', id: 'home', field: 'roi.perYear', is: '/Year', why: 'the total reads "₹N/Year"' },
  { collection: 'home', id: 'home', field: 'offerPopup.submit', is: 'Claim Now' },
  { collection: 'home', id: 'home', field: 'offerPopup.submitting', is: 'Submitting...' },
  { collection: 'home', id: 'home', field: 'community.heading', is: 'Join the community for more updates' },
  { collection: 'home', id: 'home', field: 'community.button', is: 'Join Community' },
  { collection: 'home', id: 'home', field: 'cta.label', is: 'Elevate Your Business' },
  { collection: 'home', id: 'home', field: 'cta.heading', is: 'Join {brand} revolution' },
  { collection: 'home', id: 'home', field: 'cta.button', is: 'Create your Community' },
  { collection: 'pages', id: 'thank-you', field: 'heading', is: 'Thank You!' },
  { collection: 'pages', id: 'thank-you', field: 'submitted', is: 'Your details have been submitted successfully.' },
  { collection: 'pages', id: 'thank-you', field: 'next', is: "We'll get in touch with you shortly. Redirecting..." },
  { collection: 'pages', id: 'thank-you', field: 'home', is: 'Home' },
  { collection: 'about', id: 'about-us', field: 'cta.heading', is: 'Join the Mission' },
  { collection: 'blogPage', id: 'blogs', field: 'allCategories', is: 'All' },
  { collection: 'blogPage', id: 'blogs', field: 'noImage', is: 'No Image' },
  { collection: 'blogPage', id: 'blogs', field: 'empty', is: 'No blogs found' },
  { collection: 'blogPage', id: 'blogs', field: 'notFound', is: 'Blog not found or an error occurred' },
  { collection: 'features', id: 'ai-web-builder', field: 'themeCarousel.useTheme', is: 'Use Theme' },
  { collection: 'whatsapp', id: 'landing', field: 'steps.items[0].title', is: 'Connect with Meta' },
  { collection: 'whatsapp', id: 'landing', field: 'steps.items[1].title', is: 'Import Your Audience' },
  { collection: 'whatsapp', id: 'landing', field: 'steps.items[2].title', is: 'Design & Launch Campaigns' },
  {
    collection: 'whatsapp',
    id: 'landing',
    field: 'hero.startButton',
    startsWith: 'Get Started ',
    why: '"Get Started" alone opens the admin app, so this one says where it leads: "Get Started with a Call Back"',
  },
];

/** The showcase's titles: "Manage " and the tab's name (the spec's "Manage Members", tab "Members"). */
const SHOWCASE_TITLE = (tab: string) => `Manage ${tab}`;

/** What the English content says other than the spec's words, each named by its file and field. */
export function specWordProblems(files: readonly ContentFile[]): CopyProblem[] {
  const problems: CopyProblem[] = [];
  for (const file of files) {
    if (file.locale !== 'en') continue;
    const texts = new Map(stringsOf(file.data, ''));
    for (const rule of SPEC_WORDS) {
      if (rule.collection !== file.collection || rule.id !== file.id) continue;
      const text = texts.get(rule.field);
      if (rule.is !== undefined && text !== rule.is)
        problems.push({ file: file.path, field: rule.field, message: `must be the spec's words: "${rule.is}"` });
      if (rule.startsWith !== undefined && (text === undefined || !text.startsWith(rule.startsWith)))
        problems.push({
          file: file.path,
          field: rule.field,
          message: `must start with "${rule.startsWith.trim()}" and say more: ${rule.why ?? 'the spec says so'}`,
        });
    }
    if (file.collection === 'home') {
      const entries = (file.data as { showcase?: { entries?: { title?: unknown; tab?: unknown }[] } }).showcase
        ?.entries;
      entries?.forEach((entry, i) => {
        if (typeof entry.tab === 'string' && entry.title !== SHOWCASE_TITLE(entry.tab))
          problems.push({
            file: file.path,
            field: `showcase.entries[${i}].title`,
            message: `must be "${SHOWCASE_TITLE(entry.tab)}": a showcase title is "Manage" and its tab's name`,
          });
      });
    }
  }
  return problems;
}
