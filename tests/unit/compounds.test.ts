/**
 * Hyphenated compounds kept on one line (src/lib/compounds.ts): each compound of a page's text wrapped in a span that
 * does not wrap, everything else of the markup byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { COMPOUND_CLASS, compoundParts, keepCompoundsWhole } from '../../src/lib/compounds';

const kept = (text: string) => `<span class="${COMPOUND_CLASS}">${text}</span>`;

describe('a compound in a text', () => {
  it('is letters or digits joined by hyphens, found whole', () => {
    expect(compoundParts('One-on-one sessions, first-come, first-served')).toEqual([
      { text: 'One-on-one', compound: true },
      { text: ' sessions, ', compound: false },
      { text: 'first-come', compound: true },
      { text: ', ', compound: false },
      { text: 'first-served', compound: true },
    ]);
    expect(compoundParts('On 2024-03-20, e-books for non-members')).toEqual([
      { text: 'On ', compound: false },
      { text: '2024-03-20', compound: true },
      { text: ', ', compound: false },
      { text: 'e-books', compound: true },
      { text: ' for ', compound: false },
      { text: 'non-members', compound: true },
    ]);
  });

  it('is not a dash between words, a hyphen at a word’s edge, or a text without one', () => {
    for (const text of ['Members – and more', 'pre- and post-', '-5 degrees', 'Plain words', '']) {
      expect(compoundParts(text).filter((part) => part.compound)).toEqual([]);
    }
    expect(compoundParts('Plain words')).toEqual([{ text: 'Plain words', compound: false }]);
  });
});

describe("a page's markup", () => {
  it('wraps each compound of its text, in any element, entities and all', () => {
    expect(keepCompoundsWhole('<h1 class="x">One-on-one sessions</h1>')).toBe(
      `<h1 class="x">${kept('One-on-one')} sessions</h1>`,
    );
    expect(keepCompoundsWhole('<p>Q&amp;A for <a href="/a-b">sign-up</a> &amp; check-in</p>')).toBe(
      `<p>Q&amp;A for <a href="/a-b">${kept('sign-up')}</a> &amp; ${kept('check-in')}</p>`,
    );
    // A post fetched at runtime is rendered from this markup: its template's content counts.
    expect(keepCompoundsWhole('<template><p>all-in-one</p></template>')).toBe(
      `<template><p>${kept('all-in-one')}</p></template>`,
    );
  });

  it('leaves attributes, comments, scripts, styles, titles, options, code, SVG and islands as they are', () => {
    const untouched = [
      '<!doctype html><html lang="en"><head><title>One-on-one | x</title>',
      '<meta name="description" content="One-on-one sessions">',
      '<script type="application/ld+json">{"name":"One-on-one"}</script><style>.a-b{}</style></head>',
      '<body><!-- one-on-one --><select><option>non-members</option></select>',
      '<pre>npm run test-all</pre><svg><text>one-on-one</text><title>a-b</title></svg>',
      '<astro-island uid="1" props="{&quot;a&quot;:&quot;one-on-one&quot;}"><p>one-on-one</p>',
      '<astro-island uid="2"><svg><text>x-y</text></svg><b>first-come</b></astro-island></astro-island>',
      '<noscript><p>no-script</p></noscript><img alt="a-b" src="/x-y.png"><br/></body></html>',
    ].join('');
    expect(keepCompoundsWhole(untouched)).toBe(untouched);
  });

  it('goes back to wrapping after an element it left as it was, nested or not', () => {
    expect(keepCompoundsWhole('<pre><code>a-b</code> c-d</pre><p>e-f</p><svg><svg>g-h</svg>k-l</svg>i-j')).toBe(
      `<pre><code>a-b</code> c-d</pre><p>${kept('e-f')}</p><svg><svg>g-h</svg>k-l</svg>${kept('i-j')}`,
    );
    // Code outside a preformatted block is a word of the sentence: a cookie name is kept whole too.
    expect(keepCompoundsWhole('<p>The <code>exp-clicked</code> cookie</p>')).toBe(
      `<p>The <code>${kept('exp-clicked')}</code> cookie</p>`,
    );
  });
});
