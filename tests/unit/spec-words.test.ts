/**
 * The spec's exact words, which the schemas no longer fix: the English content holds each, the build refuses English
 * copy that changes one (naming its file and field), and a translation is free to say it in its own language.
 */
import { describe, expect, it } from 'vitest';
import { readContentFiles } from '../../src/data/content-files';
import { contentFileAt, contentPath } from '../../src/lib/content-paths';
import { SPEC_WORDS, specWordProblems } from '../../src/lib/i18n/rules/spec-words';

/** The labels and headings the specification quotes, as it writes them. */
const SPEC_QUOTES = [
  'Book a Free Demo',
  'Get Started',
  'View More',
  'Contact Us',
  'Enter Name',
  'Enter Mobile No.',
  'Sending...',
  'Failed to send email. Try again!',
  'WhatsApp Marketing Impact',
  'Claim Now',
  'Submitting...',
  'Join the community for more updates',
  'Join Community',
  'Elevate Your Business',
  'Join {brand} revolution',
  'Create your Community',
  'Thank You!',
  'Your details have been submitted successfully.',
  "We'll get in touch with you shortly. Redirecting...",
  'Home',
  'Join the Mission',
  'All',
  'No Image',
  'No blogs found',
  'Blog not found or an error occurred',
  'Use Theme',
  'Connect with Meta',
  'Import Your Audience',
  'Design & Launch Campaigns',
];

const files = readContentFiles(process.cwd());

describe("the spec's words", () => {
  it('are each held by a rule on the English content', () => {
    const held = SPEC_WORDS.flatMap((rule) => (rule.is === undefined ? [] : [rule.is]));
    for (const quote of SPEC_QUOTES)
      expect(
        held.some((words) => words.endsWith(quote)),
        quote,
      ).toBe(true);
  });

  it('are what the English content says', () => {
    expect(specWordProblems(files)).toEqual([]);
  });

  it('refuse English copy that changes one, naming the file and the field', () => {
    const ui = files.find((file) => file.collection === 'ui' && file.locale === 'en')!;
    const data = structuredClone(ui.data) as { buttons: { demo: string } };
    data.buttons.demo = 'Book a Demo Today';
    expect(specWordProblems([{ ...ui, data }])).toEqual([
      { file: contentPath('ui', 'ui'), field: 'buttons.demo', message: `must be the spec's words: "Book a Free Demo"` },
    ]);
  });

  it('hold the call-back button to start with "Get Started" and say more, and a showcase title to its tab', () => {
    const whatsapp = files.find((file) => file.collection === 'whatsapp')!;
    const hero = structuredClone(whatsapp.data) as { hero: { startButton: string } };
    hero.hero.startButton = 'Get Started';
    expect(specWordProblems([{ ...whatsapp, data: hero }]).map((p) => p.field)).toEqual(['hero.startButton']);
    const home = files.find((file) => file.collection === 'home')!;
    const showcase = structuredClone(home.data) as { showcase: { entries: { title: string }[] } };
    showcase.showcase.entries[0]!.title = 'Members';
    expect(specWordProblems([{ ...home, data: showcase }])).toEqual([
      {
        file: contentPath('home', 'home'),
        field: 'showcase.entries[0].title',
        message: 'must be "Manage Members": a showcase title is "Manage" and its tab\'s name',
      },
    ]);
  });

  it('leave a translation its own words', () => {
    const hindi = contentFileAt(contentPath('ui', 'ui', 'hi'), { buttons: { demo: 'मुफ़्त डेमो बुक करें' } });
    expect(specWordProblems([hindi])).toEqual([]);
  });
});
