/**
 * The built site (dist) as the Worker and its static assets answer it on the Workers runtime (./runtime.ts): URL
 * rules, the 404 page for a path with no file (the Worker's), the caching of hashed assets, and the Speculation-Rules
 * header of every page. What a page shows is the browser tests'.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from './runtime';
import { builtPages } from '../../src/integrations/dist-pages.mjs';
import { contentPath } from '../../src/lib/content-paths';

/** The speculation rules' file, which every HTML page names in its header. */
const RULES = '/speculation-rules.json';

let site: Runtime;

beforeAll(async () => {
  site = await startRuntime({ dir: 'dist' });
});

afterAll(() => site?.stop());

const request = (path: string, init: RequestInit = {}) =>
  fetch(`${site.origin}${path}`, { redirect: 'manual', ...init });

describe('URLs', () => {
  it('paths are case-sensitive, as on the static host', async () => {
    expect((await request('/about-us')).status).toBe(200);
    expect((await request('/About-Us')).status).toBe(404);
  });

  it('a page answers without a redirect, and every path with no file is the 404 page, in any folder', async () => {
    const pricing = await request('/pricing');
    expect(pricing.status).toBe(200);
    expect(pricing.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    for (const path of ['/About-Us', '/pricing/nothere', '/blogs/nothere', '/cms/nothere', '/mr/nothere']) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Cache-Control'), path).toBe('no-store');
      // The 404 page's policy wherever it is asked for: not the search pages' (WebAssembly) nor the admin's.
      expect(response.headers.get('Content-Security-Policy'), path).toMatch(
        /script-src 'self'(?: 'sha256-[\w+/=]+')*;/,
      );
      expect(response.headers.get('Cross-Origin-Opener-Policy'), path).toBe('same-origin');
      expect(await response.text(), path).toContain('Page not found');
    }
    // Only GET and HEAD, as on a page.
    const post = await request('/no-such-page-here', { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
  });

  it('hashed assets are cached for a year, immutably; one that is not there is a 404 nobody keeps', async () => {
    const css = /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/.exec(readFileSync('dist/about-us.html', 'utf8'))?.[1];
    expect(css).toMatch(/^\/_astro\//);
    const response = await request(css!);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');

    // Requested a moment before a deploy publishes it: the 404 must not outlive that moment in any cache.
    for (const missing of ['/_astro/nothere.js', `${css}x`, '/_astro/sub/nothere.css']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await request(missing, { method });
        expect(answer.status, `${method} ${missing}`).toBe(404);
        expect(answer.headers.get('Cache-Control'), `${method} ${missing}`).toBe('no-store');
        expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
        if (method === 'GET') expect(await answer.text()).toContain('Page not found');
      }
    }
  });
});

/**
 * A path under /hi/ with no file gets the Hindi 404 page where the build has one (`/hi/404`), else the English one:
 * status 404 and never stored either way. No Hindi page is built yet: a copy of dist with a stand-in Hindi 404 page.
 */
describe('the 404 page of a language', () => {
  /** The Hindi 404 page's heading, from its content: no English page holds it. */
  const HINDI_NOT_FOUND = (
    JSON.parse(readFileSync(contentPath('pages', 'not-found', 'hi'), 'utf8')) as { heading: string }
  ).heading;
  let withoutHindi: Runtime;
  let folder: string;

  beforeAll(async () => {
    // The same build without its Hindi 404 page, as a site whose 404 entry has no Hindi file is built.
    folder = mkdtempSync(join(tmpdir(), 'no-hindi-404-site-'));
    cpSync('dist', folder, { recursive: true });
    rmSync(join(folder, 'hi', '404.html'));
    withoutHindi = await startRuntime({ dir: folder });
  });

  afterAll(async () => {
    await withoutHindi?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const expectNotFound = async (response: Response, words: string, lang: string) => {
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Content-Security-Policy')).toMatch(/script-src 'self'(?: 'sha256-[\w+/=]+')*;/);
    const html = await response.text();
    expect(html).toContain(words);
    expect(html).toContain(`<html lang="${lang}"`);
  };

  it('an unknown path under /hi/ is the Hindi 404 page, status 404, never stored', async () => {
    for (const path of ['/hi/nothere', '/hi/pricing/nothere', '/hi/blog/nothere']) {
      await expectNotFound(await request(path, { redirect: 'manual' }), HINDI_NOT_FOUND, 'hi');
    }
    const head = await request('/hi/nothere', { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  });

  it('an English path, and one that only looks Hindi, is the English 404 page', async () => {
    for (const path of ['/nothere', '/HI/nothere', '/hindi/nothere', '/pricing/hi/nothere']) {
      await expectNotFound(await request(path, { redirect: 'manual' }), 'Page not found', 'en');
    }
  });

  it('a build without the Hindi 404 page answers /hi/ paths with the English one, status 404', async () => {
    await expectNotFound(await fetch(`${withoutHindi.origin}/hi/nothere`), 'Page not found', 'en');
  });
});

/**
 * Speculation rules reach the browser as a header of every HTML page, naming a JSON file: same-origin page links are
 * fetched ahead when the pointer rests on them, nothing else is (the browser's side: tests/e2e/speculation.spec.ts).
 */
describe('speculation rules', () => {
  it('every HTML page names the rules file in a Speculation-Rules header', async () => {
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(20);
    for (const { path } of [...pages, { path: '/no-such-page' }]) {
      const response = await request(path);
      expect(response.headers.get('Content-Type'), path).toContain('text/html');
      expect(response.headers.get('Speculation-Rules'), path).toBe(`"${RULES}"`);
      await response.body?.cancel();
    }
  });

  it('nothing that is not a page carries the header', async () => {
    const astro = readdirSync('dist/_astro');
    const files = [
      RULES,
      `/_astro/${astro.find((f) => f.endsWith('.js'))}`,
      `/_astro/${astro.find((f) => f.endsWith('.css'))}`,
      `/_astro/${astro.find((f) => f.endsWith('.svg'))}`,
      '/pagefind/pagefind.js',
      '/media/home/tour-poster.webp',
      '/favicon.svg',
      '/favicon.ico',
      '/robots.txt',
      '/rss.xml',
      '/sitemap-index.xml',
      '/site.webmanifest',
    ];
    for (const file of files) {
      const response = await request(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('Speculation-Rules'), file).toBeNull();
      await response.body?.cancel();
    }
  });

  it('the rules file is served as speculation rules, and names no other origin and no API path', async () => {
    const response = await request(RULES);
    expect(response.headers.get('Content-Type')).toBe('application/speculationrules+json');
    const rules = (await response.json()) as Record<string, { eagerness: string; where: unknown }[]>;
    expect(Object.keys(rules).sort()).toEqual(['prefetch', 'prerender']);
    const text = JSON.stringify(rules);
    const patterns = [...text.matchAll(/"href_matches":(\[[^\]]*\]|"[^"]*")/g)].flatMap((m) =>
      [JSON.parse(m[1]!)].flat(),
    );
    expect(patterns.length).toBeGreaterThan(0);
    // Paths only, no scheme or host: the patterns resolve against this origin.
    for (const pattern of patterns) expect(pattern).toMatch(/^\/(?!\/)/);
    for (const rule of [...rules.prefetch!, ...rules.prerender!]) {
      expect(rule.eagerness).toBe('moderate');
      expect(JSON.stringify(rule.where)).toContain('{"not":{"href_matches":"/api/*"}}');
    }
    expect(JSON.stringify(rules.prerender)).toContain('"/pricing"');
  });
});
