/**
 * A broken content file must stop the build with its path and the field at fault. This copies the site to a temporary
 * folder, breaks one feature page and runs `astro sync`, which loads and checks every collection as the build does.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasesOf } from '../../src/lib/routes';

const root = process.cwd();
let work = '';

function sync() {
  const result = spawnSync(join(root, 'node_modules/.bin/astro'), ['sync'], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'content-schema-'));
  for (const item of ['src', 'public', 'scripts', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(root, item), join(work, item), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('content schemas', () => {
  it('a feature page without its hero fails with the file and the field', { timeout: 90_000 }, () => {
    const file = join(work, 'src/content/features/payment-link.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    delete data.hero;
    writeFileSync(file, JSON.stringify(data, null, 2));

    const { status, output } = sync();
    expect(status).not.toBe(0);
    expect(output).toContain('src/content/features/payment-link.json');
    expect(output).toMatch(/hero\*?\*?: .*Required/);
  });
});

describe('page collections', () => {
  /** The top-level paths a folder builds: one per file, named after it. */
  const paths = (folder: string, ext: string) =>
    readdirSync(join(root, folder))
      .filter((file) => extname(file) === ext && !file.startsWith('['))
      .map((file) => `/${basename(file, ext)}`);

  it('the feature, landing and legal routes (with their aliases) and the page files never build the same path', () => {
    const routed = [
      ...paths('src/content/features', '.json'),
      ...paths('src/content/landing', '.json'),
      ...paths('src/content/legal', '.md'),
    ];
    const all = [...routed, ...routed.flatMap(aliasesOf), ...paths('src/pages', '.astro')];
    expect(all.filter((path, i) => all.indexOf(path) !== i)).toEqual([]);
    expect(all).toEqual(expect.arrayContaining(['/member-management', '/ai-Web-builder', '/Yoga', '/privacy-policy']));
  });
});
