import { describe, expect, it } from 'vitest';
import { ALIASES, aliasesOf, canonicalPath, inSitemap, pagePath, pageUrl, withAliases } from '../../src/lib/routes';

describe('the alias table', () => {
  it("holds the route table's spellings and the WhatsApp landing page's five routes (product rule)", () => {
    expect(canonicalPath('/Yoga')).toBe('/yoga');
    expect(canonicalPath('/ai-Web-builder')).toBe('/ai-web-builder');
    const whatsapp = [
      '/whatsapp-business-api',
      '/business-whatsapp-api',
      '/whatsapp-business-management',
      '/business-whatsapp-managements',
      '/business-whatsapp-management',
    ];
    expect(whatsapp.map(canonicalPath)).toEqual(whatsapp.map(() => '/business-whatsapp-api'));
    expect(aliasesOf('/business-whatsapp-api')).toHaveLength(4);
    expect(canonicalPath('/pricing')).toBe('/pricing');
  });

  it('adds each alias to the static paths of its page, with the same props', () => {
    const paths = withAliases('page', [
      { params: { page: 'yoga' }, props: { id: 'yoga' } },
      { params: { page: 'creator' }, props: { id: 'creator' } },
    ]);
    expect(paths).toEqual([
      { params: { page: 'yoga' }, props: { id: 'yoga' } },
      { params: { page: 'Yoga' }, props: { id: 'yoga' } },
      { params: { page: 'creator' }, props: { id: 'creator' } },
    ]);
  });

  it('keeps aliases and unlisted pages out of the sitemap', () => {
    for (const alias of Object.keys(ALIASES)) expect(inSitemap(`https://site.example${alias}`)).toBe(false);
    expect(inSitemap('https://site.example/thank-you')).toBe(false);
    expect(inSitemap('https://site.example/404')).toBe(false);
    // The regional price lists: offered by the sales team, not a page a search should land on.
    expect(inSitemap('https://site.example/mr/pricing')).toBe(false);
    expect(inSitemap('https://site.example/mr/business-whatsapp-pricing')).toBe(false);
    expect(inSitemap('https://site.example/pricing')).toBe(true);
    expect(inSitemap('https://site.example/business-whatsapp-pricing')).toBe(true);
    expect(inSitemap('https://site.example/yoga')).toBe(true);
    expect(inSitemap('https://site.example/')).toBe(true);
  });
});

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
