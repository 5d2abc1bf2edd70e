import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ASSIGNMENT_MAX_AGE_S,
  MANIFEST_PATH,
  variantFile,
  type ExperimentManifest,
  type ManifestExperiment,
} from '../../src/lib/experiments/wire';
import {
  assignmentsFrom,
  drawVariant,
  experimentFor,
  isKnownBot,
  isVariantPath,
  loadManifest,
  manifestLoader,
  MAX_COOKIE_HEADER,
  MAX_PAIRS,
  serveExperimentPage,
  type ExperimentDeps,
} from '../../worker/experiments/edge';
import { d1Exposures } from '../../worker/experiments/store';
import type { D1Database } from '../../worker/platform';
import { localD1 } from './local-d1';

const SITE = 'https://www.communiti.example';
const T0 = Date.UTC(2026, 4, 1, 23, 59, 30);
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const HOME: ManifestExperiment = {
  id: 'home-hero',
  page: '/',
  goal: 'lead',
  variants: [
    { name: 'control', weight: 50, file: null },
    { name: 'b', weight: 30, file: variantFile('home-hero', 'b') },
    { name: 'c', weight: 20, file: variantFile('home-hero', 'c') },
  ],
};
const PRICING: ManifestExperiment = {
  id: 'pricing-cta',
  page: '/pricing',
  goal: 'demo-click',
  variants: [
    { name: 'control', weight: 50, file: null },
    { name: 'short', weight: 50, file: variantFile('pricing-cta', 'short') },
  ],
};
const MANIFEST: ExperimentManifest = { experiments: [HOME, PRICING] };

/** The random numbers that draw each variant of HOME (control [0, .5), b [.5, .8), c [.8, 1)). */
const DRAWS = { control: 0.1, b: 0.6, c: 0.9 } as const;

/** mulberry32: a small seeded PRNG, so that the split test gives the same numbers on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The built site as the assets binding serves it: the pages and HOME's variant files (c's is missing when asked). */
function fakeAssets(options: { missing?: string[] } = {}) {
  const files: Record<string, string> = {
    '/': 'home page',
    '/pricing': 'pricing page',
    [variantFile('home-hero', 'b')]: 'home variant b',
    [variantFile('home-hero', 'c')]: 'home variant c',
    [variantFile('pricing-cta', 'short')]: 'pricing variant short',
  };
  for (const path of options.missing ?? []) delete files[path];
  return vi.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    const body = files[pathname];
    if (body === undefined) return new Response('404 page', { status: 404, headers: { 'Content-Type': 'text/html' } });
    const etag = `"${pathname.length}-${body.length}"`;
    const headers = {
      'Content-Type': 'text/html; charset=utf-8',
      ETag: etag,
      'Cache-Control': 'public, max-age=0, must-revalidate',
      Vary: 'Accept-Encoding',
      'X-File': pathname,
    };
    if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : body, { headers });
  });
}

interface Visit {
  method?: string;
  path?: string;
  cookie?: string;
  headers?: Record<string, string>;
  random?: number | (() => number);
  missing?: string[];
  recordExposure?: ExperimentDeps['recordExposure'];
  http?: boolean;
}

/** One request to an experimented page, through the decision wired to fakes. */
async function visit(options: Visit = {}) {
  const { method = 'GET', path = '/', cookie, random = DRAWS.b } = options;
  const headers = new Headers({ 'User-Agent': CHROME, 'Accept-Encoding': 'gzip, br', ...options.headers });
  if (cookie !== undefined) headers.set('Cookie', cookie);
  const request = new Request(`${options.http ? 'http://localhost:4321' : SITE}${path}`, { method, headers });
  const assets = fakeAssets({ missing: options.missing });
  const recordExposure = vi.fn<ExperimentDeps['recordExposure']>(options.recordExposure ?? (() => {}));
  const draw = vi.fn(typeof random === 'number' ? () => random : random);
  const pending: Promise<unknown>[] = [];
  const waitUntil = vi.fn((promise: Promise<unknown>) => void pending.push(promise));
  const experiment = experimentFor(new URL(request.url).pathname, MANIFEST)!;
  const response = await serveExperimentPage(request, experiment, MANIFEST, {
    assets: { fetch: assets },
    random: draw,
    recordExposure,
    now: () => T0,
    waitUntil,
  });
  await Promise.allSettled(pending);
  const asked = assets.mock.calls.map(([asked]) => asked);
  return { request, response, assets, asked, recordExposure, draw, waitUntil, pending, body: await response.text() };
}
type Visited = Awaited<ReturnType<typeof visit>>;

/** The one Set-Cookie of an answer, split into its value and its attributes. */
function setCookie(response: Response) {
  const all = response.headers.getSetCookie();
  expect(all).toHaveLength(1);
  const [pair, ...attributes] = all[0]!.split('; ');
  return { value: pair!.replace(/^exp=/, ''), name: pair!.split('=')[0], attributes };
}

/** Served as an experimented page: kept by the browser only, per cookie. */
function expectPrivate(response: Response) {
  expect(response.headers.get('Cache-Control')).toBe('private');
  expect(response.headers.get('Vary')).toBe('Accept-Encoding, Cookie');
}

function expectNotCounted(v: Visited) {
  expect(v.waitUntil).not.toHaveBeenCalled();
  expect(v.recordExposure).not.toHaveBeenCalled();
}

describe('the weighted draw', () => {
  it('splits 10,000 new visitors 50/30/20 within the chi-square bound (df 2, p = 0.001)', async () => {
    // For 2 degrees of freedom the chi-square survival function is exp(-x/2): the bound is -2 ln p.
    const bound = -2 * Math.log(0.001);
    expect(bound).toBeCloseTo(13.82, 2);
    const random = seeded(20260501);
    const counts: Record<string, number> = { control: 0, b: 0, c: 0 };
    const N = 10_000;
    for (let i = 0; i < N; i++) counts[drawVariant(HOME.variants, random())]! += 1;
    const chiSquare = (expected: Record<string, number>) =>
      Object.entries(expected).reduce((sum, [name, share]) => sum + (counts[name]! - N * share) ** 2 / (N * share), 0);
    expect(chiSquare({ control: 0.5, b: 0.3, c: 0.2 })).toBeLessThan(bound);
    // The same counts are far from an even split: the test can tell the weights apart.
    expect(chiSquare({ control: 1 / 3, b: 1 / 3, c: 1 / 3 })).toBeGreaterThan(bound);
  });

  it('gives each variant the share of [0, 1) its weight says, in the manifest order', () => {
    const at = (r: number) => drawVariant(HOME.variants, r);
    expect([0, 0.4999, 0.5, 0.7999, 0.8, 0.9999].map(at)).toEqual(['control', 'control', 'b', 'b', 'c', 'c']);
    // Out of range or not a number: still a variant that can be drawn.
    expect([-1, 1, 7, Number.NaN].map(at)).toEqual(['control', 'c', 'c', 'control']);
    const stopped = [
      { name: 'control', weight: 100, file: null },
      { name: 'b', weight: 0, file: variantFile('x', 'b') },
    ];
    expect([0, 0.5, 0.99999, 1].map((r) => drawVariant(stopped, r))).toEqual([
      'control',
      'control',
      'control',
      'control',
    ]);
  });

  it('serves and counts what the injected random number draws', async () => {
    for (const [name, r] of Object.entries(DRAWS)) {
      const v = await visit({ random: r });
      expect(v.draw).toHaveBeenCalledTimes(1);
      expect(setCookie(v.response).value).toBe(`home-hero:${name}`);
      expect(v.recordExposure).toHaveBeenCalledWith('home-hero', name, '2026-05-01');
    }
  });
});

describe('the assignment cookie', () => {
  it('a new visitor gets exactly one Set-Cookie: only the assignment, for 30 days, HttpOnly, Lax, Secure on https', async () => {
    const v = await visit({ random: DRAWS.c });
    const cookie = setCookie(v.response);
    expect(cookie.name).toBe('exp');
    expect(cookie.value).toBe('home-hero:c');
    expect(ASSIGNMENT_MAX_AGE_S).toBe(2_592_000);
    expect(cookie.attributes.sort()).toEqual(['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax', 'Secure']);
  });

  it('is not Secure on http (the local host)', async () => {
    const v = await visit({ http: true });
    expect(setCookie(v.response).attributes.sort()).toEqual(['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax']);
  });

  it('a returning visitor keeps the variant: no draw, no Set-Cookie, no count', async () => {
    const v = await visit({ cookie: 'theme=dark; exp=home-hero:c', random: DRAWS.b });
    expect(v.body).toBe('home variant c');
    expect(v.draw).not.toHaveBeenCalled();
    expect(v.response.headers.getSetCookie()).toEqual([]);
    expectNotCounted(v);
  });

  it('keeps the other valid assignments and drops pairs of experiments not running', async () => {
    const v = await visit({ cookie: 'exp=stopped-test:b|pricing-cta:short|draft:x', random: DRAWS.b });
    expect(setCookie(v.response).value).toBe('pricing-cta:short|home-hero:b');
    expect(v.recordExposure).toHaveBeenCalledTimes(1);
  });

  it('treats a variant the experiment does not have as no assignment: a new draw, the bad pair dropped', async () => {
    const v = await visit({ cookie: 'exp=home-hero:gone|pricing-cta:short', random: DRAWS.c });
    expect(v.body).toBe('home variant c');
    expect(setCookie(v.response).value).toBe('pricing-cta:short|home-hero:c');
    expect(v.recordExposure).toHaveBeenCalledWith('home-hero', 'c', '2026-05-01');
  });

  it('reads the assignments of the running experiments for a lead', () => {
    expect(assignmentsFrom('a=1; exp=home-hero:b|pricing-cta:short|old:x; z=2', MANIFEST)).toEqual({
      'home-hero': 'b',
      'pricing-cta': 'short',
    });
    expect(assignmentsFrom('exp=home-hero:nope|pricing-cta:control', MANIFEST)).toEqual({ 'pricing-cta': 'control' });
    expect(assignmentsFrom(null, MANIFEST)).toEqual({});
    expect(assignmentsFrom('exp=home-hero:b', { experiments: [] })).toEqual({});
  });

  const hostile = [
    'exp="home-hero:zz"; exp=";evil"',
    'exp=home-hero:b"; evil=1',
    'exp=home-hero:<script>alert(1)</script>',
    'exp=home-hero:b:c|pricing-cta',
    'exp=__proto__:b|constructor:control',
    'exp=HOME-HERO:B',
    'exp=home-hero:b%3B%20Domain%3Devil.example',
    'exp=home-hero:b\u00ff\u00e9\x7f',
    'exp=home-hero:-b-',
    'exp=' + 'a'.repeat(10 * 1024),
    'exp=' + 'home-hero:'.repeat(2000),
    'exp=' + 'x:y|'.repeat(5000) + 'home-hero:b',
    'x'.repeat(MAX_COOKIE_HEADER) + '; exp=home-hero:b',
    ';;;=;exp;=exp=;exp==home-hero:b',
    '\t exp = home-hero:b ',
  ];

  it.each(hostile.map((cookie) => [cookie.slice(0, 60), cookie]))(
    'a hostile cookie (%s) never throws, never echoes into Set-Cookie',
    async (_, cookie) => {
      expect(() => assignmentsFrom(cookie, MANIFEST)).not.toThrow();
      const v = await visit({ cookie, random: DRAWS.c });
      expect(v.response.status).toBe(200);
      const written = v.response.headers.getSetCookie();
      for (const line of written) {
        expect(line).toMatch(
          /^exp=[a-z0-9-]+:[a-z0-9-]+(\|[a-z0-9-]+:[a-z0-9-]+)*; Max-Age=2592000; Path=\/; SameSite=Lax; HttpOnly; Secure$/,
        );
        expect(line.split('; ')[0]).toBe('exp=home-hero:c');
      }
    },
  );

  it('reads a well-formed pair in odd surroundings, and only within the bounds', () => {
    expect(assignmentsFrom('\t exp = home-hero:b ', MANIFEST)).toEqual({ 'home-hero': 'b' });
    expect(assignmentsFrom('exp="home-hero:b"', MANIFEST)).toEqual({ 'home-hero': 'b' });
    // The first pair of an id wins, also across two cookies of the name.
    expect(assignmentsFrom('exp=home-hero:b|home-hero:c', MANIFEST)).toEqual({ 'home-hero': 'b' });
    expect(assignmentsFrom('exp=home-hero:c; exp=home-hero:b|pricing-cta:short', MANIFEST)).toEqual({
      'home-hero': 'c',
      'pricing-cta': 'short',
    });
    // At most MAX_PAIRS pairs, and MAX_COOKIE_HEADER characters of the header, are read.
    const junk = (count: number) => 'exp=' + 'x:y|'.repeat(count) + 'home-hero:b';
    expect(assignmentsFrom(junk(MAX_PAIRS - 1), MANIFEST)).toEqual({ 'home-hero': 'b' });
    expect(assignmentsFrom(junk(MAX_PAIRS), MANIFEST)).toEqual({});
    const padding = (length: number) => 'x'.repeat(length) + '; exp=home-hero:b';
    expect(assignmentsFrom(padding(MAX_COOKIE_HEADER - 20), MANIFEST)).toEqual({ 'home-hero': 'b' });
    expect(assignmentsFrom(padding(MAX_COOKIE_HEADER), MANIFEST)).toEqual({});
  });

  it('never throws on any string, and yields only running experiments and their variants', () => {
    const random = seeded(7);
    const alphabet = [
      'exp',
      '=',
      ':',
      '|',
      ';',
      ' ',
      '"',
      '\\',
      ',',
      '\u0000',
      '\ud800',
      '\u00ff',
      'home-hero',
      'b',
      'c',
    ];
    const valid = new Map(MANIFEST.experiments.map((e) => [e.id, e.variants.map((variant) => variant.name)]));
    for (let i = 0; i < 2000; i++) {
      const length = Math.floor(random() * 30);
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const read = assignmentsFrom(text, MANIFEST);
      for (const [id, variant] of Object.entries(read)) expect(valid.get(id)).toContain(variant);
    }
  });
});

describe('privacy signals, prefetches, bots and methods', () => {
  it.each([
    ['Sec-GPC', '1'],
    ['DNT', '1'],
  ])('%s: %s gets the control page, no cookie read or written, not counted', async (name, value) => {
    const v = await visit({ headers: { [name]: value }, cookie: 'exp=home-hero:b|old:x' });
    expect(v.body).toBe('home page');
    expect(v.asked).toEqual([v.request]);
    expect(v.draw).not.toHaveBeenCalled();
    expect(v.response.headers.getSetCookie()).toEqual([]);
    expectPrivate(v.response);
    expectNotCounted(v);
  });

  it('Sec-GPC: 0 and DNT: 0 are no opt-out', async () => {
    const v = await visit({ headers: { 'Sec-GPC': '0', DNT: '0' } });
    expect(setCookie(v.response).value).toBe('home-hero:b');
    expect(v.recordExposure).toHaveBeenCalledTimes(1);
  });

  it.each<Record<string, string>>([
    { 'Sec-Purpose': 'prefetch' },
    { 'Sec-Purpose': 'prefetch;prerender' },
    { Purpose: 'prefetch' },
  ])('a prefetch (%o) without an assignment: 503, no-store, no body, no cookie, not counted', async (headers) => {
    const v = await visit({ headers });
    expect(v.response.status).toBe(503);
    expect(v.response.headers.get('Cache-Control')).toBe('no-store');
    expect(v.body).toBe('');
    expect(v.response.headers.getSetCookie()).toEqual([]);
    expect(v.draw).not.toHaveBeenCalled();
    expect(v.assets).not.toHaveBeenCalled();
    expectNotCounted(v);
  });

  it('a prefetch with an assignment gets its variant, not counted', async () => {
    const v = await visit({ headers: { 'Sec-Purpose': 'prefetch;prerender' }, cookie: 'exp=home-hero:b' });
    expect(v.response.status).toBe(200);
    expect(v.body).toBe('home variant b');
    expectPrivate(v.response);
    expect(v.response.headers.getSetCookie()).toEqual([]);
    expectNotCounted(v);
  });

  it('a bot is served and assigned like anyone (cookie set), but not counted', async () => {
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const v = await visit({ headers: { 'User-Agent': googlebot }, random: DRAWS.b });
    expect(v.body).toBe('home variant b');
    expect(setCookie(v.response).value).toBe('home-hero:b');
    expectNotCounted(v);
  });

  it('HEAD gets the headers a GET would, the assignment and its cookie included, and is never counted', async () => {
    const fresh = await visit({ method: 'HEAD', random: DRAWS.c });
    expect(fresh.response.status).toBe(200);
    expect(fresh.asked.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
      ['HEAD', variantFile('home-hero', 'c')],
    ]);
    expect(fresh.response.headers.getSetCookie()).toEqual([
      'exp=home-hero:c; Max-Age=2592000; Path=/; SameSite=Lax; HttpOnly; Secure',
    ]);
    expectPrivate(fresh.response);
    expectNotCounted(fresh);

    const assigned = await visit({ method: 'HEAD', cookie: 'exp=home-hero:c' });
    expect(assigned.asked.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
      ['HEAD', variantFile('home-hero', 'c')],
    ]);
    expect(assigned.response.headers.getSetCookie()).toEqual([]);
    expectNotCounted(assigned);
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('%s gets the assets answer for the page unchanged', async (method) => {
    const v = await visit({ method, cookie: 'exp=home-hero:b' });
    expect(v.asked).toEqual([v.request]);
    expect(await v.assets.mock.results[0]!.value).toBe(v.response);
    expect(v.response.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    expect(v.draw).not.toHaveBeenCalled();
    expectNotCounted(v);
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'WhatsApp/2.23.20.0 A',
    'TelegramBot (like TwitterBot)',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
    'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    'CCBot/2.0 (https://commoncrawl.org/faq/)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    'curl/8.5.0',
    'Wget/1.21.4',
    'python-requests/2.32.3',
    'Go-http-client/2.0',
    'Mozilla/5.0 (compatible; SomeNewCrawler 1.0)',
    'example-spider/3',
    'Mozilla/5.0 (compatible; PetalBot; +https://webmaster.petalsearch.com/site/petalbot)',
    'my bot',
    '',
  ])('isKnownBot(%j)', (ua) => {
    expect(isKnownBot(ua)).toBe(true);
  });

  it.each([
    CHROME,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    // "bot" inside a word is no bot.
    'Mozilla/5.0 (Linux; Android 12; Botswana Edition) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    // The project's browser tests: headless Chromium is a visitor like any other.
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.6723.31 Safari/537.36',
  ])('not a bot: %s', (ua) => {
    expect(isKnownBot(ua)).toBe(false);
  });
});

describe('what is served', () => {
  it('a variant: its file from variantFile, same method, the encoding and conditions of the request, no ETag', async () => {
    const v = await visit({
      cookie: 'exp=home-hero:b',
      headers: { 'If-None-Match': '"stale"', 'If-Modified-Since': 'Wed, 01 Apr 2026 00:00:00 GMT' },
    });
    expect(v.asked).toHaveLength(1);
    const asked = v.asked[0]!;
    expect(new URL(asked.url).pathname).toBe(variantFile('home-hero', 'b'));
    expect(asked.method).toBe('GET');
    expect(asked.headers.get('Accept-Encoding')).toBe('gzip, br');
    expect(asked.headers.get('If-None-Match')).toBe('"stale"');
    expect(asked.headers.get('If-Modified-Since')).toBe('Wed, 01 Apr 2026 00:00:00 GMT');
    expect(asked.headers.get('Cookie')).toBeNull();
    expect(v.response.status).toBe(200);
    expect(v.body).toBe('home variant b');
    expect(v.response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(v.response.headers.get('X-File')).toBe(variantFile('home-hero', 'b'));
    expect(v.response.headers.get('ETag')).toBeNull();
    expectPrivate(v.response);
  });

  it("a variant keeps the file's status: 304 to a matching condition", async () => {
    const etag = `"${variantFile('home-hero', 'b').length}-${'home variant b'.length}"`;
    const v = await visit({ cookie: 'exp=home-hero:b', headers: { 'If-None-Match': etag } });
    expect(v.response.status).toBe(304);
    expect(v.response.headers.get('ETag')).toBeNull();
    expectPrivate(v.response);
  });

  it('control: the request passed to the assets unchanged, its ETag kept', async () => {
    const v = await visit({ random: DRAWS.control });
    expect(v.asked).toEqual([v.request]);
    expect(v.body).toBe('home page');
    expect(v.response.headers.get('ETag')).not.toBeNull();
    expect(setCookie(v.response).value).toBe('home-hero:control');
    expect(v.recordExposure).toHaveBeenCalledWith('home-hero', 'control', '2026-05-01');
    expectPrivate(v.response);
  });

  it('Cache-Control private and Vary Cookie on every experimented answer', async () => {
    const answers = await Promise.all([
      visit({ random: DRAWS.control }),
      visit({ random: DRAWS.b }),
      visit({ cookie: 'exp=home-hero:c' }),
      visit({ path: '/pricing', cookie: 'exp=pricing-cta:short' }),
      visit({ headers: { DNT: '1' } }),
      visit({ method: 'HEAD', cookie: 'exp=home-hero:b' }),
      visit({ random: DRAWS.c, missing: [variantFile('home-hero', 'c')] }),
    ]);
    for (const { response } of answers) expectPrivate(response);
  });

  it('a new assignment to a missing variant file: control served, no cookie, not counted', async () => {
    const v = await visit({ random: DRAWS.c, missing: [variantFile('home-hero', 'c')] });
    expect(v.response.status).toBe(200);
    expect(v.body).toBe('home page');
    expect(v.asked.map((r) => new URL(r.url).pathname)).toEqual([variantFile('home-hero', 'c'), '/']);
    expect(v.asked[1]).toBe(v.request);
    expect(v.response.headers.get('ETag')).not.toBeNull();
    expect(v.response.headers.getSetCookie()).toEqual([]);
    expectNotCounted(v);
  });

  it('an assigned visitor whose variant file is missing gets control', async () => {
    const v = await visit({ cookie: 'exp=home-hero:c', missing: [variantFile('home-hero', 'c')] });
    expect(v.body).toBe('home page');
    expect(v.response.headers.getSetCookie()).toEqual([]);
    expectNotCounted(v);
  });

  it('counts a new assignment once, on the UTC day, through waitUntil', async () => {
    const v = await visit({ random: DRAWS.b });
    expect(v.waitUntil).toHaveBeenCalledTimes(1);
    expect(v.recordExposure).toHaveBeenCalledTimes(1);
    expect(v.recordExposure).toHaveBeenCalledWith('home-hero', 'b', '2026-05-01');
    // The next request carries the cookie: no second count.
    const again = await visit({ cookie: `exp=${setCookie(v.response).value}`, random: DRAWS.c });
    expect(again.body).toBe('home variant b');
    expectNotCounted(again);
  });

  it('a failing count does not fail the answer: the promise handed to waitUntil rejects', async () => {
    const v = await visit({
      recordExposure: () => {
        throw new Error('D1 down');
      },
    });
    expect(v.response.status).toBe(200);
    expect(setCookie(v.response).value).toBe('home-hero:b');
    await expect(v.pending[0]).rejects.toThrow('D1 down');
  });
});

describe('paths', () => {
  it('finds the experiment of a page by its exact path', () => {
    expect(experimentFor('/', MANIFEST)).toBe(HOME);
    expect(experimentFor('/pricing', MANIFEST)).toBe(PRICING);
    expect(experimentFor('/pricing/', MANIFEST)).toBeNull();
    expect(experimentFor('/features', MANIFEST)).toBeNull();
    expect(experimentFor('/', { experiments: [] })).toBeNull();
  });

  it.each([
    '/experiment-variants',
    '/experiment-variants/',
    '/experiment-variants/home-hero/b',
    MANIFEST_PATH,
    '/%65xperiment-variants/home-hero/b',
    '/experiment%2Dvariants/home-hero/b',
    '//experiment-variants/home-hero/b',
    '/Experiment-Variants/home-hero/b',
  ])('%s is a variant path', (path) => {
    expect(isVariantPath(path)).toBe(true);
  });

  it.each(['/', '/pricing', '/experiment-variantsx', '/experiment', '/blog/experiment-variants/x', '/%E0%A4%A'])(
    '%s is not a variant path',
    (path) => {
      expect(isVariantPath(path)).toBe(false);
    },
  );
});

describe('the manifest', () => {
  const assetsServing = (body: string, status = 200) =>
    vi.fn(async (_request: Request) => new Response(body, { status }));

  it('reads MANIFEST_PATH through the assets binding and keeps it 60 s', async () => {
    const load = manifestLoader();
    const fetch = assetsServing(JSON.stringify(MANIFEST));
    let now = T0;
    expect(await load({ fetch }, () => now)).toEqual(MANIFEST);
    expect(new URL(fetch.mock.calls[0]![0].url).pathname).toBe(MANIFEST_PATH);
    now += 59_999;
    await load({ fetch }, () => now);
    expect(fetch).toHaveBeenCalledTimes(1);
    now += 1;
    await load({ fetch }, () => now);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('requests arriving together share one read', async () => {
    const load = manifestLoader();
    const fetch = assetsServing(JSON.stringify(MANIFEST));
    const both = await Promise.all([load({ fetch }, () => T0), load({ fetch }, () => T0)]);
    expect(both).toEqual([MANIFEST, MANIFEST]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('the isolate-wide loader reads the manifest too', async () => {
    const fetch = assetsServing(JSON.stringify(MANIFEST));
    expect(await loadManifest({ fetch }, () => T0)).toEqual(MANIFEST);
  });

  it('ignores fields it does not know', async () => {
    const extra = { version: 2, experiments: [{ ...HOME, note: 'x' }] };
    expect(await manifestLoader()({ fetch: assetsServing(JSON.stringify(extra)) })).toEqual({ experiments: [HOME] });
  });

  const withHome = (change: (home: Record<string, unknown>) => void) => {
    const home = structuredClone(HOME) as unknown as Record<string, unknown>;
    change(home);
    return JSON.stringify({ experiments: [home, PRICING] });
  };
  const variants = (home: Record<string, unknown>) => home.variants as Record<string, unknown>[];

  it.each([
    ['not JSON', '<!doctype html><p>404'],
    ['null', 'null'],
    ['an array', '[]'],
    ['experiments not an array', '{"experiments":{}}'],
    ['no experiments field', '{}'],
    ['a weight as text', withHome((h) => (variants(h)[1]!.weight = '30'))],
    ['a fractional weight', withHome((h) => (variants(h)[1]!.weight = 29.5))],
    ['a negative weight', withHome((h) => ((variants(h)[1]!.weight = -10), (variants(h)[0]!.weight = 90)))],
    ['weights summing to 90', withHome((h) => (variants(h)[2]!.weight = 10))],
    ['weights summing to 110', withHome((h) => (variants(h)[2]!.weight = 30))],
    ['a variant file outside the folder', withHome((h) => (variants(h)[1]!.file = '/pricing'))],
    ['a variant file in another experiment', withHome((h) => (variants(h)[1]!.file = variantFile('other', 'b')))],
    ['a variant file escaping the folder', withHome((h) => (variants(h)[1]!.file = '/experiment-variants/../x'))],
    ['a variant without a file', withHome((h) => (variants(h)[1]!.file = null))],
    ['control with a file', withHome((h) => (variants(h)[0]!.file = variantFile('home-hero', 'control')))],
    ['control not first', withHome((h) => variants(h).reverse())],
    ['one variant only', withHome((h) => ((h.variants = [{ name: 'control', weight: 100, file: null }]), h))],
    ['a variant name with a colon', withHome((h) => (variants(h)[1]!.name = 'b:x'))],
    ['an upper case id', withHome((h) => (h.id = 'Home-Hero'))],
    ['a page without a slash', withHome((h) => (h.page = 'pricing'))],
    ['a page under the variants folder', withHome((h) => (h.page = '/experiment-variants/x'))],
    ['an unknown goal', withHome((h) => (h.goal = 'purchase'))],
    ['two experiments on one id', JSON.stringify({ experiments: [HOME, { ...PRICING, id: HOME.id }] })],
    ['two experiments on one page', JSON.stringify({ experiments: [HOME, { ...PRICING, page: '/' }] })],
    ['duplicate variants', withHome((h) => (variants(h)[2] = { ...variants(h)[1]!, weight: 20 }))],
  ])('%s: no experiments, no throw', async (_, body) => {
    const manifest = await manifestLoader()({ fetch: assetsServing(body) });
    expect(manifest).toEqual({ experiments: [] });
  });

  it('a missing manifest or a failing binding: no experiments, no throw', async () => {
    expect(await manifestLoader()({ fetch: assetsServing('404 page', 404) })).toEqual({ experiments: [] });
    const failing = vi.fn(async (_request: Request): Promise<Response> => {
      throw new Error('binding down');
    });
    expect(await manifestLoader()({ fetch: failing })).toEqual({ experiments: [] });
  });
});

/**
 * The store against a real D1 (SQLite in workerd, from wrangler's local runtime): the migration, the upsert and the
 * report as the Worker runs them.
 */
describe('the exposure store', () => {
  let db: D1Database;
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, dispose } = await localD1(['0004_experiments.sql']));
  }, 60_000);

  afterAll(async () => {
    await dispose?.();
  });

  it('adds one visitor per call, also when calls race on one row, and reports totals with the first day', async () => {
    const store = d1Exposures(db);
    await Promise.all(Array.from({ length: 20 }, () => store.add('home-hero', 'b', '2026-05-02')));
    await store.add('home-hero', 'b', '2026-05-03');
    await store.add('home-hero', 'control', '2026-05-01');
    await store.add('home-hero', 'control', '2026-05-03');
    await store.add('pricing-cta', 'short', '2026-05-04');
    const rows = await db
      .prepare('SELECT visitors FROM experiment_exposures WHERE day = ?1 AND variant = ?2')
      .bind('2026-05-02', 'b')
      .first<{ visitors: number }>();
    expect(rows?.visitors).toBe(20);
    expect(await store.report()).toEqual([
      { experiment: 'home-hero', variant: 'control', visitors: 2, first_day: '2026-05-01' },
      { experiment: 'home-hero', variant: 'b', visitors: 21, first_day: '2026-05-01' },
      { experiment: 'pricing-cta', variant: 'short', visitors: 1, first_day: '2026-05-04' },
    ]);
  });
});
