#!/usr/bin/env node
// `npm test`: every check, in order, each an npm script of package.json, stopping at the first that fails. At the end
// (or at the failure) it prints how long each step took, so that a slow step is seen before it grows.
//   node scripts/test-all.mjs
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The steps, in the order they run: a later one may need an earlier one's output (dist, dist-test). */
export const STEPS = [
  'lint',
  'check',
  'test:unit',
  'build',
  'test:html',
  'build:test',
  'test:blog-isolation',
  'test:rebrand',
  'test:crawl',
  'test:budgets',
  'test:e2e',
];

/** "1 min 05 s" or "42.3 s". */
export function formatDuration(ms) {
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** The table of step times, the total last. */
export function timingTable(times) {
  const width = Math.max(...times.map((t) => t.step.length), 'total'.length);
  const rows = times.map((t) => `  ${t.step.padEnd(width)}  ${formatDuration(t.ms)}${t.ok ? '' : '  FAILED'}`);
  const total = times.reduce((sum, t) => sum + t.ms, 0);
  return ['Step times:', ...rows, `  ${'total'.padEnd(width)}  ${formatDuration(total)}`].join('\n');
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const times = [];
  let failed = false;
  for (const step of STEPS) {
    const started = Date.now();
    const run = spawnSync('npm', ['run', step], { stdio: 'inherit' });
    const ok = run.status === 0;
    times.push({ step, ms: Date.now() - started, ok });
    if (!ok) {
      failed = true;
      break;
    }
  }
  console.log(`\n${timingTable(times)}`);
  process.exit(failed ? 1 : 0);
}
