#!/usr/bin/env node
// Checks every internal link and #fragment in the built site: serves dist as the static host does, starts linkinator
// at every page found in dist, and fails on any broken link. External hosts are skipped (no network here).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { LinkChecker } from 'linkinator';
import { builtPages } from './dist-pages.mjs';

const dir = process.argv[2] ?? 'dist';
const port = Number(process.env.LINKS_PORT ?? 4390);
const origin = `http://127.0.0.1:${port}`;

const pages = (root) =>
  builtPages(resolve(root))
    .map((page) => page.path)
    .filter((path) => path !== '/404');

const server = spawn(process.execPath, ['scripts/serve.mjs', '--port', String(port), '--dir', dir], { stdio: 'pipe' });
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => chunk.toString().includes('Serving') && resolve());
  server.on('exit', (code) => reject(new Error(`static server exited with ${code}`)));
});

try {
  const starts = pages(dir).map((path) => origin + path);
  const checker = new LinkChecker();
  const result = await checker.check({
    path: starts,
    recurse: true,
    checkFragments: true,
    concurrency: 20,
    linksToSkip: async (link) => !link.startsWith(origin),
  });
  const broken = result.links.filter((link) => link.state === 'BROKEN');
  const checked = result.links.filter((link) => link.state === 'OK').length;
  const byTarget = new Map();
  for (const link of broken) {
    const key = `${link.status ?? ''} ${link.url.replace(origin, '')}`;
    byTarget.set(
      key,
      new Set([...(byTarget.get(key) ?? []), (link.parent ?? '').replace(origin, '').replace(/\/$/, '') || '/']),
    );
  }
  for (const [target, parents] of byTarget) console.error(`BROKEN ${target}  (on ${[...parents].join(', ')})`);
  console.log(`${starts.length} pages, ${checked} internal links and fragments OK, ${byTarget.size} broken.`);
  process.exitCode = broken.length ? 1 : 0;
} finally {
  server.kill();
}
