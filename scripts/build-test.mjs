#!/usr/bin/env node
// Builds the site a second time into dist-test with every external service configured to test values, for the
// Playwright tests of the configured paths (files named *.configured.spec.ts). The default build (dist) keeps the
// embedded defaults that the README's run command uses.
//
// The blog is read from the local blog API (scripts/blog-api.mjs), started here on the test port for the duration of
// the build and stopped after it.
import { spawn } from 'node:child_process';
import { blogApiPort, testSettings } from '../tests/settings.mjs';
import { createBlogApi } from './blog-api.mjs';

const api = createBlogApi();
try {
  await api.listen(blogApiPort);
} catch (error) {
  if (error.code !== 'EADDRINUSE') throw error;
  // Something already serves the port (npm run api:dev, or the Playwright web server): use it if it is the blog API.
  const health = await fetch(`http://127.0.0.1:${blogApiPort}/health`).catch(() => null);
  if (!health?.ok) {
    console.error(`Port ${blogApiPort} is taken by something that is not the blog API; set BLOG_API_PORT.`);
    process.exit(1);
  }
  console.log(`Using the blog API already running on port ${blogApiPort}.`);
}

const status = await new Promise((resolve) => {
  // npm run build: the build as CI and the deploy run it, with its heap limit (package.json).
  const child = spawn('npm', ['run', '--silent', 'build', '--', '--outDir', 'dist-test'], {
    stdio: 'inherit',
    // Strict, as the deploy builds the blog: the build fails if the blog API cannot be read, not on a bad record
    // (the isolation check builds the other mode).
    env: { ...process.env, ...testSettings, BLOG_STRICT: 'true', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  child.on('exit', (code) => resolve(code ?? 1));
});
await api.close();
process.exit(status);
