/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // A local D1 (tests/unit/local-d1.ts) starts the Workers runtime: more than Vitest's 10 s on a busy machine.
    hookTimeout: 30_000,
  },
});
