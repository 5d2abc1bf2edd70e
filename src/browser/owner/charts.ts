/**
 * The owner's page's charts, plain SVG drawn for the width they get (so their words keep their size on a phone): each
 * takes the data its table is made of (src/lib/owner/days.ts) and returns a tree of SVG elements, which ./dom.ts turns
 * into nodes. No DOM here: the trees are compared with the tables in the unit tests. Colours come from the page's
 * stylesheet by class (its policy allows no style attribute).
 */
import type { LineData, StackedData } from '../../lib/owner/days';
import { count, percent } from '../../lib/owner/format';

export interface SvgNode {
  tag: string;
  attrs: Record<string, string | number>;
  children: (SvgNode | string)[];
}

const el = (tag: string, attrs: SvgNode['attrs'] = {}, ...children: (SvgNode | string)[]): SvgNode => ({
  tag,
  attrs,
  children,
});

/** Coordinates with two decimals at most: shorter markup, no visible difference. */
const at = (x: number) => Math.round(x * 100) / 100;

const FONT = 12;
/** Room a label of the horizontal axis needs, in px. */
const LABEL_ROOM = 44;

/** The smallest "nice" ceiling (1, 2, 5 times a power of ten) at or above `max`, and its tick step (a quarter or so). */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: ticks, step: 1 };
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return { top: Math.ceil(max / step - 1e-9) * step, step };
}

/** Every k-th label, so that labels keep LABEL_ROOM each; the last one always shows. */
const labelEvery = (n: number, room: number) => Math.max(1, Math.ceil((n * LABEL_ROOM) / Math.max(room, 1)));

/** A label of the horizontal axis centred on `x`, kept whole inside the chart at either end. */
function axisLabel(x: number, text: string, width: number, height: number): SvgNode {
  const half = (text.length * FONT * 0.6) / 2;
  const anchor = x + half > width ? 'end' : x - half < 0 ? 'start' : 'middle';
  const position = anchor === 'end' ? width - 1 : anchor === 'start' ? 1 : x;
  return el('text', { x: at(position), y: height - 8, 'text-anchor': anchor, class: 'axis' }, text);
}

function svg(width: number, height: number, label: string, ...children: SvgNode[]): SvgNode {
  return el(
    'svg',
    {
      viewBox: `0 0 ${at(width)} ${height}`,
      width: at(width),
      height,
      role: 'img',
      'aria-label': label,
      class: 'chart',
      'font-size': FONT,
    },
    ...children,
  );
}

/**
 * The stacked pieces of one row, a rect per series with a value, each placed by `box` from the sum of the pieces below
 * it and its own value, and named in its title.
 */
function segments(
  data: StackedData,
  row: StackedData['rows'][number],
  box: (base: number, value: number) => Record<string, number | string>,
): SvgNode[] {
  const pieces: SvgNode[] = [];
  let base = 0;
  row.values.forEach((value, s) => {
    if (value > 0) {
      const series = data.series[s]!;
      const attributes = {
        ...box(base, value),
        class: `bar tone-${series.tone}`,
        'data-row': row.key,
        'data-series': series.name,
        'data-value': value,
      };
      pieces.push(
        el('rect', attributes, el('title', {}, `${row.label}: ${count(value)} ${series.name.toLowerCase()}`)),
      );
    }
    base += value;
  });
  return pieces;
}

/** Columns stacked per row (a day each), with a count axis: the leads per day. */
export function stackedColumns(data: StackedData, width: number, label: string, height = 220): SvgNode {
  const left = 36;
  const right = 8;
  const top = 10;
  const bottom = 26;
  const plotW = Math.max(width - left - right, 10);
  const plotH = height - top - bottom;
  const totals = data.rows.map((row) => row.values.reduce((a, b) => a + b, 0));
  const { top: max, step } = niceScale(Math.max(...totals, 0));
  const y = (v: number) => top + plotH * (1 - v / max);
  const band = plotW / Math.max(data.rows.length, 1);
  const barW = Math.max(band * 0.7, 1);

  const grid: SvgNode[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) {
    grid.push(el('line', { x1: left, x2: at(left + plotW), y1: at(y(v)), y2: at(y(v)), class: 'grid' }));
    grid.push(el('text', { x: left - 6, y: at(y(v) + 4), 'text-anchor': 'end', class: 'axis' }, count(v)));
  }
  const bars: SvgNode[] = [];
  const labels: SvgNode[] = [];
  const every = labelEvery(data.rows.length, plotW);
  data.rows.forEach((row, i) => {
    const x = left + band * i + (band - barW) / 2;
    bars.push(
      ...segments(data, row, (base, value) => ({
        x: at(x),
        y: at(y(base + value)),
        width: at(barW),
        height: at(y(base) - y(base + value)),
      })),
    );
    if ((data.rows.length - 1 - i) % every === 0) {
      labels.push(axisLabel(x + barW / 2, row.short, width, height));
    }
  });
  return svg(width, height, label, el('g', {}, ...grid), el('g', {}, ...bars), el('g', {}, ...labels));
}

/** One bar per row, stacked, its name above it and its total after it: the leads per form or per page. */
export function stackedBars(data: StackedData, width: number, label: string): SvgNode {
  const rowH = 42;
  const barH = 14;
  const right = 48;
  const plotW = Math.max(width - right, 10);
  const totals = data.rows.map((row) => row.values.reduce((a, b) => a + b, 0));
  const max = Math.max(...totals, 1);
  const height = Math.max(data.rows.length, 1) * rowH + 4;
  // Characters that fit in a row's name, at about 0.6 of the font size each.
  const fit = Math.max(8, Math.floor(width / (FONT * 0.6)));
  const rows = data.rows.map((row, i) => {
    const top = i * rowH;
    const name = row.short.length > fit ? `${row.short.slice(0, fit - 3)}...` : row.short;
    const parts: SvgNode[] = [el('text', { x: 0, y: top + 14, class: 'label' }, name)];
    parts.push(
      ...segments(data, row, (base, value) => ({
        x: at((base / max) * plotW),
        y: top + 20,
        width: at(Math.max((value / max) * plotW, 1)),
        height: barH,
      })),
    );
    parts.push(el('text', { x: at((totals[i]! / max) * plotW + 6), y: top + 32, class: 'value' }, count(totals[i]!)));
    return el('g', {}, ...parts);
  });
  return svg(width, height, label, ...rows);
}

/** The part of the rate axis worth drawing: up to the highest rate twice over (a band past it is cut off). */
export function rateTop(data: LineData): number {
  let rate = 0;
  let high = 0;
  for (const series of data.series) {
    for (const point of series.points) {
      if (!point) continue;
      rate = Math.max(rate, point.value);
      if (point.high !== null && Number.isFinite(point.high)) high = Math.max(high, point.high);
    }
  }
  return Math.min(Math.max(high, rate), Math.max(rate * 2, 0.01));
}

/** One line per series with its interval as a band, day by day: an experiment's rates settling. */
export function lineChart(data: LineData, width: number, label: string, height = 240): SvgNode {
  const left = 48;
  const right = 12;
  const top = 10;
  const bottom = 26;
  const plotW = Math.max(width - left - right, 10);
  const plotH = height - top - bottom;
  const { top: max, step } = niceScale(rateTop(data));
  const clamp = (v: number) => Math.min(Math.max(v, 0), max);
  const n = data.days.length;
  const x = (i: number) => left + (n > 1 ? (plotW * i) / (n - 1) : plotW / 2);
  const y = (v: number) => top + plotH * (1 - clamp(v) / max);
  const decimals = step < 0.01 ? 1 : 0;

  const grid: SvgNode[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) {
    grid.push(el('line', { x1: left, x2: at(left + plotW), y1: at(y(v)), y2: at(y(v)), class: 'grid' }));
    grid.push(el('text', { x: left - 6, y: at(y(v) + 4), 'text-anchor': 'end', class: 'axis' }, percent(v, decimals)));
  }
  const bands: SvgNode[] = [];
  const lines: SvgNode[] = [];
  data.series.forEach((series, s) => {
    const tone = `tone-series-${s % 4}`;
    const known = series.points.flatMap((point, i) => (point ? [{ point, i }] : []));
    if (known.length === 0) return;
    // An unbounded side of the interval (null) reaches the edge of the chart.
    const upper = known.map(({ point, i }) => `${at(x(i))},${at(y(point.high ?? max))}`);
    const lower = known.map(({ point, i }) => `${at(x(i))},${at(y(point.low ?? 0))}`).reverse();
    bands.push(el('polygon', { points: [...upper, ...lower].join(' '), class: `band ${tone}` }));
    lines.push(
      el('polyline', {
        points: known.map(({ point, i }) => `${at(x(i))},${at(y(point.value))}`).join(' '),
        class: `line ${tone}`,
      }),
    );
    for (const { point, i } of known) {
      lines.push(
        el(
          'circle',
          {
            cx: at(x(i)),
            cy: at(y(point.value)),
            r: 3,
            class: `dot ${tone}`,
            'data-row': data.days[i]!.key,
            'data-series': series.name,
            'data-value': point.value,
          },
          el('title', {}, `${data.days[i]!.label}, ${series.name}: ${percent(point.value)}`),
        ),
      );
    }
  });
  const labels: SvgNode[] = [];
  const every = labelEvery(n, plotW);
  data.days.forEach((day, i) => {
    if ((n - 1 - i) % every === 0) {
      labels.push(axisLabel(x(i), day.short, width, height));
    }
  });
  return svg(width, height, label, el('g', {}, ...grid), el('g', {}, ...bands), el('g', {}, ...lines, ...labels));
}

/** Every element of a tree, depth first. */
export function walk(node: SvgNode): SvgNode[] {
  return [node, ...node.children.flatMap((child) => (typeof child === 'string' ? [] : walk(child)))];
}
