import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_EXAMPLE } from '../../src/config/company-example.mjs';
import { chatLink, isReservedHost, pageTitle, site } from '../../src/config/site';
import { CIN_PATTERN, GSTIN_PATTERN } from '../../src/lib/company';
import { eventEndpoint } from '../../src/lib/analytics';
import { fillBrand } from '../../src/lib/brand';
import { planSlots } from '../../src/lib/pricing/plan-copy';
import { plansSchema } from '../../src/lib/schemas/plans';
import { uiSchema } from '../../src/lib/schemas/ui';
import { siteWith } from './site-with';
import { contentPath } from '../../src/lib/content-paths';

const ui = uiSchema.parse(JSON.parse(readFileSync(contentPath('ui', 'ui'), 'utf8')));
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

describe('the company behind the site', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** A real owner's company, every setting set. */
  const OWNER = {
    PUBLIC_COMPANY_NAME: 'Sangha Labs Private Limited',
    PUBLIC_COMPANY_ADDRESS: '12 MG Road, Pune 411001, Maharashtra, India',
    PUBLIC_COMPANY_CIN: 'U72900MH2021PTC123456',
    PUBLIC_COMPANY_GSTIN: '27ABCDE1234F1Z5',
    PUBLIC_GRIEVANCE_OFFICER_NAME: 'Farah Qureshi',
    PUBLIC_GRIEVANCE_OFFICER_DESIGNATION: 'Head of Member Care',
    PUBLIC_GRIEVANCE_OFFICER_EMAIL: 'grievance@sangha.in',
    PUBLIC_GRIEVANCE_OFFICER_PHONE: '+91 20 4000 1234',
    PUBLIC_PRIVACY_CONTACT_NAME: 'Farah Qureshi',
    PUBLIC_PRIVACY_CONTACT_EMAIL: 'privacy@sangha.in',
    PUBLIC_PAYMENT_GATEWAYS: 'Razorpay',
  };
  const unset = Object.fromEntries(Object.keys(COMPANY_EXAMPLE).map((name) => [name, '']));

  it('states the marked examples in the default build, at its reserved address', async () => {
    const site = await siteWith({ ...unset, SITE_URL: 'https://www.communiti.example' });
    expect(site.company).toEqual({
      name: COMPANY_EXAMPLE.PUBLIC_COMPANY_NAME,
      address: COMPANY_EXAMPLE.PUBLIC_COMPANY_ADDRESS,
      cin: COMPANY_EXAMPLE.PUBLIC_COMPANY_CIN,
      gstin: COMPANY_EXAMPLE.PUBLIC_COMPANY_GSTIN,
      grievance: {
        name: COMPANY_EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_NAME,
        designation: COMPANY_EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_DESIGNATION,
        email: COMPANY_EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_EMAIL,
        phone: COMPANY_EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_PHONE,
      },
      privacy: {
        name: COMPANY_EXAMPLE.PUBLIC_PRIVACY_CONTACT_NAME,
        email: COMPANY_EXAMPLE.PUBLIC_PRIVACY_CONTACT_EMAIL,
      },
      gateways: COMPANY_EXAMPLE.PUBLIC_PAYMENT_GATEWAYS,
      example: true,
    });
    // The examples are the formats' own: a CIN and a GSTIN of the right shape, and addresses that reach no one.
    expect(CIN_PATTERN.test(COMPANY_EXAMPLE.PUBLIC_COMPANY_CIN!)).toBe(true);
    expect(GSTIN_PATTERN.test(COMPANY_EXAMPLE.PUBLIC_COMPANY_GSTIN!)).toBe(true);
    expect(COMPANY_EXAMPLE.PUBLIC_GRIEVANCE_OFFICER_EMAIL).toMatch(/\.example$/);
  });

  it('stops a build for a public address that lacks them, naming every setting it lacks', async () => {
    await expect(siteWith({ ...unset, SITE_URL: 'https://www.sangha.in' })).rejects.toThrow(
      `SITE_URL is https://www.sangha.in, a public address, so the site states the company behind it: set ${Object.keys(
        COMPANY_EXAMPLE,
      ).join(', ')} (docs/configuration.md, "The company")`,
    );
    const allButOne = { ...OWNER, PUBLIC_COMPANY_GSTIN: '' };
    await expect(siteWith({ ...unset, ...allButOne, SITE_URL: 'https://www.sangha.in' })).rejects.toThrow(
      /: set PUBLIC_COMPANY_GSTIN \(docs/,
    );
    const site = await siteWith({ ...OWNER, SITE_URL: 'https://www.sangha.in' });
    expect(site.company).toMatchObject({ name: 'Sangha Labs Private Limited', gateways: 'Razorpay', example: false });
    expect(site.company.grievance).toEqual({
      name: 'Farah Qureshi',
      designation: 'Head of Member Care',
      email: 'grievance@sangha.in',
      phone: '+91 20 4000 1234',
    });
  });

  it('refuses a value that is not what its setting holds, naming the setting', async () => {
    const bad = async (name: string, value: string) => siteWith({ ...OWNER, [name]: value });
    await expect(bad('PUBLIC_COMPANY_CIN', 'U72900MH2021')).rejects.toThrow(
      'Environment variable PUBLIC_COMPANY_CIN must be a Corporate Identity Number of 21 characters',
    );
    await expect(bad('PUBLIC_COMPANY_GSTIN', '27abcde1234f1z5')).rejects.toThrow(
      /PUBLIC_COMPANY_GSTIN must be a GSTIN/,
    );
    await expect(bad('PUBLIC_GRIEVANCE_OFFICER_EMAIL', 'grievance at sangha')).rejects.toThrow(
      /PUBLIC_GRIEVANCE_OFFICER_EMAIL must be an email address/,
    );
    await expect(bad('PUBLIC_GRIEVANCE_OFFICER_PHONE', '12345')).rejects.toThrow(
      /PUBLIC_GRIEVANCE_OFFICER_PHONE must be a phone number of ten digits or more/,
    );
    await expect(bad('PUBLIC_COMPANY_ADDRESS', '12 MG Road\n<script>')).rejects.toThrow(
      /PUBLIC_COMPANY_ADDRESS must be one line of text/,
    );
  });

  it('takes a host reserved for examples and tests as no public site', () => {
    for (const host of ['www.communiti.example', 'site.test', 'localhost', 'a.localhost', 'example.com', '127.0.0.1'])
      expect(isReservedHost(host), host).toBe(true);
    for (const host of ['www.sangha.in', 'communiti.app', 'example.co.in', 'testing.com'])
      expect(isReservedHost(host), host).toBe(false);
  });
});
