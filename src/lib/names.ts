/**
 * Every person and business the site shows by name is another one: a customer quoted in a testimonial, a blog author,
 * a demo studio and its people, a member in a drawn product screen. A first name met twice (two Meeras) or a business
 * met twice (a quoted customer who is also the dashboard's demo studio) makes the proof look made up. This module finds
 * the names and what to do about a name met twice; the names check stops the build where that is a mistake of ours, and
 * the build draws an invented name anew where it must give way.
 *
 * How a name is recognised:
 *
 * - in a field that holds one (a testimonial's `name` and the part of its `author` before the comma, a blog post's
 *   `author`, a demo site's `preview.name`, a person of the about page, an officer of the company, a name written into
 *   a video): as it is;
 * - in any other text (an SVG's `<text>`, a demo's sentences, a video's captions): a capitalised word that is a first
 *   name the structured fields use, one of FIRST_NAMES or of RESERVE, or any capitalised word followed by one of
 *   SURNAMES ("Tejas Kulkarni"); in an address ("pay.example/nikita") a first name between dots, slashes or hyphens;
 *   and a business by its name up to its first word of a kind (Yoga, Studio, House...), in words or, in an address,
 *   run together ("Prana Flow" in "pranaflowyoga.in").
 *
 * What counts as twice: each name belongs to one place (a scope): one testimonial, the blog's bylines (an author
 * signs many posts), one demo site, one video, or the pictures of one folder (one page's screens tell one story: the
 * member in a list is the one whose notes open next). A first name or a business in two places is a repeat; so are two
 * people of one first name in one place ("Arjun Nair" and "Arjun Das").
 *
 * Whose name gives way: a name is real (a blog author, a customer of a testimonial that is no example, a person who
 * runs the company, its officers), invented and drawn by the build (a drawn screen, a demo site, an example
 * testimonial), or invented and fixed (the names in a video, which cannot change without rendering it again). Real
 * names never stop the build, whatever they repeat: a real person may share a first name with another. An invented name
 * that a real one repeats yields: the build draws it with a name of RESERVE that nothing else uses (nameYields). Two
 * invented places that share a name, and an invented name taken from RESERVE, stop the build (nameRepeats): those are
 * ours to tell apart. A fixed name that a real one repeats cannot yield, and is only warned of.
 */
import { contentEntryOf, contentPath } from './content-paths';

/**
 * The place a content file's names belong to: its entry's, whatever the language (a testimonial and its translation
 * quote one person), named by the English file.
 */
export function entryScope(file: string): string {
  const entry = contentEntryOf(file);
  return entry ? contentPath(entry.collection, entry.id) : file;
}

/** A text of a content file or picture, and what it holds. */
export interface NameText {
  /** The file, from the project root. */
  file: string;
  /** Where in the file: "field author", "line 12". */
  where: string;
  /** The place the name belongs to; names may recur inside one place, never across two. */
  scope: string;
  /** `person` and `business`: the text is one name. `text`: names are looked for in it. */
  role: 'person' | 'business' | 'text';
  text: string;
  /** Whose name it is (see above): real names never stop the build, invented ones yield to them, fixed ones cannot. */
  origin: NameOrigin;
}

export type NameOrigin = 'real' | 'invented' | 'fixed';

/** One name met in one text. */
export interface NameUse {
  kind: 'person' | 'business';
  /** What the repeat is found by: a first name, or a business's distinctive words, in lower case. */
  key: string;
  /** The name as written there: "Meera Iyer", "Prana Flow". */
  written: string;
  /** A person's surname or initial as written, when the text gives one. */
  surname?: string;
  text: NameText;
}

export interface NameProblem {
  file: string;
  where: string;
  message: string;
}

/**
 * Common Indian first names, women's then men's. A first name the content's own name fields use is recognised without being here; a
 * drawn screen's name must be here or be followed by one of SURNAMES. Left out on purpose: names that are also words of
 * a class or an event (Surya of Surya Namaskar, Shanti, Diya, Ganesh, Om).
 */
export const FIRST_NAMES: readonly string[] = `
  Aadya Aarti Aditi Aishwarya Aisha Akanksha Amrita Ananya Anita Anjali Ankita Anu Anushka Aparna Archana Asha
  Avni Ayesha Bhavna Chitra Deepa Deepika Devika Divya Farah Fatima Gauri Geeta Gita Harini Heena Ira Isha Ishita
  Jaya Juhi Jyoti Kajal Kavita Kavya Keerthi Khushi Kirti Kriti Lakshmi Lata Lavanya Leela Madhuri Mahima Mala
  Manisha Meena Meera Megha Mehak Mitali Mridula Namita Nandini Nazia Neha Nidhi Nikita Nisha Pallavi Pooja Prachi
  Preeti Priya Priyanka Radha Radhika Rashmi Reena Rekha Ria Riya Rohini Roshni Ruchi Rukhsar Saanvi Sadia Sakshi
  Sana Sara Shalini Shilpa Shreya Shruti Simran Smita Sneha Sonal Sonia Sreeja Sudha Sunita Swati Tanvi Tara
  Trisha Uma Vandana Varsha Vidya Zoya
  Aarav Abhishek Aditya Ajay Akash Alok Amit Anand Aniket Anil Ankit Anoop Arjun Arun Ashok Ayaan Bharat Chetan
  Darshan Deepak Dev Dhruv Faizan Gaurav Hari Harsh Imran Irfan Ishaan Jatin Kabir Karan Kartik Kiran Kunal Lokesh
  Manav Manish Mohit Mukesh Naveen Nikhil Nitin Omkar Pankaj Prakash Pranav Rahul Rajat Rajesh Rakesh Ramesh Ravi
  Rohan Rohit Sachin Sahil Salman Sameer Sanjay Santosh Siddharth Sumit Sunil Suresh Tarun Tushar Varun Vikas
  Vikram Vinay Vishal Vivek Yash Yusuf Zaid
`
  .trim()
  .split(/\s+/);

/** Common Indian surnames: a capitalised word before one of them is read as a first name, known or not. */
export const SURNAMES: readonly string[] = `
  Agarwal Ahmed Ali Arora Bajaj Banerjee Bhat Bhatia Bose Chatterjee Chopra Das Desai Deshmukh Deshpande Dubey
  Fernandes Gill Gowda Gupta Hegde Iyengar Iyer Jain Joshi Kamath Kapoor Khan Khanna Kohli Krishnan Kulkarni Kumar
  Malhotra Mehta Menon Mishra Naidu Nair Pandey Patel Pawar Pillai Qureshi Rao Reddy Saxena Sen Sethi Shah Sharma
  Sheikh Shetty Siddiqui Singh Sinha Thomas Tiwari Trivedi Varma Verma Yadav
`
  .trim()
  .split(/\s+/);

/**
 * The names the build draws an invented person or business with where a real one takes its own: used by no content,
 * no picture and no video (the names check refuses one in an invented text). Each list runs from short to long, so
 * that a name is replaced by one as long as itself where it can be and a drawn screen keeps its layout.
 */
export const RESERVE = {
  people: `
    Ila Ved
    Amol Esha Ojas Pari Ruhi Tvisha Yuti
    Gargi Hiral Kanak Navya Oviya Samar Tanay Udita
    Aarohi Bhoomi Charvi Damini Ishani Jivika Lipika Mrinal Vedika Yamini
    Aashvik Anvesha Ilavati Kalyani Nirmala Vaidehi
    Devyansh Hemangini Jagriti Padmaja
  `
    .trim()
    .split(/\s+/),
  businesses: ['Kesar Leaf', 'Neem Tree', 'Tulsi Path', 'Amber Arc', 'Coral Bay', 'Indigo Hill'],
} as const;

/** Words that say what kind of business it is: a business is known by the words before the first of them. */
const KIND_WORDS = new Set(['yoga', 'studio', 'studios', 'house', 'academy', 'coaching', 'club', 'classes', 'online']);

/** A business's distinctive words, in lower case: "Prana Flow Yoga Studio" and "Prana Flow" are both "prana flow". */
export function businessKey(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words[0] === 'the' && words.length > 1) words.shift();
  const end = words.findIndex((word) => KIND_WORDS.has(word));
  const distinctive = end === -1 ? words : words.slice(0, end);
  return (distinctive.length ? distinctive : words).join(' ');
}

const CAPITALISED = /^[A-Z][a-z]+$/;
const INITIAL = /^[A-Z]\.$/;
/** An address: a word with a dot or slash inside it. */
const ADDRESS = /^\S*[a-z0-9][./][a-z0-9]\S*$/i;

/** Parts of an address that name no one: the placeholders of drawn screens, services, top-level domains. */
const NO_ONE = new Set(['www', 'app', 'pay', 'mail', 'api', 'academy', 'yourbrand', 'yourname', 'example', 'admin']);
const TOP_LEVEL = /^(in|com|org|net|co|io|app|studio|site|online)$/;

/** The site an address names, by its own name ("nilgiriyoga" of www.nilgiriyoga.in), or null for none. */
function siteOf(address: string): string | null {
  const host = /^(?:https?:\/\/)?([a-z0-9.-]+\.[a-z]{2,})(?:\/|$)/i.exec(address)?.[1]?.toLowerCase();
  if (!host) return null;
  const labels = host.split('.');
  if (!TOP_LEVEL.test(labels.at(-1) ?? '') && !NO_ONE.has(labels.at(-1) ?? '')) return null;
  const own = labels.slice(0, -1).filter((label) => !NO_ONE.has(label) && !TOP_LEVEL.test(label));
  return own[0] && own[0].length > 2 ? `${own[0]} (address)` : null;
}

/** A person's name written in a name field: its first word is the first name, the next one (if any) the surname. */
function personUse(text: NameText): NameUse | null {
  const words = text.text.trim().split(/\s+/);
  const first = words[0]?.replace(/[^\p{L}'-]/gu, '');
  if (!first) return null;
  return { kind: 'person', key: first.toLowerCase(), written: text.text.trim(), surname: words[1], text };
}

/** The names in a text that is not itself a name. */
function usesInText(text: NameText, firstNames: Set<string>, surnames: Set<string>, businesses: Set<string>) {
  const uses: NameUse[] = [];
  const words = text.text.split(/(\s+)/);
  // words holds the words at even places, and the spaces between them at odd ones.
  for (let i = 0; i < words.length; i += 2) {
    const raw = words[i] ?? '';
    if (ADDRESS.test(raw)) {
      for (const part of raw.toLowerCase().split(/[^a-z]+/)) {
        if (firstNames.has(part) && !NO_ONE.has(part)) uses.push({ kind: 'person', key: part, written: raw, text });
      }
      const compact = raw.toLowerCase().replace(/[^a-z0-9]/g, '');
      for (const key of businesses) {
        if (compact.includes(key.replace(/\s/g, ''))) uses.push({ kind: 'business', key, written: raw, text });
      }
      const site = siteOf(raw);
      if (site) uses.push({ kind: 'business', key: site, written: raw, text });
      continue;
    }
    const word = raw.replace(/^[^\p{L}]+|[^\p{L}.]+$/gu, '').replace(/[’']s$/, '');
    const bare = word.replace(/\.$/, '');
    if (!CAPITALISED.test(bare)) continue;
    // The next word, when only a space stands between: "Meera Iyer", "Riya K.".
    const space = words[i + 1];
    const nextRaw = space === ' ' ? (words[i + 2] ?? '') : '';
    const next = word.endsWith('.') || /[,:;!?·]$/.test(raw) ? '' : nextRaw.replace(/[^\p{L}.]+$/gu, '');
    const surname = CAPITALISED.test(next.replace(/\.$/, '')) || INITIAL.test(next) ? next : undefined;
    const known = firstNames.has(bare.toLowerCase());
    if (known || (surname && surnames.has(surname.replace(/\.$/, '')) && !surnames.has(bare))) {
      uses.push({
        kind: 'person',
        key: bare.toLowerCase(),
        written: surname ? `${bare} ${surname}` : bare,
        ...(surname && { surname }),
        text,
      });
    }
  }
  const plain = ` ${text.text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')} `;
  for (const key of businesses) {
    if (!plain.includes(` ${key} `) || uses.some((use) => use.kind === 'business' && use.key === key)) continue;
    // The words as written: "Prana Flow" in "A calm site for Prana Flow, my yoga studio".
    const words = new RegExp(`(?<![A-Za-z0-9])${key.split(' ').join('[^A-Za-z0-9]+')}(?![A-Za-z0-9])`, 'i');
    uses.push({ kind: 'business', key, written: words.exec(text.text)?.[0] ?? key, text });
  }
  return uses;
}

/** Every name in the texts, in their order. */
export function nameUses(texts: NameText[]): NameUse[] {
  const firstNames = new Set<string>([...FIRST_NAMES, ...RESERVE.people].map((name) => name.toLowerCase()));
  const surnames = new Set<string>(SURNAMES);
  const businesses = new Set<string>();
  for (const text of texts) {
    if (text.role === 'person') {
      // A first name to look for in other texts: a name of three letters or more, and no word an address or a drawn
      // screen uses for no one ("Example Name", an example of the settings, names no one in "yourbrand.example").
      const use = personUse(text);
      if (use && use.key.length >= 3 && !NO_ONE.has(use.key)) firstNames.add(use.key);
    } else if (text.role === 'business') businesses.add(businessKey(text.text));
  }
  return texts.flatMap((text): NameUse[] => {
    if (text.role === 'person') return [personUse(text)].filter((use) => use !== null);
    if (text.role === 'business') {
      // A business named after a person ("Sketch with Mitali") holds that person's first name too.
      const own: NameUse = { kind: 'business', key: businessKey(text.text), written: text.text.trim(), text };
      return [own, ...usesInText(text, firstNames, surnames, new Set()).filter((use) => use.kind === 'person')];
    }
    return usesInText(text, firstNames, surnames, businesses);
  });
}

/** Two surnames of one person: the same, an initial and a surname with that initial, or one of them not given. */
function sameSurname(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return true;
  const [x, y] = [a.replace(/\.$/, ''), b.replace(/\.$/, '')];
  if (x === y) return true;
  return (INITIAL.test(a) && y.startsWith(x)) || (INITIAL.test(b) && x.startsWith(y));
}

const placeOf = (use: NameUse) => `${use.text.file}, ${use.text.where} (${JSON.stringify(use.written)})`;
const nameOf = (use: NameUse) =>
  use.kind === 'person'
    ? `the first name ${JSON.stringify(use.key.replace(/^./, (c) => c.toUpperCase()))}`
    : `the business ${JSON.stringify(use.written)}`;

/** The uses of each name (a first name, a business), by kind and key, in the order met. */
function byName(uses: NameUse[]): NameUse[][] {
  const groups = new Map<string, NameUse[]>();
  for (const use of uses) {
    const id = `${use.kind}:${use.key}`;
    groups.set(id, [...(groups.get(id) ?? []), use]);
  }
  return [...groups.values()];
}

const reservedPeople = new Set(RESERVE.people.map((name) => name.toLowerCase()));
const reservedBusinesses = new Set(RESERVE.businesses.map(businessKey));
const isReserved = (use: NameUse) =>
  use.kind === 'person' ? reservedPeople.has(use.key) : reservedBusinesses.has(use.key);

/**
 * What the build refuses: an invented name (drawn, or fixed in a video) met in two invented places or by two people of
 * one first name in one place, and an invented name taken from RESERVE. One problem per name, named at its first place
 * in a content file (where an editor fixes it), listing every other. Real names are never a problem: where one repeats
 * an invented name, the invented one yields (nameYields).
 */
export function nameRepeats(uses: NameUse[]): NameProblem[] {
  const problems: NameProblem[] = [];
  for (const group of byName(uses.filter((use) => use.text.origin !== 'real'))) {
    const scopes = [...new Set(group.map((use) => use.text.scope))];
    const clash =
      scopes.length > 1 ||
      group.some((a, i) => group.slice(i + 1).some((b) => a.kind === 'person' && !sameSurname(a.surname, b.surname)));
    if (!clash) continue;
    const first = group.find((use) => contentEntryOf(use.text.file) !== null) ?? group[0]!;
    const others = group.filter((use) => use !== first && !(use.text === first.text && use.written === first.written));
    problems.push({
      file: first.text.file,
      where: first.text.where,
      message: `${nameOf(first)} (${JSON.stringify(first.written)}) is used again: ${[...new Set(others.map(placeOf))].join('; ')}. Every invented person and business shown is another one: give one of them another name`,
    });
  }
  for (const use of uses) {
    if (use.text.origin === 'real' || !isReserved(use)) continue;
    problems.push({
      file: use.text.file,
      where: use.text.where,
      message: `${nameOf(use)} (${JSON.stringify(use.written)}) is kept for the build, which draws an invented name with it where a real name takes its own: give it another name`,
    });
  }
  return problems;
}

/** An invented name as the build draws it instead: its first name (a person) or its distinctive words (a business). */
export interface NameSwap {
  kind: 'person' | 'business';
  /** The name as the check keys it: a first name or a business's words, in lower case. */
  from: string;
  to: string;
}

/** Per invented place (a folder of pictures, a demo site, an example testimonial), the names it draws anew. */
export type NameYields = Record<string, NameSwap[]>;

/**
 * Which invented names yield to real ones, and to what: each invented first name or business that a real name repeats
 * is drawn, in its place only, with the first name of RESERVE that no text uses and no other yield has taken, as long
 * as itself where there is one. A fixed name cannot yield: `warnings` names it with the real one.
 */
export function nameYields(uses: NameUse[]): { yields: NameYields; warnings: string[] } {
  const yields: NameYields = {};
  const warnings: string[] = [];
  const taken = new Set(uses.map((use) => `${use.kind}:${use.key}`));
  const pick = (kind: NameSwap['kind'], from: string) => {
    const pool = kind === 'person' ? RESERVE.people : RESERVE.businesses;
    const free = pool.map((name) => (kind === 'person' ? name.toLowerCase() : businessKey(name)));
    const open = free.filter((key) => !taken.has(`${kind}:${key}`));
    const length = (key: string) => key.replace(/\s/g, '').length;
    const to =
      open.find((key) => length(key) === length(from)) ??
      [...open].sort((a, b) => Math.abs(length(a) - length(from)) - Math.abs(length(b) - length(from)))[0];
    if (!to) throw new Error(`No name of RESERVE is left to draw ${JSON.stringify(from)} with: add some to RESERVE`);
    taken.add(`${kind}:${to}`);
    return to;
  };
  for (const group of byName(uses)) {
    const real = group.filter((use) => use.text.origin === 'real');
    if (!real.length) continue;
    const invented = [...new Set(group.filter((use) => use.text.origin === 'invented').map((use) => use.text.scope))];
    for (const scope of invented) {
      const { kind, key } = group[0]!;
      (yields[scope] ??= []).push({ kind, from: key, to: pick(kind, key) });
    }
    for (const fixed of group.filter((use) => use.text.origin === 'fixed'))
      warnings.push(
        `${nameOf(fixed)} of ${placeOf(fixed)} is also a real name (${placeOf(real[0]!)}), and cannot be drawn anew: render it again with another name`,
      );
  }
  return { yields, warnings };
}

/** `to` written as `written` is: "Priya" gives "Navya", "priya" "navya", "PRIYA" "NAVYA". */
function inCaseOf(written: string, to: string): string {
  if (written === written.toUpperCase() && written !== written.toLowerCase()) return to.toUpperCase();
  if (written === written.toLowerCase()) return to.toLowerCase();
  return to.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/**
 * A text with its place's yielding names drawn anew: a first name as a word, in any case ("Priya", "priya-nair"); a
 * business by its words ("Prana Flow") or run together in an address ("pranaflowyoga.in").
 */
export function yieldText(text: string, swaps: readonly NameSwap[]): string {
  let out = text;
  for (const { kind, from, to } of swaps) {
    const words = from.split(' ');
    const spaced = new RegExp(`(?<![\\p{L}\\d])${words.map(escape).join('[^\\p{L}\\d]+')}(?![\\p{L}\\d])`, 'giu');
    out = out.replace(spaced, (written) => {
      if (kind === 'person') return inCaseOf(written, to);
      // Each word of the business for each word of its new name, the marks between them kept.
      const toWords = to.split(' ');
      let i = 0;
      return written.replace(/[\p{L}\d]+/gu, (word) => inCaseOf(word, toWords[i++] ?? ''));
    });
    if (kind === 'business' && words.length > 1) {
      const together = new RegExp(`(?<![\\p{L}\\d])${escape(words.join(''))}`, 'giu');
      out = out.replace(together, (written) => inCaseOf(written, to.replace(/\s/g, '')));
    }
  }
  return out;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An SVG picture with its place's yielding names drawn anew in its `<text>` elements, its shapes and ids untouched. */
export function yieldSvg(svg: string, swaps: readonly NameSwap[] | undefined): string {
  if (!swaps?.length) return svg;
  return svg.replace(/(<text\b[^>]*>)([\s\S]*?)(<\/text>)/g, (_, open: string, inner: string, close: string) => {
    const drawn = inner.replace(/(^|>)([^<]+)/g, (__, mark: string, words: string) => mark + yieldText(words, swaps));
    return open + drawn + close;
  });
}

/** The place of a drawn picture: the folder of its file ("src/assets/features/member-management"). */
export const pictureScope = (file: string) => file.slice(0, file.lastIndexOf('/'));

// ---------------------------------------------------------------------------------------------------------------
// The texts of each kind of file, as the names check and the build read them

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? entity),
  );

/** Each `<text>` element of an SVG, its words without their tags, and the line it starts on. */
export function svgTexts(file: string, svg: string, origin: NameOrigin = 'invented'): NameText[] {
  const texts: NameText[] = [];
  let count = 0;
  for (const match of svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)) {
    count += 1;
    const text = decode(match[1]!.replace(/<[^>]*>/g, ' ')).trim();
    if (!text) continue;
    const line = svg.slice(0, match.index).split('\n').length;
    texts.push({
      file,
      where: `text element ${count} (line ${line})`,
      scope: pictureScope(file),
      role: 'text',
      text,
      origin,
    });
  }
  return texts;
}

/** The captions of a video's WebVTT file, line by line: fixed, as the video is. */
export function captionTexts(file: string, vtt: string): NameText[] {
  return vtt.split('\n').flatMap((line, i): NameText[] => {
    const text = line.trim();
    if (!text || text.startsWith('WEBVTT') || text.includes('-->') || /^(\d+|NOTE\b.*)$/.test(text)) return [];
    const scope = file.replace(/\.[a-z-]+\.vtt$|\.vtt$/, '');
    return [{ file, where: `line ${i + 1}`, scope, role: 'text', text, origin: 'fixed' }];
  });
}

/** Every string under `value`, with its path. */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (isRecord(value))
    return Object.entries(value).flatMap(([key, item]) => strings(item, path ? `${path}.${key}` : key));
  return [];
}

/** The place of a demo site: the object that holds its `preview`, in its feature page's file. */
export const demoScope = (file: string, path: string) => `${entryScope(file)}, ${path}`;

/** A feature page's demo sites: each object that holds a `preview` is one site, with all its words. */
export function demoTexts(file: string, value: unknown, path = ''): NameText[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => demoTexts(file, item, `${path}[${i}]`));
  if (!isRecord(value)) return [];
  if (!isRecord(value.preview))
    return Object.entries(value).flatMap(([key, item]) => demoTexts(file, item, path ? `${path}.${key}` : key));
  const scope = demoScope(file, path);
  return strings(value, path).map(([field, text]) => ({
    file,
    where: `field ${field}`,
    scope,
    role: field === `${path}.preview.name` ? 'business' : 'text',
    text,
    origin: 'invented',
  }));
}

/**
 * A testimonial's business and the person quoted (its author up to the comma): real, or invented when it is an example
 * of the default content (`example`), which then yields to real names.
 */
export function testimonialTexts(file: string, data: unknown): NameText[] {
  if (!isRecord(data)) return [];
  const origin: NameOrigin = data.example === true ? 'invented' : 'real';
  const texts: NameText[] = [];
  if (typeof data.name === 'string')
    texts.push({ file, where: 'field name', scope: entryScope(file), role: 'business', text: data.name, origin });
  if (typeof data.author === 'string')
    texts.push({
      file,
      where: 'field author',
      scope: entryScope(file),
      role: 'person',
      text: data.author.split(',')[0] ?? '',
      origin,
    });
  return texts;
}

/** The place every byline belongs to: an author signs many posts. */
export const BYLINES = 'the blog bylines';

/** A post's byline: a real author. */
export const bylineText = (file: string, where: string, author: string): NameText => ({
  file,
  where,
  scope: BYLINES,
  role: 'person',
  text: author,
  origin: 'real',
});

/** The people who run the company, from the about page: real. */
export function aboutTexts(file: string, data: unknown): NameText[] {
  const people = isRecord(data) && isRecord(data.company) ? data.company.people : undefined;
  if (!Array.isArray(people)) return [];
  return people.flatMap((person, i): NameText[] =>
    isRecord(person) && typeof person.name === 'string'
      ? [
          {
            file,
            where: `field company.people[${i}].name`,
            scope: entryScope(file),
            role: 'person',
            text: person.name,
            origin: 'real',
          },
        ]
      : [],
  );
}

/** The company's officers, from the site settings: real people. */
export function officerTexts(officers: { setting: string; name: string }[]): NameText[] {
  return officers.map(({ setting, name }) => ({
    file: setting,
    where: 'the site settings',
    scope: `the company's officers`,
    role: 'person',
    text: name,
    origin: 'real',
  }));
}

/**
 * The names drawn into the pictures of a video, which no text of it holds and which cannot be changed without
 * rendering it again; a new video lists its own here. The home tour draws none of its own: its steps are feature
 * screens of src/assets as their files hold them, whose names are read there (a name that gives way on the pages still
 * shows in the tour until it is rendered again).
 */
export const NAMES_IN_VIDEO: { file: string; people: string[]; businesses: string[] }[] = [];

/** The names of the videos: fixed. */
export function videoTexts(): NameText[] {
  return NAMES_IN_VIDEO.flatMap((video) => {
    const scope = video.file.replace(/\.\w+$/, '');
    const text = (role: 'person' | 'business', name: string): NameText => ({
      file: video.file,
      where: 'drawn into the video',
      scope,
      role,
      text: name,
      origin: 'fixed',
    });
    return [
      ...video.people.map((name) => text('person', name)),
      ...video.businesses.map((name) => text('business', name)),
    ];
  });
}
