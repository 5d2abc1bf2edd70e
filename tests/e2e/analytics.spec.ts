import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { builtPages } from '../../src/integrations/dist-pages.mjs';
import { testSettings } from '../settings.mjs';
import { site } from '../../src/config/site';
import { CHAT_TOPICS } from '../../src/lib/analytics';

// dist: the default build, with no PUBLIC_ANALYTICS_ENDPOINT. It must ship no analytics code and send nothing.

/** Strings only the analytics bundle holds: the tracker's, web-vitals' and our module's. */
const ANALYTICS_MARKS = ['/api/event', 'plausible', 'globalPrivacyControl', 'largest-contentful-paint'];

const scripts = (dir: string) =>
  readdirSync(join(dir, '_astro'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, text: readFileSync(join(dir, '_astro', f), 'utf8') }));

test('the default build holds no analytics code and names no endpoint', () => {
  for (const { file, text } of scripts('dist')) {
    for (const mark of ANALYTICS_MARKS) expect(text.includes(mark), `${file} holds "${mark}"`).toBe(false);
  }
  const headers = readFileSync('dist/_headers', 'utf8');
  expect(headers).not.toContain(testSettings.PUBLIC_ANALYTICS_ENDPOINT);
  // The marks are the right ones: the build with analytics on holds each of them.
  const on = scripts('dist-test')
    .map((s) => s.text)
    .join('\n');
  for (const mark of ANALYTICS_MARKS) expect(on).toContain(mark);
  expect(readFileSync('dist-test/_headers', 'utf8')).toMatch(
    new RegExp(`connect-src [^;]*${testSettings.PUBLIC_ANALYTICS_ENDPOINT.replaceAll('.', '\\.')}`),
  );
});

test('the default build sends nothing, whatever the visitor does', async ({ page, context }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await context.route(/^https:\/\/(app\.communiti\.example|wa\.me)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' }),
  );
  await page.goto('/pricing?utm_source=off');
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Book a Free Demo' }).click()]);
  await page.waitForLoadState('networkidle');
  await page.goto('/about-us');
  await page.waitForLoadState('networkidle');
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
  expect(requests.filter((url) => /\/api\/event|\/tracker\./.test(url))).toEqual([]);
});

/** Every link to the demo booking, the admin app or the sales chat, on every page, says what it is for. */
test('every demo, admin app and chat link carries its call-to-action attributes', () => {
  const kinds: [string, 'demo' | 'start' | 'chat'][] = [
    [site.demoBookingUrl, 'demo'],
    [site.adminAppUrl, 'start'],
    [`${site.salesChat.baseUrl}/${site.salesChat.number}`, 'chat'],
  ];
  const topics = new Set<string>(Object.values(CHAT_TOPICS));
  const seen = { demo: 0, start: 0, chat: 0 };
  for (const { path, html } of builtPages()) {
    for (const [tag] of html().matchAll(/<a\b[^>]*>/g)) {
      const href = /\shref="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&') ?? '';
      const kind = kinds.find(([prefix]) => href === prefix || href.startsWith(`${prefix}?`))?.[1];
      if (!kind) continue;
      seen[kind]++;
      const attr = (name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
      expect(attr('data-cta'), `${path}: ${tag}`).toBe(kind);
      if (kind === 'chat') expect(topics.has(attr('data-cta-topic') ?? ''), `${path}: ${tag}`).toBe(true);
      else expect(attr('data-cta-location'), `${path}: ${tag}`).toMatch(/^[a-z-]+$/);
    }
  }
  // The audit found links of every kind: the prefixes above are the site's.
  expect(seen.demo).toBeGreaterThan(10);
  expect(seen.start).toBeGreaterThan(40);
  expect(seen.chat).toBeGreaterThan(3);
});
