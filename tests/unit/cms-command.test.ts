/**
 * `npm run cms` beside `npm start` (scripts/cms.mjs): a build empties its output folder first, and the runtime that
 * `npm start` runs stops when the files it serves vanish under it ("ENOENT ... stat 'dist/pagefind/fragment'"). So the
 * admin's build goes to a folder of its own, which everything that reads the project's files leaves out as it leaves
 * dist/ out.
 */
import { execFileSync, type spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { cms, CMS_DIST } from '../../scripts/cms.mjs';

const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;

/** The value of `--name value` in a command line, or undefined. */
function option(command: string, name: string): string | undefined {
  const words = command.split(/\s+/);
  const at = words.indexOf(name);
  return at < 0 ? undefined : words[at + 1];
}

/** One folder holds the other, or they are the same. */
const overlap = (a: string, b: string) => {
  const [from, to] = [resolve(a), resolve(b)];
  return [relative(from, to), relative(to, from)].some((path) => !path.startsWith('..'));
};

describe('npm run cms', () => {
  it('builds into a folder of its own, never the one npm start builds into and serves, and serves that', async () => {
    // npm start: `npm run build` (astro's output folder, dist unless the script names another), then `npm run preview`.
    expect(scripts.start).toContain('npm run build');
    expect(scripts.start).toContain('npm run preview');
    const startBuilds = option(scripts.build!, '--outDir') ?? 'dist';
    const startServes = option(scripts.preview!, '--dir');
    expect(startServes).toBe(startBuilds);

    // npm run cms, run with a recording runner and host in place of the build and the runtime.
    expect(scripts.cms).toBe('node scripts/cms.mjs');
    const ran: string[][] = [];
    const served: (string | undefined)[] = [];
    await cms({
      build: true,
      port: 7399,
      run: ((command: string, args: string[]) => {
        ran.push([command, ...args]);
        return { status: 0 };
      }) as unknown as typeof spawnSync,
      serve: async (options) => {
        served.push(options?.dir);
        return { origin: 'http://127.0.0.1:7399', port: 7399, persistTo: '', output: () => '', stop: async () => {} };
      },
    });
    expect(ran).toHaveLength(1);
    const [command, ...args] = ran[0]!;
    expect([command, ...args.slice(0, 2)]).toEqual(['npm', 'run', 'build']);
    const cmsBuilds = option(args.join(' '), '--outDir')!;
    expect(cmsBuilds).toBe(CMS_DIST);
    expect(served).toEqual([cmsBuilds]);

    expect(overlap(cmsBuilds, startServes!)).toBe(false);
    // Nor the test builds' folders, which the checks serve while npm run cms may run.
    for (const other of ['dist-test', 'dist-check']) expect(overlap(cmsBuilds, other)).toBe(false);
  });

  it('leaves its folder out of git, ESLint, Prettier and the type check, as dist is', async () => {
    const file = `${CMS_DIST}/cms/index.js`;
    // git check-ignore exits 1 (execFileSync throws) when the file would be committed.
    expect(execFileSync('git', ['check-ignore', file], { encoding: 'utf8' }).trim()).toBe(file);
    expect(await new ESLint({ cwd: process.cwd() }).isPathIgnored(file)).toBe(true);
    expect((await prettier.getFileInfo(file, { ignorePath: '.prettierignore' })).ignored).toBe(true);
    const tsconfig = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as { exclude: string[] };
    expect(tsconfig.exclude).toEqual(expect.arrayContaining(['dist', CMS_DIST]));
  });
});
