/**
 * Every person and business the site shows by name is another one: a customer quoted in a testimonial, a blog author,
 * a demo studio and its people, a member in a drawn product screen. A first name met twice (two Meeras) or a business
 * met twice (a quoted customer who is also the dashboard's demo studio) makes the proof look made up, so the build
 * stops on it (src/integrations/names-check.ts reads the files; this module finds the names and the repeats).
 *
 * How a name is recognised:
 *
 * - in a field that holds one (a testimonial's `name` and the part of its `author` before the comma, a blog post's
 *   `author`, a demo site's `preview.name`, a name written into a video): as it is;
 * - in any other text (an SVG's `<text>`, a demo's sentences, a video's captions): a capitalised word that is a first
 *   name the structured fields use or one of FIRST_NAMES, or any capitalised word followed by one of SURNAMES
 *   ("Tejas Kulkarni"); in an address ("pay.example/nikita") a first name between dots, slashes or hyphens; and a
 *   business by its name up to its first word of a kind (Yoga, Studio, House...), in words or, in an address, run
 *   together ("Prana Flow" in "pranaflowyoga.in").
 *
 * What counts as twice: each name belongs to one place (a scope): one testimonial, the blog's bylines (an author
 * signs many posts), one demo site, one video, or the pictures of one folder (one page's screens tell one story: the
 * member in a list is the one whose notes open next). A first name or a business in two places is a repeat; so are two
 * people of one first name in one place ("Arjun Nair" and "Arjun Das").
 */

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
}

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
const NO_ONE = new Set([
  'www',
  'app',
  'pay',
  'mail',
  'api',
  'academy',
  'yourbrand',
  'yourname',
  'example',
  'communiti',
]);
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
        if (firstNames.has(part)) uses.push({ kind: 'person', key: part, written: raw, text });
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
  const firstNames = new Set<string>(FIRST_NAMES.map((name) => name.toLowerCase()));
  const surnames = new Set<string>(SURNAMES);
  const businesses = new Set<string>();
  for (const text of texts) {
    if (text.role === 'person') {
      const use = personUse(text);
      if (use) firstNames.add(use.key);
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

/**
 * The repeats: one problem per name met in two places, or by two people in one place, named at its first place in a
 * content file (where an editor fixes it) and listing every other.
 */
export function nameRepeats(uses: NameUse[]): NameProblem[] {
  const groups = new Map<string, NameUse[]>();
  for (const use of uses) {
    const id = `${use.kind}:${use.key}`;
    groups.set(id, [...(groups.get(id) ?? []), use]);
  }
  const problems: NameProblem[] = [];
  for (const group of groups.values()) {
    const scopes = [...new Set(group.map((use) => use.text.scope))];
    const clash =
      scopes.length > 1 ||
      group.some((a, i) => group.slice(i + 1).some((b) => a.kind === 'person' && !sameSurname(a.surname, b.surname)));
    if (!clash) continue;
    const first = group.find((use) => use.text.file.startsWith('src/content/')) ?? group[0]!;
    const others = group.filter((use) => use !== first && !(use.text === first.text && use.written === first.written));
    const what =
      first.kind === 'person'
        ? `the first name ${JSON.stringify(first.key.replace(/^./, (c) => c.toUpperCase()))}`
        : `the business ${JSON.stringify(first.written)}`;
    problems.push({
      file: first.text.file,
      where: first.text.where,
      message: `${what} (${JSON.stringify(first.written)}) is used again: ${[...new Set(others.map(placeOf))].join('; ')}. Every person and business shown is another one: give one of them another name`,
    });
  }
  return problems;
}
