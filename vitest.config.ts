/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import { availableParallelism } from 'node:os';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // A local D1 (tests/unit/local-d1.ts) starts the Workers runtime: more than Vitest's 10 s on a busy machine.
    hookTimeout: 30_000,
    // Two at least: on two cores one worker leaves a core idle once the build beside it is done (60 s against 42 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
