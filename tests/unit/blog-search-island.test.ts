import { JSDOM } from 'jsdom';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlogSearchProps } from '../../src/islands/BlogSearch';

/**
 * The search island (src/islands/BlogSearch.tsx) with Pagefind's script stood in for: a blog without posts has an
 * index that names no language, on which Pagefind's own script throws (an uncaught rejection, "Pagefind Error: No
 * language indexes found."), so with no posts the island must answer without loading it.
 *
 * A window of jsdom's in Node's environment rather than Vitest's jsdom environment: that one transforms the island as
 * a browser module, which refuses the import of /pagefind/pagefind.js (a file of the built site) before it can be
 * mocked.
 */
const pagefind = vi.hoisted(() => ({
  options: vi.fn(async () => {}),
  init: vi.fn(async () => {}),
  search: vi.fn(async () => ({
    results: [1, 2].map((n) => ({
      id: String(n),
      data: async () => ({ url: `/blog/post-${n}.html`, excerpt: `Post ${n}`, meta: { title: `Post ${n}` } }),
    })),
  })),
}));
vi.mock('/pagefind/pagefind.js', () => pagefind);

const { window } = new JSDOM('<!doctype html><html lang="en"><body></body></html>', { url: 'http://127.0.0.1/blogs' });
const labels: BlogSearchProps['labels'] = {
  label: 'Search the blog',
  placeholder: 'Search by title or topic',
  categoryLabel: 'Category',
  submit: 'Search',
  resultsHeading: 'Search results',
  searching: 'Searching...',
  foundOne: '1 post found',
  foundMany: '{count} posts found',
  showing: 'Showing the first {shown} of {count}',
  all: 'All',
  empty: 'No blogs found',
  noImage: 'No Image',
  viewMore: 'View More',
};

let root: Root;
let errors: ReturnType<typeof vi.spyOn>;
let react: typeof import('react');
let createRoot: typeof import('react-dom/client').createRoot;
let BlogSearch: typeof import('../../src/islands/BlogSearch').default;
beforeAll(async () => {
  // React DOM looks for a document when it loads, so the window's names (document, HTMLSelectElement...) come first.
  for (const name of Object.getOwnPropertyNames(window).filter((name) => !(name in globalThis))) {
    Object.defineProperty(globalThis, name, { configurable: true, value: (window as never)[name] });
  }
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  react = await import('react');
  ({ createRoot } = await import('react-dom/client'));
  ({ default: BlogSearch } = await import('../../src/islands/BlogSearch'));
});
beforeEach(() => {
  vi.clearAllMocks();
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  react.act(() => root.unmount());
  errors.mockRestore();
});

/** Renders the island for a blog of `posts`, types `words` and waits past the pause before a search. */
async function search(posts: number, words: string): Promise<string> {
  const { act, createElement } = react;
  const host = window.document.createElement('div');
  window.document.body.replaceChildren(host);
  root = createRoot(host);
  await act(async () => root.render(createElement(BlogSearch, { categories: [], initialCategory: '', posts, labels })));
  const box = host.querySelector('input[type="search"]') as HTMLInputElement;
  await act(async () => {
    box.value = words;
    box.dispatchEvent(new window.Event('input', { bubbles: true }));
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  return host.querySelector('[role="status"]')!.textContent ?? '';
}

describe('BlogSearch', () => {
  it('says "No blogs found" on a blog without posts, without loading Pagefind or logging an error', async () => {
    expect(await search(0, 'yoga')).toBe('No blogs found');
    expect(pagefind.init).not.toHaveBeenCalled();
    expect(pagefind.search).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('searches the index of a blog with posts', async () => {
    expect(await search(2, 'yoga')).toBe('2 posts found');
    expect(pagefind.search).toHaveBeenCalledWith('yoga', { filters: {} });
    expect(window.document.querySelectorAll('ol li')).toHaveLength(2);
    expect(errors).not.toHaveBeenCalled();
  });
});
