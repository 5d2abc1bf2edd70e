import { defineConfig, devices } from '@playwright/test';
import { availableParallelism } from 'node:os';
import { testBrowserPath } from './tests/browsers.mjs';
import { blogApiPort, controlCookie } from './tests/settings.mjs';

const port = Number(process.env.E2E_PORT ?? 4321);
// dist-test: the same site built with every external service configured to test values (scripts/build-test.mjs).
const configuredPort = port + 1;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three on a two-core machine: the tests wait on timers, retries and builds, and a third worker fills those waits
  // (the whole suite in 5.1 min against 5.6 min with two, and 15.7 min with Playwright's default of one worker per two
  // cores); at three the cores are busy 95 % of the run.
  workers: Math.max(3, Math.floor(availableParallelism() / 2) + 1),
  // A test that fails is run once more, with a trace to read (test-results/), and the run still fails: a test that
  // passes only on its second try is flaky, and that is a failure too. Recording a trace of every test would cost
  // about an eighth of the suite's time.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 45_000,
  // Hydration and animations on a loaded two-core machine: an assertion waits up to 10 s for what it expects.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: testBrowserPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /\.(configured|nojs)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // Every page as a visitor without JavaScript sees it.
      name: 'no-js',
      testMatch: /\.nojs\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, javaScriptEnabled: false },
    },
    {
      name: 'configured',
      testMatch: /\.configured\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${configuredPort}`,
        // A returning visitor given control in each running experiment of the test build (tests/settings.mjs).
        storageState: {
          cookies: [
            {
              ...controlCookie(),
              domain: '127.0.0.1',
              path: '/',
              expires: -1,
              httpOnly: true,
              secure: false,
              sameSite: 'Lax',
            },
          ],
          origins: [],
        },
      },
    },
  ],
  // The reference host's runtime (the site's Worker with static assets, through wrangler: scripts/host.mjs) serves both
  // builds, with its URL rules, _headers, compression, 404 page and /api/leads (no CRM set, .dev.vars ignored: leads
  // are kept, pending).
  // SIGTERM lets each stop wrangler and remove its state folder.
  webServer: [
    {
      command: `node scripts/host.mjs --dir dist --port ${port} --ignore-dev-vars`,
      url: `http://127.0.0.1:${port}/404`,
      reuseExistingServer: false,
      timeout: 90_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: `node scripts/host.mjs --dir dist-test --port ${configuredPort} --ignore-dev-vars`,
      url: `http://127.0.0.1:${configuredPort}/404`,
      reuseExistingServer: false,
      timeout: 90_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      // The local blog API that dist-test was built against: the 404 page's runtime fallback fetches from it.
      command: `node scripts/blog-api.mjs --port ${blogApiPort}`,
      url: `http://127.0.0.1:${blogApiPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
