/**
 * After the build: every module a page's module scripts import statically (and every module those import) is named in
 * the page by a `<link rel="modulepreload">` placed before the first of them, so that the browser asks for the whole
 * tree with the scripts, in the round trip after the document, instead of one round trip more for each level of
 * imports it finds as each module arrives: on a slow phone network each level is 150 ms on the way to the largest
 * paint when the scripts end before it, as they do on a fast load.
 *
 * Only static imports: a module the page loads when it needs it (a dynamic `import()`, an island's component) stays
 * unrequested until then. The bytes a page moves are the same; only when they are asked for changes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { init, parse } from 'es-module-lexer';
import { scriptElements } from '../lib/html-scan';
import { htmlFiles } from './dist-pages.mjs';

/** Where the build's own modules are served from; a script from anywhere else is left as it is. */
const ASSETS = '/_astro/';

/** The addresses a module imports statically (re-exports too), resolved against the module's own address. */
export async function staticImports(code: string, url: string): Promise<string[]> {
  await init;
  const [imports] = parse(code);
  return imports
    .filter((entry) => entry.d === -1 && entry.n !== undefined)
    .map((entry) => posix.normalize(posix.join(posix.dirname(url), entry.n!)))
    .filter((address) => address.startsWith(ASSETS));
}

/**
 * Every module below `urls` in the import tree (those not already among `urls`), each once, nearest first;
 * `read(url)` gives a module's code.
 */
export async function importTree(urls: string[], read: (url: string) => Promise<string>): Promise<string[]> {
  const seen = new Set(urls);
  const found: string[] = [];
  let level = urls;
  while (level.length) {
    const next: string[] = [];
    for (const url of level) {
      for (const imported of await staticImports(await read(url), url)) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        found.push(imported);
        next.push(imported);
      }
    }
    level = next;
  }
  return found;
}

/** The page with a modulepreload link before its first module script for each module its scripts import. */
export async function withModulePreloads(html: string, read: (url: string) => Promise<string>): Promise<string> {
  const modules = scriptElements(html).filter(
    (script) => script.attrs.type === 'module' && script.attrs.src?.startsWith(ASSETS),
  );
  const first = modules[0];
  if (!first) return html;
  const tree = await importTree(
    modules.map((script) => script.attrs.src!),
    read,
  );
  const links = tree.map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  return `${html.slice(0, first.start)}${links}${html.slice(first.start)}`;
}

export function modulePreload(): AstroIntegration {
  return {
    name: 'module-preload',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const modules = new Map<string, Promise<string>>();
        const read = (url: string) => {
          let code = modules.get(url);
          if (!code) {
            code = readFile(join(root, url), 'utf8');
            modules.set(url, code);
          }
          return code;
        };
        let pages = 0;
        for (const file of htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          const result = await withModulePreloads(html, read);
          if (result === html) continue;
          await writeFile(file, result);
          pages++;
        }
        logger.info(`${pages} pages name the modules their scripts import`);
      },
    },
  };
}
