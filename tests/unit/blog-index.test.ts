import { describe, expect, it } from 'vitest';
import {
  buildBlogIndex,
  cardSummary,
  categorySlugs,
  countWords,
  FEED_SIZE,
  listPagePath,
  PAGE_SIZE,
  pageWindow,
  readingMinutes,
  RELATED_COUNT,
  slugify,
  WORDS_PER_MINUTE,
} from '../../src/lib/blog/index';
import { shareLinks } from '../../src/lib/blog/share';

describe('the blog constants', () => {
  it('are the ones the issue asks for', () => {
    // A page size that fills whole rows at 1, 2, 3, 4 and 6 columns, within the 12 to 24 asked for.
    expect(PAGE_SIZE).toBeGreaterThanOrEqual(12);
    expect(PAGE_SIZE).toBeLessThanOrEqual(24);
    for (const columns of [1, 2, 3, 4, 6]) expect(PAGE_SIZE % columns).toBe(0);
    expect(FEED_SIZE).toBe(50);
    expect(RELATED_COUNT).toBe(3);
    // An adult's silent reading of non-fiction (Brysbaert 2019).
    expect(WORDS_PER_MINUTE).toBe(238);
  });
});

describe('category slugs', () => {
  it('are lower-case letters, digits and hyphens, from the name', () => {
    expect(slugify('Memberships & Payments')).toBe('memberships-payments');
    expect(slugify('Café Déjà-vu')).toBe('cafe-deja-vu');
    expect(slugify('</script><script>alert(1)</script>')).toBe('script-script-alert-1-script');
    expect(slugify('../../etc/passwd')).toBe('etc-passwd');
    expect(slugify('योग')).toBe('');
  });

  it('are unique and safe: empty names get a number, collisions and unsafe slugs a suffix', () => {
    const slugs = categorySlugs([
      { id: 'a', name: 'Events' },
      { id: 'b', name: 'events!' },
      { id: 'c', name: '???' },
      { id: 'd', name: 'Index' },
      { id: 'e', name: 'EVENTS' },
      { id: 'f', name: 'x'.repeat(500) },
    ]).map((c) => c.slug);
    expect(slugs).toEqual(['events', 'events-2', 'category-3', 'index-2', 'events-3', 'x'.repeat(60)]);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9-]+$/);
  });
});

describe('list pages', () => {
  it('page 1 is the list itself, the others are numbered', () => {
    expect(listPagePath('/blogs', 1)).toBe('/blogs');
    expect(listPagePath('/blogs', 2)).toBe('/blogs/2');
    expect(listPagePath('/blogs/category/events', 3)).toBe('/blogs/category/events/3');
  });

  it('the pagination shows the first, the last and two on each side of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 834)).toEqual([1, null, 8, 9, 10, 11, 12, null, 834]);
    // A gap of one page shows that page rather than an ellipsis.
    expect(pageWindow(4, 9)).toEqual([1, 2, 3, 4, 5, 6, null, 9]);
    expect(pageWindow(834, 834)).toEqual([1, null, 832, 833, 834]);
  });
});

describe('reading time', () => {
  it('counts words of the markup, not its tags', () => {
    expect(countWords('<p>One <strong>two</strong> three&nbsp;four</p><ul><li>five</li></ul>')).toBe(5);
    expect(countWords('<img src="x.png" alt="not counted">')).toBe(0);
  });
  it('is words over 238 a minute, to the nearest minute, at least one', () => {
    expect(readingMinutes(0)).toBe(1);
    // 250 words read in a minute and 3 seconds: a minute, not two.
    expect(readingMinutes(250)).toBe(1);
    expect(readingMinutes(356)).toBe(1);
    expect(readingMinutes(357)).toBe(2);
    expect(readingMinutes(1000)).toBe(4);
  });
});

describe('the card summary', () => {
  it('keeps a short sanitised description and cuts a long one to plain text', () => {
    expect(cardSummary('<p>Short <b>one</b></p>', 'Short one')).toEqual({ html: '<p>Short <b>one</b></p>' });
    const long = cardSummary(`<p>${'word '.repeat(400)}</p>`, 'word '.repeat(400));
    expect('text' in long && long.text.length).toBeLessThanOrEqual(200);
  });
});

describe('the blog index', () => {
  const posts = Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, category: i % 2 === 0 ? 'even' : 'odd' }));
  const index = buildBlogIndex(posts, [{ id: 'even', name: 'Even' }], (p) => p.category);
  const ids = (list: { id: string }[]) => list.map((p) => p.id);

  it('groups posts by category, keeping the order', () => {
    expect(ids(index.byCategory.get('even') ?? [])).toEqual(['p0', 'p2', 'p4', 'p6', 'p8']);
    expect(ids(index.byCategory.get('odd') ?? [])).toEqual(['p1', 'p3', 'p5', 'p7', 'p9']);
  });

  it('gives each post its neighbours by date', () => {
    expect(index.neighbours(posts[0]!)).toEqual({ newer: null, older: posts[1] });
    expect(index.neighbours(posts[5]!)).toEqual({ newer: posts[4], older: posts[6] });
    expect(index.neighbours(posts[9]!)).toEqual({ newer: posts[8], older: null });
  });

  it('relates up to three posts of the same category, nearest first, never the post itself', () => {
    expect(ids(index.related(posts[4]!))).toEqual(['p2', 'p6', 'p0']);
    expect(ids(index.related(posts[0]!))).toEqual(['p2', 'p4', 'p6']);
    expect(ids(index.related(posts[9]!))).toEqual(['p7', 'p5', 'p3']);
    const lonely = buildBlogIndex([{ id: 'x', category: 'z' }], [], (p) => p.category);
    expect(lonely.related(lonely.posts[0]!)).toEqual([]);
  });
});

describe('share links', () => {
  it('encode a hostile title and the URL into the share address of each network', () => {
    const title = `A & B <script>"x"</script> #1?`;
    const links = shareLinks('https://site.example/blog/a%20b', title);
    expect(new URL(links.whatsapp).searchParams.get('text')).toBe(`${title} https://site.example/blog/a%20b`);
    expect(links.linkedin).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fsite.example%2Fblog%2Fa%2520b',
    );
    const x = new URL(links.x);
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
    expect(x.searchParams.get('text')).toBe(title);
    expect(x.searchParams.get('url')).toBe('https://site.example/blog/a%20b');
    expect(links.email).toBe(
      `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent('https://site.example/blog/a%20b')}`,
    );
  });
});
