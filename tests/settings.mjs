// The configuration the dist-test build uses: reserved hosts and fake keys that tests intercept with page.route.

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
  // One experiment runs, on /creator (tests/e2e/experiments.configured.spec.ts).
  EXPERIMENTS_FOLDER: 'tests/fixtures/experiments',
};
