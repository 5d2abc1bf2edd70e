#!/usr/bin/env node
// `npm run cms`: the content admin on this machine, saving straight into this checkout's files.
//
//   npm run cms [-- --no-build] [-- --port 4323]
//
// It builds the site (the admin and its config are part of the build, generated from the content schemas), serves
// it with the real host runtime on 127.0.0.1 (scripts/host.mjs), and prints the admin's address. In Chromium (or
// Edge), "Work with Local Repository" asks for a folder: pick this checkout's root folder. Each save writes the file
// under src/content (or public/media for a picture); `git diff` shows it, and a new `npm run cms` or `npm start`
// shows it on the site. See docs/cms.md.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { serveUntilStopped } from './host.mjs';
import { CMS_FOLDER } from '../src/integrations/dist-pages.mjs';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.CMS_PORT ?? '4323' },
  },
});

if (!values['no-build']) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const host = await serveUntilStopped({ dir: 'dist', port: Number(values.port) });
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
