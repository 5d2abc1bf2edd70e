#!/usr/bin/env node
// Our home page beside AstroWind's (the most-starred Astro theme), in one run: both built folders served by the same
// runtime (scripts/host.mjs, one instance each: the site's Worker in front of each folder's files, its brotli and each
// folder's own _headers), Lighthouse mobile as the gate runs it, five runs each, alternating. Prints, as medians, the
// bytes every request moved, the HTML's and the stylesheets' (transfer sizes, headers included), the first
// contentful paint and the LCP, and AstroWind's figures over ours: the goal is at least 2.5x fewer bytes and 1.3x
// faster LCP. It fetches nothing: Chrome resolves no host but 127.0.0.1 (AstroWind's remote pictures fail at once).
// docs/performance.md says how to build AstroWind's folder.
//   node scripts/bench-astrowind.mjs [--runs 5] [--dir dist] [--page /] ASTROWIND_DIST
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startHost } from './host.mjs';
import { kb, launchChrome, measure, median, medianRun, ms, waitsFor } from './lighthouse-lab.mjs';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    dir: { type: 'string', default: 'dist' },
    page: { type: 'string', default: '/' },
  },
});
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs takes a whole number, got ${options.runs}`);
const [theirs] = positionals;
if (!theirs || !existsSync(join(theirs, 'index.html'))) {
  console.error(
    'Usage: npm run bench:astrowind -- <AstroWind built folder> (its dist/, with index.html; docs/performance.md)',
  );
  process.exit(2);
}
/** The goal: AstroWind's home page over ours. */
const GOAL = { bytes: 2.5, lcp: 1.3 };

const sites = [
  { name: 'Communiti', dir: resolve(options.dir), path: options.page },
  { name: 'AstroWind', dir: resolve(theirs), path: '/' },
];
const hosts = await Promise.all(sites.map((site) => startHost({ dir: site.dir })));
const chrome = await launchChrome({ offline: true });
/** @type {import('./lighthouse-lab.mjs').Run[][]} */
const runs = sites.map(() => []);
try {
  // The first page each runtime and Chrome serve pays for their start (the Worker compiled, cold caches): not counted.
  for (const [i, site] of sites.entries()) await measure(`${hosts[i]?.origin}${site.path}`, { port: chrome.port });
  for (let run = 1; run <= RUNS; run++) {
    for (const [i, site] of sites.entries()) {
      const result = await measure(`${hosts[i]?.origin}${site.path}`, { port: chrome.port });
      runs[i]?.push(result);
      console.error(`${site.name} run ${run}/${RUNS}: ${kb(result.bytes)} KB, LCP ${ms(result.lcp)} ms`);
    }
  }
} finally {
  chrome.kill();
  await Promise.all(hosts.map((host) => host.stop()));
}

const rows = sites.map((site, i) => {
  const list = runs[i] ?? [];
  /** @param {(run: import('./lighthouse-lab.mjs').Run) => number} figure */
  const of = (figure) => median(list.map(figure));
  return {
    ...site,
    bytes: of((r) => r.bytes),
    requests: of((r) => r.requests),
    html: of((r) => r.htmlBytes),
    css: of((r) => r.cssBytes),
    fcp: of((r) => r.fcp),
    lcp: of((r) => r.lcp),
    cls: of((r) => r.cls),
    run: medianRun(list),
  };
});
const [ours, astrowind] = rows;
if (!ours || !astrowind) throw new Error('nothing measured');

console.log(
  `\nHome pages side by side, Lighthouse mobile, median of ${RUNS} runs each, alternating (KB: 1,000 bytes, as ` +
    `transferred, headers included):\n`,
);
console.log('| site | page | bytes moved | requests | HTML | CSS | first paint | LCP | CLS | element | waits for |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.path} | ${kb(r.bytes)} KB | ${r.requests} | ${kb(r.html)} KB | ${kb(r.css)} KB | ${ms(r.fcp)} ms | ` +
      `${ms(r.lcp)} ms | ${r.cls.toFixed(3)} | ${r.run.element.replaceAll('|', '\\|')} | ${waitsFor(r.run)} |`,
  );
}
const bytes = astrowind.bytes / ours.bytes;
const lcp = astrowind.lcp / ours.lcp;
/** @param {number} ratio @param {number} goal */
const verdict = (ratio, goal) => `${ratio.toFixed(2)}x (goal ${goal}x: ${ratio >= goal ? 'met' : 'not met'})`;
console.log(`\nAstroWind over Communiti: bytes ${verdict(bytes, GOAL.bytes)}; LCP ${verdict(lcp, GOAL.lcp)}.`);
