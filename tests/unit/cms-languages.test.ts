/**
 * The content admin in two languages: the generated config holds Sveltia's i18n (English at its paths, Hindi in a
 * folder of its locale), each field marked by what is language, and a Hindi save is refused for what the build would
 * refuse in its file: the schema over the English entry with the Hindi laid on it, the Hindi copy rules, claims and
 * glossary over its words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cmsConfigFile } from '../../src/integrations/cms-admin';
import { overlaid, problemLines, savedEntryProblems } from '../../src/lib/cms/entry-check';
import type { CmsField } from '../../src/lib/cms/fields';
import { glossariesOf } from '../../src/lib/i18n/glossary';
import { readContentFiles } from '../../src/data/content-files';
import type { Plans } from '../../src/lib/pricing/prices';
import type { Facts } from '../../src/lib/schemas/facts';

const { config } = await cmsConfigFile(process.cwd());
type Collection = { name: string; i18n?: unknown; folder?: string; fields?: CmsField[]; files?: CmsField[] };
const collections = config.collections as Collection[];
const collection = (name: string) => collections.find((c) => c.name === name)!;
/** A field by its names from the entry down. */
function fieldAt(fields: CmsField[], ...names: string[]): CmsField {
  let field = fields.find((f) => f.name === names[0])!;
  for (const name of names.slice(1)) field = (field.fields as CmsField[]).find((f) => f.name === name)!;
  return field;
}
const fileForm = (name: string, file = 0) =>
  (collection(name).files as unknown as { file: string; fields: CmsField[] }[])[file]!;

const SITE = {
  plans: JSON.parse(readFileSync('src/content/plans/plans.json', 'utf8')) as Plans,
  facts: JSON.parse(readFileSync('src/content/facts/facts.json', 'utf8')) as Facts,
  glossaries: glossariesOf(readContentFiles(process.cwd(), ['glossary'])),
};
const ABOUT = 'src/content/about/{{locale}}/about-us.json';
const about = () => JSON.parse(readFileSync('src/content/about/about-us.json', 'utf8')) as Record<string, unknown>;

describe("the admin's languages", () => {
  it('edits English and Hindi, English at the paths it has, Hindi in its folder, a new entry in English first', () => {
    expect(config.i18n).toEqual({
      structure: 'multiple_folders',
      locales: ['en', 'hi'],
      default_locale: 'en',
      omit_default_locale_from_file_path: true,
      initial_locales: 'default',
    });
    expect(fileForm('home')).toMatchObject({ file: 'src/content/home/{{locale}}/home.json', i18n: true });
    expect(fileForm('ui').file).toBe('src/content/ui/{{locale}}/ui.json');
    expect(collection('testimonials')).toMatchObject({ i18n: true, folder: 'src/content/testimonials' });
    // The experiments and the glossary are in one language: no translation of them.
    expect(collection('experiments').i18n).toBeUndefined();
    expect(collection('glossary').i18n).toBeUndefined();
    expect((collection('glossary').files as unknown as { file: string }[])[0]!.file).toBe(
      'src/content/glossary/hi.json',
    );
  });

  it('translates words, copies ids and kinds, and leaves prices, paths and pictures to the English entry', () => {
    const home = fileForm('home').fields;
    expect(fieldAt(home, 'hero', 'headline').i18n).toBe(true);
    expect(fieldAt(home, 'hero').i18n).toBe(true);
    const faq = fieldAt(home, 'faq', 'items');
    expect(faq.i18n).toBe(true);
    expect(fieldAt(faq.fields as CmsField[], 'id').i18n).toBe('duplicate');
    expect(fieldAt(faq.fields as CmsField[], 'answer').i18n).toBe(true);
    const offer = fileForm('offer').fields;
    expect(fieldAt(offer, 'price').i18n).toBeUndefined();
    expect(fieldAt(offer, 'title').i18n).toBe(true);
    const feature = fileForm('features').fields;
    expect(fieldAt(feature, 'kind').i18n).toBe('duplicate');
    // A link's address is held to a path's format: no language. Its words are.
    const popular = fieldAt(fileForm('pages', 0).fields, 'popular');
    expect(fieldAt(popular.fields as CmsField[], 'to').i18n).toBeUndefined();
    expect(fieldAt(popular.fields as CmsField[], 'label').i18n).toBe(true);
    // A template that must hold a slot is words around it.
    expect(fieldAt(fileForm('plans').fields, 'whatsapp', 'trial').i18n).toBe(true);
  });
});

describe('a Hindi save', () => {
  it("is refused for a glossary term written another way and a claim by hand, by the field's labels", () => {
    const refused = savedEntryProblems(
      'about',
      ABOUT,
      {
        data: about(),
        i18n: {
          hi: {
            data: {
              hero: {
                heading: 'व्हाट्सएप पर अपनी कम्युनिटी चलाएं',
                text: 'हमारा नया कोर्स बंडल फीचर जल्द आ रहा है, आपके मेंबर इसे पसंद करेंगे।',
              },
            },
          },
        },
      },
      SITE,
    );
    expect(refused.map(({ locale, problems }) => [locale, problemLines(problems)])).toEqual([
      [
        'hi',
        [
          expect.stringMatching(/^Top of page › Headline: "व्हाट्सएप" writes the glossary's term "WhatsApp" another way/),
          expect.stringMatching(/^Top of page › Text: "जल्द आ रहा है" marks a feature coming soon by hand/),
        ],
      ],
    ]);
  });

  it('takes a Hindi translation the build takes, and refuses one the schema refuses over its English entry', () => {
    const good = { hero: { heading: 'WhatsApp पर अपनी कम्युनिटी चलाएं' } };
    expect(savedEntryProblems('about', ABOUT, { data: about(), i18n: { hi: { data: good } } }, SITE)).toEqual([]);
    const short = savedEntryProblems(
      'about',
      ABOUT,
      { data: about(), i18n: { hi: { data: { hero: { heading: 'ए' } } } } },
      SITE,
    );
    expect(short.map(({ locale, problems }) => [locale, problemLines(problems)])).toEqual([
      ['hi', [expect.stringMatching(/^Top of page › Headline: must be at least 5 characters$/)]],
    ]);
    // The English entry saved alone is checked as before, and a language left empty is no translation.
    expect(savedEntryProblems('about', ABOUT, { data: about(), i18n: { hi: { data: {} } } }, SITE)).toEqual([]);
  });

  it('lays a translation over its English entry: its words, the English prices and paths, lists item by item', () => {
    expect(
      overlaid(
        {
          title: 'Offer',
          price: 100,
          items: [
            { id: 'a', text: 'One', to: '/x' },
            { id: 'b', text: 'Two', to: '/y' },
          ],
        },
        { title: 'ऑफर', items: [{ id: 'a', text: 'एक' }, { id: 'b' }] },
      ),
    ).toEqual({
      title: 'ऑफर',
      price: 100,
      items: [
        { id: 'a', text: 'एक', to: '/x' },
        { id: 'b', text: 'Two', to: '/y' },
      ],
    });
  });
});
