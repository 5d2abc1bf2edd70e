#!/usr/bin/env node
// What the Worker adds to a page with a running experiment: the time to first byte and the total time of four kinds of
// request, served by the reference host's runtime (scripts/host.mjs) on a build with the experiment creator-headline on
// /creator (dist-test: npm run build:test):
//   a. /yoga, a page of similar size that the static assets serve without the Worker;
//   b. /creator for a returning visitor (cookie exp=creator-headline:income): the Worker serves the variant's file;
//   c. /creator for a first visit (no cookie): the Worker draws a variant, sets the cookie and counts the exposure;
//   d. /creator with exp=creator-headline:control: the Worker serves the page's own file.
// Every request as a browser's: GET, Accept-Encoding br, a browser's User-Agent (a first visit is counted), on a fresh
// connection each (as host.mjs's get(): the runtime may close a kept-alive socket). Sequential, one at a time, the four
// interleaved in a rotating order, so that a slower moment of the machine weighs on all four alike; a warm-up first.
// The time to first byte ends when the answer's headers have arrived. It prints figures; it is not a test.
//   node scripts/bench-experiments.mjs [--dir dist-test] [-n 300]
import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { MANIFEST_PATH } from '../src/lib/experiments/folder.mjs';
import { startHost } from './host.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist-test' },
    n: { type: 'string', short: 'n', default: '300' },
  },
});
const N = Number(values.n);
if (!Number.isInteger(N) || N < 1) throw new Error(`-n takes a positive whole number, got "${values.n}"`);
/** Rounds of the four requests before the measured ones, not counted. */
const WARMUP_ROUNDS = 20;
const EXPERIMENT = 'creator-headline';
const PAGE = '/creator';
const STATIC_PAGE = '/yoga';
/** The returning visitor's variant (b), and the heading that tells its file from the page's. */
const RETURNING = { variant: 'income', heading: 'Keep what your audience pays you' };
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/**
 * @typedef {{ key: string, label: string, path: string, cookie?: string }} Case
 * @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer, ttfb: number,
 *   total: number }} Timed
 */

/** @type {Case} */
const STATIC = { key: 'a', label: `${STATIC_PAGE}, static (no Worker)`, path: STATIC_PAGE };
/** @type {Case} */
const VARIANT = {
  key: 'b',
  label: `${PAGE}, returning visitor (${RETURNING.variant})`,
  path: PAGE,
  cookie: `exp=${EXPERIMENT}:${RETURNING.variant}`,
};
/** @type {Case} */
const FIRST_VISIT = { key: 'c', label: `${PAGE}, first visit (draw, cookie, count)`, path: PAGE };
/** @type {Case} */
const CONTROL = { key: 'd', label: `${PAGE}, control cookie`, path: PAGE, cookie: `exp=${EXPERIMENT}:control` };
const CASES = [STATIC, VARIANT, FIRST_VISIT, CONTROL];

/**
 * One GET on a fresh connection, timed from the call: to the answer's headers (first byte) and to its last byte.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<Timed>}
 */
function timedGet(url, headers) {
  return new Promise((done, fail) => {
    const start = performance.now();
    const req = request(url, { method: 'GET', headers, agent: false }, (res) => {
      const ttfb = performance.now() - start;
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ttfb,
          total: performance.now() - start,
        }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * The answer to `c`, checked: 200, and from the Worker (Vary: Cookie) or not as the case says, with a cookie set on a
 * first visit only. Throws on anything else: the figures would not be of what they claim.
 * @param {Case} c
 * @param {Timed} answer
 */
function check(c, answer) {
  const fromWorker = /\bcookie\b/i.test(String(answer.headers.vary ?? ''));
  const setsCookie = Boolean(answer.headers['set-cookie']?.length);
  const problems = [
    answer.status !== 200 && `status ${answer.status}`,
    answer.headers['content-encoding'] !== 'br' && `content-encoding ${answer.headers['content-encoding']}`,
    fromWorker !== (c.path === PAGE) && (fromWorker ? 'answered by the Worker' : 'not answered by the Worker'),
    setsCookie !== (c === FIRST_VISIT) && (setsCookie ? 'sets a cookie' : 'sets no cookie'),
  ].filter(Boolean);
  if (problems.length) throw new Error(`${c.label}: ${problems.join(', ')}`);
}

/**
 * @param {number[]} list
 * @param {number} p
 */
const percentile = (list, p) => {
  const sorted = [...list].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
/** @param {number} value */
const ms = (value) => `${value.toFixed(2)} ms`;
/** @param {number} time */
const sleep = (time) => new Promise((done) => setTimeout(done, time));

const root = resolve(values.dir);
/** @type {{ experiments: { id: string, page: string, variants: { name: string, file: string | null }[] }[] }} */
const manifest = JSON.parse(readFileSync(join(root, MANIFEST_PATH), 'utf8'));
const experiment = manifest.experiments.find((e) => e.id === EXPERIMENT && e.page === PAGE);
const variantFile = experiment?.variants.find((v) => v.name === RETURNING.variant)?.file;
if (!variantFile)
  throw new Error(`${values.dir} runs no ${EXPERIMENT} experiment on ${PAGE} with a ${RETURNING.variant}`);
const fileSizes = {
  static: statSync(join(root, `${STATIC_PAGE}.html`)).size,
  variant: statSync(join(root, `${variantFile}.html`)).size,
};

const [load = NaN] = loadavg();
console.log(
  `${N} requests per case, interleaved, after ${WARMUP_ROUNDS} rounds of warm-up; ${values.dir}; ` +
    `${cpus().length} cores, load ${load.toFixed(1)} at start.`,
);
const host = await startHost({ dir: values.dir });
/** @type {Record<string, { ttfb: number[], total: number[], bytes: number }>} */
const samples = Object.fromEntries(CASES.map((c) => [c.key, { ttfb: [], total: [], bytes: 0 }]));
/** @type {Map<string, number>} the first visits' draws */
const drawn = new Map();
let dropped = 0;
try {
  /**
   * One request of case `c`, checked; a connection the runtime dropped without an answer is asked again once.
   * @param {Case} c
   */
  const run = async (c) => {
    /** @type {Record<string, string>} */
    const headers = { 'Accept-Encoding': 'br', 'User-Agent': USER_AGENT, Accept: 'text/html' };
    if (c.cookie) headers.Cookie = c.cookie;
    let answer;
    try {
      answer = await timedGet(`${host.origin}${c.path}`, headers);
    } catch {
      dropped++;
      await sleep(200);
      answer = await timedGet(`${host.origin}${c.path}`, headers);
    }
    check(c, answer);
    return answer;
  };
  // The returning visitor gets the variant's file, not the page's.
  /** @param {Timed} answer */
  const hasHeading = (answer) => brotliDecompressSync(answer.body).toString('utf8').includes(RETURNING.heading);
  if (!hasHeading(await run(VARIANT)) || hasHeading(await run(CONTROL))) {
    throw new Error(`${PAGE}: the ${RETURNING.variant} cookie does not serve the ${RETURNING.variant} variant`);
  }
  for (let round = -WARMUP_ROUNDS; round < N; round++) {
    const offset = ((round % CASES.length) + CASES.length) % CASES.length;
    for (const c of [...CASES.slice(offset), ...CASES.slice(0, offset)]) {
      const answer = await run(c);
      if (round < 0) continue;
      const sample = samples[c.key];
      if (!sample) continue;
      sample.ttfb.push(answer.ttfb);
      sample.total.push(answer.total);
      sample.bytes = answer.body.length;
      if (c === FIRST_VISIT) {
        const variant = new RegExp(`exp=${EXPERIMENT}:([\\w-]+)`).exec(String(answer.headers['set-cookie']))?.[1];
        drawn.set(variant ?? '?', (drawn.get(variant ?? '?') ?? 0) + 1);
      }
    }
  }
} finally {
  await host.stop();
}

console.log('\n| case | median TTFB | p95 TTFB | median total | p95 total | bytes (br, last answer) |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const c of CASES) {
  const s = samples[c.key];
  if (!s) continue;
  console.log(
    `| ${c.key}. ${c.label} | ${ms(percentile(s.ttfb, 50))} | ${ms(percentile(s.ttfb, 95))} | ` +
      `${ms(percentile(s.total, 50))} | ${ms(percentile(s.total, 95))} | ${s.bytes} |`,
  );
}
/**
 * The difference of two cases' medians.
 * @param {string} x
 * @param {string} y
 * @param {'ttfb' | 'total'} metric
 */
const diff = (x, y, metric) => percentile(samples[x]?.[metric] ?? [], 50) - percentile(samples[y]?.[metric] ?? [], 50);
console.log(
  `\nThe Worker adds, (b) − (a), difference of the medians: ${ms(diff('b', 'a', 'ttfb'))} to the first byte, ` +
    `${ms(diff('b', 'a', 'total'))} to the total.`,
);
console.log(
  `  Page sizes: ${STATIC_PAGE} ${fileSizes.static} bytes (${samples.a?.bytes} br on the wire); ${PAGE} ` +
    `as ${RETURNING.variant} ${fileSizes.variant} bytes (${samples.b?.bytes} br). ${STATIC_PAGE} is the larger, ` +
    'so this slightly understates what the Worker adds.',
);
console.log(`The first visits drew: ${[...drawn].map(([variant, n]) => `${variant} ${n}`).join(', ')}.`);
if (dropped) console.log(`${dropped} connections dropped without an answer, asked again.`);
console.log("The local runtime's figures (wrangler dev on 127.0.0.1), not those of Cloudflare's network.");
