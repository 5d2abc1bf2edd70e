/**
 * Experiments at the edge, on the Workers runtime (./runtime.ts) serving the test build, whose experiment on /creator
 * (tests/fixtures/experiments/creator-headline.json) splits control 50 %, income 30 %, launch 20 %; and one more,
 * judged on demo clicks (yoga-demo on /yoga, ../click-experiment.ts), in a copy of the build. The runtime starts with
 * an empty D1, so the counts it holds are this file's requests' alone: they are read from the Worker's own D1.
 */
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimentsReport, startRuntime, type Runtime } from './runtime';
import { get } from '../../scripts/host.mjs';
import { workerFirstRoutes } from '../../scripts/experiment-routes.mjs';
import { REPORT_SQL } from '../../worker/experiments/table.mjs';
import {
  ASSIGNMENT_COOKIE,
  ASSIGNMENT_MAX_AGE_S,
  CLICK_ROUTE,
  CLICKED_COOKIE,
  MANIFEST_PATH,
} from '../../src/lib/experiments/wire';
import { encodeLeadPost, FORM_TYPE, LEAD_ROUTE } from '../../src/lib/leads/wire';
import {
  BUILT_MANIFEST,
  CLICK_EXPERIMENT,
  SHORT_HEADING,
  siteWithClickExperiment,
  YOGA_HEADING,
} from '../click-experiment';

const PAGE = '/creator';
const FIXTURE = JSON.parse(readFileSync('tests/fixtures/experiments/creator-headline.json', 'utf8')) as {
  id: string;
  variants: { name: string; weight: number; changes: { field: string; value: string }[] }[];
};
const HEADINGS: Record<string, string> = {
  control: JSON.parse(readFileSync('src/content/landing/creator.json', 'utf8')).hero.heading,
  income: FIXTURE.variants[1]!.changes[0]!.value,
  launch: FIXTURE.variants[2]!.changes[0]!.value,
};
/** The chi-square with 2 degrees of freedom above which p < 0.001 (tables: 13.816). */
const CHI_SQUARE_2_AT_0_001 = 13.816;
/** The assignment cookie as the Worker sets it for creator-headline. */
const ASSIGNED = new RegExp(`^${ASSIGNMENT_COOKIE}=${FIXTURE.id}:([a-z-]+);`);

let site: Runtime;
let folder: string;

beforeAll(async () => {
  folder = siteWithClickExperiment();
  site = await startRuntime({ dir: folder });
});

afterAll(async () => {
  await site?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Rows of one of REPORT_SQL's statements for `experiment`, by variant: the named count. */
async function counted(statement: string, experiment: string, column: 'visitors' | 'conversions') {
  const rows = await site.sql<Record<string, string | number>>(statement);
  return Object.fromEntries(rows.filter((row) => row.experiment === experiment).map((r) => [r.variant, r[column]]));
}
/** Visitors counted per variant of creator-headline. */
const exposures = () => counted(REPORT_SQL.totals, FIXTURE.id, 'visitors');
/** Demo clicks counted per variant of yoga-demo. */
const clicks = () => counted(REPORT_SQL.clicks, CLICK_EXPERIMENT.id, 'conversions');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A GET of `path` as a first visit (no cookie) or with `headers`; the variant it was given and its heading. */
async function visit(headers: Record<string, string | undefined> = {}, path = PAGE) {
  const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => !!entry[1]));
  const response = await fetch(`${site.origin}${path}`, { headers: sent, redirect: 'manual' });
  const html = await response.text();
  const cookie = response.headers.get('Set-Cookie');
  const heading = /<h1[^>]*>\s*([^<]*?)\s*<\/h1>/.exec(html)?.[1];
  return { response, html, cookie, heading, assigned: ASSIGNED.exec(cookie ?? '')?.[1] };
}

/** `count` first visits, `parallel` at a time: the variant each was given. */
async function firstVisits(count: number, parallel = 16) {
  const given: Record<string, number> = { control: 0, income: 0, launch: 0 };
  let started = 0;
  const visitor = async () => {
    while (started < count) {
      started += 1;
      const { response, assigned, heading } = await visit();
      expect(response.status).toBe(200);
      expect(assigned).toBeDefined();
      expect(heading).toBe(HEADINGS[assigned!]);
      given[assigned!]! += 1;
    }
  };
  await Promise.all(Array.from({ length: parallel }, visitor));
  return given;
}

describe('a page with a running experiment', () => {
  // The draw itself splits 10,000 visitors in the unit tests (experiment-edge.test.ts), with its exact boundaries;
  // here the runtime's own randomness and the built manifest's weights: 800 visits tell any other order of the weights
  // apart (50/30/20, the nearest, has a chi-square of 67 against 50/20/30 on average; in 200,000 simulated runs of 800
  // visits none stayed under the bound of 13.8).
  const SPLIT_VISITS = 800;

  it(`${SPLIT_VISITS} first visits through the runtime are split by the weights`, { timeout: 120_000 }, async () => {
    // HEAD: the headers a GET gets, the assignment's cookie among them, without a page to carry through the runtime
    // each time (the pages' words are checked below); never counted, so the split is measured without a write per visit.
    const headers = { 'Accept-Encoding': 'identity' };
    const given: Record<string, number> = { control: 0, income: 0, launch: 0 };
    let started = 0;
    const visitor = async () => {
      while (started < SPLIT_VISITS) {
        started += 1;
        const response = await fetch(`${site.origin}${PAGE}`, { method: 'HEAD', headers, redirect: 'manual' });
        expect(response.status).toBe(200);
        const assigned = ASSIGNED.exec(response.headers.get('Set-Cookie') ?? '')?.[1];
        given[assigned!]! += 1;
      }
    };
    await Promise.all(Array.from({ length: 16 }, visitor));
    expect(given.control! + given.income! + given.launch!).toBe(SPLIT_VISITS);
    const chiSquare = FIXTURE.variants.reduce((sum, { name, weight }) => {
      const expected = (SPLIT_VISITS * weight) / 100;
      return sum + (given[name]! - expected) ** 2 / expected;
    }, 0);
    console.log(`Split of ${SPLIT_VISITS} first visits: ${JSON.stringify(given)}, chi-square ${chiSquare.toFixed(2)}`);
    expect(chiSquare).toBeLessThan(CHI_SQUARE_2_AT_0_001);
  });

  it('each first visit is counted once, exactly, in its variant', { timeout: 120_000 }, async () => {
    const before = await exposures();
    const given = await firstVisits(240);
    const added = (name: string) => Number(before[name] ?? 0) + given[name]!;
    await expect.poll(exposures, { timeout: 30_000 }).toEqual({
      control: added('control'),
      income: added('income'),
      launch: added('launch'),
    });
  });

  it('a returning visitor always gets the same variant under the same URL, never redirected, privately cached', async () => {
    const before = await exposures();
    for (const variant of ['control', 'income', 'launch']) {
      for (let i = 0; i < 5; i += 1) {
        const { response, cookie, heading } = await visit({ Cookie: `${ASSIGNMENT_COOKIE}=${FIXTURE.id}:${variant}` });
        expect(response.status).toBe(200);
        expect(response.url).toBe(`${site.origin}${PAGE}`);
        expect(cookie).toBeNull();
        expect(heading).toBe(HEADINGS[variant]);
        expect(response.headers.get('Cache-Control')).toBe('private');
        expect(response.headers.get('Vary')).toContain('Cookie');
      }
    }
    // Served under the page's URL, the variant is indexable like the page: the file's own noindex stays in the file.
    expect((await visit({ Cookie: `${ASSIGNMENT_COOKIE}=${FIXTURE.id}:launch` })).html).not.toContain('name="robots"');
    await sleep(1000);
    expect(await exposures()).toEqual(before);
  });

  it('the cookie holds the experiment and the variant only, HttpOnly, SameSite=Lax, for 30 days', async () => {
    const { cookie, assigned } = await visit();
    expect(cookie).toBe(
      `${ASSIGNMENT_COOKIE}=${FIXTURE.id}:${assigned}; Max-Age=${ASSIGNMENT_MAX_AGE_S}; Path=/; SameSite=Lax; HttpOnly`,
    );
  });

  it('Global Privacy Control and Do Not Track get control, no cookie, and are not counted', async () => {
    const before = await exposures();
    for (const headers of [
      { 'Sec-GPC': '1' },
      { DNT: '1' },
      { 'Sec-GPC': '1', Cookie: `${ASSIGNMENT_COOKIE}=${FIXTURE.id}:launch` },
    ]) {
      const { response, cookie, heading } = await visit(headers);
      expect(response.status).toBe(200);
      expect(cookie).toBeNull();
      expect(heading).toBe(HEADINGS.control);
    }
    await sleep(1000);
    expect(await exposures()).toEqual(before);
  });

  it('a prefetch is not an exposure: refused without an assignment, served with one, never counted', async () => {
    const before = await exposures();
    const refused = await visit({ 'Sec-Purpose': 'prefetch' });
    expect(refused.response.status).toBe(503);
    expect(refused.cookie).toBeNull();
    const served = await visit({
      'Sec-Purpose': 'prefetch;prerender',
      Cookie: `${ASSIGNMENT_COOKIE}=${FIXTURE.id}:income`,
    });
    expect(served.response.status).toBe(200);
    expect(served.heading).toBe(HEADINGS.income);
    await sleep(1000);
    expect(await exposures()).toEqual(before);
  });

  it('a bot gets a page and an assignment like anyone, and is not counted', async () => {
    const before = await exposures();
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    ]) {
      const { response, assigned, heading } = await visit({ 'User-Agent': agent });
      expect(response.status).toBe(200);
      expect(heading).toBe(HEADINGS[assigned!]);
    }
    await sleep(1000);
    expect(await exposures()).toEqual(before);
  });

  it('the variant pages and the manifest are not served at their own paths', async () => {
    for (const path of [
      `/experiment-variants/${FIXTURE.id}/income`,
      `/experiment-variants/${FIXTURE.id}/income.html`,
      MANIFEST_PATH,
      `/Experiment-Variants/${FIXTURE.id}/launch`,
      `/experiment-variants//${FIXTURE.id}/launch`,
      `/%65xperiment-variants/${FIXTURE.id}/launch`,
      `/experiment-variants%2F${FIXTURE.id}%2Flaunch`,
    ]) {
      // A spelling the static assets normalise is redirected to the plain path, which is refused in turn.
      const response = await fetch(`${site.origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain(HEADINGS.launch);
    }
  });

  it('a page without an experiment is served as a static file: the Worker runs first for the experimented page only', async () => {
    expect(workerFirstRoutes(['/api/*', '/experiment-variants/*'], 'dist-test')).toEqual([
      '/api/*',
      '/experiment-variants/*',
      ...BUILT_MANIFEST.experiments.map((experiment) => experiment.page),
    ]);
    const response = await fetch(`${site.origin}/white-labeling`, {
      headers: { Cookie: `${ASSIGNMENT_COOKIE}=${FIXTURE.id}:launch` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(response.headers.get('Cache-Control')).not.toContain('private');
    expect(response.headers.get('Vary') ?? '').not.toContain('Cookie');
  });

  it("each variant is within its page's budgets: its HTML on the wire, and no script or style the page lacks", async () => {
    const budgets = JSON.parse(readFileSync('budgets.json', 'utf8')) as {
      default: Record<string, number>;
      pages: Record<string, Record<string, number>>;
    };
    const limit = { ...budgets.default, ...budgets.pages[PAGE] };
    const assets = (html: string) =>
      [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    const control = (await visit({ Cookie: `${ASSIGNMENT_COOKIE}=${FIXTURE.id}:control` })).html;
    for (const { name } of FIXTURE.variants.slice(1)) {
      // The body as it crosses the wire, compressed (fetch would hand it over decoded).
      const response = await get(`${site.origin}${PAGE}`, {
        Cookie: `${ASSIGNMENT_COOKIE}=${FIXTURE.id}:${name}`,
        'Accept-Encoding': 'br, gzip',
      });
      expect(response.headers['content-encoding']).toMatch(/^(br|gzip)$/);
      expect(response.body.length, name).toBeLessThanOrEqual(limit.html!);
      const { html } = await visit({ Cookie: `${ASSIGNMENT_COOKIE}=${FIXTURE.id}:${name}` });
      expect(assets(html), name).toEqual(assets(control));
    }
  });
});

describe('conversions', () => {
  it('a lead from a visitor of a variant is stored with it, counted once, and the readout counts what was sent', async () => {
    // A first visit of the tested page: the visitor's version.
    const first = await visit();
    const variant = first.assigned!;
    expect(first.heading).toBe(HEADINGS[variant]);
    const cookie = first.cookie!.split(';')[0]!;
    // Later in the visit, two leads of one person from another page: the lead goal counts whatever form is used.
    const ids: string[] = [];
    for (const name of ['Ravi', 'Ravi again']) {
      const response = await fetch(`${site.origin}${LEAD_ROUTE}`, {
        method: 'POST',
        headers: {
          'Content-Type': FORM_TYPE,
          Origin: site.origin,
          Referer: `${site.origin}/mr/business-whatsapp-pricing`,
          Cookie: cookie,
        },
        body: encodeLeadPost({ name, mobile: '9876543210' }, 'inline'),
      });
      expect(response.status).toBe(202);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const rows = await site.sql<{ experiments: string }>(
      `SELECT experiments FROM leads WHERE id IN (?1, ?2)`,
      ids[0],
      ids[1],
    );
    expect(rows.map((row) => JSON.parse(row.experiments))).toEqual([
      { [FIXTURE.id]: variant },
      { [FIXTURE.id]: variant },
    ]);

    const report = (await experimentsReport(site.persistTo)) as {
      experiments: { id: string; readout: { variants: { name: string; visitors: number; conversions: number }[] } }[];
    };
    const visitors = await exposures();
    const read = report.experiments.find((experiment) => experiment.id === FIXTURE.id)!.readout.variants;
    expect(read).toEqual(
      FIXTURE.variants.map(({ name }) =>
        expect.objectContaining({
          name,
          visitors: Number(visitors[name] ?? 0),
          conversions: name === variant ? 1 : 0,
        }),
      ),
    );
  });
});

describe('a click goal (yoga-demo, judged on demo clicks)', () => {
  const links = BUILT_MANIFEST.links!;
  const route = `${CLICK_ROUTE}?experiment=${CLICK_EXPERIMENT.id}&cta=demo`;

  it('the build writes where the click goals lead: the links its pages carry', () => {
    const yoga = readFileSync('dist-test/yoga.html', 'utf8');
    const href = (cta: string) => new RegExp(`<a[^>]*href="([^"]+)"[^>]*data-cta="${cta}"`).exec(yoga)?.[1];
    expect(links).toEqual({ demo: href('demo'), start: href('start') });
  });

  it("the page's demo links go through the first-party route, the other calls to action keep their own", async () => {
    const first = await visit({}, CLICK_EXPERIMENT.page);
    const variant = new RegExp(`^${ASSIGNMENT_COOKIE}=${CLICK_EXPERIMENT.id}:([a-z]+);`).exec(first.cookie ?? '')?.[1];
    expect(['control', 'short']).toContain(variant);
    expect(first.heading).toBe(variant === 'short' ? SHORT_HEADING : YOGA_HEADING);
    // Each call to action's link, as a browser reads its href.
    const hrefs = (cta: string) =>
      [...first.html.matchAll(/<a\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => tag.includes(`data-cta="${cta}"`))
        .map((tag) => /\bhref="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&'));
    expect(hrefs('demo').length).toBeGreaterThan(0);
    for (const href of hrefs('demo')) expect(href).toBe(route);
    expect(hrefs('start').length).toBeGreaterThan(0);
    for (const href of hrefs('start')) expect(href).toBe(links.start);
  });

  it("a demo click counts once per visitor and is sent on to the manifest's booking page; under GPC the links are the booking's own", async () => {
    const first = await visit({}, CLICK_EXPERIMENT.page);
    const assignment = first.cookie!.split(';')[0]!;
    const variant = assignment.split(':')[1]!;
    // Nothing else in this file clicks: the runtime's count starts at none.
    expect(await clicks()).toEqual({});

    // The first click: counted, sent on, remembered.
    const once = await fetch(`${site.origin}${route}`, { headers: { Cookie: assignment }, redirect: 'manual' });
    expect(once.status).toBe(302);
    expect(once.headers.get('Location')).toBe(links.demo);
    const clicked = once.headers.get('Set-Cookie') ?? '';
    expect(clicked).toMatch(new RegExp(`^${CLICKED_COOKIE}=${CLICK_EXPERIMENT.id};`));
    await expect.poll(clicks, { timeout: 15_000 }).toEqual({ [variant]: 1 });

    // The same visitor again: sent on, not counted.
    const again = await fetch(`${site.origin}${route}`, {
      headers: { Cookie: `${assignment}; ${clicked.split(';')[0]}` },
      redirect: 'manual',
    });
    expect(again.status).toBe(302);
    expect(again.headers.get('Location')).toBe(links.demo);
    await sleep(1000);
    expect(await clicks()).toEqual({ [variant]: 1 });

    // Under Global Privacy Control the page is control and its links go straight to the booking.
    const optedOut = await visit({ 'Sec-GPC': '1' }, CLICK_EXPERIMENT.page);
    expect(optedOut.html).not.toContain(CLICK_ROUTE);
    expect(optedOut.html).toContain(`href="${links.demo}"`);
    expect(await clicks()).toEqual({ [variant]: 1 });
  });
});
