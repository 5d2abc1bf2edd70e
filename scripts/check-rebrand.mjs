#!/usr/bin/env node
// A new owner's site shows none of the default brand, and the CRM stays on the Worker. It reads the two builds npm test
// has made, building nothing itself:
//   - dist-test, built with a new owner's identity (another brand name, domain, addresses and links: NEW_OWNER in
//     tests/settings.mjs): no text file (pages, scripts, styles, feeds, sitemaps, SVG images, _headers) holds the
//     default brand's name as a word, in any case ("communities" is not a trace; "Communiti" and
//     "app.communiti.example" are), nor any value of the default's example company (its legal name, address, CIN,
//     GSTIN, grievance officer, personal data contact and payment gateways: COMPANY_EXAMPLE), and the new name is there;
//   - dist, the default build, in relay mode (no PUBLIC_CRM_TOKEN), built with the Worker's CRM settings in its
//     environment (WORKER_CRM, given by scripts/test-all.mjs, as a deploy's environment might hold them): no file holds
//     a CRM address or token (those settings, or the built-in CRM host), the policy's connect-src names the site and the
//     email service only, the home page's popup is in relay mode and a script posts to the site's /api/leads.
// Prints the counts, and where anything was found.
//   node scripts/check-rebrand.mjs        (after npm run build and npm run build:test)
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { COMPANY_EXAMPLE } from '../src/config/company-example.mjs';
import { filesUnder } from '../src/integrations/dist-pages.mjs';
import { NEW_OWNER, WORKER_CRM } from '../tests/settings.mjs';

export const OLD_BRAND = /\bcommuniti\b/gi;
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

const [rebranded, defaults] = [resolve('dist-test'), resolve('dist')];
for (const dir of [rebranded, defaults]) {
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`No ${relative('.', dir)}: run npm run build and npm run build:test first.`);
    process.exit(1);
  }
}

const traces = [];
const files = filesUnder(rebranded).filter((file) => TEXT.has(extname(file)));
let withNewBrand = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  if (text.includes(NEW_OWNER.PUBLIC_BRAND_NAME)) withNewBrand += 1;
  for (const match of text.matchAll(OLD_BRAND)) {
    const at = match.index ?? 0;
    traces.push(`${relative(rebranded, file)}: …${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ')}…`);
  }
  // The example company, as written or as HTML writes it ("Example Name, Data Protection Officer" escapes nothing).
  for (const [name, value] of Object.entries(COMPANY_EXAMPLE)) {
    if (text.includes(value)) traces.push(`${relative(rebranded, file)}: the default's ${name}, "${value}"`);
  }
}
if (withNewBrand === 0)
  traces.push(`dist-test names "${NEW_OWNER.PUBLIC_BRAND_NAME}" nowhere: was it built as the new owner's?`);

// Relay mode: the CRM's address and token stay on the Worker.
const problems = [];
const everyFile = filesUnder(defaults);
const secrets = [new URL(WORKER_CRM.CRM_HOST).hostname, WORKER_CRM.CRM_TOKEN, DEFAULT_CRM_HOST];
for (const file of everyFile) {
  const text = readFileSync(file, 'latin1').toLowerCase();
  for (const secret of secrets) {
    if (text.includes(secret.toLowerCase())) problems.push(`dist/${relative(defaults, file)} holds ${secret}`);
  }
}
const headers = readFileSync(join(defaults, '_headers'), 'utf8');
const connect = /connect-src ([^;\n]*)/.exec(headers)?.[1];
if (connect !== "'self' https://api.emailjs.com") problems.push(`dist/_headers: connect-src is ${connect}`);
const home = readFileSync(join(defaults, 'index.html'), 'utf8').replaceAll('&quot;', '"');
// The popup island's props, as Astro serialises them: the mode and nothing else about the CRM.
if (!home.includes('"crm":[0,{"mode":[0,"relay"]}]')) problems.push('dist/index.html: the popup is not in relay mode');
const scripts = everyFile.filter((file) => /\/_astro\/[^/]+\.js$/.test(file));
if (!scripts.some((file) => readFileSync(file, 'utf8').includes('/api/leads'))) {
  problems.push('dist: no script posts to /api/leads');
}

console.log(
  `New owner's build (dist-test): ${files.length} text files read, ${withNewBrand} name ` +
    `"${NEW_OWNER.PUBLIC_BRAND_NAME}", ${traces.length} trace(s) of the default brand; default build (dist): ` +
    `${everyFile.length} files hold no CRM address or token` +
    (problems.length ? ` except ${problems.length}` : '') +
    '.',
);
if (traces.length || problems.length) {
  console.error(traces.slice(0, 40).join('\n') + (traces.length > 40 ? `\n(+${traces.length - 40} more)` : ''));
  console.error(problems.join('\n'));
  process.exit(1);
}
