import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The esbuild the astro package of the project at `root` resolves: the one that bundles the site itself. */
export function astroEsbuild(root: string): typeof import('esbuild') {
  const requireFromAstro = createRequire(createRequire(join(root, 'package.json')).resolve('astro/package.json'));
  return requireFromAstro('esbuild') as typeof import('esbuild');
}
