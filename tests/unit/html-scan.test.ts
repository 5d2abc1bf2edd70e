import { describe, expect, it } from 'vitest';
import { isInlineExecutable, scriptElements, stripEventHandlers } from '../../src/lib/html-scan';

describe('scriptElements', () => {
  it('finds script elements with their attributes and bodies', () => {
    const html = `<head><script type="module" src="/_astro/a.js"></script>
      <script type="application/ld+json">{"a":"\\u003c/script\\u003e"}</script></head>
      <body><script>one()</script><SCRIPT TYPE=module>two()</SCRIPT ></body>`;
    const found = scriptElements(html);
    expect(found.map((s) => s.body)).toEqual(['', '{"a":"\\u003c/script\\u003e"}', 'one()', 'two()']);
    expect(found[0]?.attrs).toEqual({ type: 'module', src: '/_astro/a.js' });
    expect(found.filter(isInlineExecutable).map((s) => s.body)).toEqual(['one()', 'two()']);
    expect(html.slice(found[2]!.start, found[2]!.end)).toBe('<script>one()</script>');
  });

  it('is not fooled by script-like text in attributes, comments, titles or style', () => {
    const html =
      `<meta content="</script><script>bad()</script>">` +
      `<img alt='<script>bad()</script>'>` +
      `<!-- <script>bad()</script> -->` +
      `<title><script>bad()</script></title>` +
      `<style>a::after { content: "<script>bad()</script>" }</style>` +
      `<textarea><script>bad()</script></textarea>` +
      `<p>&lt;script&gt;bad()&lt;/script&gt;</p>`;
    expect(scriptElements(html)).toEqual([]);
  });

  it('treats every type but the JSON data types as executable', () => {
    const types = ['', 'module', 'text/javascript', 'importmap', 'speculationrules', 'text/plain'];
    for (const type of types) {
      const [script] = scriptElements(`<script type="${type}">x</script>`);
      expect(isInlineExecutable(script!), type).toBe(true);
    }
    for (const type of ['application/ld+json', 'application/json', ' Application/LD+JSON ']) {
      const [script] = scriptElements(`<script type="${type}">{}</script>`);
      expect(isInlineExecutable(script!), type).toBe(false);
    }
  });
});

describe('stripEventHandlers', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '<img src=x>'],
    ['<img src="x"onerror="alert(1)">', '<img src="x">'],
    ['<img/src=x/onerror=alert(1)>', '<img/src=x/onerror=alert(1)>'],
    ['<img/onerror=alert(1)>', '<img>'],
    ['<a href="#" ONCLICK = "alert(1)" title=t>x</a>', '<a href="#" title=t>x</a>'],
    ['<svg onload=alert(1)><animate onbegin=alert(2)>', '<svg><animate>'],
    ['<base href="https://evil.example/">text', 'text'],
    ['<!--<img src="--><img src=x onerror=alert(1)//">', '<!--<img src="--><img src=x>'],
    ['<!--><img src=x onerror=alert(1)>', '<!--><img src=x>'],
    ['<noscript><img src=x onerror=alert(1)></noscript>', '<noscript><img src=x></noscript>'],
    ['<svg><style><img src=x onerror=alert(1)></style></svg>', '<svg><style><img src=x></style></svg>'],
    ['<p title="onclick=1">onclick=2</p>', '<p title="onclick=1">onclick=2</p>'],
  ])('%s', (input, output) => {
    expect(stripEventHandlers(input)).toBe(output);
  });
});
