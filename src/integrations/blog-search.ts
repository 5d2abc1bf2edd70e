/**
 * After the build: indexes the blog posts for search with Pagefind's Node API and writes the index to
 * dist/pagefind/ (pagefind.js, its WebAssembly and the index chunks the browser fetches on demand). Pagefind writes
 * one index per `<html lang>`, each stemmed in its language, and the search island's page loads its own language's
 * (Pagefind reads the page's lang). Only post pages, of every language, are indexed: the article of a post carries data-pagefind-body, its category a data-pagefind-filter, its image and
 * date data-pagefind-meta (src/components/blog/BlogArticle.astro). Once written, the index is checked as the browser
 * will read it (search-index-check.ts); a broken one stops the build, naming each bad file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { langOf, LOCALES, localePath, type Locale } from '../lib/i18n/locales';
import { checkSearchIndex, SEARCH_ENTRY } from './search-index-check';

/** Where the index is written inside the build, and where the search island loads it from. */
export const SEARCH_BUNDLE_DIR = 'pagefind';
/** The folder of the post pages (/blog/{id}): nothing else is written there (docs/blog.md). */
export const POSTS_DIR = 'blog';

/** The folder of each language's post pages in the build: "blog" for English, "hi/blog" for Hindi. */
export const postsDirs = (Object.keys(LOCALES) as Locale[]).map(
  (locale) => [locale, localePath(locale, `/${POSTS_DIR}`).slice(1)] as const,
);

/**
 * The post pages of each language among the pages the build wrote (Astro's `pathname`s: "blog/x", "hi/blog/y",
 * "blogs/2"), by the `lang` of their pages. The index must hold each of them in its language's index.
 */
export function postsByLang(pages: { pathname: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [locale, dir] of postsDirs) {
    const count = pages.filter(({ pathname }) => pathname.startsWith(`${dir}/`)).length;
    if (count) out[langOf(locale)] = count;
  }
  return out;
}

/** The number of post pages, of every language, among the pages the build wrote. */
export function postsBuilt(pages: { pathname: string }[]): number {
  return Object.values(postsByLang(pages)).reduce((sum, count) => sum + count, 0);
}

/**
 * What the index holds of each language that differs from the posts built in it: Pagefind writes one index per
 * `<html lang>` (and stems each language's words its own way), and the search island searches its page's, so an
 * English post in the Hindi index, or a Hindi post missing from it, is a search that finds the wrong posts.
 */
export function languageProblems(out: string, byLang: Record<string, number>): string[] {
  const entry = JSON.parse(readFileSync(join(out, SEARCH_ENTRY), 'utf8')) as {
    languages?: Record<string, { page_count?: number }>;
  };
  const languages = entry.languages ?? {};
  const langs = [...new Set([...Object.keys(languages), ...Object.keys(byLang)])].sort();
  return langs.flatMap((lang) => {
    const indexed = languages[lang]?.page_count ?? 0;
    const built = byLang[lang] ?? 0;
    return indexed === built ? [] : [`its "${lang}" index holds ${indexed} pages, not the ${built} posts built in it`];
  });
}

export function blogSearch(): AstroIntegration {
  return {
    name: 'blog-search',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const root = fileURLToPath(dir);
        // Counted from the pages Astro wrote, not from what Pagefind found, so a post left out of the index is seen.
        const byLang = postsByLang(pages);
        const posts = postsBuilt(pages);
        const out = join(root, SEARCH_BUNDLE_DIR);
        try {
          const { index, errors } = await pagefind.createIndex({});
          if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
          const glob = `{${postsDirs.map(([, dir]) => dir).join(',')}}/**/*.html`;
          const added = await index.addDirectory({ path: root, glob });
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
        const wrong = languageProblems(out, byLang);
        if (wrong.length) throw new Error(`The search index is broken: ${join(out, SEARCH_ENTRY)} ${wrong.join('; ')}`);
        const each = Object.entries(byLang).map(([lang, count]) => `${count} ${lang}`);
        logger.info(
          `${posts} posts indexed for search in ${SEARCH_BUNDLE_DIR}/${each.length > 1 ? ` (${each.join(', ')})` : ''} (checked)`,
        );
      },
    },
  };
}
