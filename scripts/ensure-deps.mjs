#!/usr/bin/env node
// The project's own Node and its locked dependencies, so that `npm start` and `npm test` work on a fresh clone in one
// command, whatever Node the machine has (any that runs npm 11: Node 20 or later).
//
//   node scripts/ensure-deps.mjs           installs when node_modules is missing, older than package-lock.json, or
//                                          holds another Node than the pinned one
//   node scripts/ensure-deps.mjs --clean   always installs anew (what CI does)
//
// The Node the project runs on is pinned in package.json, as the `node` package of the npm registry (which puts that
// Node's binary in node_modules/.bin) and as `engines.node`. `npm run` puts node_modules/.bin first on the path, so
// every script, and everything a script starts with `node` or process.execPath, runs on it. The install itself runs on
// it too: npm checks each package's `engines` against the Node it runs on, and some of the locked packages need a newer
// one than a machine may have. So when the Node running this is not the pinned one, the pinned Node is first installed
// on its own into .node/<version>/ (the same registry package, a few seconds, kept for the next time), and `npm ci`
// runs on it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
/** @type {{ devDependencies: Record<string, string>, engines: { node: string } }} */
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
/** The pinned Node's version, as package.json names it (an exact version). */
export const PINNED_NODE = manifest.devDependencies.node ?? '';
if (!/^\d+\.\d+\.\d+$/.test(PINNED_NODE) || manifest.engines.node !== PINNED_NODE) {
  throw new Error(`package.json: devDependencies.node and engines.node must name the same exact version of Node`);
}

/**
 * The version of the Node binary at `path` ("v26.10.0"), or null when there is none.
 * @param {string} path
 */
function versionOf(path) {
  if (!existsSync(path)) return null;
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** A folder whose `node` is the pinned Node: this process's own, or one installed on its own under .node/. */
function pinnedNodeFolder() {
  if (process.version === `v${PINNED_NODE}`) return resolve(process.execPath, '..');
  const prefix = join(ROOT, '.node', PINNED_NODE);
  const bin = join(prefix, 'node_modules', '.bin');
  if (versionOf(join(bin, 'node')) !== `v${PINNED_NODE}`) {
    console.log(`Installing Node ${PINNED_NODE} (this machine runs ${process.version}) into .node/...`);
    // A folder of its own whose package.json lets the package's install script put the binary in place.
    mkdirSync(prefix, { recursive: true });
    writeFileSync(join(prefix, 'package.json'), JSON.stringify({ private: true, allowScripts: { node: true } }));
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node@${PINNED_NODE}`],
      {
        cwd: prefix,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  }
  return bin;
}

const clean = process.argv.includes('--clean');
const marker = join(ROOT, 'node_modules', '.package-lock.json');
const stale =
  clean ||
  !existsSync(marker) ||
  statSync(marker).mtimeMs < statSync(join(ROOT, 'package-lock.json')).mtimeMs ||
  versionOf(join(ROOT, 'node_modules', '.bin', 'node')) !== `v${PINNED_NODE}`;
if (stale) {
  const folder = pinnedNodeFolder();
  console.log(`Installing dependencies (npm ci, on Node ${PINNED_NODE})...`);
  // npm is a Node script started through the path: with the pinned Node's folder first, it runs on that Node.
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${folder}${delimiter}${process.env.PATH ?? ''}` },
  });
}
