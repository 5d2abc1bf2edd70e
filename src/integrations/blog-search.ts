/**
 * After the build: indexes the blog posts for search with Pagefind's Node API and writes the index to
 * dist/pagefind/ (pagefind.js, its WebAssembly and the index chunks the browser fetches on demand). Only post pages
 * are indexed: the article of a post carries data-pagefind-body, its category a data-pagefind-filter, its image and
 * date data-pagefind-meta (src/components/blog/BlogArticle.astro).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

/** Where the index is written inside the build, and where the search island loads it from. */
export const SEARCH_BUNDLE_DIR = 'pagefind';

export function blogSearch(): AstroIntegration {
  return {
    name: 'blog-search',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        try {
          const { index, errors } = await pagefind.createIndex({});
          if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
          const added = await index.addDirectory({ path: root, glob: 'blog/**/*.html' });
          if (added.errors.length) throw new Error(`Pagefind could not index the posts: ${added.errors.join('; ')}`);
          const written = await index.writeFiles({ outputPath: join(root, SEARCH_BUNDLE_DIR) });
          if (written.errors.length)
            throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
          logger.info(`${added.page_count} posts indexed for search in ${SEARCH_BUNDLE_DIR}/`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
