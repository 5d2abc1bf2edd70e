/**
 * After the build: makes every page free of inline scripts but one, so that the Content-Security-Policy allows scripts
 * from the site's own origin and that one script by its hash. The one that stays is the brand font gate's
 * (BRAND_FONT_SCRIPT), which must run before the first paint: the project's own text, the same in every page.
 *
 * Astro writes its island runtime (the `astro-island` element and one loader per `client:` directive) inline into each
 * page that has an island. Those scripts come from Astro's own source, so the list of them is fixed: it is read here
 * from the astro package, never from the built pages. Each is written once as a file in dist/_astro/ and every inline
 * copy is replaced by a deferred reference to that file. Any other executable inline script in any page fails the
 * build, naming the file: nothing that reaches the HTML (content, blog API fields) can add a script the policy trusts.
 *
 * Astro also writes its island elements' one style rule inline before the first island, inside the page body where a
 * <style> element is not allowed; that rule is in src/styles/global.css, so the inline copy is dropped.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { INTERACT_DIRECTIVE } from './client-interact';
import { astroEsbuild } from './astro-esbuild';
import { isInlineExecutable, scriptElements } from '../lib/html-scan';
import { BRAND_FONT_SCRIPT } from '../lib/brand-font-gate';
import { htmlFiles } from './dist-pages.mjs';

/** The inline scripts Astro itself writes, by name: the island element and the loader of each client directive. */
export const ASTRO_RUNTIME_SCRIPTS: Record<string, string> = {
  'astro-island': islandRuntime,
  'astro-idle': idle,
  'astro-load': load,
  'astro-media': media,
  'astro-only': only,
  'astro-visible': visible,
};

/** The inline style element Astro writes before the first island; global.css holds the same rule. */
export const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_STYLES}</style>`;

/** Marks the script elements that load Astro's runtime files (the page budgets count them with the islands). */
export const RUNTIME_ATTR = 'data-astro-runtime';

interface RuntimeFile {
  name: string;
  url: string;
  body: string;
}

/**
 * The loader Astro writes inline for a directive added with addClientDirective: the entry point bundled exactly as
 * Astro bundles it (astro/dist/core/client-directive/build.js, with the esbuild astro itself resolves). Should a later
 * Astro wrap it differently, the page's copy no longer matches and the build stops on an unknown inline script.
 */
export async function customDirectiveScript(name: string, entrypoint: string, root: string): Promise<string> {
  const { build } = astroEsbuild(root);
  const quotedName = JSON.stringify(name);
  const output = await build({
    stdin: {
      contents: `import directive from ${JSON.stringify(entrypoint)};

(self.Astro || (self.Astro = {}))[${quotedName}] = directive;

window.dispatchEvent(new Event('astro:' + ${quotedName}));`,
      resolveDir: root,
    },
    absWorkingDir: root,
    format: 'iife',
    minify: true,
    bundle: true,
    write: false,
  });
  return output.outputFiles?.[0]?.text ?? '';
}

function runtimeFiles(custom: Record<string, string> = {}): Map<string, RuntimeFile> {
  const files = new Map<string, RuntimeFile>();
  for (const [name, body] of Object.entries({ ...ASTRO_RUNTIME_SCRIPTS, ...custom })) {
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    files.set(body, { name, url: `/_astro/${name}.${hash}.js`, body });
  }
  return files;
}

/**
 * The page with Astro's runtime scripts replaced by one deferred reference to a file that holds them all, in their
 * order, placed where the first of them was: one request instead of one per script (the island element and each
 * directive's loader). Deferred scripts run in document order once the page is parsed, so each loader still runs
 * before the island element that waits for it. Also returns that file, and the executable inline scripts that are not
 * Astro's (which fail the build).
 */
export function externalizeRuntime(
  html: string,
  known: Map<string, RuntimeFile>,
): { html: string; used: RuntimeFile[]; unknown: string[] } {
  const parts: RuntimeFile[] = [];
  const unknown: string[] = [];
  let out = '';
  // Where the first runtime script stood: the one reference to the combined file goes there.
  let at = -1;
  let last = 0;
  for (const script of scriptElements(html)) {
    if (!isInlineExecutable(script) || script.body === BRAND_FONT_SCRIPT) continue;
    const file = known.get(script.body);
    if (!file) {
      unknown.push(script.body);
      continue;
    }
    out += html.slice(last, script.start);
    if (at < 0) at = out.length;
    parts.push(file);
    last = script.end;
  }
  out += html.slice(last);
  if (!parts.length) return { html: out.replaceAll(ISLAND_STYLE_ELEMENT, ''), used: [], unknown };
  const file = combine(parts);
  const result = `${out.slice(0, at)}<script src="${file.url}" defer ${RUNTIME_ATTR}></script>${out.slice(at)}`;
  return { html: result.replaceAll(ISLAND_STYLE_ELEMENT, ''), used: [file], unknown };
}

/** One file of several runtime scripts, named for its content. A lone script keeps its own file. */
function combine(parts: RuntimeFile[]): RuntimeFile {
  if (parts.length === 1) return parts[0]!;
  const body = parts.map((part) => part.body).join('\n;');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  return { name: 'astro-runtime', url: `/_astro/astro-runtime.${hash}.js`, body };
}

const preview = (body: string) => JSON.stringify(body.length > 80 ? `${body.slice(0, 77)}...` : body);

export function noInlineScripts(): AstroIntegration {
  let projectRoot = process.cwd();
  return {
    name: 'no-inline-scripts',
    hooks: {
      'astro:config:done': ({ config }) => {
        projectRoot = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const known = runtimeFiles({
          [`astro-${INTERACT_DIRECTIVE.name}`]: await customDirectiveScript(
            INTERACT_DIRECTIVE.name,
            INTERACT_DIRECTIVE.entrypoint,
            projectRoot,
          ),
        });
        const used = new Map<string, RuntimeFile>();
        const problems: string[] = [];
        const files = htmlFiles(root);
        for (const file of files) {
          const html = await readFile(file, 'utf8');
          const result = externalizeRuntime(html, known);
          const where = relative(process.cwd(), file).split(sep).join('/');
          for (const body of result.unknown) problems.push(`${where}: ${preview(body)}`);
          result.used.forEach((f) => used.set(f.url, f));
          if (result.html !== html) await writeFile(file, result.html);
        }
        if (problems.length) {
          throw new Error(
            `${problems.length} inline script(s) that the project did not write; the build stops so the ` +
              `Content-Security-Policy never has to trust them:\n${problems.join('\n')}`,
          );
        }
        await mkdir(join(root, '_astro'), { recursive: true });
        for (const file of used.values()) await writeFile(join(root, file.url), file.body);
        logger.info(`${files.length} pages hold no inline script; Astro's runtime moved into ${used.size} file(s)`);
      },
    },
  };
}
