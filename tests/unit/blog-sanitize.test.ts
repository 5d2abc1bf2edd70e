import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filterStyle, LINK_REL } from '../../src/lib/blog/sanitize';
import { serverSanitizer } from '../../src/data/blog/sanitize-server';

const payloads: string[] = JSON.parse(readFileSync('tests/fixtures/blog/xss-payloads.json', 'utf8'));
const sanitizer = serverSanitizer();
const DANGER =
  /<(script|svg|math|iframe|object|embed|form|input|button|style|link|meta|base|template|noscript)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:|expression\(|url\(/i;

describe('the blog sanitising policy at build time', () => {
  it(`removes every one of the ${payloads.length} XSS payloads from the rich description`, () => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
    for (const payload of payloads) {
      expect(sanitizer.rich(payload), payload).not.toMatch(DANGER);
      expect(sanitizer.short(payload), payload).not.toMatch(DANGER);
    }
  });

  it('keeps ordinary formatting in the rich description', () => {
    const html = sanitizer.rich(
      '<h2 class="x" id="y">Title</h2><p><strong>Bold</strong> <em>it</em> <a href="https://example.org/a">link</a></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><img src="https://example.org/a.png" alt="A" width="10" height="5">' +
        '<p style="color: red; text-align: center">styled</p>',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>it</em>');
    expect(html).toContain(`<a href="https://example.org/a" target="_blank" rel="${LINK_REL}">link</a>`);
    expect(html).toContain('<ul><li>one</li></ul><ol><li>two</li></ol>');
    expect(html).toMatch(/<img src="https:\/\/example.org\/a.png" alt="A" width="10" height="5"/);
    expect(html).toContain('<p style="color: red; text-align: center">styled</p>');
  });

  it('drops path-relative link and image URLs, which would resolve against the post page itself', () => {
    const html = sanitizer.rich(
      '<p><a href="x">a</a><a href="./y">b</a><a href="../blogs">c</a><a href="/pricing">d</a><a href="#part">e</a>' +
        '<a href="?page=2">f</a><a href="mailto:team@example.org">g</a></p><img src="x" alt="X"><img src="/media/a.png" alt="A">',
    );
    expect(html).toBe(
      '<p><a>a</a><a>b</a><a>c</a><a href="/pricing">d</a><a href="#part">e</a><a href="?page=2">f</a>' +
        '<a href="mailto:team@example.org">g</a></p><img alt="X" loading="lazy" decoding="async">' +
        '<img src="/media/a.png" alt="A" loading="lazy" decoding="async">',
    );
  });

  it('keeps only the style attribute in the short description', () => {
    expect(
      sanitizer.short('<p class="c" title="t" style="font-weight: 700">Hi <a href="https://x.org">there</a></p>'),
    ).toBe('<p style="font-weight: 700">Hi there</p>');
  });

  it('keeps colour, weight, style, decoration and alignment, and drops what could move content out', () => {
    expect(
      filterStyle(
        'color: red; background-color: #fee; font-weight: 700; font-style: italic; text-decoration: underline; ' +
          'text-align: center',
      ),
    ).toBe(
      'color: red; background-color: #fee; font-weight: 700; font-style: italic; text-decoration: underline; ' +
        'text-align: center',
    );
    for (const moving of [
      'position: fixed',
      'position: absolute',
      'top: 0',
      'left: 0',
      'inset: 0',
      'z-index: 9999',
      'width: 100vw',
      'height: 100vh',
      'min-height: 100vh',
      'margin: -500px',
      'margin-top: -10em',
      'padding: 50vh',
      'transform: translateY(-100%)',
      'font-size: 20vw',
      'line-height: 300vh',
      'display: block',
      'float: left',
      'background: url(https://x.org/a.png)',
      'background-image: url(https://x.org/a.png)',
    ]) {
      expect(filterStyle(`${moving}; color: blue`), moving).toBe('color: blue');
    }
  });

  it('drops values that could load something or reopen the declaration list', () => {
    expect(filterStyle('color: expression(alert(1))')).toBe('');
    expect(filterStyle('background-color: image-set("a.png" 1x)')).toBe('');
    expect(filterStyle('color: red\\;position:fixed')).toBe('');
    expect(filterStyle('color: "x; position: fixed"')).toBe('');
    expect(filterStyle('color: red/**/; text-align: left')).toBe('text-align: left');
    expect(filterStyle('col/**/or: red')).toBe('');
  });

  it('applies the style limits to the rich text: a full-page overlay keeps its words but not its box', () => {
    const html = sanitizer.rich(
      '<div style="position: fixed; inset: 0; width: 100vw; height: 100vh; z-index: 99; background-color: #fff">' +
        'Covered</div><p style="margin-top: -900px; color: rgb(1, 2, 3)">Up</p>',
    );
    expect(html).toBe('<div style="background-color: #fff">Covered</div><p style="color: rgb(1, 2, 3)">Up</p>');
  });

  it('gives the plain text a reader sees, entities decoded to characters and never back into markup', () => {
    expect(sanitizer.text('<p>Hello <strong>world</strong> &amp; friends</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Hello world & friends one two',
    );
    expect(sanitizer.text('<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p><script>alert(2)</script>')).toBe(
      '</script><script>alert(1)</script>',
    );
    expect(sanitizer.text('<img src=x onerror=alert(1)>Text')).toBe('Text');
  });
});
