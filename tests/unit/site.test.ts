import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatLink, pageTitle, site } from '../../src/config/site';
import { eventEndpoint } from '../../src/lib/analytics';
import { fillBrand } from '../../src/lib/brand';
import { planSlots } from '../../src/lib/pricing/plan-copy';
import { plansSchema } from '../../src/lib/schemas/plans';
import { uiSchema } from '../../src/lib/schemas/ui';
import { siteWith } from './site-with';

const ui = uiSchema.parse(JSON.parse(readFileSync('src/content/ui.json', 'utf8')));
const plans = plansSchema.parse(JSON.parse(readFileSync('src/content/plans/plans.json', 'utf8')));

describe('site configuration', () => {
  it("builds the demo booking URL in the product's shape /user/book-appointment/{slug}/{id}", () => {
    const url = new URL(site.demoBookingUrl);
    expect(url.pathname).toMatch(/^\/user\/book-appointment\/[^/]+\/[^/]+$/);
    expect(url.origin).toBe(new URL(site.adminAppUrl).origin);
  });
  it('titles pages "{page name} | {domain label}"', () => {
    expect(pageTitle('Pricing')).toBe(`Pricing | ${site.domainLabel}`);
  });
  it('keeps every title within 70 characters, cutting a long page name at a word', () => {
    const long = 'Taking a yoga studio online: classes, memberships and a website in a weekend';
    const title = pageTitle(long);
    expect(title.length).toBeLessThanOrEqual(70);
    expect(title).toMatch(
      new RegExp(`^Taking a yoga studio online: .*\\S… \\| ${site.domainLabel.replace('.', '\\.')}$`),
    );
    expect(pageTitle('x'.repeat(120)).length).toBeLessThanOrEqual(70);
  });
  it('URL-encodes the prefilled chat message', () => {
    const link = chatLink("Hi! I'm not sure which plan & price?");
    const url = new URL(link);
    expect(url.searchParams.get('text')).toBe("Hi! I'm not sure which plan & price?");
    expect(link).not.toContain(' ');
    expect(link).toContain('%26');
  });
  it('has a message for every chat the site opens, quoting the prices of the page it opens from', () => {
    const { planHelp, plusUpgrade, advanceEnquiry, whatsappPlans } = fillBrand(ui.chat, planSlots(plans, 'main'));
    expect(planHelp).toMatch(/plan/i);
    // The spec's Plus prices: 2499 a month and 24999 a year (main), 1499 and 11999 on /mr/pricing.
    expect(plusUpgrade).toMatch(/Plus plan \(₹2,499 a month, or ₹24,999 a year\)/);
    expect(fillBrand(ui.chat, planSlots(plans, 'mr')).plusUpgrade).toMatch(/₹1,499 a month, or ₹11,999 a year/);
    expect(advanceEnquiry).toMatch(/Advance plan/);
    expect(advanceEnquiry).toMatch(/white-label/i);
    // The WhatsApp cards' and the sales note's message names the WhatsApp plans that exist, and no Lifetime plan.
    expect(whatsappPlans).toMatch(/WhatsApp Business API and its Business and Enterprise plans/);
    expect(whatsappPlans).not.toMatch(/Lifetime/i);
  });
  it('prints 2025 in the copyright line', () => {
    expect(site.copyrightYear).toBe(2025);
  });
  it('uses only reserved hosts by default', () => {
    for (const url of [site.url, site.adminAppUrl, site.communityUrl, ...Object.values(site.social)]) {
      expect(new URL(url).hostname).toMatch(/\.example$/);
    }
  });
});

describe('lead mode', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is relay mode without PUBLIC_CRM_TOKEN: no CRM host or token for the page, whatever PUBLIC_CRM_HOST says', async () => {
    expect((await siteWith({ PUBLIC_CRM_TOKEN: '' })).crm).toEqual({ mode: 'relay' });
    expect((await siteWith({ PUBLIC_CRM_TOKEN: '  ', PUBLIC_CRM_HOST: 'https://crm.other.example' })).crm).toEqual({
      mode: 'relay',
    });
    // Not read at all in relay mode, so a value that is not a URL does not matter.
    expect((await siteWith({ PUBLIC_CRM_TOKEN: '', PUBLIC_CRM_HOST: 'not a url' })).crm).toEqual({ mode: 'relay' });
  });

  it('is direct mode with PUBLIC_CRM_TOKEN set, posting to PUBLIC_CRM_HOST', async () => {
    expect((await siteWith({ PUBLIC_CRM_TOKEN: ' tok ', PUBLIC_CRM_HOST: 'https://crm.other.example/' })).crm).toEqual({
      mode: 'direct',
      host: 'https://crm.other.example',
      token: 'tok',
    });
    expect((await siteWith({ PUBLIC_CRM_TOKEN: 'tok', PUBLIC_CRM_HOST: '' })).crm).toEqual({
      mode: 'direct',
      host: 'https://crm.communiti.example',
      token: 'tok',
    });
    await expect(siteWith({ PUBLIC_CRM_TOKEN: 'tok', PUBLIC_CRM_HOST: 'not a url' })).rejects.toThrow(
      /PUBLIC_CRM_HOST/,
    );
  });
});

describe('analytics settings', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is off without an endpoint', async () => {
    expect((await siteWith({ PUBLIC_ANALYTICS_ENDPOINT: '', PUBLIC_ANALYTICS_DOMAIN: 'x.example' })).analytics).toBe(
      null,
    );
  });
  it('takes the endpoint as an origin, and the site host as the default domain', async () => {
    const site = await siteWith({
      PUBLIC_ANALYTICS_ENDPOINT: 'https://stats.example/',
      PUBLIC_ANALYTICS_DOMAIN: '',
      SITE_URL: 'https://www.site.example',
    });
    expect(site.analytics).toEqual({ endpoint: 'https://stats.example', domain: 'www.site.example' });
    expect(eventEndpoint(site.analytics!.endpoint)).toBe('https://stats.example/api/event');
  });
  it('refuses an endpoint with a path: events would not go where the setting says', async () => {
    await expect(siteWith({ PUBLIC_ANALYTICS_ENDPOINT: 'https://stats.example/api/event' })).rejects.toThrow(
      /PUBLIC_ANALYTICS_ENDPOINT must be an origin/,
    );
  });
});
