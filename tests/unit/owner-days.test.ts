import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineChart, niceScale, stackedBars, stackedColumns, walk } from '../../src/browser/owner/charts';
import { OWNER_FOLDER, htmlFiles, notPagePaths } from '../../src/integrations/dist-pages.mjs';
import { fontFace, ownerPageHtml, ownerSettings, themeColours } from '../../src/integrations/owner-page';
import {
  dailyChart,
  daySpans,
  experimentChart,
  formChart,
  languageChart,
  lastDays,
  leadsBy,
  leadsByDay,
  lineTable,
  localDay,
  localDayKey,
  pageChart,
  spanStart,
  stackedTable,
  totals,
} from '../../src/lib/owner/days';
import { duration, NOT_ENOUGH_DATA, percent, pValue, signed, withInterval } from '../../src/lib/owner/format';
import {
  OWNER_PAGE,
  OWNER_SETTINGS_PATH,
  type OwnerExperiment,
  type OwnerLead,
  type OwnerLeadState,
} from '../../src/lib/owner/wire';

/** The page buckets by the browser's time zone: here, the process's, set per block. */
function inZone(zone: string) {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = before;
  });
}

let next = 0;
const lead = (
  createdAt: number,
  state: OwnerLeadState = 'sent',
  form = 'popup',
  page: string | null = '/',
  lang: OwnerLead['lang'] = 'en',
): OwnerLead => ({
  id: `lead-${++next}`,
  createdAt,
  state,
  form,
  page,
  lang,
  attempts: 1,
  sentAt: state === 'sent' ? createdAt + 1000 : null,
});

const HOUR = 3_600_000;

describe('local days in India (UTC+5:30)', () => {
  inZone('Asia/Kolkata');

  it('the zone is in force', () => {
    expect(new Date(Date.UTC(2026, 2, 9, 18, 0)).getHours()).toBe(23);
  });

  it('puts a lead at 23:30 and one at 00:30 local time on two days, though both are on one UTC day', () => {
    const late = Date.UTC(2026, 2, 9, 18, 0); // 9 March, 23:30 in India
    const early = Date.UTC(2026, 2, 9, 19, 0); // 10 March, 00:30 in India
    expect(localDayKey(late)).toBe('2026-03-09');
    expect(localDayKey(early)).toBe('2026-03-10');
    const now = Date.UTC(2026, 2, 10, 6, 30); // 10 March, noon
    const days = leadsByDay([lead(late), lead(early, 'pending')], now, 2);
    expect(days).toEqual([
      {
        key: '2026-03-09',
        start: Date.UTC(2026, 2, 8, 18, 30),
        end: Date.UTC(2026, 2, 9, 18, 30),
        received: 1,
        delivered: 1,
        waiting: 0,
        failed: 0,
      },
      {
        key: '2026-03-10',
        start: Date.UTC(2026, 2, 9, 18, 30),
        end: Date.UTC(2026, 2, 10, 18, 30),
        received: 1,
        delivered: 0,
        waiting: 1,
        failed: 0,
      },
    ]);
  });

  it('covers the last 30 days up to today, and asks for leads from the first one on', () => {
    const now = Date.UTC(2026, 2, 10, 6, 30);
    const days = lastDays(now);
    expect(days).toHaveLength(30);
    expect(days[0]!.key).toBe('2026-02-09');
    expect(days.at(-1)!.key).toBe('2026-03-10');
    expect(spanStart(now)).toBe(Date.UTC(2026, 1, 8, 18, 30)); // 9 February, local midnight
    // A lead before the span, or after now's day, is counted on no day.
    const counted = leadsByDay([lead(spanStart(now) - 1), lead(spanStart(now)), lead(days.at(-1)!.end)], now);
    expect(counted.reduce((sum, day) => sum + day.received, 0)).toBe(1);
    expect(counted[0]!.received).toBe(1);
  });

  it('asks for one day of contacts in one span', () => {
    const day = localDay(Date.UTC(2026, 2, 10, 6, 30));
    expect(daySpans(day)).toEqual([{ from: Date.UTC(2026, 2, 9, 18, 30), to: Date.UTC(2026, 2, 10, 18, 30) }]);
  });
});

describe('local days in New York, where clocks change', () => {
  inZone('America/New_York');

  it('puts a lead at 23:30 and one at 00:30 local time on two days', () => {
    const late = Date.UTC(2026, 2, 8, 4, 30); // 7 March, 23:30 EST
    const early = Date.UTC(2026, 2, 8, 5, 30); // 8 March, 00:30 EST
    expect([localDayKey(late), localDayKey(early)]).toEqual(['2026-03-07', '2026-03-08']);
    const days = leadsByDay([lead(late, 'dead'), lead(early)], Date.UTC(2026, 2, 8, 17), 2);
    expect(days.map((d) => [d.key, d.received, d.failed, d.delivered])).toEqual([
      ['2026-03-07', 1, 1, 0],
      ['2026-03-08', 1, 0, 1],
    ]);
  });

  it('has a day of 23 hours when the clocks go forward, asked for in one span', () => {
    const day = localDay(Date.UTC(2026, 2, 8, 17)); // 8 March 2026
    expect(day).toEqual({ key: '2026-03-08', start: Date.UTC(2026, 2, 8, 5), end: Date.UTC(2026, 2, 9, 4) });
    expect(daySpans(day)).toEqual([{ from: day.start, to: day.end }]);
  });

  it('has a day of 25 hours when they go back, asked for in two spans of at most a day', () => {
    const day = localDay(Date.UTC(2026, 10, 1, 17)); // 1 November 2026
    expect(day).toEqual({ key: '2026-11-01', start: Date.UTC(2026, 10, 1, 4), end: Date.UTC(2026, 10, 2, 5) });
    expect(daySpans(day)).toEqual([
      { from: Date.UTC(2026, 10, 1, 4), to: Date.UTC(2026, 10, 2, 4) },
      { from: Date.UTC(2026, 10, 2, 4), to: Date.UTC(2026, 10, 2, 5) },
    ]);
  });
});

describe('counting leads', () => {
  inZone('Asia/Kolkata');
  const t = Date.UTC(2026, 2, 10, 6);
  const leads = [
    lead(t, 'sent', 'popup', '/'),
    lead(t, 'sent', 'inline', '/yoga'),
    lead(t, 'pending', 'inline', '/yoga'),
    lead(t, 'dead', 'contact-modal', null),
    lead(t, 'sent', 'contact-modal', '/pricing'),
    lead(t, 'sent', 'inline', '/creator'),
  ];

  it('counts each state', () => {
    expect(totals(leads)).toEqual({ received: 6, delivered: 4, waiting: 1, failed: 1 });
  });

  it('groups by form, most first', () => {
    expect(formChart(leads).rows.map((row) => [row.key, row.label, row.values])).toEqual([
      ['inline', 'Form within a page', [2, 1, 0]],
      ['contact-modal', 'Contact form window', [1, 0, 1]],
      ['popup', 'Offer popup on the home page', [1, 0, 0]],
    ]);
  });

  it('groups by page, naming an unknown one, and adds up those past the top', () => {
    expect(pageChart(leads).rows.map((row) => [row.label, row.values])).toEqual([
      ['/yoga', [1, 1, 0]],
      ['Page not known', [0, 0, 1]],
      ['/', [1, 0, 0]],
      ['/creator', [1, 0, 0]],
      ['/pricing', [1, 0, 0]],
    ]);
    const top = leadsBy(
      leads,
      (l) => l.page ?? '',
      (key) => key,
      { top: 2, rest: 'Other pages' },
    );
    expect(top.map((g) => [g.label, g.received, g.delivered, g.waiting, g.failed])).toEqual([
      ['/yoga', 2, 1, 1, 0],
      ['Other pages', 4, 3, 0, 1],
    ]);
  });
});

describe('leads per language', () => {
  const t = Date.UTC(2026, 2, 10, 6);

  it('groups by the language of the page, most first, each named in English', () => {
    const leads = [
      lead(t, 'sent', 'inline', '/hi/yoga', 'hi'),
      lead(t, 'pending', 'inline', '/hi/yoga', 'hi'),
      lead(t, 'dead', 'popup', '/hi', 'hi'),
      lead(t, 'sent', 'popup', '/', 'en'),
    ];
    expect(languageChart(leads).rows.map((row) => [row.key, row.label, row.values])).toEqual([
      ['hi', 'Hindi', [1, 1, 1]],
      ['en', 'English', [1, 0, 0]],
    ]);
    expect(languageChart(leads).rowHeading).toBe('Language');
  });

  it('shows every language of the site, one with no leads at nought', () => {
    const rows = languageChart([lead(t), lead(t, 'pending')]).rows;
    expect(rows.map((row) => [row.key, row.values])).toEqual([
      ['en', [1, 1, 0]],
      ['hi', [0, 0, 0]],
    ]);
    expect(stackedTable(languageChart([])).rows.map((row) => [row.header, ...row.cells])).toEqual([
      ['English', '0', '0', '0', '0'],
      ['Hindi', '0', '0', '0', '0'],
    ]);
  });
});

/** The cells of a table as numbers (counts are written with digit grouping). */
const number = (cell: string) => Number(cell.replace(/,/g, ''));

describe('a chart and its table say the same', () => {
  inZone('Asia/Kolkata');
  const now = Date.UTC(2026, 2, 10, 6);
  const leads = [
    ...Array.from({ length: 7 }, (_, i) => lead(now - i * 5 * HOUR, i % 3 === 0 ? 'pending' : 'sent')),
    ...Array.from({ length: 3 }, (_, i) => lead(now - (i + 2) * 24 * HOUR, 'dead', 'inline', '/yoga')),
    ...Array.from({ length: 1200 }, () => lead(now - 10 * 24 * HOUR, 'sent', 'inline', '/creator')),
  ];

  it.each([320, 390, 1000])(
    'the daily columns at %i px: every bar is a table cell, every non-zero cell a bar',
    (width) => {
      const data = dailyChart(leads, now);
      const model = stackedTable(data);
      const svg = stackedColumns(data, width, 'leads');
      const bars = walk(svg).filter((node) => node.tag === 'rect');
      for (const [r, row] of data.rows.entries()) {
        const cells = model.rows[r]!.cells.map(number);
        expect(model.rows[r]!.header).toBe(row.label);
        expect(cells[0]).toBe(row.values.reduce((a, b) => a + b, 0));
        data.series.forEach((series, s) => {
          const bar = bars.filter((b) => b.attrs['data-row'] === row.key && b.attrs['data-series'] === series.name);
          const cell = cells[s + 1]!;
          if (cell === 0) expect(bar).toHaveLength(0);
          else expect(bar.map((b) => b.attrs['data-value'])).toEqual([cell]);
        });
      }
      expect(bars.reduce((sum, b) => sum + Number(b.attrs['data-value']), 0)).toBe(totals(leads).received);
      // Drawn for its width: the page never scrolls sideways.
      expect(svg.attrs.width).toBe(width);
      const right = Math.max(...bars.map((b) => Number(b.attrs.x) + Number(b.attrs.width)));
      expect(right).toBeLessThanOrEqual(width);
    },
  );

  it('the bars of each form and page are its table cells', () => {
    for (const data of [formChart(leads), pageChart(leads)]) {
      const model = stackedTable(data);
      const svg = stackedBars(data, 320, 'leads');
      const rects = walk(svg).filter((node) => node.tag === 'rect');
      for (const [r, row] of data.rows.entries()) {
        const cells = model.rows[r]!.cells.map(number);
        data.series.forEach((series, s) => {
          const bar = rects.filter((b) => b.attrs['data-row'] === row.key && b.attrs['data-series'] === series.name);
          expect(bar.map((b) => b.attrs['data-value'])).toEqual(cells[s + 1] ? [cells[s + 1]] : []);
        });
        for (const b of rects) expect(Number(b.attrs.x) + Number(b.attrs.width)).toBeLessThanOrEqual(320);
      }
    }
    expect(stackedTable(formChart(leads)).rows[0]!.cells).toEqual(['1,203', '1,200', '0', '3']);
  });

  const experiment: OwnerExperiment = {
    id: 'home-headline',
    status: 'running',
    page: '/',
    goal: 'lead',
    hypothesis: 'A shorter headline brings more leads.',
    message: null,
    readout: null,
    notes: [],
    series: [
      {
        day: '2026-03-01',
        variants: [
          { name: 'control', visitors: 100, conversions: 2, rate: 0.02, low: 0, high: 0.2 },
          { name: 'b', visitors: 98, conversions: 3, rate: 3 / 98, low: 0, high: 0.25 },
        ],
      },
      {
        day: '2026-03-02',
        variants: [
          { name: 'control', visitors: 210, conversions: 5, rate: 5 / 210, low: 0.001, high: 0.09 },
          // Infinite bounds arrive as null in JSON.
          { name: 'b', visitors: 205, conversions: 7, rate: 7 / 205, low: null as unknown as number, high: 0.1 },
        ],
      },
    ],
  };

  it('the lines of an experiment: each point is its table cell', () => {
    const data = experimentChart(experiment);
    const model = lineTable(data);
    expect(model.head).toEqual(['Day', 'control', 'b']);
    expect(model.rows.map((row) => row.header)).toEqual(['1 Mar', '2 Mar']);
    expect(model.rows[1]!.cells).toEqual([
      '2.38% (from 0.10% to 9.00%), 5 of 210 visitors',
      `3.41% (from ${NOT_ENOUGH_DATA} to 10.00%), 7 of 205 visitors`,
    ]);
    const svg = lineChart(data, 320, 'rates');
    const dots = walk(svg).filter((node) => node.tag === 'circle');
    expect(dots).toHaveLength(4);
    for (const dot of dots) {
      const day = data.days.findIndex((d) => d.key === dot.attrs['data-row']);
      const series = data.series.findIndex((s) => s.name === dot.attrs['data-series']);
      expect(model.rows[day]!.cells[series]!.startsWith(`${percent(Number(dot.attrs['data-value']))} `)).toBe(true);
      expect(Number(dot.attrs.cx)).toBeLessThanOrEqual(320);
    }
    // The rate axis is cut at twice the highest rate: a band above it stops at the top.
    expect(niceScale(0.0683)).toEqual({ top: 0.08, step: 0.02 });
  });
});

describe('the numbers as the page writes them', () => {
  it('writes what the readout could not compute as not enough data', () => {
    expect(percent(null)).toBe(NOT_ENOUGH_DATA);
    expect(percent(0.0235)).toBe('2.35%');
    expect(signed(0.123)).toBe('+12.3%');
    expect(signed(-0.0004, { digits: 2, points: true })).toBe('-0.04 points');
    expect(withInterval({ value: 0.12, low: -0.04, high: null })).toBe(`+12.0% (from -4.0% to ${NOT_ENOUGH_DATA})`);
    expect(withInterval({ value: 0.0087, low: -0.0046, high: 0.0221 }, { digits: 2, points: true })).toBe(
      '+0.87 points (from -0.46 to +2.21)',
    );
    expect(withInterval(null)).toBe(NOT_ENOUGH_DATA);
    expect(pValue(0.00002)).toBe('p < 0.0001');
    expect(pValue(0.42)).toBe('p = 0.42');
  });

  it('says how long ago', () => {
    expect(duration(30_000)).toBe('less than a minute');
    expect(duration(12 * 60_000)).toBe('12 minutes');
    expect(duration(2 * HOUR + 5 * 60_000)).toBe('2 hours 5 minutes');
    expect(duration(3 * 24 * HOUR + HOUR)).toBe('3 days 1 hour');
  });
});

describe("the owner's page in the build", () => {
  it('is the folder the API names, and its settings file is inside it', () => {
    expect(`/${OWNER_FOLDER}/`).toBe(OWNER_PAGE);
    expect(OWNER_SETTINGS_PATH).toBe('/owner/settings.json');
    expect(JSON.parse(ownerSettings('acme/site'))).toEqual({ repo: 'acme/site' });
  });

  it('is a frame with no inline script or style, noindex, that names its own files', () => {
    const html = ownerPageHtml('Acme <Site>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<script type="module" src="/owner/owner.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/owner/owner.css" />');
    expect(html).toContain('Acme &#60;Site&#62;');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|\sstyle=|<style/);
    expect(html).toContain('role="status"');
  });

  it("takes the site's colours and typeface", () => {
    const colours = themeColours(readFileSync('src/styles/global.css', 'utf8'));
    expect(colours).toMatch(/^:root\{--color-brand-50:#[0-9a-f]+;.*--color-brand-600:#4f46e5/);
    expect(fontFace('plus-jakarta-sans.X1.woff2')).toContain("src:url('/_astro/plus-jakarta-sans.X1.woff2')");
    expect(fontFace(undefined)).toBe('');
  });

  it('is left out of the page checks, as the admin is', () => {
    const root = mkdtempSync(join(tmpdir(), 'owner-dist-'));
    try {
      mkdirSync(join(root, 'owner'));
      mkdirSync(join(root, 'media'));
      writeFileSync(join(root, 'index.html'), '<p>home</p>');
      writeFileSync(join(root, 'media', 'a.png'), '');
      for (const file of ['index.html', 'owner.js', 'owner.css', 'settings.json']) {
        writeFileSync(join(root, 'owner', file), '');
      }
      expect(htmlFiles(root)).toEqual([join(root, 'index.html')]);
      expect(notPagePaths(root)).toEqual(['/media/*']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
