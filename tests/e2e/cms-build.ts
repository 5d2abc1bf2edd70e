/**
 * A build of the site with the content admin's saves written over a copy of the project (../content-build.ts), for
 * the admin's round trip (cms.spec.ts): the copy's folder is attached to the test, for a failure to be read.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from './fixtures';
import { build, copyWithContent } from '../content-build';

export async function buildWithContent(files: Record<string, string>) {
  const copy = copyWithContent(files);
  test.info().attach('build folder', { body: copy });
  const { code, log } = await build(copy);
  if (code !== 0) throw new Error(`The build failed:\n${log}`);
  return {
    /** The built site's folder. */
    dir: join(copy, 'dist'),
    /** The HTML of a built page by its path ("/" is index.html, "/pricing" pricing.html). */
    page: (path: string) => readFileSync(join(copy, 'dist', path === '/' ? 'index.html' : `${path}.html`), 'utf8'),
    remove: () => rmSync(copy, { recursive: true, force: true }),
  };
}
