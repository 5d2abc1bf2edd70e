#!/usr/bin/env node
// Builds the site against the local blog API with 1,000, 2,500, 5,000 and 10,000 generated posts and prints, for each,
// build time (wall clock and CPU), peak memory, the marginal cost per post and the size of the list pages' HTML.
//   npm run bench:blog [-- 1000 2500 5000 10000]
//
// It fails (exit 1) when
//   - a build peaks at 2 GB of memory or more;
//   - the largest size costs more than ten times the smallest's time per post ratio allows: T(largest) may be at most
//     (largest / smallest) times T(smallest), in CPU time (e.g. 10,000 posts at most ten times 1,000 posts);
//   - growth is not linear: the CPU time each extra post costs between the last two sizes exceeds the cost between the
//     first two by more than LINEAR_TOLERANCE (CPU time, not wall clock, so a busy 2-core machine's waits do not count;
//     the tolerance absorbs what noise is left);
//   - /blogs, its last page or a category page is over 60 KB of HTML (uncompressed), at any size.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBlogApi } from './blog-api.mjs';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const counts = sizes.length ? sizes : [1000, 2500, 5000, 10000];
const MAX_PEAK_BYTES = 2 * 1024 ** 3;
const MAX_LIST_HTML_BYTES = 60 * 1024;
const LINEAR_TOLERANCE = 0.5;
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/**
 * @typedef {{ code: number | null, seconds: number, cpuSeconds: number | null, peakBytes: number | null, log: string }}
 *   BuildResult
 */

/**
 * One build against the blog API at `apiUrl`, into `outDir`: its exit code, times, peak memory and output.
 * @param {string} apiUrl
 * @param {string} outDir
 * @returns {Promise<BuildResult>}
 */
function build(apiUrl, outDir) {
  return new Promise((resolve) => {
    // npm run build: the build as CI and the deploy run it, with its heap limit (package.json).
    const astro = /** @type {const} */ (['npm', 'run', '--silent', 'build', '--', '--outDir', outDir]);
    const [command, args] = timeBin
      ? [timeBin, ['-f', 'PEAK_RSS_KB=%M CPU_S=%U+%S', ...astro]]
      : [astro[0], astro.slice(1)];
    const started = performance.now();
    const child = spawn(command, args, {
      env: { ...process.env, PUBLIC_BLOG_API_URL: apiUrl, BLOG_STRICT: 'true', ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const peak = /PEAK_RSS_KB=(\d+)/.exec(log);
      const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(log);
      resolve({
        code,
        seconds,
        cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : null,
        peakBytes: peak ? Number(peak[1]) * 1024 : null,
        log,
      });
    });
  });
}

/**
 * Bytes of the list pages that must stay small: /blogs, its last numbered page, the first category's first page.
 * @param {string} outDir
 */
function listPageSizes(outDir) {
  const numbered = existsSync(join(outDir, 'blogs'))
    ? readdirSync(join(outDir, 'blogs')).filter((f) => /^\d+\.html$/.test(f))
    : [];
  const last = numbered.sort((a, b) => parseInt(b) - parseInt(a))[0];
  const categoryDir = join(outDir, 'blogs', 'category');
  const category = existsSync(categoryDir) ? readdirSync(categoryDir).find((f) => f.endsWith('.html')) : undefined;
  const files = {
    '/blogs': join(outDir, 'blogs.html'),
    ...(last ? { [`/blogs/${last.replace('.html', '')}`]: join(outDir, 'blogs', last) } : {}),
    ...(category ? { [`/blogs/category/${category.replace('.html', '')}`]: join(categoryDir, category) } : {}),
  };
  return Object.fromEntries(Object.entries(files).map(([path, file]) => [path, statSync(file).size]));
}

// A first build that is not counted: the bundler's and Astro's caches are then warm for every measured size alike
// (a cold first build costs more CPU than a warm one with more posts, and would hide or fake a trend).
{
  const api = createBlogApi({ posts: 10 });
  const outDir = mkdtempSync(join(tmpdir(), 'bench-blog-warm-'));
  process.stdout.write('Warming up with 10 posts (not counted)... ');
  const warm = await build(await api.listen(0), outDir);
  await api.close();
  rmSync(outDir, { recursive: true, force: true });
  console.log(warm.code === 0 ? `${warm.seconds.toFixed(1)} s` : 'failed');
}

/** @type {(BuildResult & { count: number, html: Record<string, number> })[]} */
const rows = [];
for (const count of counts) {
  const api = createBlogApi({ posts: count });
  const url = await api.listen(0);
  const outDir = mkdtempSync(join(tmpdir(), `bench-blog-${count}-`));
  process.stdout.write(`Building with ${count} posts... `);
  const result = await build(url, outDir);
  await api.close();
  const html = result.code === 0 ? listPageSizes(outDir) : {};
  rmSync(outDir, { recursive: true, force: true });
  if (result.code !== 0) {
    console.error(`build failed:\n${result.log.slice(-3000)}`);
    process.exit(1);
  }
  console.log(`${result.seconds.toFixed(1)} s`);
  rows.push({ count, ...result, html });
}

/** @param {number | null} bytes */
const mb = (bytes) => (bytes === null ? 'n/a' : `${(bytes / 1024 ** 2).toFixed(0)} MB`);
/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** @param {BuildResult} r */
const cpuOf = (r) => r.cpuSeconds ?? r.seconds;
console.log('\n| posts | wall time | CPU time | peak memory | marginal CPU per post | largest list page HTML |');
console.log('|---:|---:|---:|---:|---:|---:|');
rows.forEach((r, i) => {
  const previous = rows[i - 1];
  const marginal = previous ? ((cpuOf(r) - cpuOf(previous)) / (r.count - previous.count)) * 1000 : null;
  const [page, bytes] = Object.entries(r.html).sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  console.log(
    `| ${r.count} | ${r.seconds.toFixed(1)} s | ${r.cpuSeconds === null ? 'n/a' : `${r.cpuSeconds.toFixed(1)} s`} | ${mb(r.peakBytes)} | ${marginal === null ? '' : `${marginal.toFixed(1)} ms`} | ${kb(bytes)} (${page}) |`,
  );
});

const failures = [];
for (const r of rows) {
  if (r.peakBytes !== null && r.peakBytes >= MAX_PEAK_BYTES)
    failures.push(`${r.count} posts peaked at ${mb(r.peakBytes)}`);
  for (const [page, bytes] of Object.entries(r.html)) {
    if (bytes > MAX_LIST_HTML_BYTES) failures.push(`${page} is ${kb(bytes)} of HTML with ${r.count} posts`);
  }
}
const [first, second, beforeLast, last] = [rows[0], rows[1], rows.at(-2), rows.at(-1)];
if (rows.length >= 2 && first && last) {
  const ratio = cpuOf(last) / cpuOf(first);
  const allowed = last.count / first.count;
  console.log(
    `\n${last.count} posts cost ${ratio.toFixed(2)} times ${first.count} posts' CPU time (at most ${allowed.toFixed(1)}).`,
  );
  if (ratio > allowed) failures.push(`${last.count} posts cost ${ratio.toFixed(2)}x ${first.count} posts`);
}
if (rows.length >= 3 && first && second && beforeLast && last) {
  /** @type {(a: (typeof rows)[number], b: (typeof rows)[number]) => number} */
  const marginal = (a, b) => (cpuOf(b) - cpuOf(a)) / (b.count - a.count);
  const early = marginal(first, second);
  const late = marginal(beforeLast, last);
  console.log(
    `Marginal CPU per post: ${(early * 1000).toFixed(1)} ms (${first.count}→${second.count}), ` +
      `${(late * 1000).toFixed(1)} ms (${beforeLast.count}→${last.count}); linear while the second is within ` +
      `${LINEAR_TOLERANCE * 100}% of the first.`,
  );
  if (late > early * (1 + LINEAR_TOLERANCE)) failures.push('build time grows faster than linearly');
}
if (failures.length) {
  console.error(`\nTargets missed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log(
  `\nTargets met: linear growth, peak memory under 2 GB, list pages under ${MAX_LIST_HTML_BYTES / 1024} KB of HTML.`,
);
