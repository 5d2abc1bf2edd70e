import { describe, expect, it } from 'vitest';
import { decodeReferences, tableOfContents } from '../../src/lib/toc';

describe('the table of contents of a rendered page', () => {
  it('lists the second-level headings in order, with their ids and their text', () => {
    const html = `<p>Intro</p>
      <h2 id="summary-of-key-points">Summary of Key Points</h2><p>..</p>
      <h3 id="payment-data">Payment data</h3>
      <h2 class="x" id="how-to-contact-us">How to <em>Contact</em>
        Us</h2>`;
    expect(tableOfContents(html)).toEqual([
      { id: 'summary-of-key-points', text: 'Summary of Key Points', level: 2 },
      { id: 'how-to-contact-us', text: 'How to Contact Us', level: 2 },
    ]);
    expect(tableOfContents(html, [2, 3]).map((e) => e.id)).toEqual([
      'summary-of-key-points',
      'payment-data',
      'how-to-contact-us',
    ]);
  });

  it('gives the text as a reader sees it, to be escaped where it is written', () => {
    const [entry] = tableOfContents('<h2 id="terms-&amp;-fees">Terms &amp; Fees &lt;script&gt; &#x27;x&#39;</h2>');
    expect(entry).toEqual({ id: 'terms-&-fees', text: "Terms & Fees <script> 'x'", level: 2 });
  });

  it('fails on a heading it could not link, naming it', () => {
    expect(() => tableOfContents('<h2>Cookies</h2>')).toThrow('"Cookies" has no id');
  });

  it('leaves a reference it does not know as it is', () => {
    expect(decodeReferences('a &copy; b &#0; c')).toBe('a &copy; b &#0; c');
    expect(decodeReferences('&#8377;27')).toBe('₹27');
  });
});
