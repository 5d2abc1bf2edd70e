#!/usr/bin/env node
// A new owner's production build: another brand name, other URLs, another support address, and the CRM set only on
// the Worker (relay mode: no PUBLIC_CRM_TOKEN). Builds into dist-check/rebrand with the settings below and checks that
//   - no text file of the output (pages, scripts, styles, feeds, sitemaps, SVG images, _headers) holds the default
//     brand's name as a word, in any case (so "communities" is not a trace, but "Communiti" and
//     "app.communiti.example" are);
//   - no file at all holds a CRM address or token: the Worker's CRM_HOST and CRM_TOKEN, a leftover PUBLIC_CRM_HOST,
//     or the built-in CRM host; the policy's connect-src names the site and the email service only; the forms post
//     to the site's /api/leads.
// Prints the counts, and where anything was found.
//   node scripts/check-rebrand.mjs
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { filesUnder } from '../src/integrations/dist-pages.mjs';

export const OLD_BRAND = /\bcommuniti\b/gi;

export const REBRAND = {
  PUBLIC_BRAND_NAME: 'Sangha Hub',
  PUBLIC_DOMAIN_LABEL: 'Sangha.example',
  PUBLIC_AUTHOR: 'Sangha Labs',
  SITE_URL: 'https://www.sangha.example',
  PUBLIC_APP_URL: 'https://app.sangha.example',
  PUBLIC_DEMO_BOOKING_SLUG: 'sangha-demo',
  PUBLIC_COMMUNITY_SLUG: 'sangha-circle',
  PUBLIC_SUPPORT_EMAIL: 'care@sangha.example',
  PUBLIC_ANDROID_APP_URL: 'https://play.sangha.example/store/apps/details?id=example.sangha.admin',
  PUBLIC_IOS_APP_URL: 'https://apps.sangha.example/app/sangha/id0000000001',
  PUBLIC_INSTAGRAM_URL: 'https://instagram.sangha.example/sangha',
  PUBLIC_LINKEDIN_URL: 'https://linkedin.sangha.example/company/sangha',
  PUBLIC_YOUTUBE_URL: 'https://youtube.sangha.example/@sangha',
  PUBLIC_CRM_HOST: 'https://crm.sangha.example',
  PUBLIC_EMAILJS_ORIGIN: 'https://email.sangha.example',
  CMS_GITHUB_REPO: 'sangha-labs/sangha-site',
};

/** The CRM as a deploy might set it for the Worker: none of it may reach a file of the build. */
const WORKER_CRM = { CRM_HOST: 'https://crm-server.sangha.example', CRM_TOKEN: 'crm-token-marker-5d1f0c' };
/** The built-in CRM host, used in direct mode only. */
const DEFAULT_CRM_HOST = 'crm.communiti.example';

const TEXT = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.xml',
  '.txt',
  '.json',
  '.yml',
  '.svg',
  '.webmanifest',
  '.vtt',
  '',
]);

const textFiles = (root) => filesUnder(root).filter((file) => TEXT.has(extname(file)));

const outDir = resolve('dist-check/rebrand');
rmSync(outDir, { recursive: true, force: true });
const status = await new Promise((done) => {
  // Only these settings: none of the caller's PUBLIC_, CRM or blog values reach the build. PUBLIC_CRM_TOKEN is empty,
  // not absent, so that a .env file cannot fill it in either.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PUBLIC_|CRM_|SITE_URL$|BLOG_)/.test(name)),
  );
  const child = spawn('node_modules/.bin/astro', ['build', '--outDir', outDir], {
    env: {
      ...env,
      ...REBRAND,
      ...WORKER_CRM,
      PUBLIC_CRM_TOKEN: '',
      PUBLIC_BLOG_API_URL: '',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => done(code ?? 1));
});
if (status !== 0) {
  console.error('The rebranded build failed.');
  process.exit(1);
}

const traces = [];
const files = textFiles(outDir);
let withNewBrand = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  if (text.includes(REBRAND.PUBLIC_BRAND_NAME)) withNewBrand += 1;
  for (const match of text.matchAll(OLD_BRAND)) {
    const at = match.index ?? 0;
    traces.push(`${relative(outDir, file)}: …${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ')}…`);
  }
}

// Relay mode: the CRM's address and token stay on the Worker.
const problems = [];
const everyFile = filesUnder(outDir);
const secrets = [
  new URL(REBRAND.PUBLIC_CRM_HOST).hostname,
  new URL(WORKER_CRM.CRM_HOST).hostname,
  WORKER_CRM.CRM_TOKEN,
  DEFAULT_CRM_HOST,
];
for (const file of everyFile) {
  const text = readFileSync(file, 'latin1').toLowerCase();
  for (const secret of secrets) {
    if (text.includes(secret.toLowerCase())) problems.push(`${relative(outDir, file)} holds ${secret}`);
  }
}
const headers = readFileSync(join(outDir, '_headers'), 'utf8');
const connect = /connect-src ([^;\n]*)/.exec(headers)?.[1];
if (connect !== `'self' ${REBRAND.PUBLIC_EMAILJS_ORIGIN}`) problems.push(`_headers: connect-src is ${connect}`);
const home = readFileSync(join(outDir, 'index.html'), 'utf8').replaceAll('&quot;', '"');
// The popup island's props, as Astro serialises them: the mode and nothing else about the CRM.
if (!home.includes('"crm":[0,{"mode":[0,"relay"]}]')) problems.push('index.html: the popup is not in relay mode');
const scripts = everyFile.filter((file) => /\/_astro\/[^/]+\.js$/.test(file));
if (!scripts.some((file) => readFileSync(file, 'utf8').includes('/api/leads'))) {
  problems.push('no script posts to /api/leads');
}
rmSync(outDir, { recursive: true, force: true });

console.log(
  `Rebranded build: ${files.length} text files read, ${withNewBrand} name "${REBRAND.PUBLIC_BRAND_NAME}", ` +
    `${traces.length} trace(s) of the default brand; ${everyFile.length} files hold no CRM address or token` +
    (problems.length ? ` except ${problems.length}` : '') +
    '.',
);
if (traces.length || problems.length) {
  console.error(traces.slice(0, 40).join('\n') + (traces.length > 40 ? `\n(+${traces.length - 40} more)` : ''));
  console.error(problems.join('\n'));
  process.exit(1);
}
