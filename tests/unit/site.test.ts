import { describe, expect, it } from 'vitest';
import { chatLink, pageTitle, site } from '../../src/config/site';

describe('site configuration', () => {
  it('builds the demo booking URL in the spec shape /user/book-appointment/{slug}/{id}', () => {
    const url = new URL(site.demoBookingUrl);
    expect(url.pathname).toMatch(/^\/user\/book-appointment\/[^/]+\/[^/]+$/);
    expect(url.origin).toBe(new URL(site.adminAppUrl).origin);
  });
  it('titles pages "{page name} | {domain label}"', () => {
    expect(pageTitle('Pricing')).toBe(`Pricing | ${site.domainLabel}`);
  });
  it('URL-encodes the prefilled chat message', () => {
    const link = chatLink("Hi! I'm not sure which plan & price?");
    const url = new URL(link);
    expect(url.searchParams.get('text')).toBe("Hi! I'm not sure which plan & price?");
    expect(link).not.toContain(' ');
    expect(link).toContain('%26');
  });
  it('has a message for every chat the spec names', () => {
    const { planHelp, plusUpgrade, advanceEnquiry, businessOrLifetime } = site.salesChat.messages;
    expect(planHelp).toMatch(/plan/i);
    expect(plusUpgrade).toMatch(/Plus/);
    expect(advanceEnquiry).toMatch(/Advance/);
    expect(advanceEnquiry).toMatch(/white-label/i);
    expect(businessOrLifetime).toMatch(/Business Plan/);
    expect(businessOrLifetime).toMatch(/Lifetime Plan/);
  });
  it('prints 2025 in the copyright line', () => {
    expect(site.copyrightYear).toBe(2025);
  });
  it('uses only reserved hosts by default', () => {
    for (const url of [site.url, site.adminAppUrl, site.communityUrl, site.crm.host, ...Object.values(site.social)]) {
      expect(new URL(url).hostname).toMatch(/\.example$/);
    }
  });
});
