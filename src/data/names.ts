/**
 * Real names win: the invented names that real ones repeat, and what the build draws them with instead (nameYields),
 * from what the build shows. Real: every post's byline as the blog collection holds it (the Markdown posts, or the
 * blog API's, the benchmark's and the test build's made-up posts included), the testimonials that are no example, the
 * people of the about page and the company's grievance officer. Invented: the drawn pictures the pages write in, the
 * feature pages' demo sites and the example testimonials. Fixed: the videos' names and captions and the pictures
 * served as files, which are only warned of. Worked out once a build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getCollection, getEntry } from 'astro:content';
import { site } from '../config/site';
import { contentPath } from '../lib/content-paths';
import {
  aboutTexts,
  bylineText,
  captionTexts,
  demoScope,
  demoTexts,
  nameUses,
  nameYields,
  officerTexts,
  svgTexts,
  testimonialTexts,
  videoTexts,
  yieldText,
  type NameText,
  type NameYields,
} from '../lib/names';

// Each drawn picture's source by its file, as the pages draw them.
const pictures = import.meta.glob<string>('../assets/**/*.svg', { query: '?raw', import: 'default', eager: true });

/** The files of public/media ending with `ending`, with their text. */
function mediaFiles(ending: string): [string, string][] {
  return readdirSync('public/media', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ending))
    .sort()
    .map((name) => [`public/media/${name.split('\\').join('/')}`, readFileSync(`public/media/${name}`, 'utf8')]);
}

async function texts(): Promise<NameText[]> {
  const [posts, testimonials, features, about] = await Promise.all([
    getCollection('blog'),
    getCollection('testimonials'),
    getCollection('features'),
    getEntry('about', 'about-us'),
  ]);
  return [
    ...posts.map((post) => bylineText(`the blog's post ${post.id}`, 'field author', post.data.author)),
    ...testimonials.flatMap((entry) => testimonialTexts(contentPath('testimonials', entry.id), entry.data)),
    ...features.flatMap((entry) => demoTexts(contentPath('features', entry.id), entry.data)),
    ...(about ? aboutTexts(contentPath('about', 'about-us'), about.data) : []),
    ...officerTexts([{ setting: 'PUBLIC_GRIEVANCE_OFFICER_NAME', name: site.company.grievance.name }]),
    ...Object.entries(pictures).flatMap(([path, svg]) => svgTexts(path.replace(/^\.\.\//, 'src/'), svg)),
    ...mediaFiles('.svg').flatMap(([file, svg]) => svgTexts(file, svg, 'fixed')),
    ...mediaFiles('.vtt').flatMap(([file, vtt]) => captionTexts(file, vtt)),
    ...videoTexts(),
  ];
}

let yields: Promise<NameYields> | undefined;

/** Per invented place, the names it draws anew; the build says once which, and warns of a fixed name that cannot. */
export function readNameYields(): Promise<NameYields> {
  yields ??= texts().then((all) => {
    const found = nameYields(nameUses(all));
    for (const [place, swaps] of Object.entries(found.yields))
      console.info(
        `[names] ${place} gives way to real names: ${swaps.map(({ from, to }) => `${from} is drawn as ${to}`).join(', ')}`,
      );
    for (const warning of found.warnings) console.warn(`[names] ${warning}`);
    return found.yields;
  });
  return yields;
}

/** An image's metadata (a logo, a photo) or an address, which keep their names: only words are drawn anew. */
const KEEP = new Set(['id', 'link', 'to', 'href', 'src', 'logo', 'photo', 'image']);

/** `value` with the words under each invented place of `file` (a demo site, an example testimonial) drawn anew. */
export function withYields<T>(value: T, file: string, all: NameYields): T {
  const places = Object.keys(all);
  return places.some((place) => place === file || place.startsWith(`${file}, `)) ? drawnAnew(value, file, all) : value;
}

function drawnAnew<T>(value: T, file: string, all: NameYields, path = '', inPlace = all[file]): T {
  const swaps = (path && all[demoScope(file, path)]) || inPlace;
  if (typeof value === 'string') return (swaps ? yieldText(value, swaps) : value) as T;
  if (Array.isArray(value)) return value.map((item, i) => drawnAnew(item, file, all, `${path}[${i}]`, swaps)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value).map(([key, item]) => [
      key,
      KEEP.has(key) ? item : drawnAnew(item, file, all, path ? `${path}.${key}` : key, swaps),
    ]);
    return Object.fromEntries(entries) as T;
  }
  return value;
}
