import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../../src/lib/json-ld';

describe('serializeJsonLd', () => {
  const hostile = {
    '@type': 'BlogPosting',
    headline: "</script><script>window.__xss='name'</script>",
    description: '&lt;/script&gt; <!-- --> & \u2028 \u2029',
    author: { name: '</SCRIPT ><img src=x onerror=alert(1)>' },
  };

  it('never writes <, >, &, U+2028 or U+2029 as themselves', () => {
    const text = serializeJsonLd(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).toContain('\\u0026lt;');
    expect(text).toContain('\\u2028');
    expect(text).toContain('\\u2029');
  });

  it('parses back to exactly the same data', () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile);
    const list = [hostile, { '@type': 'Organization', name: 'A & B <Co>' }];
    expect(JSON.parse(serializeJsonLd(list))).toEqual(list);
  });

  it('refuses a value that is not JSON', () => {
    expect(() => serializeJsonLd(undefined)).toThrow(TypeError);
  });
});
