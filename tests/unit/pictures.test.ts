import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Box, inlinePicture, inside, pictureTexts, shownPart, subjectOf, viewBoxOf } from '../../src/lib/pictures';
import { readableWidth } from '../../src/lib/readable';

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

describe('the part of a picture a frame shows', () => {
  const view = { width: 640, height: 480 };

  it('is all of it where the frame is as wide as the picture needs, or it has no text', () => {
    expect(shownPart(view, 564, 576)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
    expect(shownPart(view, null, 100)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
  });

  it('is the frame around the focus, at the readable width, less the faded edges', () => {
    // 640 units drawn 640 px wide in a 320 px frame: a unit a px, 320 × 240 shown, 12 faded at each edge.
    expect(shownPart(view, 640, 320)).toEqual({ x: 12, y: 12, width: 296, height: 216 });
    expect(shownPart(view, 640, 320, { x: 1, y: 0.5 })).toEqual({ x: 332, y: 132, width: 296, height: 216 });
  });

  it('reads the subject a picture marks, and a viewBox', () => {
    const marked = svg('<rect data-subject="the status" x="282" y="127.5" width="237" height="184" fill="none"/>');
    expect(subjectOf(marked)).toEqual({ x: 282, y: 127.5, width: 237, height: 184 });
    expect(subjectOf(svg('<rect x="1" y="2" width="3" height="4"/>'))).toBeNull();
    expect(() => subjectOf(svg('<rect data-subject="" x="1"/>'))).toThrow(/x, y, width and height/);
    expect(viewBoxOf(svg('', 'viewBox="0 0 560 420"'))).toEqual({ x: 0, y: 0, width: 560, height: 420 });
  });
});

/** A drawn picture ProductScreen shows: its file, where it is shown, its focus, the widest its frame is on a phone. */
interface Shown {
  file: string;
  where: string;
  focus?: { x: number; y: number };
  maxFrame?: number;
}

/** Every SVG picture of a content file: an object with a `src` ending in .svg (an image() field) and its `focus`. */
function contentPictures(folder: string): Shown[] {
  const found: Shown[] = [];
  for (const name of readdirSync(join(ROOT, folder)).filter((n) => n.endsWith('.json'))) {
    const walk = (value: unknown, at: string) => {
      if (!value || typeof value !== 'object') return;
      const { src, focus } = value as { src?: unknown; focus?: { x: number; y: number } };
      if (typeof src === 'string' && src.endsWith('.svg')) {
        const file = relative(ROOT, resolve(ROOT, folder, src));
        found.push({ file, where: `${folder}/${name} ${at}`, ...(focus ? { focus } : {}) });
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
 * is 320 px at most below 768 px, max-md:max-w-80), at the top left.
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

describe('the drawn pictures on a phone keep what they are about', () => {
  it('finds the pictures ProductScreen shows', () => {
    // The feature pages (four pictures each but the AI web builder, drawn in HTML), the two landing pages, the home page.
    expect(SHOWN.length).toBeGreaterThan(50);
    expect(SHOWN.map((shown) => shown.file)).toContain('src/assets/features/member-management/hero.svg');
  });

  for (const shown of SHOWN) {
    it(`${shown.file} (${shown.where})`, () => {
      const source = read(shown.file);
      const readable = readableWidth(source);
      const subject = subjectOf(source);
      const view = viewBoxOf(source);
      // A picture without words is drawn at any size, never cut.
      if (readable === null) return;
      expect(subject, 'a picture cut on a phone marks the part it is about: <rect data-subject="…" …/>').not.toBeNull();
      const marked = subject as Box;
      expect(inside(marked, view), 'its subject lies in the picture').toBe(true);
      for (const phone of PHONES) {
        const frame = Math.min(phone.frame, shown.maxFrame ?? Infinity);
        const part = shownPart(view, readable, frame, shown.focus);
        const cut = inside(marked, part) ? null : focusRange(view, readable, frame, marked);
        expect(cut, `at ${phone.width} px its subject is cut; a focus that keeps it: ${cut}`).toBeNull();
      }
    });
  }
});

/** The focus that keeps `subject` clear of the cut in a frame `frame` px wide, as "x from a to b, y from c to d". */
function focusRange(view: Box, readable: number, frame: number, subject: Box): string {
  const whole = shownPart(view, readable, frame, { x: 0, y: 0 });
  const range = (start: number, size: number, shown: number, total: number, offset: number) => {
    const span = total - shown - 2 * offset;
    const from = (start + size - shown - offset) / span;
    const to = (start - offset) / span;
    return from > to ? 'none' : `${Math.max(0, from).toFixed(2)} to ${Math.min(1, to).toFixed(2)}`;
  };
  return `x ${range(subject.x, subject.width, whole.width, view.width, whole.x)}, y ${range(subject.y, subject.height, whole.height, view.height, whole.y)}`;
}

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
