/**
 * After the build: indexes the blog posts for search with Pagefind's Node API and writes the index to
 * dist/pagefind/ (pagefind.js, its WebAssembly and the index chunks the browser fetches on demand). Only post pages
 * are indexed: the article of a post carries data-pagefind-body, its category a data-pagefind-filter, its image and
 * date data-pagefind-meta (src/components/blog/BlogArticle.astro).
 *
 * The files are taken from Pagefind in memory and written here: Pagefind 1.5's own writeFiles answers before its
 * writes reach the disk, and closing it then can leave a file empty (docs/blog.md). The index is checked once written.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
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

/** One file of the index: its path inside the index folder and its bytes. */
export interface SearchFile {
  path: string;
  content: Uint8Array;
}

/** Replaces the folder `dir` with `files`, each write awaited. */
export async function writeSearchFiles(dir: string, files: SearchFile[]): Promise<void> {
  const root = resolve(dir);
  const paths = files.map((file) => {
    const path = resolve(root, file.path);
    if (!path.startsWith(root + sep)) throw new Error(`Pagefind named a file outside its folder: ${file.path}`);
    return path;
  });
  await rm(root, { recursive: true, force: true });
  for (const [i, path] of paths.entries()) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, files[i]!.content);
  }
}

/**
 * Writes the index and checks it against the `posts` the build wrote; a failed check is logged and the write made once
 * more; a second failure stops the build, naming each bad file. `write` is the writer (a parameter so a test can make
 * it fail).
 */
export async function writeCheckedIndex(
  dir: string,
  files: SearchFile[],
  posts: number,
  logger: Pick<AstroIntegrationLogger, 'warn'>,
  write = writeSearchFiles,
): Promise<void> {
  const describe = () =>
    checkSearchIndex(dir, posts)
      .map(({ file, problem }) => `${join(dir, file)} ${problem}`)
      .join('; ');
  await write(dir, files);
  const first = describe();
  if (!first) return;
  logger.warn(`The search index failed its check, writing it once more: ${first}`);
  await write(dir, files);
  const second = describe();
  if (second) throw new Error(`The search index is broken: ${second}`);
}

export function blogSearch(): AstroIntegration {
  return {
    name: 'blog-search',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const root = fileURLToPath(dir);
        // Counted from the pages Astro wrote, not from what Pagefind found, so a post left out of the index is seen.
        const posts = postsBuilt(pages);
        let files: SearchFile[];
        try {
          const { index, errors } = await pagefind.createIndex({});
          if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
          const added = await index.addDirectory({ path: root, glob: `${POSTS_DIR}/**/*.html` });
          if (added.errors.length) throw new Error(`Pagefind could not index the posts: ${added.errors.join('; ')}`);
          const built = await index.getFiles();
          if (built.errors.length) throw new Error(`Pagefind could not build its index: ${built.errors.join('; ')}`);
          files = built.files;
        } finally {
          await pagefind.close();
        }
        await writeCheckedIndex(join(root, SEARCH_BUNDLE_DIR), files, posts, logger);
        logger.info(`${posts} posts indexed for search in ${SEARCH_BUNDLE_DIR}/ (${files.length} files, checked)`);
      },
    },
  };
}
