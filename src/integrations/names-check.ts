/**
 * At the start of a build: no person or business is shown twice (src/lib/names.ts says how names are recognised and
 * what counts as twice). It reads the testimonials, the blog's bylines (the Markdown posts, the blog API's fixture
 * posts that the test build shows and the authors of the posts it generates for the benchmark), the demo sites of the feature pages (`preview`), the text of every SVG picture
 * under src/assets and public/media, the captions of the videos and the names drawn into the tour video (NAMES_IN_VIDEO).
 * A repeat stops the build, naming both places.
 */
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { nameRepeats, nameUses, type NameText } from '../lib/names';
import { readContentTree } from './pricing-check';
import { GENERATED_AUTHORS } from '../../scripts/blog-api.mjs';

/**
 * The names drawn into the pictures of a video, which no text of it holds and which cannot be changed without
 * rendering it again: the tour video's demo studio (typed into its first step, with its subdomain) and the payments
 * of its fourth step. A new video lists its own here.
 */
export const NAMES_IN_VIDEO: { file: string; people: string[]; businesses: string[] }[] = [
  {
    file: 'public/media/home/tour.webm',
    people: ['Riya K.', 'Arjun N.', 'Sneha R.', 'Dev M.'],
    businesses: ['Prana Flow'],
  },
];

/** The blog API's fixture posts that the test build shows (its hostile records are no one's byline). */
const BLOG_FIXTURES = ['tests/fixtures/blog/posts.json', 'tests/fixtures/blog/unlisted.json'];
const PICTURE_FOLDERS = ['src/assets', 'public/media'];
const BYLINES = 'the blog bylines';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Files under `folder` (from the project root) whose names end with `ending`; none when the folder is missing. */
async function filesUnder(root: string, folder: string, ending: string): Promise<string[]> {
  const names = await readdir(join(root, folder), { recursive: true }).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith(ending))
    .map((name) => `${folder}/${name.split('\\').join('/')}`)
    .sort();
}

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
export function svgTexts(file: string, svg: string): NameText[] {
  const texts: NameText[] = [];
  let count = 0;
  for (const match of svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)) {
    count += 1;
    const text = decode(match[1]!.replace(/<[^>]*>/g, ' ')).trim();
    if (!text) continue;
    const line = svg.slice(0, match.index).split('\n').length;
    texts.push({ file, where: `text element ${count} (line ${line})`, scope: dirname(file), role: 'text', text });
  }
  return texts;
}

/** The captions of a WebVTT file, line by line. */
function captionTexts(file: string, vtt: string): NameText[] {
  return vtt.split('\n').flatMap((line, i): NameText[] => {
    const text = line.trim();
    if (!text || text.startsWith('WEBVTT') || text.includes('-->') || /^(\d+|NOTE\b.*)$/.test(text)) return [];
    return [{ file, where: `line ${i + 1}`, scope: file.replace(/\.[a-z-]+\.vtt$|\.vtt$/, ''), role: 'text', text }];
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

/** A feature page's demo sites: each object that holds a `preview` is one site, with all its words. */
function demoTexts(file: string, value: unknown, path = ''): NameText[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => demoTexts(file, item, `${path}[${i}]`));
  if (!isRecord(value)) return [];
  if (!isRecord(value.preview))
    return Object.entries(value).flatMap(([key, item]) => demoTexts(file, item, path ? `${path}.${key}` : key));
  const scope = `${file}, ${path}`;
  return strings(value, path).map(([field, text]) => ({
    file,
    where: `field ${field}`,
    scope,
    role: field === `${path}.preview.name` ? 'business' : 'text',
    text,
  }));
}

/** Every text that may name a person or a business, from the files of the project at `root`. */
export async function nameTexts(root: string): Promise<NameText[]> {
  const texts: NameText[] = [];
  for (const { path, data } of await readContentTree(root)) {
    if (!isRecord(data)) continue;
    if (path.startsWith('src/content/testimonials/')) {
      if (typeof data.name === 'string')
        texts.push({ file: path, where: 'field name', scope: path, role: 'business', text: data.name });
      if (typeof data.author === 'string')
        texts.push({
          file: path,
          where: 'field author',
          scope: path,
          role: 'person',
          text: data.author.split(',')[0] ?? '',
        });
    } else if (path.startsWith('src/content/blog/') && typeof data.author === 'string') {
      texts.push({ file: path, where: 'field author', scope: BYLINES, role: 'person', text: data.author });
    } else if (path.startsWith('src/content/features/')) {
      texts.push(...demoTexts(path, data));
    }
  }
  for (const file of BLOG_FIXTURES) {
    const posts = JSON.parse(await readFile(join(root, file), 'utf8').catch(() => '[]')) as unknown;
    if (!Array.isArray(posts)) continue;
    posts.forEach((post, i) => {
      if (isRecord(post) && typeof post.author === 'string')
        texts.push({ file, where: `field [${i}].author`, scope: BYLINES, role: 'person', text: post.author });
    });
  }
  for (const text of GENERATED_AUTHORS)
    texts.push({ file: 'scripts/blog-api.mjs', where: 'GENERATED_AUTHORS', scope: BYLINES, role: 'person', text });
  for (const folder of PICTURE_FOLDERS) {
    for (const file of await filesUnder(root, folder, '.svg'))
      texts.push(...svgTexts(file, await readFile(join(root, file), 'utf8')));
  }
  for (const file of await filesUnder(root, 'public/media', '.vtt'))
    texts.push(...captionTexts(file, await readFile(join(root, file), 'utf8')));
  for (const video of NAMES_IN_VIDEO) {
    const scope = video.file.replace(/\.\w+$/, '');
    for (const text of video.people)
      texts.push({ file: video.file, where: 'drawn into the video', scope, role: 'person', text });
    for (const text of video.businesses)
      texts.push({ file: video.file, where: 'drawn into the video', scope, role: 'business', text });
  }
  return texts;
}

/** The repeated names as one message, or null when there are none. */
export async function repeatedNames(root: string): Promise<string | null> {
  const problems = nameRepeats(nameUses(await nameTexts(root)));
  if (problems.length === 0) return null;
  return [
    'A name shown twice (src/lib/names.ts; docs/content.md, "Names"):',
    ...problems.map(({ file, where, message }) => `  ${file}, ${where}: ${message}`),
  ].join('\n');
}

export function namesCheck(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'names-check',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': async () => {
        const problems = await repeatedNames(root);
        if (problems) throw new Error(problems);
      },
    },
  };
}
