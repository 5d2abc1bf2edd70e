#!/usr/bin/env node
// `npm test`: every check, each an npm script of package.json, stopping after the first stage in which one fails.
// The stages run in order (a later one may need an earlier one's output: dist, dist-test). A stage is lanes that run at
// the same time, each its steps one after the other (a step may need the one before it in its lane), with each step's
// output held and printed whole when it ends, so that the machine's cores share the work. Two Astro builds never run at
// once (they share the project's content cache, .astro and node_modules/.astro): astro check, build, build:test and
// test:pseudo (which builds the pseudo-locale for itself) are never in two lanes of one stage; they are the run's only
// builds, and every later check reads them. At the end (or at the failure) it prints how long each step took.
//   node scripts/test-all.mjs
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_CRM } from '../tests/settings.mjs';

/** The stages, in the order they run: each a list of lanes that run together, each lane's steps in order. */
export const STAGES = [
  [['lint'], ['check']],
  [['test:unit'], ['build', 'build:test', 'test:pseudo']],
  [['test:rebrand', 'test:crawl'], ['test:budgets', 'test:html'], ['test:layout'], ['test:worker']],
  [['test:e2e']],
];

/** The steps that run an Astro build (or sync): never in two lanes of one stage. */
export const ASTRO_STEPS = ['check', 'build', 'build:test', 'test:pseudo'];

/**
 * What a step's environment holds beside the caller's: the default build is made with the Worker's CRM settings in it,
 * as a deploy's environment may hold them, so that test:rebrand can see that none of it reaches a file.
 * @type {Record<string, Record<string, string>>}
 */
export const STEP_ENV = { build: WORKER_CRM };

/** Every step, in the order the stages run them. */
export const STEPS = STAGES.flat(2);

/**
 * "1 min 05 s" or "42.3 s".
 * @param {number} ms
 */
export function formatDuration(ms) {
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * @typedef {{ step: string, ms: number, ok: boolean }} StepTime
 */

/**
 * The table of step times, then the total time (steps of one stage overlap, so it is less than their sum).
 * @param {StepTime[]} times
 * @param {number} totalMs
 */
export function timingTable(times, totalMs) {
  const width = Math.max(...times.map((t) => t.step.length), 'total'.length);
  const rows = times.map((t) => `  ${t.step.padEnd(width)}  ${formatDuration(t.ms)}${t.ok ? '' : '  FAILED'}`);
  return ['Step times:', ...rows, `  ${'total'.padEnd(width)}  ${formatDuration(totalMs)}`].join('\n');
}

/**
 * Runs one npm script; alone, its output goes straight to the terminal, else it is held and printed when it ends.
 * @param {string} step
 * @param {boolean} alone
 * @returns {Promise<StepTime>}
 */
function run(step, alone) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn('npm', ['run', step], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...STEP_ENV[step] },
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n── ${step} ──\n${Buffer.concat(output).toString()}`);
      done({ step, ms: Date.now() - started, ok: code === 0 });
    });
  });
}

/**
 * Runs `stages` in order (each its lanes side by side, each lane's steps in turn), stopping after the first stage in
 * which a step fails; prints the step times and resolves to whether every step passed.
 * @param {string[][][]} stages
 */
export async function runStages(stages) {
  const started = Date.now();
  const times = [];
  for (const stage of stages) {
    const alone = stage.length === 1;
    // A lane stops at its first failed step: the next may need what that one makes.
    const lanes = await Promise.all(
      stage.map(async (lane) => {
        const results = [];
        for (const step of lane) {
          const result = await run(step, alone);
          results.push(result);
          if (!result.ok) break;
        }
        return results;
      }),
    );
    const results = lanes.flat();
    times.push(...results);
    if (results.some((r) => !r.ok)) break;
  }
  console.log(`\n${timingTable(times, Date.now() - started)}`);
  return times.every((t) => t.ok);
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // Every step is an npm script, run on the same Node as this (package.json pins it: scripts/ensure-deps.mjs).
  console.log(`npm test on Node ${process.version}`);
  process.exit((await runStages(STAGES)) ? 0 : 1);
}
