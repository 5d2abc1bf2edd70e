/**
 * No invented person or business is shown twice, and real names win (the names rule, run at the start of every build
 * by the names check, and by the pages, which draw an invented name anew where a real one takes it): over fixtures
 * first, the cases the check was made for among them, then over the project's own content and a copy of it with one
 * name repeated.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nameTexts, repeatedNames } from '../../src/integrations/names-check';
import {
  NAMES_IN_VIDEO,
  RESERVE,
  businessKey,
  bylineText,
  nameRepeats,
  nameUses,
  nameYields,
  svgTexts,
  testimonialTexts,
  yieldSvg,
  yieldText,
  type NameText,
} from '../../src/lib/names';
import { cmsContentFiles } from '../../src/integrations/cms-admin';
import { entryProblems } from '../../src/lib/cms/entry-check';
import { parseBuildLog } from '../../scripts/publish-record.mjs';

/** An example testimonial of the default content: invented, as a drawn screen is. */
const testimonial = (file: string, name: string, author: string): NameText[] =>
  testimonialTexts(file, { name, author, example: true });
/** A real customer's. */
const realTestimonial = (file: string, name: string, author: string): NameText[] =>
  testimonialTexts(file, { name, author });
const byline = (file: string, author: string): NameText => bylineText(file, 'field author', author);
const picture = (file: string, ...lines: string[]): NameText[] =>
  lines.map((text, i) => ({
    file,
    where: `text element ${i + 1}`,
    scope: file.slice(0, file.lastIndexOf('/')),
    role: 'text',
    text,
    origin: 'invented',
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
      'the business "Prana Flow Yoga Studio" ("Prana Flow Yoga Studio") is used again: src/assets/home/dashboard.svg, text element 1 ("Prana Flow"). Every invented person and business shown is another one: give one of them another name',
    );
    expect(problems[1]!.message).toContain('the first name "Ananya" ("Ananya Iyer") is used again');
    expect(problems[1]!.message).toContain('src/assets/home/dashboard.svg, text element 2 ("Ananya")');
  });

  it('counts first names: two Meeras of two surnames, and one in a business named after her', () => {
    const problems = repeats([
      ...testimonial('src/content/testimonials/home-4.json', 'The Learning Loft', 'Meera Pillai'),
      ...picture('src/assets/features/members/list.svg', 'Meera Iyer'),
      {
        file: 'src/content/features/ai-web-builder.json',
        where: 'field themes[2].preview.name',
        scope: 'src/content/features/ai-web-builder.json, themes[2]',
        role: 'business',
        text: 'Sketch with Meera',
        origin: 'invented',
      },
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file).toBe('src/content/testimonials/home-4.json');
    expect(problems[0]!.message).toContain('src/assets/features/members/list.svg, text element 1 ("Meera Iyer")');
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
    // "1:1 Review · Kabir", an example testimonial's, and a name in an address.
    expect(
      repeats([
        ...testimonial('src/content/testimonials/b.json', 'Career Compass', 'Kabir Sethi'),
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

describe('real names win', () => {
  const priyaInPictures = [
    ...picture('src/assets/features/member-management/hero.svg', 'Priya Nair', 'Rohit Verma'),
    ...picture('src/assets/features/member-management/notes.svg', 'app.yourbrand.example/admin/members/priya-nair'),
  ];

  it("refuses no real name: the issue's post by Priya Nair, whom a drawn member list also names, passes", () => {
    const texts = [byline('src/content/blog/welcome.md', 'Priya Nair'), ...priyaInPictures];
    expect(repeats(texts)).toEqual([]);
    // Two real people of one first name, and a real customer who shares an author's: real people may.
    expect(
      repeats([
        byline('src/content/blog/a.md', 'Priya Nair'),
        byline('src/content/blog/b.md', 'Priya Sharma'),
        ...realTestimonial('src/content/testimonials/x.json', 'Lotus Loft', 'Priya Menon, Founder'),
      ]),
    ).toEqual([]);
  });

  it('draws the invented one anew in its place, with a name of the reserve as long as its own that nothing uses', () => {
    const { yields, warnings } = nameYields(
      nameUses([byline('src/content/blog/welcome.md', 'Priya Nair'), ...priyaInPictures]),
    );
    expect(Object.keys(yields)).toEqual(['src/assets/features/member-management']);
    const [swap] = yields['src/assets/features/member-management']!;
    expect(swap).toMatchObject({ kind: 'person', from: 'priya' });
    expect(swap!.to).toHaveLength('priya'.length);
    expect(RESERVE.people.map((name) => name.toLowerCase())).toContain(swap!.to);
    expect(warnings).toEqual([]);
    // In the picture: the name in the list and in the address, the surname and every other word kept.
    const to = swap!.to.replace(/^./, (c) => c.toUpperCase());
    expect(
      yieldSvg(
        '<svg><text id="priya" x="1">Priya Nair</text><text>Rohit <tspan>Verma</tspan></text><text>members/priya-nair</text></svg>',
        [swap!],
      ),
    ).toBe(
      `<svg><text id="priya" x="1">${to} Nair</text><text>Rohit <tspan>Verma</tspan></text><text>members/${swap!.to}-nair</text></svg>`,
    );
  });

  it('gives each yielding name its own reserve name, none of which any text uses, and a business its words', () => {
    const used = (RESERVE.people[9] ?? '').toString();
    const { yields } = nameYields(
      nameUses([
        byline('src/content/blog/a.md', 'Priya Nair'),
        byline('src/content/blog/b.md', 'Rohit Verma'),
        ...realTestimonial('src/content/testimonials/x.json', 'Prana Flow Yoga', 'Tara Sen, Founder'),
        ...priyaInPictures,
        ...picture('src/assets/home/dashboard.svg', 'Prana Flow', `${used} K.`),
      ]),
    );
    const swaps = Object.values(yields).flat();
    expect(swaps.map(({ from }) => from).sort()).toEqual(['prana flow', 'priya', 'rohit']);
    const tos = swaps.map(({ to }) => to);
    expect(new Set(tos).size).toBe(3);
    expect(tos).not.toContain(used.toLowerCase());
    const business = swaps.find(({ kind }) => kind === 'business')!;
    expect(RESERVE.businesses.map(businessKey)).toContain(business.to);
    // "Prana Flow" in words and run together in an address.
    const [first, second] = business.to.split(' ').map((word) => word.replace(/^./, (c) => c.toUpperCase()));
    expect(yieldText('Welcome to Prana Flow · pranaflowyoga.in', [business])).toBe(
      `Welcome to ${first} ${second} · ${business.to.replace(' ', '')}yoga.in`,
    );
  });

  it('still refuses two invented places of one name and an invented name taken from the reserve', () => {
    expect(
      repeats([
        ...testimonial('src/content/testimonials/home-1.json', 'Sthira Yoga', 'Priya Nair, Founder'),
        ...priyaInPictures,
      ]).map(({ file, where }) => `${file}, ${where}`),
    ).toEqual(['src/content/testimonials/home-1.json, field author']);
    const reserved = RESERVE.people[12]!;
    expect(repeats(picture('src/assets/features/x/list.svg', `${reserved} Rao`))).toEqual([
      {
        file: 'src/assets/features/x/list.svg',
        where: 'text element 1',
        message: `the first name "${reserved}" ("${reserved} Rao") is kept for the build, which draws an invented name with it where a real name takes its own: give it another name`,
      },
    ]);
  });

  it('warns of a name drawn into a video, which cannot yield, and refuses nothing', () => {
    const video: NameText = {
      file: 'public/media/home/tour.webm',
      where: 'drawn into the video',
      scope: 'public/media/home/tour',
      role: 'person',
      text: 'Riya K.',
      origin: 'fixed',
    };
    const uses = nameUses([video, byline('src/content/blog/a.md', 'Riya Sen')]);
    expect(nameRepeats(uses)).toEqual([]);
    expect(nameYields(uses)).toEqual({
      yields: {},
      warnings: [
        'the first name "Riya" of public/media/home/tour.webm, drawn into the video ("Riya K.") is also a real name (src/content/blog/a.md, field author ("Riya Sen")), and cannot be drawn anew: render it again with another name',
      ],
    });
  });

  it('reads no name into a word an address uses for no one, whatever a real name holds', () => {
    // The settings' example officer, "Example Name", names no one in "yourbrand.example".
    const { yields } = nameYields(
      nameUses([
        { ...byline('PUBLIC_GRIEVANCE_OFFICER_NAME', 'Example Name'), scope: "the company's officers" },
        ...priyaInPictures,
      ]),
    );
    expect(yields).toEqual({});
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
        origin: 'invented',
      },
      {
        file: 'src/assets/features/m/hero.svg',
        where: 'text element 3 (line 3)',
        scope: 'src/assets/features/m',
        role: 'text',
        text: 'Yash M.',
        origin: 'invented',
      },
    ]);
  });

  it('finds no invented name twice in the content, the pictures and the tour video, and reads only what the build shows', async () => {
    expect(await repeatedNames(process.cwd())).toBeNull();
    // The tour draws feature screens whose names are read in their files; it has no names of its own.
    expect(NAMES_IN_VIDEO).toEqual([]);
    // The build reads the site's own files: nothing of the tooling (the benchmark's made-up authors) or the tests'
    // fixtures; the posts those make up are read by the pages as the blog shows them.
    const files = new Set((await nameTexts(process.cwd())).map((text) => text.file));
    expect([...files].filter((file) => /^(scripts|tests)\//.test(file))).toEqual([]);
    expect(files).toContain('src/content/testimonials/home-1.json');
    expect(files).toContain('src/assets/features/member-management/hero.svg');
    expect(files).toContain('PUBLIC_GRIEVANCE_OFFICER_NAME');
  });

  it("takes the issue's case: a new post by Priya Nair builds, and the admin saves it", async () => {
    const root = await mkdtemp(join(tmpdir(), 'names-'));
    try {
      for (const folder of ['src/content', 'src/assets', 'public/media'])
        await cp(folder, join(root, folder), { recursive: true });
      const post = 'src/content/blog/pricing-paid-memberships.md';
      const text = (await readFile(post, 'utf8')).replace(/^author: .*$/m, 'author: Priya Nair');
      await writeFile(join(root, post), text);
      // Before, the build stopped: 'the first name "Priya" ("Priya Nair") is used again:
      // src/assets/features/member-management/hero.svg, text element 13'.
      expect(await repeatedNames(root)).toBeNull();
      const names = await nameTexts(root);
      const saved = cmsContentFiles(root).blog!.find((file) => file.path === post)!;
      expect(entryProblems('blog', post, saved.data as Record<string, unknown>, { names })).toEqual([]);
      // The member list of the pictures is the one that gives way.
      const { yields } = nameYields(nameUses(names));
      expect(yields['src/assets/features/member-management']?.map(({ from }) => from)).toEqual(['priya']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses, before a save, an example testimonial named as a drawn screen, in the words of the build', async () => {
    const names = await nameTexts(process.cwd());
    const path = 'src/content/testimonials/yoga-1.json';
    const data = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    const example = { ...data, author: 'Shalini Deshpande, Founder' };
    const [problem, ...more] = entryProblems('testimonials', path, example, { names });
    expect(more).toEqual([]);
    expect(problem?.field).toBe('Said by');
    const build = nameRepeats(nameUses([...names.filter((t) => t.file !== path), ...testimonialTexts(path, example)]));
    expect(problem?.message).toBe(build.find((p) => p.file === path)?.message);
    expect(problem?.message).toMatch(
      /^the first name "Shalini" \("Shalini Deshpande"\) is used again: src\/assets\/home\/dashboard.svg/,
    );
    // The same words for a real customer's: saved, and the dashboard draws its Shalini anew.
    expect(entryProblems('testimonials', path, { ...example, example: false }, { names })).toEqual([]);
  });

  it('stops the build on a testimonial that names the dashboard’s owner, naming both files', async () => {
    const root = await mkdtemp(join(tmpdir(), 'names-'));
    try {
      for (const folder of ['src/content', 'src/assets', 'public/media'])
        await cp(folder, join(root, folder), { recursive: true });
      const file = join(root, 'src/content/testimonials/yoga-1.json');
      const data = JSON.parse(await readFile(file, 'utf8')) as { author: string };
      data.author = 'Shalini Deshpande, Founder';
      await writeFile(file, JSON.stringify(data, null, 2));
      const message = await repeatedNames(root);
      expect(message).toMatch(
        new RegExp(
          [
            '^An invented name shown twice \\(src/lib/names.ts; docs/content.md, "Names"\\):',
            '  src/content/testimonials/yoga-1.json, field author: the first name "Shalini" \\("Shalini Deshpande"\\) is used again: src/assets/home/dashboard.svg, text element \\d+ \\(line \\d+\\) \\("Shalini"\\)\\. Every invented person and business shown is another one: give one of them another name$',
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
