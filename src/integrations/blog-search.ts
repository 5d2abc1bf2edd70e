/**
 * After the build: indexes the blog posts for search with Pagefind's Node API and writes the index to
 * dist/pagefind/ (pagefind.js, its WebAssembly and the index chunks the browser fetches on demand). Only post pages
 * are indexed: the article of a post carries data-pagefind-body, its category a data-pagefind-filter, its image and
 * date data-pagefind-meta (src/components/blog/BlogArticle.astro). Once written, the index is checked as the browser
 * will read it (search-index-check.ts); a broken one stops the build, naming each bad file.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { checkSearchIndex } from './search-index-check';

/** Where the index is written inside the build, and where the search island loads it from. */
export const SEARCH_BUNDLE_DIR = 'pagefind';
/** The folder of the post pages (/blog/{id}): nothing else is written there (docs/blog.md). */
export const POSTS_DIR = 'blog';

/**
 * The number of post pages among the pages the build wrote (Astro's `pathname`s: "blog/x", "blogs/2"). The index must
 * hold each of them, and is empty only when there are none.
 */
export function postsBuilt(pages: { pathname: string }[]): number {
  return pages.filter(({ pathname }) => pathname.startsWith(`${POSTS_DIR}/`)).length;
}

export function blogSearch(): AstroIntegration {
  return {
    name: 'blog-search',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const root = fileURLToPath(dir);
        // Counted from the pages Astro wrote, not from what Pagefind found, so a post left out of the index is seen.
        const posts = postsBuilt(pages);
        const out = join(root, SEARCH_BUNDLE_DIR);
        try {
          const { index, errors } = await pagefind.createIndex({});
          if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
          const added = await index.addDirectory({ path: root, glob: `${POSTS_DIR}/**/*.html` });
          if (added.errors.length) throw new Error(`Pagefind could not index the posts: ${added.errors.join('; ')}`);
          const wrote = await index.writeFiles({ outputPath: out });
          if (wrote.errors.length) throw new Error(`Pagefind could not write its index: ${wrote.errors.join('; ')}`);
        } finally {
          await pagefind.close();
        }
        const problems = checkSearchIndex(out, posts);
        if (problems.length) {
          const named = problems.map(({ file, problem }) => `${join(out, file)} ${problem}`).join('; ');
          throw new Error(`The search index is broken: ${named}`);
        }
        logger.info(`${posts} posts indexed for search in ${SEARCH_BUNDLE_DIR}/ (checked)`);
      },
    },
  };
}
