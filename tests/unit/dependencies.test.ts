import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every package the project's own code imports is declared in package.json: a package that arrives only as another
// one's dependency can vanish or change version with that one's next release.
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);

/** Modules provided by the runtime or the framework, not by a package. */
const provided = /^(node|astro|cloudflare|virtual):/;

const SOURCE = /\.(ts|tsx|mjs|js|astro)$/;
const ROOTS = ['src', 'scripts', 'worker', 'tests', '.'];

function sourceFiles(dir: string, deep: boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return deep ? sourceFiles(path, true) : [];
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The package a bare specifier names: "@scope/name" or "name", without a subpath. */
const packageOf = (specifier: string) => specifier.match(/^(@[^/]+\/[^/]+|[^/]+)/)![1]!;

/** Bare specifiers of static imports and exports, and of awaited dynamic imports. */
function importedPackages(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bawait import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('/') && !provided.test(s)).map(packageOf);
}

describe('declared dependencies', () => {
  it('reads the packages of imports, static and dynamic, with their subpaths cut', () => {
    const source = [
      "import { a } from 'alpha/sub';",
      "import type { B } from '@scope/beta/deep';",
      "export { c } from 'gamma';",
      "import 'delta';",
      "import { readFileSync } from 'node:fs';",
      "import { getCollection } from 'astro:content';",
      "import local from './local';",
      "const e = await import('epsilon');",
      'const s = "<script>import(\'not-code\')</script>";',
    ].join('\n');
    expect(importedPackages(source)).toEqual(['alpha', '@scope/beta', 'gamma', 'delta', 'epsilon']);
  });

  it('declares every package a file of the project imports', () => {
    // This file's own examples above are not imports.
    const files = ROOTS.flatMap((root) => sourceFiles(root, root !== '.')).filter(
      (f) => !f.endsWith('dependencies.test.ts'),
    );
    expect(files.length).toBeGreaterThan(100);
    const undeclared = files.flatMap((file) =>
      importedPackages(readFileSync(file, 'utf8'))
        .filter((name) => !declared.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });
});
