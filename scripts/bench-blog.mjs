#!/usr/bin/env node
// Builds the site against the local blog API with 10, 100 and 1000 generated posts and prints build time and peak
// memory for each. Targets on a 2-core machine: 1000 posts in under 90 s and under 2 GB, and time growing no faster
// than linearly with the number of posts. Exits 1 when a target is missed.
//   npm run bench:blog [-- 10 100 1000]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBlogApi } from './blog-api.mjs';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const counts = sizes.length ? sizes : [10, 100, 1000];
const TARGET_SECONDS = 90;
const TARGET_BYTES = 2 * 1024 ** 3;
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

function build(apiUrl, outDir) {
  return new Promise((resolve) => {
    const astro = ['node_modules/.bin/astro', 'build', '--outDir', outDir];
    const [command, args] = timeBin ? [timeBin, ['-f', 'PEAK_RSS_KB=%M', ...astro]] : [astro[0], astro.slice(1)];
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
      resolve({ code, seconds, peakBytes: peak ? Number(peak[1]) * 1024 : null, log });
    });
  });
}

const rows = [];
for (const count of counts) {
  const api = createBlogApi({ posts: count });
  const url = await api.listen(0);
  const outDir = mkdtempSync(join(tmpdir(), `bench-blog-${count}-`));
  process.stdout.write(`Building with ${count} posts... `);
  const result = await build(url, outDir);
  await api.close();
  rmSync(outDir, { recursive: true, force: true });
  if (result.code !== 0) {
    console.error(`build failed:\n${result.log.slice(-3000)}`);
    process.exit(1);
  }
  console.log(`${result.seconds.toFixed(1)} s`);
  rows.push({ count, ...result });
}

const mb = (bytes) => (bytes === null ? 'n/a' : `${(bytes / 1024 ** 2).toFixed(0)} MB`);
console.log('\n| posts | build time | peak memory | time per post |');
console.log('|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.count} | ${r.seconds.toFixed(1)} s | ${mb(r.peakBytes)} | ${((r.seconds / r.count) * 1000).toFixed(0)} ms |`,
  );
}

const failures = [];
const largest = rows.at(-1);
if (largest.count >= 1000) {
  if (largest.seconds > TARGET_SECONDS) failures.push(`${largest.count} posts took ${largest.seconds.toFixed(1)} s`);
  if (largest.peakBytes !== null && largest.peakBytes > TARGET_BYTES) {
    failures.push(`${largest.count} posts peaked at ${mb(largest.peakBytes)}`);
  }
}
// Linear at most: the time each extra post costs must not grow from one size to the next (20 % tolerance for noise).
for (let i = 2; i < rows.length; i += 1) {
  const [a, b, c] = [rows[i - 2], rows[i - 1], rows[i]];
  const before = (b.seconds - a.seconds) / (b.count - a.count);
  const after = (c.seconds - b.seconds) / (c.count - b.count);
  console.log(
    `Marginal cost per post: ${(before * 1000).toFixed(1)} ms (${a.count}→${b.count}), ${(after * 1000).toFixed(1)} ms (${b.count}→${c.count})`,
  );
  if (after > before * 1.2 && after > 0.01) failures.push(`time grows faster than linearly (${b.count}→${c.count})`);
}
if (failures.length) {
  console.error(`\nTargets missed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log(`\nTargets met: 1000 posts under ${TARGET_SECONDS} s and 2 GB, time linear in the number of posts.`);
