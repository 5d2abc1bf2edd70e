import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NARROW_FRAME_PX,
  inlinePicture,
  narrowBoxOf,
  pictureTexts,
  subjectsOf,
  viewBoxOf,
} from '../../src/lib/pictures';
import { MIN_TEXT_PX, readableWidth, smallestFontSize } from '../../src/lib/readable';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const svg = (body: string, root = 'width="640" height="480" viewBox="0 0 640 480"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${body}</svg>`;

describe('a drawn picture written into the page', () => {
  const source = `<?xml version="1.0"?>\n${svg(
    '<title>Old name</title><!-- a note --><defs><linearGradient id="g"/><clipPath id="c"><rect/></clipPath></defs><rect fill="url(#g)" clip-path="url(#c)"/><use href="#g"/><rect fill="url(#other)"/><text>Hi</text>',
    'width="640" height="480" viewBox="0 0 640 480" font-family="Arial, sans-serif"',
  )}`;
  const markup = inlinePicture(source, {
    prefix: 'features-x',
    label: 'Bookings & "payments" <list>',
    attributes: { class: 'product-screen-picture', 'data-picture': 'features/x' },
  });

  it('leaves its font to the page, its size to the CSS, and says what it shows as one image', () => {
    expect(markup).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 640 480" role="img" aria-label="Bookings &amp; &quot;payments&quot; &lt;list&gt;" class="product-screen-picture" data-picture="features\/x">/,
    );
    expect(markup).not.toMatch(/font-family|width="640"|<title|Old name|a note|<\?xml/);
    expect(markup).toContain('<text>Hi</text></svg>');
  });

  it('gives its ids and the references to them a prefix of its own, so that two pictures never share one', () => {
    expect(markup).toContain('<linearGradient id="features-x-g"/><clipPath id="features-x-c">');
    expect(markup).toContain(
      '<rect fill="url(#features-x-g)" clip-path="url(#features-x-c)"/><use href="#features-x-g"/>',
    );
    // A reference to no id of its own is left as it is.
    expect(markup).toContain('<rect fill="url(#other)"/>');
  });
});

describe("a picture's drawing for a phone and the parts it is about", () => {
  it('reads the box a picture is drawn again in for a phone, and refuses one that is not a box', () => {
    expect(narrowBoxOf(svg('', 'viewBox="0 0 640 480" data-narrow="16 16 320 400"'))).toEqual({
      x: 16,
      y: 16,
      width: 320,
      height: 400,
    });
    expect(narrowBoxOf(svg(''))).toBeNull();
    expect(() => narrowBoxOf(svg('', 'viewBox="0 0 640 480" data-narrow="16 16 320"'))).toThrow(/x y width height/);
    expect(() => narrowBoxOf(svg('', 'viewBox="0 0 640 480" data-narrow="0 0 0 400"'))).toThrow(/x y width height/);
  });

  it('leaves the box out of the markup written into the page: the component reads it', () => {
    const markup = inlinePicture(svg('<text>Hi</text>', 'viewBox="0 0 640 480" data-narrow="16 16 320 400"'), {
      prefix: 'x',
      label: 'X',
    });
    expect(markup).not.toContain('data-narrow=');
    expect(markup).toContain('<text>Hi</text>');
  });

  it('reads each part a picture names, with the words it draws, nested groups and entities included', () => {
    const marked = svg(
      '<text x="1">Title</text><g data-subject="the names"><g style="--narrow-x:-8px"><text>Anjali &amp; Rao</text></g><circle r="2"/><text>Rohit</text></g><text data-subject="the total">₹4,999</text><rect data-subject="a box" x="1" y="2" width="3" height="4" fill="none"/>',
    );
    expect(subjectsOf(marked)).toEqual([
      { name: 'the names', texts: ['Anjali & Rao', 'Rohit'] },
      { name: 'the total', texts: ['₹4,999'] },
      { name: 'a box', texts: [] },
    ]);
    expect(subjectsOf(svg('<text>Nothing named</text>'))).toEqual([]);
    expect(viewBoxOf(svg('', 'viewBox="0 0 560 420"'))).toEqual({ x: 0, y: 0, width: 560, height: 420 });
  });

  it('is shown below the width its container query in ProductScreen says', () => {
    const component = read('src/components/ui/ProductScreen.astro');
    const query = [...component.matchAll(/@container \(width < (\d+)px\)/g)].map((match) => Number(match[1]));
    expect(query).toEqual([NARROW_FRAME_PX]);
  });
});

/** A drawn picture ProductScreen shows: its file, where it is shown, the widest its frame is on a phone. */
interface Shown {
  file: string;
  where: string;
  maxFrame?: number;
}

/** Every SVG picture of a content file: an object with a `src` ending in .svg (an image() field). */
function contentPictures(folder: string): Shown[] {
  const found: Shown[] = [];
  for (const name of readdirSync(join(ROOT, folder)).filter((n) => n.endsWith('.json'))) {
    const walk = (value: unknown, at: string) => {
      if (!value || typeof value !== 'object') return;
      const { src } = value as { src?: unknown };
      if (typeof src === 'string' && src.endsWith('.svg')) {
        const file = relative(ROOT, resolve(ROOT, folder, src));
        found.push({ file, where: `${folder}/${name} ${at}` });
      }
      for (const [key, child] of Object.entries(value)) walk(child, at ? `${at}.${key}` : key);
    };
    walk(JSON.parse(read(join(folder, name))), '');
  }
  return found;
}

/**
 * The pictures ProductScreen shows: those of the feature pages and the landing pages (src/components/features,
 * src/components/landing), and the home page's white-label picture (src/components/home/WhiteLabel.astro, whose frame
 * is 320 px at most below 768 px, max-md:max-w-80).
 */
const SHOWN: Shown[] = [
  ...contentPictures('src/content/features'),
  ...contentPictures('src/content/landing'),
  { file: 'src/assets/home/white-label.svg', where: 'src/components/home/WhiteLabel.astro', maxFrame: 320 },
];

/** A phone's width, and the frame a picture gets there: the page's width less its 16 px margins (container-page). */
const PHONES = [
  { width: 320, frame: 288 },
  { width: 390, frame: 358 },
];

describe('the drawn pictures name what a phone must show, and are drawn for it', () => {
  it('finds the pictures ProductScreen shows', () => {
    // The feature pages (four pictures each but the AI web builder, drawn in HTML), the two landing pages, the home page.
    expect(SHOWN.length).toBeGreaterThan(50);
    expect(SHOWN.map((shown) => shown.file)).toContain('src/assets/features/member-management/hero.svg');
  });

  for (const shown of SHOWN) {
    it(`${shown.file} (${shown.where})`, () => {
      const source = read(shown.file);
      const readable = readableWidth(source);
      // A picture without words is drawn at any size, never cut.
      if (readable === null) return;
      const subjects = subjectsOf(source);
      expect(
        subjects.length,
        'a picture with words names the parts a phone must show: data-subject="…"',
      ).toBeGreaterThan(0);
      for (const subject of subjects)
        expect(subject.texts.join(' '), `"${subject.name}" is words the picture draws, not an empty box`).toMatch(/\S/);
      const narrow = narrowBoxOf(source);
      const frames = PHONES.map((phone) => Math.min(phone.frame, shown.maxFrame ?? Infinity));
      if (readable <= Math.min(...frames)) return;
      // Cut on a phone: drawn again for it, or (without a drawing for a phone) cut around its focus, its subject kept
      // whole there: the layout check measures that on every page that shows a picture, at a phone's widths.
      if (!narrow) return;
      const view = viewBoxOf(source);
      expect(
        narrow.x >= view.x && narrow.y >= view.y && narrow.x + narrow.width <= view.x + view.width,
        'the drawing for a phone lies in the picture',
      ).toBe(true);
      expect(narrow.y + narrow.height).toBeLessThanOrEqual(view.y + view.height);
      // Shown whole wherever the whole picture is not: never cut.
      expect(readable, `its readable width, ${readable} px, over NARROW_FRAME_PX`).toBeLessThanOrEqual(NARROW_FRAME_PX);
      // Its smallest words at MIN_TEXT_PX in the narrowest frame it fills.
      const smallest = Math.min(...frames);
      const textPx = ((smallestFontSize(source) ?? 16) * smallest) / narrow.width;
      expect(textPx, `its smallest words in a ${smallest} px frame`).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    });
  }
});

/** The words a picture draws whose <text> attributes match `attributes` (`x="100"`), below the line `below`. */
const wordsAt = (source: string, attributes: RegExp, below = 0) =>
  [...source.matchAll(/<text\b([^>]*)>[\s\S]*?<\/text>/g)]
    .filter((match) => attributes.test(match[1] ?? '') && Number(/\sy="([\d.]+)"/.exec(match[1] ?? '')?.[1]) > below)
    .map((match) => pictureTexts(match[0])[0] ?? '');

/** Every word a picture's named parts draw. */
const subjectWords = (source: string) => subjectsOf(source).flatMap((subject) => subject.texts);

describe('the parts the issue names are what the pictures name (issue 52: a picture of members shows members)', () => {
  // A list's rows start under its header row (y 146); its columns are written at x 100, 294 and, for the status
  // chips, from 444.
  const ROWS = 150;
  const picture = (name: string) => read(`src/assets/features/${name}.svg`);

  it('the member list: the names and their status', () => {
    const source = picture('member-management/hero');
    const names = wordsAt(source, /\sx="100"/, ROWS);
    const statuses = wordsAt(source, /\sx="4[4-9]\d(\.\d+)?"/, ROWS);
    expect(names).toHaveLength(5);
    expect(statuses).toEqual(expect.arrayContaining(['Active', 'Pending', 'Declined']));
    expect(subjectWords(source)).toEqual(expect.arrayContaining([...names, ...statuses]));
  });

  it('the calendar: a whole week, its seven days under their seven initials', () => {
    for (const name of ['appointment-management/hero', 'event-management/hero', 'meeting-management/hero']) {
      const week = subjectsOf(picture(name)).find((subject) => subject.name === 'a whole week');
      const days = week?.texts.filter((text) => /^\d+$/.test(text)).map(Number) ?? [];
      expect(week?.texts.filter((text) => /^[MTWFS]$/.test(text)).join(''), name).toBe('MTWTFSS');
      expect(days, name).toEqual(Array.from({ length: 7 }, (_, i) => (days[0] ?? 0) + i));
    }
  });

  it('a bookings table: the client and the slot', () => {
    const source = picture('appointment-management/bookings');
    const clients = wordsAt(source, /\sx="100"/, ROWS);
    const slots = wordsAt(source, /\sx="294"/, ROWS);
    expect(slots.every((slot) => /\d:\d\d [ap]m/.test(slot))).toBe(true);
    expect(subjectWords(source)).toEqual(expect.arrayContaining([...clients, ...slots]));
  });

  it('join requests: who asks', () => {
    for (const name of ['member-management/requests', 'community-management/moderation']) {
      const source = picture(name);
      expect(subjectWords(source), name).toEqual(expect.arrayContaining(wordsAt(source, /\sx="100"/, ROWS)));
    }
  });

  it('notes: the note, every line of it', () => {
    const source = picture('member-management/notes');
    const notes = subjectsOf(source).find((subject) => subject.name === 'the notes');
    // The notes' lines: the words written in the bubbles, 14 units inside each (x of a bubble + 14).
    const bubbles = [...source.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="[\d.]+" height="(?:36|52)" rx="16"/g)];
    const lines = bubbles.flatMap((bubble) => wordsAt(source, new RegExp(`\\sx="${Number(bubble[1]) + 14}"`)));
    expect(lines.length).toBeGreaterThanOrEqual(bubbles.length);
    expect(notes?.texts).toEqual(expect.arrayContaining(lines));
  });
});

/** Every SVG picture of the site: the drawn ones (src/assets) and the blog's (public/media). */
const allPictures = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? allPictures(join(dir, entry.name))
      : entry.name.endsWith('.svg')
        ? [join(dir, entry.name)]
        : [],
  );
const PICTURES = [...allPictures('src/assets'), ...allPictures('public/media')];

/** A picture's words with where they are written (each <text>'s x and y). */
const placedTexts = (source: string) =>
  [...source.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)].map((match) => ({
    x: Number(/\sx="([-\d.]+)"/.exec(match[1] ?? '')?.[1]),
    y: Number(/\sy="([-\d.]+)"/.exec(match[1] ?? '')?.[1]),
    text: pictureTexts(match[0])[0] ?? '',
  }));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October'];
MONTHS.push('November', 'December');
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The month a picture draws as a calendar, with the weekday of each of its days: a row of the seven weekday initials
 * (Monday first), the month's name, and each day's number under its weekday's initial. Null when it draws none.
 */
function calendarOf(source: string): { month: string; weekdayOf: Map<number, string> } | null {
  const texts = placedTexts(source);
  const header = texts.filter((t) => /^[MTWFS]$/.test(t.text));
  const row = header.filter((t) => t.y === header[0]?.y).sort((a, b) => a.x - b.x);
  const month = texts.find((t) => MONTHS.includes(t.text))?.text;
  if (row.length !== 7 || row.map((t) => t.text).join('') !== 'MTWTFSS' || !month) return null;
  const weekdayOf = new Map<number, string>();
  for (const t of texts) {
    const column = row.findIndex((head) => Math.abs(head.x - t.x) < 1);
    if (/^\d{1,2}$/.test(t.text) && t.y > (row[0]?.y ?? 0) && column >= 0)
      weekdayOf.set(Number(t.text), WEEKDAYS[column]!);
  }
  return { month, weekdayOf };
}

describe("the pictures' words state only what is true of them", () => {
  it('finds the pictures and their words', () => {
    expect(PICTURES.length).toBeGreaterThan(60);
    expect(pictureTexts(read('src/assets/home/white-label.svg'))).toContain('Join the studio');
  });

  it('write no year, which would age: a date in a picture is a day of the month', () => {
    const years = PICTURES.flatMap((file) =>
      pictureTexts(read(file))
        .filter((text) => /(?<![\d,.₹])(19|20)\d\d(?![\d,])/.test(text))
        .map((text) => `${file}: "${text}"`),
    );
    expect(years).toEqual([]);
  });

  it('read a calendar as the month it draws: the 1st on a Wednesday, the 12th on a Sunday', () => {
    const calendar = calendarOf(read('src/assets/features/appointment-management/hero.svg'));
    expect(calendar?.month).toBe('November');
    expect([1, 12, 30].map((day) => calendar?.weekdayOf.get(day))).toEqual(['Wed', 'Sun', 'Thu']);
    expect(calendarOf(read('src/assets/features/member-management/hero.svg'))).toBeNull();
  });

  it("give a date's weekday as the picture's calendar has it, and none without a calendar of that month", () => {
    const wrong: string[] = [];
    for (const file of PICTURES) {
      const source = read(file);
      const calendar = calendarOf(source);
      for (const text of pictureTexts(source)) {
        const day = `(${WEEKDAYS.join('|')})[a-z]*,? (\\d{1,2}) (${MONTHS.map((m) => m.slice(0, 3)).join('|')})[a-z]*`;
        for (const [said, weekday, date, month] of text.matchAll(new RegExp(`\\b${day}\\b`, 'g'))) {
          const drawn = calendar?.month.startsWith(month!) ? calendar.weekdayOf.get(Number(date)) : undefined;
          if (drawn !== weekday)
            wrong.push(`${file}: "${said}", ${drawn ? `a ${drawn} in its calendar` : 'no calendar of that month'}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
