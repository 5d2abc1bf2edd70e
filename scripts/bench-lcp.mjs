#!/usr/bin/env node
// Where each page's largest paint goes: for one page of each kind (the pages the browser checks render:
// pagesToRender), Lighthouse mobile as the gate runs it, five runs, the median, beside the page's floor measured in the
// same run on the same server: a text-only page (a heading and paragraphs: no stylesheet, font, picture or script) of
// the same compressed size, which the benchmark writes into a copy of the build. Runs alternate page and floor, so a
// busy moment of the machine weighs on both alike. Prints, per page: its HTML on the wire, LCP, floor, their ratio,
// the largest element and what the LCP waits for (the request or task each of Lantern's two graphs ends with), then
// when each part of the page ended in those graphs (scripts/lighthouse-lab.mjs says how Lighthouse simulates them).
// It prints figures and judges nothing.
//   node scripts/bench-lcp.mjs [--runs 5] [--dir dist] [--after PATH] [--steps] [--json FILE] [path ...]
// --after measures each page (and its floor) as the second page of a visit that began at PATH, the HTTP cache kept.
// --steps prints every request and task of each median run's graphs; --json writes every run to FILE.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { builtPages, kindOf, pagesToRender } from '../src/integrations/dist-pages.mjs';
import { get, startHost } from './host.mjs';
import {
  BLOCKED,
  PARTS,
  kb,
  lastOf,
  launchChrome,
  mainThreadOf,
  measure,
  median,
  medianRun,
  ms,
  waitsFor,
} from './lighthouse-lab.mjs';

const { values: options, positionals: requested } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    dir: { type: 'string', default: 'dist' },
    after: { type: 'string' },
    steps: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs takes a whole number, got ${options.runs}`);
const dir = resolve(options.dir);
/** Where the floor pages are served; their headers are the pages' but for the speculation rules, a request more. */
const FLOOR_FOLDER = 'lcp-floor';
const ACCEPT = { 'Accept-Encoding': 'br, gzip' };

const built = builtPages(dir).filter((page) => !page.cookie);
const pages = (
  requested.length
    ? requested
    : pagesToRender(dir)
        .filter((page) => !page.cookie)
        .map((p) => p.path)
).map((path) => {
  const page = built.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`${path} is no page of ${options.dir}`);
  return { path, file: page.file, kind: kindOf(page.html()) };
});

/**
 * The body of `url` as the runtime sends it (brotli), and how many bytes that is.
 * @param {string} url
 */
async function onTheWire(url) {
  const response = await get(url, ACCEPT);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (response.headers['content-encoding'] !== 'br') throw new Error(`${url} came without brotli`);
  return response.body.length;
}

/** @param {Buffer | string} body @param {number} quality */
const brotli = (body, quality) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }).length;

// The runtime compresses each response itself: its brotli quality is the one that gives the pages' sizes on the wire.
const probe = await startHost({ dir });
/** @type {Map<string, number>} path -> the page's HTML on the wire */
const wire = new Map();
let quality = 0;
try {
  for (const page of pages) wire.set(page.path, await onTheWire(`${probe.origin}${page.path}`));
  const misses = (/** @type {number} */ q) =>
    pages.reduce((sum, page) => sum + Math.abs(brotli(readFileSync(page.file), q) - (wire.get(page.path) ?? 0)), 0);
  for (let q = 1; q <= 11; q++) if (misses(q) < misses(quality)) quality = q;
} finally {
  await probe.stop();
}

/**
 * A text-only page of `words` words: a heading and paragraphs of made-up words, the same words for the same count.
 * Letters drawn at random compress about as little as text can, so the page has few bytes to parse and lay out: its
 * LCP is what the network allows for its size.
 * @param {number} words
 * @param {string} title
 */
function floorPage(words, title) {
  let seed = 53;
  const random = () => {
    // mulberry32: a small generator with a fixed seed, so that a size gives the same page every time.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const letters = 'etaoinshrdlucmfwypvbgkjqxz';
  const word = () =>
    Array.from({ length: 2 + Math.floor(random() * 8) }, () => letters[Math.floor(random() ** 2 * 26)]).join('');
  const paragraphs = [];
  for (let left = words; left > 0; left -= 60) {
    const text = Array.from({ length: Math.min(60, left) }, word).join(' ');
    paragraphs.push(`<p>${text[0]?.toUpperCase()}${text.slice(1)}.</p>`);
  }
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${title}</title>\n</head>\n<body>\n<h1>${title}</h1>\n${paragraphs.join('\n')}\n</body>\n</html>\n`
  );
}

/**
 * The floor page whose compressed size comes nearest `bytes` (at the runtime's quality).
 * @param {number} bytes
 */
function floorOf(bytes) {
  const title = `A text-only page of ${bytes.toLocaleString('en-US')} bytes`;
  let low = 1;
  let high = 1;
  while (brotli(floorPage(high, title), quality) < bytes) high *= 2;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (brotli(floorPage(mid, title), quality) < bytes) low = mid + 1;
    else high = mid;
  }
  return floorPage(low, title);
}

// The build is copied with the floor pages in it, so that one runtime serves both.
const work = mkdtempSync(join(tmpdir(), 'bench-lcp-'));
const root = join(work, 'site');
cpSync(dir, root, { recursive: true });
const headersFile = join(root, '_headers');
if (existsSync(headersFile)) {
  writeFileSync(headersFile, `${readFileSync(headersFile, 'utf8')}\n/${FLOOR_FOLDER}/*\n  ! Speculation-Rules\n`);
}
/** @type {Map<string, string>} path -> its floor's path */
const floors = new Map();
mkdirSync(join(root, FLOOR_FOLDER));
pages.forEach((page, i) => {
  const floor = `/${FLOOR_FOLDER}/${i}`;
  writeFileSync(join(root, `${floor}.html`), floorOf(wire.get(page.path) ?? 0), { flag: 'wx' });
  floors.set(page.path, floor);
});

const host = await startHost({ dir: root });
/** @param {string} path */
const floorPath = (path) => /** @type {string} */ (floors.get(path));
const chrome = await launchChrome();
/** @type {Map<string, { page: import('./lighthouse-lab.mjs').Run[], floor: import('./lighthouse-lab.mjs').Run[] }>} */
const results = new Map(pages.map((page) => [page.path, { page: [], floor: [] }]));
try {
  for (const page of pages) {
    const floorBytes = await onTheWire(`${host.origin}${floorPath(page.path)}`);
    const pageBytes = wire.get(page.path) ?? 0;
    console.error(`${page.path}: ${pageBytes.toLocaleString('en-US')} bytes on the wire, its floor ${floorBytes}`);
    if (Math.abs(floorBytes - pageBytes) > Math.max(50, pageBytes * 0.01)) {
      throw new Error(`${page.path}: its floor is ${floorBytes} bytes on the wire, the page ${pageBytes}`);
    }
  }
  /**
   * A run of `path`: cold, or after a first page with the cache kept (--after).
   * @param {string} path
   * @param {string[]} blocked
   */
  const run = async (path, blocked) => {
    if (options.after) await measure(`${host.origin}${options.after}`, { port: chrome.port });
    return measure(`${host.origin}${path}`, { port: chrome.port, blocked, keepCache: Boolean(options.after) });
  };
  // The first page the runtime and Chrome serve pays for their start (the Worker compiled, cold caches): not counted.
  const first = pages[0];
  if (first) await run(first.path, BLOCKED[first.path] ?? []);
  for (let i = 1; i <= RUNS; i++) {
    for (const page of pages) {
      const result = results.get(page.path);
      if (!result) continue;
      const a = await run(page.path, BLOCKED[page.path] ?? []);
      const b = await run(floorPath(page.path), []);
      result.page.push(a);
      result.floor.push(b);
      console.error(`${page.path} run ${i}/${RUNS}: LCP ${ms(a.lcp)} ms, floor ${ms(b.lcp)} ms`);
    }
  }
} finally {
  chrome.kill();
  await host.stop();
  rmSync(work, { recursive: true, force: true });
}

const rows = pages.map((page) => {
  const result = results.get(page.path);
  if (!result) throw new Error(`${page.path} was not measured`);
  const lcp = median(result.page.map((r) => r.lcp));
  const floor = median(result.floor.map((r) => r.lcp));
  return {
    ...page,
    wire: wire.get(page.path) ?? 0,
    lcp,
    floor,
    run: medianRun(result.page),
    floorRun: medianRun(result.floor),
  };
});

const visit = options.after ? `, each the second page of a visit that began at ${options.after}` : '';
console.log(`\nLargest contentful paint, Lighthouse mobile, median of ${RUNS} runs${visit} (KB: 1,000 bytes):\n`);
console.log('| page | kind | HTML on the wire | LCP | floor | ratio | element | waits for |');
console.log('|---|---|---:|---:|---:|---:|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.path} | ${r.kind} | ${kb(r.wire)} KB | ${ms(r.lcp)} ms | ${ms(r.floor)} ms | ${(r.lcp / r.floor).toFixed(2)}x | ` +
      `${r.run.element.replaceAll('|', '\\|')} | ${waitsFor(r.run)} |`,
  );
}

console.log(
  `\nWhen each part of the median run ended in Lantern's graphs for the LCP, optimistic / pessimistic (ms; - : none ` +
    `in that graph); main thread: its time in the graph; the floor's document for comparison:\n`,
);
console.log(`| page | ${PARTS.join(' | ')} | main-thread time | floor's document |`);
console.log(`|---|${PARTS.map(() => '---:').join('|')}|---:|---:|`);
for (const r of rows) {
  const optimistic = lastOf(r.run.graphs.optimistic).byPart;
  const pessimistic = lastOf(r.run.graphs.pessimistic).byPart;
  const cells = PARTS.map((part) => {
    const a = optimistic[part];
    const b = pessimistic[part];
    return `${a ? ms(a.end) : '-'} / ${b ? ms(b.end) : '-'}`;
  });
  const thread = `${ms(mainThreadOf(r.run.graphs.optimistic))} / ${ms(mainThreadOf(r.run.graphs.pessimistic))}`;
  const floorDocument = lastOf(r.floorRun.graphs.optimistic).byPart.document;
  console.log(`| ${r.path} | ${cells.join(' | ')} | ${thread} | ${floorDocument ? ms(floorDocument.end) : '-'} |`);
}

if (options.steps) {
  for (const r of rows) {
    for (const graph of /** @type {const} */ (['optimistic', 'pessimistic'])) {
      console.log(`\n${r.path}, the ${graph} graph of the median run (LCP ${ms(r.run.lcp)} ms):`);
      for (const step of r.run.graphs[graph]) {
        const bytes = step.bytes ? ` ${step.bytes.toLocaleString('en-US')} B` : '';
        console.log(
          `  ${ms(step.start).padStart(6)} - ${ms(step.end).padStart(6)} ms  ${step.part} ${step.name}${bytes}`,
        );
      }
    }
  }
}
if (options.json)
  writeFileSync(options.json, JSON.stringify({ runs: RUNS, after: options.after ?? null, rows }, null, 1));
