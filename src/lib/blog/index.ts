/**
 * The blog's structure, computed once per build from the posts (newest first) and the categories: page sizes, the
 * category slugs, the posts of each category, each post's neighbours by date and its related posts. Every page reads
 * from this instead of scanning every post, so the build's work grows linearly with the number of posts.
 * Pure TypeScript, no Astro imports: unit-tested in tests/unit/blog-index.test.ts.
 */
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales';
import { rulesOf } from '../i18n/rules';
import { truncateText, unsafeIdReason } from './post';

/**
 * Posts per list page. 12 fills whole rows at 1, 2, 3, 4 and 6 columns (the grid's widths), and keeps a list page's
 * HTML small and the same size however many posts there are.
 */
export const PAGE_SIZE = 12;

/** Related posts under a post, from the same category. */
export const RELATED_COUNT = 3;

/** Posts in the feed (rss.xml), newest first. */
export const FEED_SIZE = 50;

/** Reading speed behind an English post's "{minutes} min read" (each language's is in its copy rules). */
export const WORDS_PER_MINUTE = rulesOf(DEFAULT_LOCALE).wordsPerMinute;

/** The longest category slug kept from a name. */
const MAX_SLUG_LENGTH = 60;

export interface CategoryRef {
  id: string;
  name: string;
}

export interface CategoryPage extends CategoryRef {
  /** A URL segment of /blogs/category/{slug}: lower-case letters, digits and hyphens only, unique. */
  slug: string;
}

/**
 * A category name as a URL segment: accents dropped, lower case, every run of other characters one hyphen, cut to
 * MAX_SLUG_LENGTH. Empty when nothing usable is left (a name in another script, or only symbols).
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/**
 * One slug per category, in the categories' order. A name with nothing usable becomes "category-{n}" (n its 1-based
 * position); a slug that is not a safe URL segment (see unsafeIdReason) or already taken gets "-2", "-3"... appended.
 */
export function categorySlugs(categories: CategoryRef[]): CategoryPage[] {
  const taken = new Set<string>();
  return categories.map((category, index) => {
    const base = slugify(category.name) || `category-${index + 1}`;
    let slug = base;
    for (let n = 2; taken.has(slug) || unsafeIdReason(slug) !== null; n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    return { ...category, slug };
  });
}

/** The path of list page `page` (1-based) under `base` ("/blogs" or "/blogs/category/{slug}"). */
export function listPagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base}/${page}`;
}

export const categoryPath = (slug: string) => `/blogs/category/${slug}`;

/** The numbers a pagination bar shows: the first, the last, and `around` on each side of the current; null is a gap. */
export function pageWindow(current: number, last: number, around = 2): (number | null)[] {
  const shown = new Set([1, last]);
  for (let n = current - around; n <= current + around; n += 1) if (n >= 1 && n <= last) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) out.push(n - previous === 2 ? n - 1 : null);
    out.push(n);
  });
  return out;
}

/** The longest sanitised short description a card prints as it is; a longer one is cut as plain text. */
export const CARD_SUMMARY_MAX_HTML = 400;
/** Where a long short description is cut on a card, in characters of plain text. */
export const CARD_SUMMARY_MAX_TEXT = 200;

/**
 * What a card prints under its title: the sanitised short description, or, when it is longer than
 * CARD_SUMMARY_MAX_HTML, the post's plain-text excerpt cut at a word, so that a list page's size is bounded whatever
 * the blog API sends.
 */
export function cardSummary(shortHtml: string, excerpt: string): { html: string } | { text: string } {
  if (shortHtml.trim() && shortHtml.length <= CARD_SUMMARY_MAX_HTML) return { html: shortHtml };
  return { text: truncateText(excerpt, CARD_SUMMARY_MAX_TEXT) };
}

/**
 * Minutes to read `words` words of a post in `locale` at its language's reading speed, to the nearest minute, at least
 * 1. Rounded up, a post of 250 words (a minute and a few seconds) read "2 min read" like one of 450, and the blog's
 * short posts all said the same.
 */
export function readingMinutes(words: number, locale: Locale = DEFAULT_LOCALE): number {
  return Math.max(1, Math.round(words / rulesOf(locale).wordsPerMinute));
}

/** Words in sanitised markup (tags and entities count as spaces). */
export function countWords(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[#\w]+;/g, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export interface BlogIndex<P> {
  posts: P[];
  categories: CategoryPage[];
  /** Category id -> its posts, newest first. */
  byCategory: Map<string, P[]>;
  /** The category page of a category id, when the categories list names it. */
  categoryOf: Map<string, CategoryPage>;
  /** Post -> the next newer and next older post, by date. */
  neighbours: (post: P) => { newer: P | null; older: P | null };
  /** Post -> up to RELATED_COUNT posts of its category, nearest in date first. */
  related: (post: P) => P[];
}

/**
 * Builds the index in one pass over the posts. `posts` are newest first; `categoryId` reads a post's category id.
 */
export function buildBlogIndex<P>(
  posts: P[],
  categories: CategoryRef[],
  categoryId: (post: P) => string,
): BlogIndex<P> {
  const pages = categorySlugs(categories);
  const byCategory = new Map<string, P[]>();
  const position = new Map<P, { all: number; inCategory: number }>();
  posts.forEach((post, all) => {
    const id = categoryId(post);
    let list = byCategory.get(id);
    if (!list) byCategory.set(id, (list = []));
    position.set(post, { all, inCategory: list.length });
    list.push(post);
  });
  const where = (post: P) => {
    const found = position.get(post);
    if (!found) throw new Error('buildBlogIndex: a post that is not in the index');
    return found;
  };
  return {
    posts,
    categories: pages,
    byCategory,
    categoryOf: new Map(pages.map((c) => [c.id, c])),
    neighbours: (post) => {
      const { all } = where(post);
      return { newer: posts[all - 1] ?? null, older: posts[all + 1] ?? null };
    },
    related: (post) => {
      const { inCategory } = where(post);
      const list = byCategory.get(categoryId(post)) ?? [];
      const out: P[] = [];
      // Alternate outwards from the post: the nearest in date first, newer before older at the same distance.
      for (let d = 1; out.length < RELATED_COUNT && (inCategory - d >= 0 || inCategory + d < list.length); d += 1) {
        for (const i of [inCategory - d, inCategory + d]) {
          const candidate = list[i];
          if (candidate !== undefined && out.length < RELATED_COUNT) out.push(candidate);
        }
      }
      return out;
    },
  };
}
