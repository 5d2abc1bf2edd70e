/**
 * At the start of a build: no invented person or business is shown twice, and none takes a name of the reserve (the
 * names rule says how names are recognised, whose name yields and what counts as twice). It reads the files the build
 * shows names from: the testimonials, the Markdown posts' bylines, the people of the about page, the company's
 * grievance officer in the site settings, the demo sites of the feature pages (`preview`), the text of every SVG
 * picture (the drawn ones and those served as files), the captions of the videos and the names drawn into the tour
 * video. A problem stops the build, naming both places. Real names never do: where one repeats an invented name, the
 * pages draw the invented one anew (readNameYields), the blog API's authors included.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { site } from '../config/site';
import {
  aboutTexts,
  bylineText,
  captionTexts,
  demoTexts,
  nameRepeats,
  nameUses,
  officerTexts,
  svgTexts,
  testimonialTexts,
  videoTexts,
  type NameText,
} from '../lib/names';
import { readContentFiles } from '../data/content-files';

const PICTURE_FOLDERS = ['src/assets', 'public/media'];

/** Files under `folder` (from the project root) whose names end with `ending`; none when the folder is missing. */
async function filesUnder(root: string, folder: string, ending: string): Promise<string[]> {
  const names = await readdir(join(root, folder), { recursive: true }).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith(ending))
    .map((name) => `${folder}/${name.split('\\').join('/')}`)
    .sort();
}

/**
 * The company's grievance officer, a person every footer names (the personal data contact may be a role, such as
 * "Data Protection Officer", and is left out).
 */
export const officers = () => [{ setting: 'PUBLIC_GRIEVANCE_OFFICER_NAME', name: site.company.grievance.name }];

/** Every text that may name a person or a business, from the files of the project at `root`. */
export async function nameTexts(root: string): Promise<NameText[]> {
  const texts: NameText[] = [];
  for (const { path, collection, data } of readContentFiles(root, ['testimonials', 'blog', 'features', 'about'])) {
    if (collection === 'testimonials') texts.push(...testimonialTexts(path, data));
    else if (collection === 'blog') {
      const author = (data as { author?: unknown }).author;
      if (typeof author === 'string') texts.push(bylineText(path, 'field author', author));
    } else if (collection === 'features') texts.push(...demoTexts(path, data));
    else texts.push(...aboutTexts(path, data));
  }
  texts.push(...officerTexts(officers()));
  // The pictures of public/ are served as they are: their names cannot be drawn anew.
  for (const folder of PICTURE_FOLDERS) {
    for (const file of await filesUnder(root, folder, '.svg'))
      texts.push(
        ...svgTexts(file, await readFile(join(root, file), 'utf8'), folder === 'public/media' ? 'fixed' : 'invented'),
      );
  }
  for (const file of await filesUnder(root, 'public/media', '.vtt'))
    texts.push(...captionTexts(file, await readFile(join(root, file), 'utf8')));
  texts.push(...videoTexts());
  return texts;
}

/** The names the build refuses as one message, or null when there are none. */
export async function repeatedNames(root: string): Promise<string | null> {
  const problems = nameRepeats(nameUses(await nameTexts(root)));
  if (problems.length === 0) return null;
  return [
    'An invented name shown twice (src/lib/names.ts; docs/content.md, "Names"):',
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
