#!/usr/bin/env node
// One bad record in the blog API costs that record only. dist-test is built (scripts/build-test.mjs) against the local
// blog API with the hostile records of tests/fixtures/blog/hostile-posts.json among the posts, in strict mode
// (BLOG_STRICT=true, as the deploy builds): so a strict build does not fail on bad records. This script builds once
// more, against the API without the hostile records and with BLOG_STRICT off (so both modes are built), and compares
// the files byte for byte: every file outside the blog's own pages (the post pages, the list and category pages, the
// search index, the feed, the sitemap) is the same as dist-test's, and the blog pages differ only by the hostile
// records whose ids are safe. It also checks that no hostile id wrote a file anywhere: outside dist/blog/, or in place
// of another page.
//   node scripts/check-blog-isolation.mjs        (after npm run build:test)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { createBlogApi } from './blog-api.mjs';
import { filesUnder } from '../src/integrations/dist-pages.mjs';
import { blogApiPort, testSettings } from '../tests/settings.mjs';

const reference = resolve('dist-test');
if (!existsSync(join(reference, '404.html'))) {
  console.error('No dist-test: run "npm run build:test" first.');
  process.exit(1);
}
const hostile = JSON.parse(readFileSync('tests/fixtures/blog/hostile-posts.json', 'utf8'));

/** Every file under `root`, by its path relative to it (with "/"). */
const files = (root) => new Map(filesUnder(root).map((full) => [relative(root, full).split(sep).join('/'), full]));

function build(outDir, env) {
  return new Promise((done) => {
    const child = spawn('node_modules/.bin/astro', ['build', '--outDir', outDir], {
      env: { ...process.env, ...testSettings, ASTRO_TELEMETRY_DISABLED: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('exit', (code) => done({ code, log }));
  });
}

/** The blog's own outputs: they list posts, so they change with the posts (the search index too). Nothing else may. */
const isBlogOutput = (path) =>
  /^blog\//.test(path) ||
  /^blogs(\/|\.html$)/.test(path) ||
  /^pagefind\//.test(path) ||
  path === 'rss.xml' ||
  /^sitemap-\d+\.xml$/.test(path);

const failures = [];

/**
 * No hostile id wrote a file outside the output folder (inside it, a page it could have replaced is caught by the
 * byte comparison).
 */
function writtenOutside(outDir, label) {
  for (const { _id: id } of hostile.filter((p) => p.name.startsWith('Hostile id'))) {
    for (const candidate of [resolve(outDir, 'blog', `${id}.html`), resolve(outDir, 'blog', id, 'index.html')]) {
      if (!candidate.startsWith(outDir + sep) && existsSync(candidate)) {
        failures.push(`${label}: the id ${JSON.stringify(id).slice(0, 40)} wrote ${candidate}`);
      }
    }
  }
}

const api = createBlogApi();
await api.listen(blogApiPort);
// Inside the project, as dist-test is: Astro writes its cache files elsewhere for an output folder outside it.
const work = resolve('dist-check');
rmSync(work, { recursive: true, force: true });
try {
  api.state.mode = 'clean';
  const outDir = join(work, 'clean');
  const started = performance.now();
  const result = await build(outDir, { BLOG_STRICT: 'false' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.code !== 0) {
    failures.push(`clean: the build failed\n${result.log.slice(-2000)}`);
  } else {
    const ours = files(outDir);
    const theirs = files(reference);
    let same = 0;
    const differ = [];
    for (const [path, file] of theirs) {
      const other = ours.get(path);
      if (other && readFileSync(other).equals(readFileSync(file))) same += 1;
      else differ.push(path);
    }
    const extra = [...ours.keys()].filter((path) => !theirs.has(path));
    const outside = [...differ, ...extra].filter((path) => !isBlogOutput(path));
    if (outside.length) failures.push(`clean: pages outside the blog changed: ${outside.join(', ')}`);
    // The hostile build holds the clean build's post pages plus one page per hostile record with a safe id.
    const published = hostile.filter((p) => !p.name.startsWith('Hostile id')).map((p) => p._id);
    const postPages = (map) => [...map.keys()].filter((p) => p.startsWith('blog/')).sort();
    const added = postPages(theirs).filter((p) => !ours.has(p));
    const removed = postPages(ours).filter((p) => !theirs.has(p));
    if (removed.length) failures.push(`clean: post pages missing from dist-test: ${removed.join(', ')}`);
    if (added.length !== published.length) {
      failures.push(`clean: dist-test adds ${added.length} post pages, expected ${published.length}: ${added}`);
    }
    console.log(
      `clean: built in ${seconds} s; ${same} of ${theirs.size} files byte-identical to dist-test ` +
        '(the others are blog pages, the list, the feed or the sitemap)',
    );
    writtenOutside(outDir, 'clean');
  }
} finally {
  await api.close();
  rmSync(work, { recursive: true, force: true });
}

writtenOutside(reference, 'dist-test');
if (failures.length) {
  console.error(`\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('Blog isolation holds: hostile records cost only themselves, and a strict build does not fail on them.');
