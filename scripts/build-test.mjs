#!/usr/bin/env node
// Builds the site a second time into dist-test with every external service configured to test values, for the
// Playwright tests of the configured paths (files named *.configured.spec.ts). The default build (dist) keeps the
// embedded defaults that the README's run command uses.
import { spawnSync } from 'node:child_process';
import { testSettings } from './test-settings.mjs';

const result = spawnSync('node_modules/.bin/astro', ['build', '--outDir', 'dist-test'], {
  stdio: 'inherit',
  env: { ...process.env, ...testSettings, ASTRO_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);
