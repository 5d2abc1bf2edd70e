import { describe, expect, it } from 'vitest';
import { ALIASES, aliasesOf, canonicalPath, inSitemap, withAliases } from '../../src/config/routes';

describe('the alias table', () => {
  it("holds the route table's spellings and the WhatsApp landing page's five routes (spec section 2)", () => {
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
    expect(inSitemap('https://site.example/yoga')).toBe(true);
    expect(inSitemap('https://site.example/')).toBe(true);
  });
});
