// The configuration the dist-test build uses: reserved hosts and fake keys that tests intercept with page.route.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSIGNMENT_COOKIE } from '../src/lib/experiments/folder.mjs';

/** The local blog API (scripts/blog-api.mjs): started by build-test.mjs during the build and by Playwright. */
export const blogApiPort = Number(process.env.BLOG_API_PORT ?? 4599);

export const testSettings = {
  PUBLIC_CRM_HOST: 'https://crm.test.example',
  PUBLIC_CRM_TOKEN: 'test-crm-token',
  PUBLIC_EMAILJS_ORIGIN: 'https://email.test.example',
  PUBLIC_EMAILJS_PUBLIC_KEY: 'test-public-key',
  PUBLIC_EMAILJS_SERVICE_ID: 'test-service',
  PUBLIC_EMAILJS_TEMPLATE_ID: 'test-template',
  // Analytics on: tests route this reserved origin and read the events' bodies.
  PUBLIC_ANALYTICS_ENDPOINT: 'https://analytics.test.example',
  PUBLIC_ANALYTICS_DOMAIN: 'communiti.test.example',
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
