/**
 * The blog's search-and-filter island: words and a category, matched against every post of the blog (not just the
 * current page) through the Pagefind index the build writes to /pagefind/, in the page's language. Hydrated with client:interact: the form is
 * server-rendered HTML, and nothing runs until the visitor focuses, presses or types in it; what was typed before that
 * is adopted on mount (hooks/useEarlyInput, shared by every island). The index's script is loaded from the site on the first search.
 *
 * Keyboard: Enter searches without leaving the page, Escape clears the words, the results are links in tab order.
 * The number of results is announced politely.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { pagePath } from '../lib/routes';
import { entryNumber } from '../lib/blog/post';
import { formatLongDate } from '../lib/format';
import { useEarlyInput } from './hooks/useEarlyInput';
import { keepWhole } from './keep-whole';

export interface BlogSearchProps {
  /** Categories in the category bar's order (the index filters by id, so two with one name stay apart). */
  categories: { id: string; name: string }[];
  /** The category id of the page the island is on ("" on /blogs). */
  initialCategory: string;
  /**
   * How many posts of the page's language the search index holds. Pagefind searches the index of the page's
   * `<html lang>` (one per language, each stemmed its own way), and one with no index of that language would search
   * the largest instead: with none (a blog without posts, a language without posts yet, or one built during an API
   * outage) every search finds nothing and Pagefind is never loaded.
   */
  posts: number;
  labels: {
    label: string;
    placeholder: string;
    categoryLabel: string;
    submit: string;
    resultsHeading: string;
    searching: string;
    foundOne: string;
    foundMany: string;
    showing: string;
    /** The category option for every post ("All"), none found ("No blogs found"), the cards' labels. */
    all: string;
    empty: string;
    noImage: string;
    viewMore: string;
  };
}

/** Results shown at once; the count covers them all. */
export const MAX_RESULTS = 24;
/** Pause after the last key before searching. */
const DEBOUNCE_MS = 200;

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string; image?: string; image_alt?: string; date?: string; category?: string };
}
interface Pagefind {
  options: (options: { noWorker?: boolean; excerptLength?: number }) => Promise<void>;
  init: () => Promise<void> | void;
  search: (
    query: string | null,
    options?: { filters?: Record<string, string>; sort?: Record<string, 'asc' | 'desc'> },
  ) => Promise<{ results: { id: string; data: () => Promise<PagefindResultData> }[] } | null>;
}

let pagefind: Promise<Pagefind> | undefined;
function loadPagefind(): Promise<Pagefind> {
  // Where the build writes Pagefind's script (src/integrations/blog-search.ts); external to the bundle
  // (astro.config.mjs), so the page budgets see this import and count the script.
  pagefind ??=
    // @ts-expect-error: a file of the built site, not a module of the project (typed by the Pagefind interface above).
    (import(/* @vite-ignore */ '/pagefind/pagefind.js') as Promise<Pagefind>).then(async (module) => {
      // On the page's own thread: a worker would need the policy to allow workers (worker-src 'none').
      await module.options({ noWorker: true, excerptLength: 24 });
      await module.init();
      return module;
    });
  return pagefind;
}

/** The posts holding the words (every post, newest first, when there are none) in the category ("" for all). */
async function searchPosts(words: string, category: string) {
  const index = await loadPagefind();
  const response = await index.search(words || null, {
    filters: category ? { category } : {},
    ...(words ? {} : { sort: { date: 'desc' } }),
  });
  return response?.results ?? [];
}

/** Plain text of Pagefind's excerpt (text with <mark> around the matched words). */
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

interface Found {
  count: number;
  items: PagefindResultData[];
}

export default function BlogSearch({ categories, initialCategory, posts, labels }: BlogSearchProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(initialCategory);
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);

  // Words typed and a category picked while the island was waking reach the handlers below, as for the other islands.
  useEarlyInput(form);

  const active = query.trim() !== '' || category !== initialCategory;

  useEffect(() => {
    if (!active) {
      latest.current += 1;
      setFound(null);
      setBusy(false);
      return;
    }
    const run = ++latest.current;
    setBusy(true);
    const search = async () => {
      try {
        const results = posts > 0 ? await searchPosts(query.trim(), category) : [];
        const items = await Promise.all(results.slice(0, MAX_RESULTS).map((r) => r.data()));
        if (run === latest.current) setFound({ count: results.length, items });
      } catch (error) {
        console.error('Blog search failed', error);
        if (run === latest.current) setFound({ count: 0, items: [] });
      } finally {
        if (run === latest.current) setBusy(false);
      }
    };
    // search() catches its own failure (an empty list, logged): nothing of it is left unhandled.
    const timer = setTimeout(() => void search(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [active, query, category, posts]);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    setQuery(input.current?.value ?? '');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (input.current) input.current.value = '';
    setQuery('');
  };

  let status = '';
  if (active && busy && !found) status = labels.searching;
  else if (active && found) {
    status =
      found.count === 0
        ? labels.empty
        : found.count === 1
          ? labels.foundOne
          : labels.foundMany.replace('{count}', String(found.count));
    if (found.count > found.items.length) {
      status += `. ${labels.showing.replace('{shown}', String(found.items.length)).replace('{count}', String(found.count))}`;
    }
  }

  return (
    <div className="mb-8">
      <form
        ref={form}
        role="search"
        aria-label={labels.label}
        onSubmit={onSubmit}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={`${id}-q`} className="text-sm font-semibold text-ink">
            {labels.label}
          </label>
          <input
            ref={input}
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue=""
            placeholder={labels.placeholder}
            autoComplete="off"
            onInput={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            className="min-h-11 rounded-xl border border-gray-300 bg-white px-4 text-base text-ink"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-c`} className="text-sm font-semibold text-ink">
            {labels.categoryLabel}
          </label>
          <select
            id={`${id}-c`}
            name="category"
            defaultValue={initialCategory}
            onChange={(event) => setCategory(event.currentTarget.value)}
            className="min-h-11 max-w-full rounded-xl border border-gray-300 bg-white px-3 text-base text-ink sm:max-w-64"
          >
            <option value="">{labels.all}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary min-h-11">
          {labels.submit}
        </button>
      </form>
      <p role="status" aria-live="polite" className="mt-3 min-h-5 text-sm font-semibold text-muted">
        {status}
      </p>
      {active && found && found.items.length > 0 && (
        <section aria-labelledby={`${id}-h`} className="mt-4">
          <h2 id={`${id}-h`} className="sr-only">
            {labels.resultsHeading}
          </h2>
          <ol className="bc-list">
            {found.items.map((item, index) => (
              <ResultCard key={item.url} item={item} position={index + 1} labels={labels} titleId={`${id}-r${index}`} />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function ResultCard({
  item,
  position,
  labels,
  titleId,
}: {
  item: PagefindResultData;
  position: number;
  labels: BlogSearchProps['labels'];
  titleId: string;
}) {
  const date = item.meta.date ? new Date(item.meta.date) : null;
  // Pagefind gives the file's path (/blog/x.html); links use the one URL form (/blog/x).
  const url = pagePath(item.url);
  return (
    <li className="bc">
      <article>
        {item.meta.image ? (
          <img
            src={item.meta.image}
            alt={item.meta.image_alt ?? ''}
            width={1200}
            height={630}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <div className="bc-none">{labels.noImage}</div>
        )}
        <div className="bc-body">
          <div className="bc-top">
            <span className="bc-n">{entryNumber(position)}</span>
            {item.meta.category && <span className="bc-cat">{keepWhole(item.meta.category)}</span>}
          </div>
          <h3 id={titleId}>{keepWhole(item.meta.title ?? '')}</h3>
          {date && !Number.isNaN(date.getTime()) && (
            <p className="bc-date">
              <time dateTime={date.toISOString()}>{formatLongDate(date)}</time>
            </p>
          )}
          <p className="bc-sum">{keepWhole(plainText(item.excerpt))}</p>
          <a href={url} aria-describedby={titleId}>
            {labels.viewMore}
          </a>
        </div>
      </article>
    </li>
  );
}
