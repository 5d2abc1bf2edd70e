/**
 * The Hindi glossary (the glossary collection's Hindi file) and the build's check that a Hindi file writes its terms
 * its way: a spelling the glossary avoids, as a whole word, stops the build naming the file, the field and the term;
 * which files are Hindi is the table of where content lives's to say (the entry's locale), not a folder's name.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import rawGlossary from '../../src/content/glossary/hi.json';
import { copyCheck } from '../../src/integrations/pricing-check';
import { readContentFiles } from '../../src/data/content-files';
import { contentFileAt, contentPath } from '../../src/lib/content-paths';
import { glossariesOf, glossaryProblems } from '../../src/lib/i18n/glossary';
import { glossarySchema, type Glossary } from '../../src/lib/schemas/glossary';

const glossary: Glossary = glossarySchema.parse(rawGlossary);
const GLOSSARY = 'src/content/glossary/hi.json';
const problems = (path: string, data: unknown, body?: string) =>
  glossaryProblems([contentFileAt(path, data, body)], { hi: glossary }).map(
    (p) => `${p.file}, ${p.field}: ${p.message}`,
  );

describe('the Hindi glossary', () => {
  it('holds the 239 terms, each written one way, none avoided as its own spelling', () => {
    expect(glossary.terms).toHaveLength(239);
    for (const term of glossary.terms) expect(term.avoid).not.toContain(term.hi);
    expect(glossary.terms.find((term) => term.en === 'WhatsApp')).toMatchObject({ hi: 'WhatsApp' });
  });

  it('is read from the glossary collection by the language its file is named after', () => {
    expect(contentPath('glossary', 'hi')).toBe(GLOSSARY);
    const read = glossariesOf(readContentFiles(process.cwd(), ['glossary']));
    expect(Object.keys(read)).toEqual(['hi']);
    expect(read.hi?.terms).toHaveLength(239);
  });
});

describe('the glossary check', () => {
  it('refuses a Hindi file writing a term an avoided way, naming the file, the field and the term', () => {
    expect(
      problems('src/content/features/hi/member-management.json', {
        hero: { title: 'अपने मेंबर्स से व्हाट्सएप पर जुड़ें', text: 'UPI से पेमेंट लें' },
        faq: [{ answer: 'हर यूपीआई पेमेंट की रसीद मिलती है।' }],
      }),
    ).toEqual([
      'src/content/features/hi/member-management.json, hero.title: "व्हाट्सएप" writes the glossary\'s term "WhatsApp" another way: write "WhatsApp" (src/content/glossary/hi.json)',
      'src/content/features/hi/member-management.json, faq[0].answer: "यूपीआई" writes the glossary\'s term "UPI" another way: write "UPI" (src/content/glossary/hi.json)',
    ]);
  });

  it("reads a Markdown post's body and its front matter", () => {
    expect(problems('src/content/blog/hi/yoga-studio.md', { name: 'योग स्टूडियो' }, 'अपने समुदाय को जोड़ें।')).toEqual([
      'src/content/blog/hi/yoga-studio.md, body: "समुदाय" writes the glossary\'s term "community" another way: write "कम्युनिटी" (src/content/glossary/hi.json)',
    ]);
  });

  it('matches whole words only: a longer word that begins with an avoided one is another word', () => {
    // "पाठ" (lesson: लेसन) is avoided, "पाठक" (reader) is not; "सत्र" (session) is, "सत्रह" (seventeen) is not.
    expect(problems('src/content/home/hi/home.json', { a: 'हर पाठक के लिए', b: 'सत्रह मेंबर' })).toEqual([]);
    expect(problems('src/content/home/hi/home.json', { a: 'हर पाठ के बाद' })).toHaveLength(1);
  });

  it('holds Hindi files only, by the locale the table gives an entry, never its folder name', () => {
    // The English file, and the English testimonial whose id happens to be "hi", are not Hindi.
    expect(problems('src/content/home/home.json', { a: 'व्हाट्सएप' })).toEqual([]);
    expect(problems('src/content/testimonials/hi.json', { quote: 'व्हाट्सएप' })).toEqual([]);
    // The glossary itself lists the avoided spellings.
    expect(glossaryProblems(readContentFiles(process.cwd(), ['glossary']), { hi: glossary })).toEqual([]);
  });

  it('stops the build on a Hindi file of the project, naming it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'glossary-'));
    try {
      await cp('src/content', join(root, 'src/content'), { recursive: true });
      await mkdir(join(root, 'src/content/about/hi'), { recursive: true });
      await writeFile(
        join(root, 'src/content/about/hi/about-us.json'),
        JSON.stringify({ hero: { heading: 'हमारा डैशबोर्ड और हमारा डेशबोर्ड' } }),
      );
      expect(copyCheck(root)).toBe(
        [
          'Copy that writes a glossary term another way than its language writes it:',
          '  src/content/about/hi/about-us.json, field hero.heading: "डेशबोर्ड" writes the glossary\'s term "dashboard" another way: write "डैशबोर्ड" (src/content/glossary/hi.json)',
        ].join('\n'),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
