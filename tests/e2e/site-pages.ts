/** The pages of the built site, read from dist/ so a page added later is covered without editing a list. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const distDir = join(process.cwd(), 'dist');

/** Every HTML page in dist as a URL path: "/", "/about-us", "/404". */
export function builtPages(): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== '_astro') walk(full);
      } else if (name.endsWith('.html')) {
        const rel = relative(distDir, full).split(sep).join('/');
        const path = '/' + rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
        pages.push(path.length > 1 ? path.replace(/\/$/, '') : '/');
      }
    }
  };
  walk(distDir);
  return pages.sort();
}
