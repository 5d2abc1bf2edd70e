import { describe, expect, it } from 'vitest';
import { ALIASES, inSitemap, pagePath, pageUrl } from '../../src/config/routes';

describe('pagePath: the one URL form of a page', () => {
  it.each([
    ['/', '/'],
    ['/index.html', '/'],
    ['/pricing.html', '/pricing'],
    ['/pricing/', '/pricing'],
    ['/pricing', '/pricing'],
    ['/mr/pricing.html', '/mr/pricing'],
    ['/Yoga.html', '/Yoga'],
    ['/404.html', '/404'],
  ])('%s is %s', (pathname, expected) => {
    expect(pagePath(pathname)).toBe(expected);
  });

  it('writes a post id as encodeURIComponent does, whatever the build wrote', () => {
    const id = `<b>&"quoted"'`;
    // Astro names the file with & and ' left as they are; links and the feed use encodeURIComponent.
    expect(pagePath(`/blog/%3Cb%3E&%22quoted%22'.html`)).toBe(`/blog/${encodeURIComponent(id)}`);
    expect(pagePath('/blog/caf%C3%A9%20d%C3%A9j%C3%A0-vu.html')).toBe(`/blog/${encodeURIComponent('café déjà-vu')}`);
  });

  it('keeps a segment it cannot decode as it is', () => {
    expect(pagePath('/blog/100%.html')).toBe('/blog/100%');
  });
});

describe('pageUrl', () => {
  it('keeps the origin and puts the path in the one form', () => {
    expect(pageUrl('https://www.communiti.example/')).toBe('https://www.communiti.example/');
    expect(pageUrl('https://www.communiti.example/pricing/')).toBe('https://www.communiti.example/pricing');
    expect(pageUrl(`https://www.communiti.example/blog/%3Cb%3E&%22quoted%22'`)).toBe(
      `https://www.communiti.example/blog/%3Cb%3E%26%22quoted%22'`,
    );
  });
});

describe('aliases', () => {
  it('stay out of the sitemap, their pages stay in', () => {
    for (const [alias, page] of Object.entries(ALIASES)) {
      expect(inSitemap(`https://www.communiti.example${alias}`)).toBe(false);
      expect(inSitemap(`https://www.communiti.example${page}`)).toBe(true);
    }
  });
});
