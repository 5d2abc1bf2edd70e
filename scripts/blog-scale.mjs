#!/usr/bin/env node
// The blog at scale, in the browser: builds the site against the local blog API with 5,000 generated posts into
// dist-check/blog-scale, serves it with the host runtime (scripts/host.mjs) and runs axe (Playwright, the system
// Chromium) and Lighthouse (scripts/lighthouse.mjs, mobile, its gates) on /blogs, a category page and a page deep in
// the pagination. Prints the scores; exits 1 on an axe violation or a missed Lighthouse gate. Slow (a 5,000-post
// build): not part of npm test.
//   npm run test:blog-scale [-- --posts 5000]
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { createBlogApi } from './blog-api.mjs';
import { startHost } from './host.mjs';
import { chromePath } from '../tests/browsers.mjs';

const { values } = parseArgs({ options: { posts: { type: 'string', default: '5000' } } });
const outDir = resolve('dist-check/blog-scale');

/**
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<number>}
 */
const run = (command, args, env = {}) =>
  new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => done(code ?? 1));
  });

const api = createBlogApi({ posts: Number(values.posts) });
const apiUrl = await api.listen(0);
console.log(`Building with ${values.posts} posts into ${outDir}...`);
const started = performance.now();
// npm run build: the build as CI and the deploy run it, with its heap limit (package.json).
const built = await run('npm', ['run', '--silent', 'build', '--', '--outDir', outDir], {
  PUBLIC_BLOG_API_URL: apiUrl,
  BLOG_STRICT: 'true',
  ASTRO_TELEMETRY_DISABLED: '1',
});
if (built !== 0) {
  await api.close();
  process.exit(built);
}
console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s`);

// The three pages: the list, the first category's list, and the middle of the list's numbered pages.
const numbered = readdirSync(resolve(outDir, 'blogs'))
  .filter((f) => /^\d+\.html$/.test(f))
  .map((f) => parseInt(f));
const deep = numbered.sort((a, b) => a - b)[Math.floor(numbered.length / 2)];
const category = readdirSync(resolve(outDir, 'blogs/category')).find((f) => f.endsWith('.html'));
if (!category) throw new Error(`No category page in ${outDir}/blogs/category`);
const paths = ['/blogs', `/blogs/category/${category.replace('.html', '')}`, `/blogs/${deep}`];

const host = await startHost({ dir: outDir });
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
});
const axeRows = [];
let violations = 0;
try {
  for (const path of paths) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${host.origin}${path}`);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    violations += results.violations.length;
    axeRows.push({ path, violations: results.violations.map((v) => v.id), passes: results.passes.length });
    await context.close();
  }
} finally {
  await browser.close();
  await host.stop();
}
console.log('\naxe (WCAG 2.1 A/AA and best practices):');
console.log('| page | violations | rules passed |');
console.log('|---|---|---:|');
for (const r of axeRows) console.log(`| ${r.path} | ${r.violations.join(', ') || 'none'} | ${r.passes} |`);

const lighthouse = await run('node', ['scripts/lighthouse.mjs', ...paths], { LIGHTHOUSE_DIR: outDir });
// Open until the audits end: the posts' images are served by the blog API, as in production.
await api.close();
if (violations || lighthouse !== 0) {
  console.error(`\n${violations} axe violation(s); Lighthouse ${lighthouse === 0 ? 'passed' : 'missed a gate'}.`);
  process.exit(1);
}
console.log(`\n${values.posts} posts: axe and Lighthouse pass on ${paths.join(', ')}.`);
