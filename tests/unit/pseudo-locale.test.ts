/**
 * The pseudo-locale marks every word of content and keeps what is no word; its check reads a page as a visitor and a
 * screen reader do and finds a word in plain Latin letters. The whole build is checked by npm run test:pseudo; these
 * are its rules, each of which a page holds somewhere.
 */
import { describe, expect, it } from 'vitest';
import { pseudo, pseudoData, pseudoHtml } from '../../src/lib/i18n/pseudo';
import { pageDate } from '../../src/lib/i18n/dates';
import { readTexts, unmarkedWords } from '../../scripts/check-pseudo.mjs';

const noLatin = (text: string) => !/[A-Za-z]/.test(text);

describe('the pseudo-locale marks', () => {
  it('a text: every letter accented, slots, tags and entities kept, the whole bracketed', () => {
    const marked = pseudo('Book a {brand} demo <strong>now</strong> &amp; save');
    expect(marked.startsWith('⟦') && marked.endsWith('⟧')).toBe(true);
    expect(marked).toContain('{brand}');
    expect(marked).toContain('<strong>');
    expect(marked).toContain('&amp;');
    expect(noLatin(marked.replace(/\{brand\}|<\/?strong>|&amp;/g, ''))).toBe(true);
  });

  it('the words after a price, which look like a path ("/year") but are read', () => {
    expect(noLatin(pseudoData({ suffix: '/year' }).suffix)).toBe(true);
  });

  it('a demo\'s status line, though "status" is also the one-word state of an experiment', () => {
    const data = pseudoData({ status: 'Built in 40 seconds: {address}', state: { status: 'draft' } });
    expect(noLatin(data.status.replace('{address}', ''))).toBe(true);
    expect(data.state.status).toBe('draft');
  });

  it('a date the page formats, in the pseudo-locale only', () => {
    const day = new Date('2027-03-31T00:00:00Z');
    expect(pageDate('en', day, 'month-first')).toBe('March 31, 2027');
    expect(noLatin(pageDate('qps', day, 'month-first'))).toBe(true);
  });

  it("rendered HTML's text, not its tags", () => {
    expect(pseudoHtml('<p class="lead">Hello <a href="/pricing">plans</a></p>')).toMatch(
      /^<p class="lead">⟦[^A-Za-z]+⟧<a href="\/pricing">⟦[^A-Za-z]+⟧<\/a><\/p>$/,
    );
  });
});

describe('the pseudo-locale keeps', () => {
  it('ids, links, host names, dates and code words', () => {
    const data = { id: 'plus', href: '/pricing', address: 'sukhayoga.in', url: 'https://x.example', on: '2026-01-05' };
    expect(pseudoData(data)).toEqual(data);
    expect(pseudoData({ included: 'yes' }).included).toBe('yes');
  });

  it("the facts' match words, which no page shows", () => {
    expect(pseudoData({ words: ['AI assistant'] }).words).toEqual(['AI assistant']);
  });
});

describe("the pseudo-locale's check", () => {
  const owner = new Set(['Sangha Labs Private Limited']);

  it('reads text, the title, names read aloud, placeholders and descriptions; not scripts or styles', () => {
    const texts = readTexts(
      '<html><head><title>Home</title><meta name="description" content="Summary"><style>a{}</style></head>' +
        '<body><img alt="Photo"><button aria-label="Close"></button><input placeholder="Your name">' +
        '<script>const english = 1;</script><noscript><p>Turn on scripts</p></noscript></body></html>',
    );
    expect(texts.map((t) => t.text)).toEqual(['Home', 'Summary', 'Photo', 'Close', 'Your name', 'Turn on scripts']);
  });

  it("reads a drawn picture by its name, not the product's screen drawn in it", () => {
    const texts = readTexts(
      '<svg role="img" aria-label="Member list"><text>Paid</text></svg><svg><text>Due</text></svg>',
    );
    expect(texts.map((t) => t.text)).toEqual(['Member list', 'Due']);
  });

  it("finds a plain word, even inside a marked text, and allows the owner's values and addresses", () => {
    expect(unmarkedWords(`${pseudo('Offer valid until')} March 31`, owner)).toEqual(['March']);
    expect(unmarkedWords('Sangha Labs Private Limited · care@sangha.example · sukhayoga.in,', owner)).toEqual([]);
    expect(unmarkedWords('Sangha Labs', owner)).toEqual(['Sangha', 'Labs']);
  });
});
