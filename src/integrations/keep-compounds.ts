/**
 * After the build: in every page, each hyphenated compound of the text ("One-on-one", "first-come") is kept on one line
 * (src/lib/compounds.ts), so that no heading or sentence breaks after a compound's hyphen. One pass over the built
 * pages covers every word of every page, whatever component wrote it: content, blog posts from Markdown or the blog
 * API, the 404 page's template for posts fetched at runtime, and the experiments' variant pages. The islands keep
 * theirs themselves (their script renders their text again).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { keepCompoundsWhole } from '../lib/compounds';
import { htmlFiles } from './dist-pages.mjs';

export function keepCompounds(): AstroIntegration {
  return {
    name: 'keep-compounds',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let changed = 0;
        for (const file of htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const kept = keepCompoundsWhole(html);
          if (kept !== html) {
            await writeFile(file, kept);
            changed += 1;
          }
        }
        logger.info(`hyphenated compounds kept on one line in ${changed} page(s)`);
      },
    },
  };
}
