#!/usr/bin/env node
// The home page's tour, made again: public/media/home/tour.mp4 and tour.webm (the same video in the two formats the
// page offers), tour-poster.webp (its first frame) and tour.en.vtt (its captions), at 1280 × 720, from the site's own
// drawn screens (src/assets/features) and in the brand typeface (the subset the site serves). Each step is a still:
// its number and words beside the screen that shows it, laid out and drawn in Chromium; ffmpeg holds each still for
// STEP_SECONDS and crossfades it into the next. The page states the video's length from the files (src/data/media.ts).
//
// Not part of npm test or CI, which use the committed files. It needs ffmpeg (Debian: apt-get install ffmpeg) and
// Chromium (CHROME_PATH, default /usr/bin/chromium). Run it after changing a step, a screen it shows or the typeface:
//   node scripts/tour-video.mjs
import { chromium } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAMILY, FONT_FILE, fontCharacters } from './brand-font.mjs';
import { chromePath } from '../tests/browsers.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'public/media/home');

/** The frame: what the full-screen player shows, sharp on a desktop's screen. */
const SIZE = { width: 1280, height: 720 };
/** How long each step is on screen, and the crossfade from one into the next (within that time). */
const STEP_SECONDS = 3;
const FADE_SECONDS = 0.3;
const FPS = 25;

/**
 * The steps: what each says (its caption too) and the drawn screen that shows it. Their words write no brand: the
 * video is the same file for every owner of the site.
 */
const STEPS = [
  { words: 'Create your community and get a free subdomain', screen: 'community-management/hero' },
  { words: 'Add monthly, annual and lifetime plans', screen: 'subscription-management/hero' },
  { words: 'Sell course seats and event tickets', screen: 'event-management/tickets' },
  { words: 'Get paid by UPI, cards and net banking', screen: 'payments-management/methods' },
  { words: 'Watch your community grow', screen: 'analytics-management/members' },
];

/**
 * A step's caption, as the captions file writes it.
 * @param {number} index
 */
const caption = (index) => {
  const { words } = /** @type {{ words: string }} */ (STEPS[index]);
  return `Step ${index + 1} of ${STEPS.length}: ${words[0]?.toLowerCase()}${words.slice(1)}.`;
};

/**
 * A time in a captions file: hh:mm:ss.mmm.
 * @param {number} seconds
 */
const cueTime = (seconds) => new Date(seconds * 1000).toISOString().slice(11, 23);

/** The captions: one cue a step, the last ending with the video. */
function captions() {
  const cues = STEPS.map(
    (_, i) => `${cueTime(i * STEP_SECONDS)} --> ${cueTime((i + 1) * STEP_SECONDS)}\n${caption(i)}\n`,
  );
  return `WEBVTT\n\n${cues.join('\n')}`;
}

/**
 * A drawn screen's markup, to be written into the still: its root's size left to the page's CSS and its words to the
 * page's typeface, as ProductScreen writes it (the feature screens hold no ids to keep apart).
 * @param {string} name
 */
function screenMarkup(name) {
  const source = readFileSync(join(ROOT, 'src/assets/features', `${name}.svg`), 'utf8');
  return source.replace(/<svg\b[^>]*>/, (root) =>
    root.replace(/\s(width|height|font-family|data-narrow)="[^"]*"/g, '').replace('<svg', '<svg class="screen"'),
  );
}

/**
 * A still of step `index`, as an HTML document: the step's number and words on the left, its screen on the right,
 * filling the frame, in the brand typeface (`font`, the subset's bytes).
 * @param {number} index
 * @param {Buffer} font
 */
function still(index, font) {
  const step = /** @type {{ words: string, screen: string }} */ (STEPS[index]);
  const dots = STEPS.map((_, i) => `<i class="${i === index ? 'on' : ''}"></i>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@font-face { font-family: '${FAMILY}'; font-weight: 400 800; src: url(data:font/woff2;base64,${font.toString('base64')}) format('woff2'); }
html, body { margin: 0; width: ${SIZE.width}px; height: ${SIZE.height}px; overflow: hidden; }
body { font-family: '${FAMILY}'; color: #111827; background: linear-gradient(135deg, #eef2ff 0%, #ffffff 55%, #e0e7ff 100%);
  display: grid; grid-template-columns: 430px 1fr; align-items: center; gap: 40px; padding: 0 64px 0 80px; box-sizing: border-box; }
.words p { margin: 0; font-size: 22px; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; color: #4f46e5; }
.words h1 { margin: 18px 0 0; font-size: 52px; line-height: 1.12; font-weight: 800; letter-spacing: -0.02em; }
.dots { display: flex; gap: 10px; margin-top: 40px; }
.dots i { width: 14px; height: 14px; border-radius: 50%; background: #c7d2fe; }
.dots i.on { width: 44px; border-radius: 7px; background: #4f46e5; }
.screen { display: block; width: 100%; height: auto; filter: drop-shadow(0 24px 40px rgb(49 46 129 / 0.18)); }
</style></head><body>
<div class="words"><p>Step ${index + 1} of ${STEPS.length}</p><h1>${step.words}</h1><div class="dots">${dots}</div></div>
<div>${screenMarkup(step.screen)}</div>
</body></html>`;
}

/**
 * Runs a program, or stops with what it said.
 * @param {string} program
 * @param {string[]} args
 */
function run(program, args) {
  const result = spawnSync(program, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    const why = result.error ? result.error.message : result.stderr.split('\n').slice(-12).join('\n');
    throw new Error(`${program} ${args.slice(0, 3).join(' ')} … failed:\n${why}`);
  }
}

async function main() {
  if (spawnSync('ffmpeg', ['-version']).status !== 0) {
    console.error('The tour is encoded by ffmpeg, which is not installed: on Debian, apt-get install ffmpeg.');
    process.exit(1);
  }
  // Every character the steps write is one the typeface draws: none falls back to another font.
  const drawn = await fontCharacters(FONT_FILE);
  const missing = [...new Set(STEPS.flatMap((step) => [...`Step 0123456789 of ${step.words}`]))].filter(
    (c) => !drawn.has(/** @type {number} */ (c.codePointAt(0))),
  );
  if (missing.length) throw new Error(`the brand font's subset lacks ${missing.join(' ')}: run scripts/brand-font.mjs`);

  const work = mkdtempSync(join(tmpdir(), 'tour-'));
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--headless', '--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: SIZE, deviceScaleFactor: 1 });
    const font = readFileSync(FONT_FILE);
    const stills = [];
    for (const [i] of STEPS.entries()) {
      await page.setContent(still(i, font), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const uses = await page.evaluate((family) => document.fonts.check(`800 52px "${family}"`), FAMILY);
      if (!uses) throw new Error('the still is not drawn in the brand typeface');
      const file = join(work, `step-${i}.png`);
      await page.screenshot({ path: file });
      stills.push(file);
    }

    // Each still held, the next crossfading in over the last FADE_SECONDS of its time; the last one held to the end.
    const inputs = stills.flatMap((file, i) => [
      ...['-loop', '1', '-framerate', String(FPS), '-t'],
      String(i < stills.length - 1 ? STEP_SECONDS + FADE_SECONDS : STEP_SECONDS),
      ...['-i', file],
    ]);
    const fades = stills
      .slice(1)
      .map(
        (_, i) =>
          `[${i === 0 ? '0' : `f${i}`}][${i + 1}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${(i + 1) * STEP_SECONDS}[f${i + 1}]`,
      );
    const graph = `${fades.join(';')};[f${stills.length - 1}]format=yuv420p[v]`;
    // One key frame for the whole video: it is still screens, and each frame after the first says only what changed.
    const frames = String(STEPS.length * STEP_SECONDS * FPS);
    const common = [
      ...['-y', '-hide_banner', '-loglevel', 'error'],
      ...inputs,
      ...['-filter_complex', graph, '-map', '[v]', '-r', String(FPS), '-g', frames, '-an'],
    ];
    const mp4 = join(OUT, 'tour.mp4');
    const webm = join(OUT, 'tour.webm');
    run('ffmpeg', [
      ...common,
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'veryslow',
        '-tune',
        'stillimage',
        '-crf',
        '32',
        '-movflags',
        '+faststart',
        mp4,
      ],
    ]);
    run('ffmpeg', [
      ...common,
      ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '46', '-tune-content', 'screen', '-row-mt', '1'],
      ...['-deadline', 'good', '-cpu-used', '3', webm],
    ]);
    const poster = join(OUT, 'tour-poster.webp');
    run('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', '-i', stills[0] ?? '', '-quality', '72', poster]);
    writeFileSync(join(OUT, 'tour.en.vtt'), captions());
    for (const file of [mp4, webm, poster]) console.log(`${file.slice(ROOT.length + 1)}: ${statSync(file).size} bytes`);
    console.log(`${STEPS.length} steps, ${STEPS.length * STEP_SECONDS} s, ${SIZE.width} × ${SIZE.height}`);
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
