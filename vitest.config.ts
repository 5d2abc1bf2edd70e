/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import { availableParallelism } from 'node:os';

export default getViteConfig({
  test: {
    environment: 'node',
    // A local D1 (tests/unit/local-d1.ts) starts the Workers runtime: more than Vitest's 10 s on a busy machine.
    hookTimeout: 30_000,
    // Two at least: on two cores one worker leaves a core idle once the build beside it is done (60 s against 42 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        // The site's Worker in the Workers runtime (tests/worker/runtime.ts), serving dist and dist-test: run after the
        // builds (npm run test:worker, scripts/test-all.mjs). Four files at once there (the script says so): they wait
        // on retries, sweeps and the rate limit's window far more than they compute (69 s of CPU; 104 s in the run's
        // third stage two at a time, 53 s four at a time), and the longest file, the lead's delivery through outages,
        // takes 56 s by itself.
        // A poll waits up to 10 s for what it expects, as the browser tests' assertions do.
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
