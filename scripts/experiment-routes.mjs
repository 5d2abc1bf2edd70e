#!/usr/bin/env node
// The Worker runs first for the pages with a running experiment, and only for them: their paths, read from a build's
// manifest (src/lib/experiments/folder.mjs), join wrangler.jsonc's `assets.run_worker_first`. scripts/host.mjs adds
// them to the config it runs; the deploy workflow writes them into its checkout's wrangler.jsonc before deploying:
//
//   node scripts/experiment-routes.mjs dist
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST_PATH } from '../src/lib/experiments/folder.mjs';

/**
 * `routes` with the path of each page that runs an experiment in the built site `root` (none without a manifest).
 * @param {string[]} routes
 * @param {string} root
 * @returns {string[]}
 */
export function workerFirstRoutes(routes, root) {
  const file = join(root, MANIFEST_PATH);
  if (!existsSync(file)) return routes;
  const manifest = /** @type {{ experiments?: { page?: unknown }[] }} */ (JSON.parse(readFileSync(file, 'utf8')));
  const pages = (manifest.experiments ?? [])
    .map((experiment) => experiment.page)
    .filter((page) => typeof page === 'string' && /^\/[a-z0-9/-]*$/.test(page));
  return [...new Set([...routes, .../** @type {string[]} */ (pages)])];
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = resolve(process.argv[2] ?? 'dist');
  const config = resolve('wrangler.jsonc');
  const text = readFileSync(config, 'utf8');
  const line = /^(\s*"run_worker_first":\s*)(\[[^\]\n]*\])(,?)$/m;
  const match = line.exec(text);
  if (!match) throw new Error(`${config}: no one-line "run_worker_first" list to add the experiments' pages to`);
  const routes = workerFirstRoutes(/** @type {string[]} */ (JSON.parse(match[2] ?? '[]')), root);
  writeFileSync(config, text.replace(line, `$1${JSON.stringify(routes).replaceAll(',', ', ')}$3`));
  console.log(`The Worker runs first for: ${routes.join(' ')}`);
}
