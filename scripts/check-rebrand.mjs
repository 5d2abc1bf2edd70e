#!/usr/bin/env node
// A new owner's build: another brand name, other URLs, another support address. The site must show no trace of the
// default brand. Builds into dist-check/rebrand with the settings below and reads every text file of the output
// (pages, scripts, styles, feeds, sitemaps, SVG images, _headers) for the default brand's name as a word, in any case
// (so "communities" is not a trace, but "Communiti" and "app.communiti.example" are). Prints the count, and where.
//   node scripts/check-rebrand.mjs
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';

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
};

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.xml', '.txt', '.json', '.svg', '.webmanifest', '.vtt', '']);

function textFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (TEXT.has(extname(entry.name))) out.push(full);
    }
  };
  walk(root);
  return out;
}

const outDir = resolve('dist-check/rebrand');
rmSync(outDir, { recursive: true, force: true });
const status = await new Promise((done) => {
  const child = spawn('node_modules/.bin/astro', ['build', '--outDir', outDir], {
    env: { ...process.env, ...REBRAND, PUBLIC_BLOG_API_URL: '', PUBLIC_CRM_TOKEN: '', ASTRO_TELEMETRY_DISABLED: '1' },
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
rmSync(outDir, { recursive: true, force: true });

console.log(
  `Rebranded build: ${files.length} text files read, ${withNewBrand} name "${REBRAND.PUBLIC_BRAND_NAME}", ` +
    `${traces.length} trace(s) of the default brand.`,
);
if (traces.length) {
  console.error(traces.slice(0, 40).join('\n') + (traces.length > 40 ? `\n(+${traces.length - 40} more)` : ''));
  process.exit(1);
}
