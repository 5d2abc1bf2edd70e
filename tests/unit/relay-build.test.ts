/**
 * A default build (relay mode: no PUBLIC_CRM_TOKEN) must carry no CRM host and no token anywhere in its output. This
 * builds the site into a temporary folder with marker values in every CRM variable a deploy might set (the Worker's
 * CRM_HOST and CRM_TOKEN, a leftover PUBLIC_CRM_HOST) and searches every output file for them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = process.cwd();
const markers = {
  PUBLIC_CRM_HOST: 'https://crm-public-marker.example',
  CRM_HOST: 'https://crm-server-marker.example',
  CRM_TOKEN: 'crm-token-marker-5d1f0c',
};
/** The built-in CRM host default, used in direct mode only. */
const defaultCrmHost = 'crm.communiti.example';
/** Configured like the CRM host, and expected in the output: proves the build saw the settings and `_headers` is read. */
const emailOrigin = 'https://email-marker.example';

let outDir = '';
let files: { path: string; text: string }[] = [];

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'relay-build-'));
  // Only this test's settings: none of the caller's PUBLIC_ or CRM values reach the build.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PUBLIC_|CRM_|SITE_URL$|BLOG_)/.test(name)),
  );
  const result = spawnSync(join(root, 'node_modules/.bin/astro'), ['build', '--outDir', outDir], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...env,
      ...markers,
      // Empty, not absent: a `.env` file cannot fill it in either.
      PUBLIC_CRM_TOKEN: '',
      PUBLIC_EMAILJS_ORIGIN: emailOrigin,
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
    },
  });
  if (result.status !== 0) throw new Error(`astro build failed:\n${result.stdout}\n${result.stderr}`);
  files = allFiles(outDir).map((path) => ({ path: relative(outDir, path), text: readFileSync(path, 'latin1') }));
}, 240_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('a default build (relay mode)', () => {
  it('was built and configured as the test asked', () => {
    expect(files.map((f) => f.path)).toContain('index.html');
    expect(files.find((f) => f.path === '_headers')?.text).toContain(emailOrigin);
  });

  it.each([
    ['PUBLIC_CRM_HOST', new URL(markers.PUBLIC_CRM_HOST).hostname],
    ['CRM_HOST', new URL(markers.CRM_HOST).hostname],
    ['CRM_TOKEN', markers.CRM_TOKEN],
    ['the default CRM host', defaultCrmHost],
  ])('contains %s in no file', (_label, value) => {
    const found = files.filter((f) => f.text.toLowerCase().includes(value.toLowerCase())).map((f) => f.path);
    expect(found).toEqual([]);
  });

  it('allows connections to the site itself and the other services only: the CRM is not in connect-src', () => {
    const headers = files.find((f) => f.path === '_headers')!.text;
    const connect = /connect-src ([^;\n]*)/.exec(headers)?.[1];
    expect(connect).toBe(`'self' ${emailOrigin}`);
  });

  it('posts the lead to /api/leads on the site', () => {
    const home = files.find((f) => f.path === 'index.html')!.text;
    // The island's props, as Astro serialises them: the popup gets the mode and nothing else about the CRM.
    expect(home.replaceAll('&quot;', '"')).toContain('"crm":[0,{"mode":[0,"relay"]}]');
    const scripts = files.filter((f) => f.path.startsWith('_astro/') && f.path.endsWith('.js'));
    expect(scripts.some((f) => f.text.includes('/api/leads'))).toBe(true);
  });
});
