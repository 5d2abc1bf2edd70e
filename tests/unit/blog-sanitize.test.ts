import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filterStyle, LINK_REL } from '../../src/lib/blog/sanitize';
import { serverSanitizer } from '../../src/lib/blog/sanitize-server';

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

  it('keeps only the style attribute in the short description', () => {
    expect(
      sanitizer.short('<p class="c" title="t" style="font-weight: 700">Hi <a href="https://x.org">there</a></p>'),
    ).toBe('<p style="font-weight: 700">Hi there</p>');
  });

  it('keeps harmless style declarations and drops the rest', () => {
    expect(filterStyle('color: red; position: fixed; background: url(https://x.org/a.png); font-weight: 700')).toBe(
      'color: red; font-weight: 700',
    );
    expect(filterStyle('width: expression(alert(1))')).toBe('');
  });
});
