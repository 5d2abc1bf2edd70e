/**
 * A build of the site with some content files replaced, as the deploy workflow would build it after an editor's save:
 * the project is copied to a temporary folder (its packages linked, its build caches its own, so the project's
 * caches and dist are untouched), the files written over the copy, and `astro build` run there.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from './fixtures';

const ROOT = resolve('.');
/** Never copied: outputs, caches and the checkout's own state. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  'dist-test',
  'dist-check',
  'dist-cms',
  '.node',
  '.astro',
  '.wrangler',
  '.git',
  'test-results',
]);
/** Build caches kept apart from the project's. */
const OWN_CACHES = new Set(['.astro', '.vite', '.cache']);

/** The project copied to a temporary folder, with `files` written over it. */
function copyWithContent(files: Record<string, string>): string {
  const copy = mkdtempSync(join(tmpdir(), 'content-build-'));
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    // Source and config are copied (their imports must resolve inside the copy); other folders are linked.
    if (entry.name === 'src' || entry.isFile())
      cpSync(join(ROOT, entry.name), join(copy, entry.name), { recursive: true });
    else symlinkSync(join(ROOT, entry.name), join(copy, entry.name));
  }
  mkdirSync(join(copy, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!OWN_CACHES.has(name)) symlinkSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name));
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    writeFileSync(join(copy, path), text);
  }
  return copy;
}

const BUILD_ENV = { ...process.env, NODE_OPTIONS: '--max-old-space-size=1536' };
/** The astro command, as its package names it. */
const ASTRO_BIN = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules/astro/package.json'), 'utf8')) as { bin: { astro: string } }
).bin.astro;

/**
 * `astro build` in the copy, its stdout and stderr in the order written, as the deploy workflow's
 * `npm run build 2>&1 | tee build.log` keeps them. It runs at a low CPU priority (nice 10): the browser tests that run
 * beside it wait on the runtime and Chromium, which a build at equal priority would starve on a two-core machine.
 */
async function build(copy: string): Promise<{ code: number | null; log: string }> {
  const child = spawn(process.execPath, [join(copy, 'node_modules/astro', ASTRO_BIN), 'build'], {
    cwd: copy,
    env: BUILD_ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) setPriority(child.pid, 10);
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  return { code, log };
}

export async function buildWithContent(files: Record<string, string>) {
  const copy = copyWithContent(files);
  test.info().attach('build folder', { body: copy });
  const { code, log } = await build(copy);
  if (code !== 0) throw new Error(`The build failed:\n${log}`);
  return {
    /** The built site's folder. */
    dir: join(copy, 'dist'),
    /** The HTML of a built page by its path ("/" is index.html, "/pricing" pricing.html). */
    page: (path: string) => readFileSync(join(copy, 'dist', path === '/' ? 'index.html' : `${path}.html`), 'utf8'),
    remove: () => rmSync(copy, { recursive: true, force: true }),
  };
}

/** The output of a build that must fail (see build()). A build that passes throws. */
export async function failedBuildLog(files: Record<string, string>): Promise<string> {
  const copy = copyWithContent(files);
  try {
    const { code, log } = await build(copy);
    if (code === 0) throw new Error(`The build passed; it was to fail:\n${log}`);
    return log;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
