#!/usr/bin/env node
// `npm run cms`: the content admin on this machine, saving straight into this checkout's files.
//
//   npm run cms [-- --no-build] [-- --port 4323]
//
// It builds the site (the admin and its config are part of the build, generated from the content schemas) into a
// folder of its own, dist-cms/ (CMS_DIST), serves it with the real host runtime on 127.0.0.1 (scripts/host.mjs), and
// prints the admin's address. Never into dist/: a build empties its output folder first, and `npm start` serves dist/
// with a runtime that stops when its files vanish under it, so the two commands run side by side. In Chromium (or
// Edge), "Work with Local Repository" asks for a folder: pick this checkout's root folder. Each save writes the file
// under src/content (or public/media for a picture); `git diff` shows it, and a new `npm run cms` or `npm start`
// shows it on the site. See docs/cms.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serveUntilStopped } from './host.mjs';
import { CMS_FOLDER } from '../src/integrations/dist-pages.mjs';

/** The folder the admin's build is written to and served from: never dist/, which `npm start` serves. */
export const CMS_DIST = 'dist-cms';

/**
 * The command: builds into CMS_DIST (`npm run build`, with its heap limit, package.json), unless `build` is false,
 * then serves CMS_DIST. `run` and `serve` are the process runner and the host (given by the tests).
 * @param {{ build: boolean, port: number, run?: typeof spawnSync, serve?: typeof serveUntilStopped }} options
 */
export async function cms({ build, port, run = spawnSync, serve = serveUntilStopped }) {
  if (build) {
    const built = run('npm', ['run', 'build', '--', '--outDir', CMS_DIST], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  } else if (!existsSync(join(CMS_DIST, '404.html'))) {
    console.error(`No admin build in ${CMS_DIST}/: run "npm run cms" without --no-build once.`);
    process.exit(1);
  }
  return serve({ dir: CMS_DIST, port });
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      port: { type: 'string', default: process.env.CMS_PORT ?? '4323' },
    },
  });
  const host = await cms({ build: !values['no-build'], port: Number(values.port) });
  if (host) {
    console.log(
      [
        '',
        `Content admin: ${host.origin}/${CMS_FOLDER}/ (Ctrl+C stops it)`,
        '  1. Open it in Chromium, Chrome or Edge (the browsers that let a page save into a folder).',
        '  2. Press "Work with Local Repository" and pick this folder:',
        `     ${process.cwd()}`,
        '  3. Edit and save: each save writes the file in src/content. Run `git diff` to see it,',
        '     and `npm run cms` or `npm start` again to see it on the site.',
      ].join('\n'),
    );
  }
}
