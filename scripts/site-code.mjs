// TypeScript of the site for the Node commands (scripts/publish-record.mjs, scripts/experiments.mjs), which Node 20
// cannot run as it is: an entry of `export ... from` lines, bundled in memory with esbuild and imported.
import { build } from 'esbuild';

/**
 * The module that `entry` (TypeScript, paths from `root`) exports, bundled for Node and loaded.
 * @param {string} entry
 * @param {string} root
 * @returns {Promise<Record<string, unknown>>}
 */
export async function importSiteCode(entry, root) {
  const bundle = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'site-code-entry.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const code = bundle.outputFiles[0]?.text ?? '';
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
