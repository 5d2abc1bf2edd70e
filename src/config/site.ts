/**
 * The one place that reads the environment. Every external address, key and brand string the site uses comes from
 * here; defaults let the site build and run with no network and no keys (reserved `.example` hosts).
 *
 * Variables prefixed `PUBLIC_` end up in the browser (passed as props to islands or written into HTML); the others
 * are used at build time only. `.env.example` documents each one.
 */

import type { LeadTarget } from '../lib/leads/wire';
import { CIN_PATTERN, GSTIN_PATTERN, PHONE_PATTERN, type Company } from '../lib/company';
import { COMPANY_EXAMPLE } from './company-example.mjs';
import { contentFolder } from '../lib/content-paths';

type Env = Record<string, string | undefined>;

// astro.config.mjs loads `.env` files into process.env before the site is built, so this is the only source.
const env: Env = typeof process === 'undefined' ? {} : process.env;

function read(name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function readUrl(name: string, fallback: string): string {
  const value = read(name, fallback);
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`Environment variable ${name} must be an absolute URL, got "${value}"`);
  }
}

function readRepo(name: string, fallback: string): string {
  const value = read(name, fallback);
  if (!/^[\w.-]+\/[\w.-]+$/.test(value)) {
    throw new Error(`Environment variable ${name} must be a GitHub repository as "owner/name", got "${value}"`);
  }
  return value;
}

function readEmail(name: string, fallback: string): string {
  const value = read(name, fallback);
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value)) {
    throw new Error(`Environment variable ${name} must be an email address, got "${value}"`);
  }
  return value;
}

const appUrl = readUrl('PUBLIC_APP_URL', 'https://app.communiti.example');
const demoSlug = read('PUBLIC_DEMO_BOOKING_SLUG', 'communiti-demo');
const demoId = read('PUBLIC_DEMO_BOOKING_ID', '64f1a2b3c4d5e6f708192a3b');
const communitySlug = read('PUBLIC_COMMUNITY_SLUG', 'communiti-creators');
const communityId = read('PUBLIC_COMMUNITY_ID', '64f1a2b3c4d5e6f708192a3c');
const chatNumber = read('PUBLIC_SALES_CHAT_NUMBER', '910000000000').replace(/[^\d]/g, '');
const chatBase = readUrl('PUBLIC_SALES_CHAT_URL', 'https://wa.me');
const crmToken = read('PUBLIC_CRM_TOKEN', '');
const siteUrl = readUrl('SITE_URL', 'https://www.communiti.example');

/** An origin only (scheme, host, port): a path, query or fragment would be dropped silently, so it is refused. */
function readOrigin(name: string): string {
  const value = read(name, '');
  if (!value) return '';
  const url = new URL(readUrl(name, value));
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`Environment variable ${name} must be an origin such as https://plausible.example, got "${value}"`);
  }
  return url.origin;
}

const analyticsEndpoint = readOrigin('PUBLIC_ANALYTICS_ENDPOINT');

/**
 * A host reserved for examples and tests (RFC 2606, RFC 6761): a build for one is not a public site. A build for any
 * other address (the deploy's SITE_URL) is, and states the real company behind it.
 */
export function isReservedHost(host: string): boolean {
  return (
    /(^|\.)(example|test|invalid|localhost)$/i.test(host) ||
    /(^|\.)example\.(com|net|org)$/i.test(host) ||
    host === '127.0.0.1' ||
    host === '[::1]'
  );
}
const publicSite = !isReservedHost(new URL(siteUrl).hostname);

/** The company settings a public site's build lacks; its example value fills each in any other build. */
const companyMissing: string[] = [];
/**
 * A company setting: the owner's value, or the example the default build states (COMPANY_EXAMPLE), which a public
 * site's build refuses. One line of text, tested by `valid` where it has a form (an email, a CIN).
 */
function readCompanySetting(name: string, valid?: { test: (value: string) => boolean; what: string }): string {
  const value = env[name]?.trim();
  if (!value) {
    if (publicSite) companyMissing.push(name);
    return COMPANY_EXAMPLE[name] ?? '';
  }
  if ([...value].some((character) => character < ' ' || character === '\u007f'))
    throw new Error(`Environment variable ${name} must be one line of text, got ${JSON.stringify(value)}`);
  if (valid && !valid.test(value))
    throw new Error(`Environment variable ${name} must be ${valid.what}, got "${value}"`);
  return value;
}
const email = { test: (value: string) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value), what: 'an email address' };
const company: Company = {
  name: readCompanySetting('PUBLIC_COMPANY_NAME'),
  address: readCompanySetting('PUBLIC_COMPANY_ADDRESS'),
  cin: readCompanySetting('PUBLIC_COMPANY_CIN', {
    test: (value) => CIN_PATTERN.test(value),
    what: 'a Corporate Identity Number of 21 characters, such as U72900KA2021PTC123456',
  }),
  gstin: readCompanySetting('PUBLIC_COMPANY_GSTIN', {
    test: (value) => GSTIN_PATTERN.test(value),
    what: 'a GSTIN of 15 characters, such as 29ABCDE1234F1Z5',
  }),
  grievance: {
    name: readCompanySetting('PUBLIC_GRIEVANCE_OFFICER_NAME'),
    designation: readCompanySetting('PUBLIC_GRIEVANCE_OFFICER_DESIGNATION'),
    email: readCompanySetting('PUBLIC_GRIEVANCE_OFFICER_EMAIL', email),
    phone: readCompanySetting('PUBLIC_GRIEVANCE_OFFICER_PHONE', {
      test: (value) => PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= 10,
      what: 'a phone number of ten digits or more, such as +91 80 4000 1234',
    }),
  },
  privacy: {
    name: readCompanySetting('PUBLIC_PRIVACY_CONTACT_NAME'),
    email: readCompanySetting('PUBLIC_PRIVACY_CONTACT_EMAIL', email),
  },
  gateways: readCompanySetting('PUBLIC_PAYMENT_GATEWAYS'),
  example: false,
};
company.example = Object.entries(COMPANY_EXAMPLE).some(([name]) => !env[name]?.trim());
if (companyMissing.length) {
  throw new Error(
    `SITE_URL is ${siteUrl}, a public address, so the site states the company behind it: set ${companyMissing.join(', ')} (docs/configuration.md, "The company")`,
  );
}
const crm: LeadTarget = crmToken
  ? { mode: 'direct', host: readUrl('PUBLIC_CRM_HOST', 'https://crm.communiti.example'), token: crmToken }
  : { mode: 'relay' };

export const site = {
  /** Brand name used in copy. */
  brand: read('PUBLIC_BRAND_NAME', 'Communiti'),
  /** The product domain label used after the page name in every title: "{page} | {domainLabel}". */
  domainLabel: read('PUBLIC_DOMAIN_LABEL', 'Communiti.example'),
  /** Canonical origin of this marketing site (no trailing slash). */
  url: siteUrl,
  /** The support address the legal pages give ("{supportEmail}" in content). */
  supportEmail: readEmail('PUBLIC_SUPPORT_EMAIL', 'support@communiti.example'),
  /** Author meta tag and JSON-LD publisher. */
  author: read('PUBLIC_AUTHOR', 'Communiti Technologies'),
  /**
   * The company behind the site: its legal name, registered office, CIN and GSTIN, grievance officer, personal data
   * contact and payment gateways. The default build states clearly marked examples; a build for
   * a public address (SITE_URL on no reserved host) stops without them, naming each setting.
   */
  company,
  /** Brand colour: theme-color meta and web manifest. */
  themeColor: '#4f46e5',
  /** Year printed in the footer copyright line (product rule: 2025, the year the site launched). */
  copyrightYear: 2025,
  /** The external admin app: Login, Get Started, Sign up, Create your Community. */
  adminAppUrl: `${appUrl}/admin`,
  /** Booking page for a demo and installation appointment: /user/book-appointment/{slug}/{id} on the app host. */
  demoBookingUrl: `${appUrl}/user/book-appointment/${encodeURIComponent(demoSlug)}/${encodeURIComponent(demoId)}`,
  /** The public community page behind "Join Community". */
  communityUrl: `${appUrl}/community/${encodeURIComponent(communitySlug)}/${encodeURIComponent(communityId)}`,
  /** The sales chat: its prefilled messages are content (the site-wide labels, `chat`). */
  salesChat: { number: chatNumber, baseUrl: chatBase },
  appStores: {
    /** The admin app, for community owners. */
    android: read(
      'PUBLIC_ANDROID_APP_URL',
      'https://play.communiti.example/store/apps/details?id=example.communiti.admin',
    ),
    ios: read('PUBLIC_IOS_APP_URL', 'https://apps.communiti.example/app/communiti/id0000000000'),
  },
  social: {
    instagram: read('PUBLIC_INSTAGRAM_URL', 'https://instagram.communiti.example/communiti'),
    linkedin: read('PUBLIC_LINKEDIN_URL', 'https://linkedin.communiti.example/company/communiti'),
    youtube: read('PUBLIC_YOUTUBE_URL', 'https://youtube.communiti.example/@communiti'),
  },
  /**
   * Where the home lead popup sends a lead. Relay mode (the default, PUBLIC_CRM_TOKEN empty): this site's
   * `/api/leads` function, which holds CRM_HOST and CRM_TOKEN server-side; no CRM host or token reaches the browser.
   * Direct mode (PUBLIC_CRM_TOKEN set, for hosts without functions): the browser posts to {PUBLIC_CRM_HOST}/api/leads
   * with the token, which is then visible in the page. PUBLIC_CRM_HOST is read in direct mode only.
   */
  crm,
  emailjs: {
    /** Origin of the email service API used by @emailjs/browser. */
    origin: readUrl('PUBLIC_EMAILJS_ORIGIN', 'https://api.emailjs.com'),
    publicKey: read('PUBLIC_EMAILJS_PUBLIC_KEY', ''),
    serviceId: read('PUBLIC_EMAILJS_SERVICE_ID', ''),
    templateId: read('PUBLIC_EMAILJS_TEMPLATE_ID', ''),
  },
  /**
   * Privacy-first analytics (a Plausible-compatible service), off unless PUBLIC_ANALYTICS_ENDPOINT is set. `endpoint`
   * is the service's origin (events go to {endpoint}/api/event, and connect-src allows it); `domain` is the site's
   * name there (PUBLIC_ANALYTICS_DOMAIN, default: the host of SITE_URL). Null: the build ships no analytics code.
   */
  analytics: analyticsEndpoint
    ? { endpoint: analyticsEndpoint, domain: read('PUBLIC_ANALYTICS_DOMAIN', new URL(siteUrl).host) }
    : null,
  /** Base URL of the blog API (GET /api/v2.0/blogs...). Empty: the embedded Markdown posts are used. */
  blogApiBase: read('PUBLIC_BLOG_API_URL', ''),
  /** When "true", a failing blog API fails the build instead of publishing an empty blog. */
  blogStrict: read('BLOG_STRICT', 'false') === 'true',
  /**
   * When "true", the build renders every page in the pseudo-locale alone (under /qps, every word of content marked),
   * the proof that no visible word is written into code (docs/i18n.md, "The pseudo-locale"). Never set for a deploy.
   */
  pseudoLocale: read('PSEUDO_LOCALE_BUILD', 'false') === 'true',
  /**
   * The folder the build reads the experiments from (docs/experiments.md), from the project's folder. The test build
   * reads tests/fixtures/experiments, which runs one.
   */
  experimentsFolder: read('EXPERIMENTS_FOLDER', contentFolder('experiments')),
  /**
   * The content admin at /cms/ (docs/cms.md): the GitHub repository ("owner/name") and branch an editor's save is
   * committed to. The deploy workflow passes its own repository.
   */
  cms: {
    repo: readRepo('CMS_GITHUB_REPO', 'communiti/communiti-site'),
    branch: read('CMS_GITHUB_BRANCH', 'main'),
  },
} as const;

export type Site = typeof site;

/** A sales chat link with a prefilled, URL-encoded message. */
export function chatLink(message: string): string {
  return `${site.salesChat.baseUrl}/${site.salesChat.number}?text=${encodeURIComponent(message)}`;
}

/** The longest page title search engines show in full. */
export const TITLE_MAX = 70;

/**
 * Page title in the form "{page name} | {domain label}", at most TITLE_MAX characters: a longer page name (a blog post's,
 * say) is cut at a word and ends with an ellipsis.
 */
export function pageTitle(pageName: string): string {
  return titleFor(pageName, site.domainLabel);
}

/** pageTitle for a site whose domain label is `domainLabel`. */
export function titleFor(pageName: string, domainLabel: string): string {
  const suffix = ` | ${domainLabel}`;
  const room = TITLE_MAX - suffix.length;
  if (pageName.length <= room) return `${pageName}${suffix}`;
  const cut = pageName.slice(0, room - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > room / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…${suffix}`;
}
