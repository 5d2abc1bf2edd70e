// The configuration the dist-test build uses: a new owner's identity (another brand, domain, addresses and links, so
// that scripts/check-rebrand.mjs finds any trace of the default brand in it), and reserved hosts and fake keys for every
// service, which tests intercept with page.route.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSIGNMENT_COOKIE } from '../src/lib/experiments/folder.mjs';

/** The local blog API (scripts/blog-api.mjs): started by build-test.mjs during the build and by Playwright. */
export const blogApiPort = Number(process.env.BLOG_API_PORT ?? 4599);

/** A new owner's identity: every setting that names the brand, its addresses and its links. */
export const NEW_OWNER = {
  PUBLIC_BRAND_NAME: 'Sangha Hub',
  PUBLIC_DOMAIN_LABEL: 'Sangha.example',
  PUBLIC_AUTHOR: 'Sangha Labs',
  SITE_URL: 'https://www.sangha.example',
  PUBLIC_APP_URL: 'https://app.sangha.example',
  PUBLIC_DEMO_BOOKING_SLUG: 'sangha-demo',
  PUBLIC_COMMUNITY_SLUG: 'sangha-circle',
  PUBLIC_SUPPORT_EMAIL: 'care@sangha.example',
  PUBLIC_ANDROID_APP_URL: 'https://play.sangha.example/store/apps/details?id=example.sangha.admin',
  PUBLIC_IOS_APP_URL: 'https://apps.sangha.example/app/sangha/id0000000001',
  PUBLIC_INSTAGRAM_URL: 'https://instagram.sangha.example/sangha',
  PUBLIC_LINKEDIN_URL: 'https://linkedin.sangha.example/company/sangha',
  PUBLIC_YOUTUBE_URL: 'https://youtube.sangha.example/@sangha',
  CMS_GITHUB_REPO: 'sangha-labs/sangha-site',
  // The company behind it: no value of the default's example company may survive (the rebrand check).
  PUBLIC_COMPANY_NAME: 'Sangha Labs Private Limited',
  PUBLIC_COMPANY_ADDRESS: '4th Floor, Lotus House, 12 FC Road, Pune 411004, Maharashtra, India',
  PUBLIC_COMPANY_CIN: 'U72900MH2021PTC361842',
  PUBLIC_COMPANY_GSTIN: '27AAKCS4821K1Z6',
  // A real person whose first name a drawn member list uses: the test build draws that member with another name.
  PUBLIC_GRIEVANCE_OFFICER_NAME: 'Priya Nair',
  PUBLIC_GRIEVANCE_OFFICER_DESIGNATION: 'Head of Member Care',
  PUBLIC_GRIEVANCE_OFFICER_EMAIL: 'grievance@sangha.example',
  PUBLIC_GRIEVANCE_OFFICER_PHONE: '+91 20 4000 1234',
  PUBLIC_PRIVACY_CONTACT_NAME: 'Nazia Siddiqui, Data Protection Officer',
  PUBLIC_PRIVACY_CONTACT_EMAIL: 'privacy@sangha.example',
  PUBLIC_PAYMENT_GATEWAYS: 'Razorpay',
};

/**
 * The CRM as a deploy sets it for the Worker, given to the default build's environment in npm test (scripts/test-all.mjs):
 * the build reads no such setting, and none of it may reach a file of dist (scripts/check-rebrand.mjs).
 */
export const WORKER_CRM = { CRM_HOST: 'https://crm-server.sangha.example', CRM_TOKEN: 'crm-token-marker-5d1f0c' };

export const testSettings = {
  ...NEW_OWNER,
  PUBLIC_CRM_HOST: 'https://crm.test.example',
  PUBLIC_CRM_TOKEN: 'test-crm-token',
  PUBLIC_EMAILJS_ORIGIN: 'https://email.test.example',
  PUBLIC_EMAILJS_PUBLIC_KEY: 'test-public-key',
  PUBLIC_EMAILJS_SERVICE_ID: 'test-service',
  PUBLIC_EMAILJS_TEMPLATE_ID: 'test-template',
  // Analytics on: tests route this reserved origin and read the events' bodies.
  PUBLIC_ANALYTICS_ENDPOINT: 'https://analytics.test.example',
  PUBLIC_ANALYTICS_DOMAIN: 'sangha.test.example',
  PUBLIC_BLOG_API_URL: `http://127.0.0.1:${blogApiPort}`,
  // Experiments run on /, /creator and /business-whatsapp-pricing (tests/e2e/experiments.spec.ts).
  EXPERIMENTS_FOLDER: 'tests/fixtures/experiments',
};

/**
 * The assignment cookie of a visitor who was given control in every running experiment of the test build: the
 * configured tests visit as such a returning visitor, so that a page with an experiment shows them its words as they
 * are, every time (the variants have their own tests, tests/e2e/experiments.spec.ts).
 * @returns {{ name: string, value: string }}
 */
export function controlCookie() {
  const folder = testSettings.EXPERIMENTS_FOLDER;
  const running = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => /** @type {{ id: string, status: string }} */ (JSON.parse(readFileSync(join(folder, file), 'utf8'))))
    .filter((experiment) => experiment.status === 'running');
  return { name: ASSIGNMENT_COOKIE, value: running.map((experiment) => `${experiment.id}:control`).join('|') };
}
