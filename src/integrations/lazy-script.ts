/**
 * A module a page script loads only when it needs it, without the bundler's preload helper: `import url from
 * 'virtual:lazy-script:./file.ts'` gives the address of `./file.ts` built as a chunk of its own, and `import(url)` loads it
 * then. Vite wraps every `import('./file')` it can read in a helper that preloads the chunk's imports (about 0.8 KB of
 * brotli), which the home page's script cannot carry within its budget (budgets.json) for a module most of its
 * visitors never load (src/browser/offer-trigger-watch.ts). The chunk's own imports load as it asks for them.
 */
import type { Plugin } from 'vite';

const PREFIX = 'virtual:lazy-script:';

export function lazyScript(): Plugin {
  return {
    name: 'lazy-script',
    async resolveId(source, importer) {
      if (!source.startsWith(PREFIX)) return null;
      const resolved = await this.resolve(source.slice(PREFIX.length), importer, { skipSelf: true });
      return resolved ? `\0${PREFIX}${resolved.id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const file = id.slice(PREFIX.length + 1);
      if (this.environment?.mode === 'dev') return `export default ${JSON.stringify(`/@fs${file}`)};`;
      const reference = this.emitFile({ type: 'chunk', id: file });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}
