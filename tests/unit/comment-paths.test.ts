/**
 * Comments that stay true: a comment that cites a file of the project by its path names one that exists (a module may
 * be cited without its extension, a folder by its name). A comment that names a moved or deleted file misleads the
 * next reader; name the concept instead of the file where a path would go stale.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCES = /\.(ts|tsx|mjs|js|astro)$/;
/** The project's top folders a cited path starts with. */
const CITED = /\b(?:src|worker|scripts|tests|docs|public|migrations)\/[\w./[\]-]*[\w\]]/g;
const COMMENT = /^\s*(\/\/|\*|\/\*\*?)/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '.astro', '.md', '.json', '.sql'];

/** Whether `path` (as a comment writes it) is a file or folder of the project. */
const exists = (path: string, root = process.cwd()) =>
  EXTENSIONS.some((ending) => existsSync(`${root}/${path}${ending}`));

/** Every cited path of a comment that names nothing, as "file:line path". */
function missingCitations(files: string[], read = (file: string) => readFileSync(file, 'utf8')): string[] {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) =>
        COMMENT.test(line) ? [...line.matchAll(CITED)].map(([path]) => ({ path, at: `${file}:${i + 1}` })) : [],
      )
      .filter(({ path }) => !exists(path))
      .map(({ path, at }) => `${at} ${path}`),
  );
}

describe('comments that cite a path', () => {
  const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => SOURCES.test(file) && existsSync(file));

  it('name files and folders that exist', () => {
    expect(missingCitations(files)).toEqual([]);
  });

  it('are found where they name a file that is gone', () => {
    const text = '/**\n * Reads src/lib/plan-copy.ts.\n */\nconst a = "src/no/such/file.ts";\n// see src/lib/format\n';
    expect(missingCitations(['x.ts'], () => text)).toEqual(['x.ts:2 src/lib/plan-copy.ts']);
  });
});
