/**
 * Building the owner's page: elements from plain values (text is always set as text, never parsed as HTML), the SVG
 * trees of ./charts.ts as nodes, tables, and figures that redraw their chart when their width changes.
 */
import type { TableModel } from '../../lib/owner/days';
import type { SvgNode } from './charts';

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined>;

/** An HTML element: attributes (false or null leave one out, true writes it bare) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

export function svgNode(tree: SvgNode): SVGElement {
  const node = document.createElementNS(SVG, tree.tag);
  for (const [name, value] of Object.entries(tree.attrs)) node.setAttribute(name, String(value));
  for (const child of tree.children) node.append(typeof child === 'string' ? child : svgNode(child));
  return node;
}

/**
 * A table with its caption. Wide tables scroll inside their own box (reachable by keyboard), never the page; the
 * caption is also written above the box, where it wraps instead of scrolling away (screen readers read it once).
 */
export function table(model: TableModel): HTMLElement {
  const element = h(
    'table',
    {},
    h('caption', { class: 'visually-hidden' }, model.caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        model.head.map((cell) => h('th', { scope: 'col' }, cell)),
      ),
    ),
    h(
      'tbody',
      {},
      model.rows.map((row) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, row.header),
          row.cells.map((cell) => h('td', {}, cell)),
        ),
      ),
    ),
  );
  return h(
    'div',
    { class: 'table' },
    h('p', { class: 'table-title', 'aria-hidden': 'true' }, model.caption),
    h('div', { class: 'table-box', role: 'region', 'aria-label': model.caption, tabindex: 0 }, element),
  );
}

/** The legend of a chart: a swatch of each series' colour (by class) and its name. */
export function legend(items: { name: string; tone: string }[]): HTMLElement {
  return h(
    'ul',
    { class: 'legend', 'aria-hidden': 'true' },
    items.map((item) => h('li', {}, h('span', { class: `swatch tone-${item.tone}` }), item.name)),
  );
}

const figures = new Map<Element, (width: number) => SvgNode>();
const widths = new WeakMap<Element, number>();

function redraw(box: Element): void {
  const draw = figures.get(box);
  const width = Math.floor(box.clientWidth);
  if (!draw || width <= 0 || widths.get(box) === width) return;
  widths.set(box, width);
  box.replaceChildren(svgNode(draw(width)));
}

const resized = new ResizeObserver((entries) => {
  for (const entry of entries) redraw(entry.target);
});

/**
 * A chart and its table: the chart drawn at the width of its box (again whenever it changes), the table in a
 * "Show as table" disclosure below. Both come from the same data, through `draw` and `model`.
 */
export function figure(
  title: string,
  draw: (width: number) => SvgNode,
  model: TableModel,
  legendItems: { name: string; tone: string }[] = [],
): HTMLElement {
  const box = h('div', { class: 'chart-box' });
  figures.set(box, draw);
  resized.observe(box);
  queueMicrotask(() => redraw(box));
  return h(
    'figure',
    { class: 'figure' },
    h('figcaption', {}, title),
    legendItems.length ? legend(legendItems) : null,
    box,
    h(
      'details',
      { class: 'as-table' },
      h('summary', {}, 'Show as table', h('span', { class: 'visually-hidden' }, `: ${title}`)),
      table(model),
    ),
  );
}

/** Stops redrawing the charts of a part of the page that is replaced. */
export function forgetFigures(root: Element): void {
  for (const box of [...figures.keys()]) {
    if (root.contains(box)) {
      resized.unobserve(box);
      figures.delete(box);
    }
  }
}
