import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ASSIGNMENT_MAX_AGE_S,
  CLICK_ROUTE,
  variantFile,
  type ExperimentManifest,
} from '../../src/lib/experiments/wire';
import { clickHref, handleClick, type ClickDeps } from '../../worker/experiments/clicks';
import { parseManifest } from '../../worker/experiments/edge';
import { d1Clicks } from '../../worker/experiments/store';
import { REPORT_SQL } from '../../worker/experiments/table.mjs';
import type { D1Database } from '../../worker/platform';
import { localD1 } from './local-d1';

const SITE = 'https://www.communiti.example';
const DEMO = 'https://app.communiti.example/user/book-appointment/communiti-demo/64f1a2b3c4d5e6f708192a3b';
const START = 'https://app.communiti.example/admin';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const T0 = Date.UTC(2026, 4, 1, 23, 59, 30);

const MANIFEST: ExperimentManifest = {
  links: { demo: DEMO, start: START },
  experiments: [
    {
      id: 'pricing-demo',
      page: '/pricing',
      goal: 'demo-click',
      variants: [
        { name: 'control', weight: 50, file: null },
        { name: 'short', weight: 50, file: variantFile('pricing-demo', 'short') },
      ],
    },
    {
      id: 'home-hero',
      page: '/',
      goal: 'lead',
      variants: [
        { name: 'control', weight: 50, file: null },
        { name: 'b', weight: 50, file: variantFile('home-hero', 'b') },
      ],
    },
  ],
};
const [PRICING, HOME] = MANIFEST.experiments as [
  ExperimentManifest['experiments'][number],
  ExperimentManifest['experiments'][number],
];
const DEMO_CLICK = `${CLICK_ROUTE}?experiment=pricing-demo&cta=demo`;

function click(
  options: { query?: string; cookie?: string; method?: string; headers?: Record<string, string>; http?: boolean } = {},
) {
  const recordClick = vi.fn<ClickDeps['recordClick']>();
  const pending: Promise<unknown>[] = [];
  const headers = new Headers({ 'User-Agent': CHROME, ...options.headers });
  if (options.cookie) headers.set('Cookie', options.cookie);
  const origin = options.http ? 'http://127.0.0.1:8788' : SITE;
  const request = new Request(`${origin}${options.query ?? DEMO_CLICK}`, { method: options.method ?? 'GET', headers });
  const response = handleClick(request, MANIFEST, {
    recordClick,
    now: () => T0,
    waitUntil: (promise) => void pending.push(promise),
  });
  return { response, recordClick, settled: () => Promise.all(pending) };
}

describe('the links of a click goal', () => {
  it("point the goal's call to action at the click route when it goes where the manifest says", () => {
    expect(clickHref(PRICING, MANIFEST, 'demo', DEMO)).toBe(DEMO_CLICK);
  });

  it('leave every other link as it is: another call to action, another address, a lead goal', () => {
    expect(clickHref(PRICING, MANIFEST, 'start', START)).toBeNull();
    expect(clickHref(PRICING, MANIFEST, 'chat', DEMO)).toBeNull();
    expect(clickHref(PRICING, MANIFEST, null, DEMO)).toBeNull();
    expect(clickHref(PRICING, MANIFEST, 'demo', `${DEMO}?ref=x`)).toBeNull();
    expect(clickHref(PRICING, MANIFEST, 'demo', null)).toBeNull();
    expect(clickHref(HOME, MANIFEST, 'demo', DEMO)).toBeNull();
    expect(clickHref(PRICING, { experiments: MANIFEST.experiments }, 'demo', DEMO)).toBeNull();
  });

  it('a signup-click experiment points the sign-up links, as the page writes them', () => {
    const signup = { ...PRICING, goal: 'signup-click' as const };
    const links = { demo: DEMO, start: 'https://app.communiti.example/admin?a=1&b=2' };
    expect(clickHref(signup, { ...MANIFEST, links }, 'start', 'https://app.communiti.example/admin?a=1&amp;b=2')).toBe(
      `${CLICK_ROUTE}?experiment=pricing-demo&cta=start`,
    );
  });

  it('the manifest keeps links only when both are web addresses', () => {
    const experiments = MANIFEST.experiments;
    expect(parseManifest({ experiments, links: { demo: DEMO, start: START } }).links).toEqual({
      demo: DEMO,
      start: START,
    });
    expect(parseManifest({ experiments, links: { demo: 'javascript:alert(1)', start: START } }).links).toBeUndefined();
    expect(parseManifest({ experiments, links: { demo: DEMO } }).links).toBeUndefined();
    expect(parseManifest({ experiments, links: 'x' }).experiments).toHaveLength(2);
  });
});

describe('the click route', () => {
  it('counts an assigned visitor once, on the UTC day, and redirects to the link', async () => {
    const first = click({ cookie: 'exp=pricing-demo:short' });
    expect(first.response.status).toBe(302);
    expect(first.response.headers.get('Location')).toBe(DEMO);
    expect(first.response.headers.get('Cache-Control')).toBe('no-store');
    expect(first.response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    await first.settled();
    expect(first.recordClick.mock.calls).toEqual([['pricing-demo', 'short', '2026-05-01']]);
    const setCookie = first.response.headers.get('Set-Cookie');
    expect(setCookie).toBe(
      `exp-clicked=pricing-demo; Max-Age=${ASSIGNMENT_MAX_AGE_S}; Path=${CLICK_ROUTE}; SameSite=Lax; HttpOnly; Secure`,
    );

    const again = click({ cookie: 'exp=pricing-demo:short; exp-clicked=pricing-demo' });
    expect(again.response.headers.get('Location')).toBe(DEMO);
    await again.settled();
    expect(again.recordClick).not.toHaveBeenCalled();
    expect(again.response.headers.get('Set-Cookie')).toBeNull();
  });

  it('keeps the clicked experiments that are running and adds this one; not Secure on http', async () => {
    const v = click({ cookie: 'exp=pricing-demo:control; exp-clicked=home-hero|gone|BAD', http: true });
    await v.settled();
    expect(v.recordClick.mock.calls).toEqual([['pricing-demo', 'control', '2026-05-01']]);
    expect(v.response.headers.get('Set-Cookie')?.split('; ')[0]).toBe('exp-clicked=home-hero|pricing-demo');
    expect(v.response.headers.get('Set-Cookie')).not.toContain('Secure');
  });

  it.each([
    ['no assignment', {}],
    ['an assignment to another experiment', { cookie: 'exp=home-hero:b' }],
    ['Global Privacy Control', { cookie: 'exp=pricing-demo:short', headers: { 'Sec-GPC': '1' } }],
    ['Do Not Track', { cookie: 'exp=pricing-demo:short', headers: { DNT: '1' } }],
    ['a bot', { cookie: 'exp=pricing-demo:short', headers: { 'User-Agent': 'Googlebot/2.1' } }],
    ['HEAD', { cookie: 'exp=pricing-demo:short', method: 'HEAD' }],
    [
      'a call to action the goal does not count',
      { cookie: 'exp=pricing-demo:short', query: `${CLICK_ROUTE}?experiment=pricing-demo&cta=start` },
    ],
    ['a lead experiment', { cookie: 'exp=home-hero:b', query: `${CLICK_ROUTE}?experiment=home-hero&cta=demo` }],
    ['an experiment not running', { cookie: 'exp=old:b', query: `${CLICK_ROUTE}?experiment=old&cta=demo` }],
  ])('%s: redirected, not counted, no cookie', async (_, options) => {
    const v = click(options);
    expect(v.response.status).toBe(302);
    expect(v.response.headers.get('Location')).toMatch(/^https:\/\/app\.communiti\.example\//);
    await v.settled();
    expect(v.recordClick).not.toHaveBeenCalled();
    expect(v.response.headers.get('Set-Cookie')).toBeNull();
  });

  it('never redirects where the request says: only to the manifest link of the call to action', () => {
    const v = click({
      query: `${CLICK_ROUTE}?experiment=pricing-demo&cta=demo&to=https://evil.example&url=//evil.example`,
    });
    expect(v.response.headers.get('Location')).toBe(DEMO);
    expect(click({ query: `${CLICK_ROUTE}?cta=start` }).response.headers.get('Location')).toBe(START);
  });

  it('an unknown call to action is 404; a prefetch 503; another method 405', async () => {
    for (const query of [
      `${CLICK_ROUTE}?experiment=pricing-demo&cta=chat`,
      CLICK_ROUTE,
      `${CLICK_ROUTE}?cta=toString`,
    ]) {
      expect(click({ query }).response.status).toBe(404);
    }
    const prefetch = click({ cookie: 'exp=pricing-demo:short', headers: { 'Sec-Purpose': 'prefetch' } });
    expect(prefetch.response.status).toBe(503);
    await prefetch.settled();
    expect(prefetch.recordClick).not.toHaveBeenCalled();
    const post = click({ method: 'POST', cookie: 'exp=pricing-demo:short' });
    expect(post.response.status).toBe(405);
    expect(post.response.headers.get('Allow')).toBe('GET, HEAD');
  });

  it('a manifest without links: 404, nothing counted', async () => {
    const recordClick = vi.fn();
    const response = handleClick(
      new Request(`${SITE}${DEMO_CLICK}`, { headers: { Cookie: 'exp=pricing-demo:short', 'User-Agent': CHROME } }),
      { experiments: MANIFEST.experiments },
      { recordClick, now: () => T0, waitUntil: () => {} },
    );
    expect(response.status).toBe(404);
    expect(recordClick).not.toHaveBeenCalled();
  });
});

describe('the click counts in D1', () => {
  let db: D1Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await localD1(['0007_experiment_clicks.sql']));
  });
  afterAll(() => dispose());

  it('adds one per click, per variant and day, and the report sums them', async () => {
    const clicks = d1Clicks(db);
    await Promise.all([
      clicks.add('pricing-demo', 'short', '2026-05-01'),
      clicks.add('pricing-demo', 'short', '2026-05-01'),
      clicks.add('pricing-demo', 'short', '2026-05-02'),
      clicks.add('pricing-demo', 'control', '2026-05-02'),
    ]);
    const { results } = await db.prepare(REPORT_SQL.clicks).all();
    expect(results).toEqual([
      { experiment: 'pricing-demo', variant: 'control', conversions: 1 },
      { experiment: 'pricing-demo', variant: 'short', conversions: 3 },
    ]);
  });
});
