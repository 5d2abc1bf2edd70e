/** Writes dist/_headers after the build, from the site configuration and the inline scripts Astro wrote. */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { site } from '../config/site';
import { buildHeadersFile, inlineScripts } from '../lib/security-headers';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(full);
      return entry.name.endsWith('.html') ? [full] : [];
    }),
  );
  return nested.flat();
}

export function securityHeaders(): AstroIntegration {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const files = await htmlFiles(root);
        const scripts: string[] = [];
        const pages: string[] = [];
        for (const file of files) {
          scripts.push(...inlineScripts(await readFile(file, 'utf8')));
          const rel = relative(root, file).split(sep).join('/');
          const path = '/' + rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
          pages.push(path.length > 1 ? path.replace(/\/$/, '') : '/');
        }
        const content = buildHeadersFile({
          // In relay mode the popup posts to this site ('self'): the CRM is named only in direct mode.
          connectOrigins: [site.crm.mode === 'direct' ? site.crm.host : '', site.emailjs.origin, site.blogApiBase],
          inlineScripts: scripts,
          pages,
        });
        await writeFile(join(root, '_headers'), content);
        logger.info(`_headers written: ${pages.length} pages, ${new Set(scripts).size} inline script hash(es)`);
      },
    },
  };
}
