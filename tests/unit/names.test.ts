/**
 * No person or business is shown twice (src/lib/names.ts, run at the start of every build by
 * src/integrations/names-check.ts): over fixtures first, the cases the check was made for among them, then over the
 * project's own content and a copy of it with one name repeated.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMES_IN_VIDEO, nameTexts, repeatedNames, svgTexts } from '../../src/integrations/names-check';
import { businessKey, nameRepeats, nameUses, type NameText } from '../../src/lib/names';
import { parseBuildLog } from '../../scripts/publish-record.mjs';
import { GENERATED_AUTHORS } from '../../scripts/blog-api.mjs';

const testimonial = (file: string, name: string, author: string): NameText[] => [
  { file, where: 'field name', scope: file, role: 'business', text: name },
  { file, where: 'field author', scope: file, role: 'person', text: author },
];
const byline = (file: string, author: string): NameText => ({
  file,
  where: 'field author',
  scope: 'the blog bylines',
  role: 'person',
  text: author,
});
const picture = (file: string, ...lines: string[]): NameText[] =>
  lines.map((text, i) => ({
    file,
    where: `text element ${i + 1}`,
    scope: file.slice(0, file.lastIndexOf('/')),
    role: 'text',
    text,
  }));
const repeats = (texts: NameText[]) => nameRepeats(nameUses(texts));

describe('a name shown twice', () => {
  it("finds the home testimonial's customer in the dashboard picture, as its studio and its owner", () => {
    const problems = repeats([
      ...testimonial('src/content/testimonials/home-1.json', 'Prana Flow Yoga Studio', 'Ananya Iyer'),
      ...picture('src/assets/home/dashboard.svg', 'Prana Flow', 'Welcome back, Ananya', 'Riya Kapoor'),
    ]);
    expect(problems.map(({ file, where }) => `${file}, ${where}`)).toEqual([
      'src/content/testimonials/home-1.json, field name',
      'src/content/testimonials/home-1.json, field author',
    ]);
    expect(problems[0]!.message).toBe(
      'the business "Prana Flow Yoga Studio" ("Prana Flow Yoga Studio") is used again: src/assets/home/dashboard.svg, text element 1 ("Prana Flow"). Every person and business shown is another one: give one of them another name',
    );
    expect(problems[1]!.message).toContain('the first name "Ananya" ("Ananya Iyer") is used again');
    expect(problems[1]!.message).toContain('src/assets/home/dashboard.svg, text element 2 ("Ananya")');
  });

  it('counts first names: two Meeras of two surnames, and one in a business named after her', () => {
    const problems = repeats([
      ...testimonial('src/content/testimonials/home-4.json', 'The Learning Loft', 'Meera Pillai'),
      byline('src/content/blog/a.md', 'Meera Iyer'),
      {
        file: 'src/content/features/ai-web-builder.json',
        where: 'field themes[2].preview.name',
        scope: 'src/content/features/ai-web-builder.json, themes[2]',
        role: 'business',
        text: 'Sketch with Meera',
      },
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file).toBe('src/content/testimonials/home-4.json');
    expect(problems[0]!.message).toContain('src/content/blog/a.md, field author ("Meera Iyer")');
    expect(problems[0]!.message).toContain(
      'src/content/features/ai-web-builder.json, field themes[2].preview.name ("Meera")',
    );
  });

  it('finds names in sentences, in addresses and behind a surname it knows, in any two places', () => {
    expect(
      repeats([
        ...testimonial('src/content/testimonials/home-3.json', 'FitNation Coaching', 'Rohit Sharma'),
        ...picture('src/assets/features/members/hero.svg', 'Rohit Mehta'),
      ]),
    ).toHaveLength(1);
    // "1:1 Review · Kabir", a byline, and a name in an address.
    expect(
      repeats([
        byline('src/content/blog/b.md', 'Kabir Sethi'),
        ...picture('src/assets/features/meetings/hero.svg', '1:1 Review · Kabir'),
      ]),
    ).toHaveLength(1);
    expect(
      repeats([
        ...picture('src/assets/features/links/hero.svg', 'pay.yourbrand.example/nikita'),
        ...picture('src/assets/features/orders/list.svg', 'Nikita Rao'),
      ]),
    ).toHaveLength(1);
    // A first name no list holds, known by the surname after it.
    expect(
      repeats([
        ...picture('src/assets/features/a/list.svg', 'Tejas Kulkarni'),
        ...picture('src/assets/features/b/list.svg', 'Tejas Joshi'),
      ]),
    ).toHaveLength(1);
    // A studio's own address, in two pages' pictures.
    expect(
      repeats([
        ...picture('src/assets/home/white-label.svg', 'www.nilgiriyoga.in'),
        ...picture('src/assets/features/white-labeling/hero.svg', 'nilgiriyoga.in'),
      ]),
    ).toHaveLength(1);
  });

  it('finds two people of one first name in one picture', () => {
    const problems = repeats(picture('src/assets/home/dashboard.svg', 'Arjun Nair', 'Arjun Das'));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('the first name "Arjun" ("Arjun Nair") is used again');
  });

  it('lets one person recur in their own place: an author on many posts, a member in one page’s screens', () => {
    expect(
      repeats([
        byline('src/content/blog/a.md', 'Rohan Mehta'),
        byline('src/content/blog/b.md', 'Rohan Mehta'),
        byline('tests/fixtures/blog/posts.json', 'Rohan Mehta'),
        ...picture('src/assets/features/members/hero.svg', 'Priya Nair'),
        ...picture(
          'src/assets/features/members/notes.svg',
          'Priya Nair · admin notes',
          'app.example/members/priya-nair',
        ),
        ...picture('src/assets/home/dashboard.svg', 'Lakshmi P.'),
        ...picture('src/assets/home/list.svg', 'Lakshmi Pillai'),
      ]),
    ).toEqual([]);
  });

  it('reads no name into the words of classes, events and screens', () => {
    const words = [
      'Morning Flow',
      'Sunrise Yoga Retreat',
      'Sat 15 Nov · Free',
      'Q&A with the team',
      'Foundations of Yoga',
      'Mon, Wed, Fri · 7 am',
      'app.yourbrand.example/admin/members',
      'academy.yourbrand.in',
    ];
    expect(nameUses([...picture('src/assets/a/x.svg', ...words), ...picture('src/assets/b/y.svg', ...words)])).toEqual(
      [],
    );
  });

  it('knows a business by its name up to its kind', () => {
    expect(businessKey('Prana Flow Yoga Studio')).toBe('prana flow');
    expect(businessKey('The Learning Loft')).toBe('learning loft');
    expect(businessKey('Rhythm House Dance Academy')).toBe('rhythm');
    expect(businessKey('Sketch with Mitali')).toBe('sketch with mitali');
  });
});

describe('the names of the files', () => {
  it("reads an SVG's text elements, their tspans and entities, and where each stands", () => {
    const svg =
      '<svg>\n<text x="1">Q&amp;A with <tspan>Coach Kiran</tspan></text>\n<text></text><text>Yash M.</text></svg>';
    expect(svgTexts('src/assets/features/m/hero.svg', svg)).toEqual([
      {
        file: 'src/assets/features/m/hero.svg',
        where: 'text element 1 (line 2)',
        scope: 'src/assets/features/m',
        role: 'text',
        text: 'Q&A with  Coach Kiran',
      },
      {
        file: 'src/assets/features/m/hero.svg',
        where: 'text element 3 (line 3)',
        scope: 'src/assets/features/m',
        role: 'text',
        text: 'Yash M.',
      },
    ]);
  });

  it('finds no name twice in the content, the pictures, the blog fixtures and the tour video', async () => {
    expect(await repeatedNames(process.cwd())).toBeNull();
    expect(NAMES_IN_VIDEO[0]!.businesses).toEqual(['Prana Flow']);
    // The blog API's generated posts sign as the blog's authors: their bylines are read too.
    const generated = (await nameTexts(process.cwd())).filter((text) => text.file === 'scripts/blog-api.mjs');
    expect(generated.map(({ text, scope }) => [text, scope])).toEqual(
      GENERATED_AUTHORS.map((author) => [author, 'the blog bylines']),
    );
  });

  it('stops the build on a testimonial that names the dashboard’s owner, naming both files', async () => {
    const root = await mkdtemp(join(tmpdir(), 'names-'));
    try {
      for (const folder of ['src/content', 'src/assets', 'public/media', 'tests/fixtures/blog'])
        await cp(folder, join(root, folder), { recursive: true });
      const file = join(root, 'src/content/testimonials/yoga-1.json');
      const data = JSON.parse(await readFile(file, 'utf8')) as { author: string };
      data.author = 'Shalini Deshpande, Founder';
      await writeFile(file, JSON.stringify(data, null, 2));
      const message = await repeatedNames(root);
      expect(message).toMatch(
        new RegExp(
          [
            '^A name shown twice \\(src/lib/names.ts; docs/content.md, "Names"\\):',
            '  src/content/testimonials/yoga-1.json, field author: the first name "Shalini" \\("Shalini Deshpande"\\) is used again: src/assets/home/dashboard.svg, text element \\d+ \\(line \\d+\\) \\("Shalini"\\)\\. Every person and business shown is another one: give one of them another name$',
          ].join('\n'),
        ),
      );
      // The content admin's publish record reads from the build's log the file and field an editor fixes.
      expect(parseBuildLog(`[names-check] ${message}`)).toMatchObject({
        path: 'src/content/testimonials/yoga-1.json',
        keys: ['author'],
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
