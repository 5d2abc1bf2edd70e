#!/usr/bin/env node
// Prints, for every page in dist, the gzip bytes of its HTML, CSS and JS (before any scroll, and once every island has
// hydrated), compares them with budgets.json and exits 1 on any excess.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST as dist, builtPages } from './dist-pages.mjs';

const budgets = JSON.parse(readFileSync('budgets.json', 'utf8'));
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** A JS file in dist and every module it imports, statically or dynamically. */
function moduleGraph(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+\.js)["']/g)) {
    const spec = match[1];
    const target = spec.startsWith('/') ? join(dist, spec) : resolve(dirname(entry), spec);
    moduleGraph(target, seen);
  }
  return seen;
}

const local = (url) => join(dist, url.split('?')[0]);
const attrs = (tag) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

const rows = [];
let failures = 0;
for (const { path: route, html: read } of builtPages()) {
  const html = read();
  const limit = { ...budgets.default, ...(budgets.pages[route] ?? {}) };

  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)]
    .map((m) => attrs(m[0]).href)
    .reduce((sum, href) => sum + gz(readFileSync(local(href))), 0);
  const inlineStyle = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((s, m) => s + gz(m[1]), 0);

  // Page scripts: <script type="module" src> outside islands; inline scripts. Astro's island runtime (its files are
  // marked data-astro-runtime) loads with the first island, so it counts with the islands.
  const pageScripts = new Set();
  const runtime = new Set();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g)) {
    moduleGraph(local(m[1]), /\sdata-astro-runtime\b/.test(m[0]) ? runtime : pageScripts);
  }
  const inline = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[0]))
    .reduce((s, m) => s + gz(m[1]), 0);

  // Islands: each brings its component and renderer graphs; client:visible ones wait for a scroll.
  const early = new Set(runtime);
  const late = new Set();
  for (const m of html.matchAll(/<astro-island[^>]*>/g)) {
    const a = attrs(m[0]);
    const target = a.client === 'visible' ? late : early;
    for (const url of [a['component-url'], a['renderer-url']]) if (url) moduleGraph(local(url), target);
  }
  const size = (set) => [...set].reduce((s, f) => s + gz(readFileSync(f)), 0);
  const shared = size(pageScripts);
  const earlyOnly = new Set([...early].filter((f) => !pageScripts.has(f)));
  const lateOnly = new Set([...late].filter((f) => !pageScripts.has(f) && !earlyOnly.has(f)));
  const framework = size(new Set([...earlyOnly, ...lateOnly]));
  const initialJs = shared + inline + size(earlyOnly);
  const totalJs = initialJs + size(lateOnly);

  const figures = {
    html: gz(html),
    css: css + inlineStyle,
    sharedScript: shared,
    frameworkJs: framework,
    initialJs,
    totalJs,
  };
  const over = Object.entries(figures).filter(([key, value]) => value > limit[key]);
  failures += over.length;
  rows.push({ route, ...figures, over: over.map(([k, v]) => `${k} ${v} > ${limit[k]}`).join('; ') });
}

const kb = (n) => (n / 1024).toFixed(1);
console.log('Page budgets (KB gzip):');
console.log('| page | HTML | CSS | shared script | framework JS | JS before scroll | JS all hydrated | status |');
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  console.log(
    `| ${r.route} | ${kb(r.html)} | ${kb(r.css)} | ${kb(r.sharedScript)} | ${kb(r.frameworkJs)} | ${kb(r.initialJs)} | ${kb(r.totalJs)} | ${r.over ? 'OVER: ' + r.over : 'ok'} |`,
  );
}
if (failures) {
  console.error(`\n${failures} budget(s) exceeded (limits in budgets.json).`);
  process.exit(1);
}
console.log(`\nAll ${rows.length} pages within budget.`);
