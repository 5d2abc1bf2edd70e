// Lighthouse (mobile) as the gate runs it (scripts/lighthouse.mjs), for the benchmarks that take a page's largest
// paint apart (npm run bench:lcp, npm run bench:astrowind): the Chrome it runs in, one run's figures, and its LCP as
// Lantern, Lighthouse's simulator, computed it: which requests and main-thread tasks its two simulations held, and when
// each ended on the slow phone network.
//
// How Lantern gets the LCP (read from its source, @paulirish/trace_engine's models/trace/lantern): the page is loaded
// once without throttling, and the requests and tasks of that load become a graph. For the largest paint it keeps the
// requests that ended before the largest paint of that fast load (the optimistic graph leaves out images of low
// priority, the pessimistic one keeps them and every layout task) with their dependencies, and the first parse, layout
// and paint; a script only when its EvaluateScript task came before that paint, or when there is none (a module
// script's evaluation is another event, so a module script that loaded in time is always kept). Each graph is then
// played on the slow network: a request starts when the one that found it has ended (the document first), on one of
// six connections to its origin, a new one paying the handshake; the throughput is shared between the requests in
// flight; the main thread's tasks take 4 times as long (layout 2 times). The LCP is the mean of the two graphs' last
// ends, and never earlier than the first contentful paint.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { chromePath } from '../tests/browsers.mjs';

// The thank-you page leaves for the next page after 3 s, in the middle of the audit: it is measured without that script.
/** @type {Record<string, string[]>} */
export const BLOCKED = { '/thank-you': ['*thank-you.astro_astro_type_script*'] };

/**
 * The Chrome Lighthouse drives, headless. `offline`: every host name but 127.0.0.1 fails to resolve, so that a page
 * that names another origin (a picture left as its remote address) fetches nothing from it.
 * @param {{ offline?: boolean }} [options]
 */
export function launchChrome({ offline = false } = {}) {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      ...(offline ? ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] : []),
    ],
  });
}

/** The audits the benchmarks read; Lighthouse gathers only what they need. */
const AUDITS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'cumulative-layout-shift',
  'lcp-breakdown-insight',
  'network-requests',
];

/** What a request or a task is to the largest paint, as the benchmarks print it. */
export const PARTS = /** @type {const} */ ([
  'document',
  'stylesheet',
  'font',
  'script',
  'image',
  'other',
  'main thread',
]);
/** @typedef {(typeof PARTS)[number]} Part */

/**
 * One request or main-thread task of a Lantern graph, and when it started and ended in the simulation (ms). `counts`:
 * whether its end can be the LCP's (a picture of low priority shares the network, but its end is never the LCP).
 * @typedef {{ part: Part, name: string, bytes: number, start: number, end: number, counts: boolean }} Step
 */

/**
 * @typedef {object} Run
 * @property {number} lcp Lighthouse's LCP (ms, simulated)
 * @property {number} fcp its first contentful paint (ms, simulated)
 * @property {number} cls
 * @property {string} element the largest element: its text or tag, and its selector
 * @property {number} htmlBytes the document's transfer size, headers included
 * @property {number} cssBytes the stylesheets' transfer sizes
 * @property {number} bytes every request's transfer size
 * @property {number} requests how many requests the load made
 * @property {{ optimistic: Step[], pessimistic: Step[] }} graphs Lantern's two graphs for the LCP, in order of end
 */

/** @param {string} url */
const nameOf = (url) => {
  const { pathname } = new URL(url);
  return pathname === '/' ? '/' : (pathname.split('/').filter(Boolean).pop() ?? pathname);
};

/**
 * What a Lantern graph node is to the largest paint.
 * @param {import('lighthouse/core/lib/lantern/lantern.js').Graph.Node} node
 * @returns {Part}
 */
function partOf(node) {
  if (node.type === 'cpu') return 'main thread';
  if (node.isMainDocument()) return 'document';
  const type = node.request.resourceType;
  if (type === 'Stylesheet') return 'stylesheet';
  if (type === 'Font') return 'font';
  if (type === 'Script') return 'script';
  if (type === 'Image') return 'image';
  return 'other';
}

/**
 * A simulation's nodes as steps, in order of end.
 * @param {Map<import('lighthouse/core/lib/lantern/lantern.js').Graph.Node, { startTime: number, endTime: number }>} timings
 * @returns {Step[]}
 */
function stepsOf(timings) {
  return [...timings.entries()]
    .map(([node, { startTime, endTime }]) => ({
      part: partOf(node),
      name: node.type === 'cpu' ? 'task' : nameOf(node.request.url),
      bytes: node.type === 'cpu' ? 0 : node.request.transferSize,
      start: startTime,
      end: endTime,
      counts: LanternLargestContentfulPaint.isNotLowPriorityImageNode(node),
    }))
    .sort((a, b) => a.end - b.end || a.start - b.start);
}

/**
 * Lantern's LCP computed again from a run's trace and network log, as Lighthouse computed it, with its two graphs.
 * @param {import('lighthouse').Artifacts} artifacts
 * @param {import('lighthouse').Result} lhr
 */
async function lanternOf(artifacts, lhr) {
  const settings = /** @type {import('lighthouse').Config.Settings} */ (lhr.configSettings);
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  const result = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
  return {
    timing: result.timing,
    optimistic: stepsOf(result.optimisticEstimate.nodeTimings),
    pessimistic: stepsOf(result.pessimisticEstimate.nodeTimings),
  };
}

/**
 * The largest element as the report names it: its text (or its tag) and its selector.
 * @param {import('lighthouse').Result} lhr
 */
function elementOf(lhr) {
  /** @type {any} */
  const details = lhr.audits['lcp-breakdown-insight']?.details;
  /** @type {{ type: string, nodeLabel?: string, selector?: string, snippet?: string } | undefined} */
  const node = details?.items?.find((/** @type {{ type: string }} */ item) => item.type === 'node');
  if (!node) return 'none';
  const label = (node.nodeLabel ?? node.snippet ?? '').replace(/\s+/g, ' ').trim();
  const short = label.length > 40 ? `${label.slice(0, 39)}…` : label;
  const selector = (node.selector ?? '').split(' > ').pop() ?? '';
  return `${short} (${selector})`;
}

/**
 * One Lighthouse run (mobile, simulated throttling, cold caches unless `keepCache`) of `url` on the Chrome at `port`.
 * @param {string} url
 * @param {{ port: number, blocked?: string[], keepCache?: boolean }} options
 * @returns {Promise<Run>}
 */
export async function measure(url, { port, blocked = [], keepCache = false }) {
  /** @type {import('lighthouse').RunnerResult | undefined} */
  let result;
  // A run that broke (a runtime error such as NO_NAVSTART) is measured again, three times at most, as the gate does:
  // on a busy 2-core machine one trace can stall, and a broken trace says nothing of the page.
  for (let attempt = 1; ; attempt++) {
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyAudits: AUDITS,
      blockedUrlPatterns: blocked,
      // Chrome lists gzip first, and the local runtime answers with the first encoding it knows: gzip. Production's
      // edge answers Chrome with brotli, as the budgets measure: so the runs ask for it, every request alike.
      extraHeaders: { 'Accept-Encoding': 'br, gzip' },
      disableStorageReset: keepCache,
      disableFullPageScreenshot: true,
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse gave no result' };
    if (!error) break;
    if (attempt === 4) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.error(`${url}: the run broke (${error.code}); measuring again`);
  }
  if (!result) throw new Error(`${url}: Lighthouse gave no result`);
  const { lhr, artifacts } = result;
  /** @param {string} id */
  const metric = (id) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`${url}: Lighthouse measured no ${id}`);
    return value;
  };
  /** @type {any} */
  const details = lhr.audits['network-requests']?.details;
  /** @type {{ url: string, resourceType?: string, transferSize?: number }[]} */
  const requests = details?.items ?? [];
  const sizeOf = (/** @type {(request: (typeof requests)[number]) => boolean} */ which) =>
    requests.filter(which).reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const lcp = metric('largest-contentful-paint');
  const lantern = await lanternOf(artifacts, lhr);
  // The graphs must be the ones Lighthouse used: the same LCP to the microsecond, or this reads another simulation.
  if (Math.abs(lantern.timing - lcp) > 0.001) {
    throw new Error(`${url}: Lantern's LCP computed again is ${lantern.timing} ms, Lighthouse's ${lcp} ms`);
  }
  return {
    lcp,
    fcp: metric('first-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    element: elementOf(lhr),
    htmlBytes: sizeOf((request) => request.resourceType === 'Document'),
    cssBytes: sizeOf((request) => request.resourceType === 'Stylesheet'),
    bytes: sizeOf(() => true),
    requests: requests.length,
    graphs: { optimistic: lantern.optimistic, pessimistic: lantern.pessimistic },
  };
}

/** @param {number[]} list */
export const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;

/**
 * The run whose LCP is the median of `runs`' (an odd number of runs: one of them).
 * @param {Run[]} runs
 */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.lcp - b.lcp);
  const run = sorted[Math.floor(sorted.length / 2)];
  if (!run) throw new Error('no run');
  return run;
}

/** @param {number} ms */
export const ms = (ms) => Math.round(ms).toLocaleString('en-US');
/** Kilobytes of 1,000 bytes, as the network's windows are counted (10 segments of 1,460 bytes: 14.6 KB). */
export const kb = (/** @type {number} */ bytes) => (bytes / 1000).toFixed(1);

/**
 * The last step of a graph that the LCP counts (the LCP cannot come earlier because of it), and the last of each part.
 * @param {Step[]} steps in order of end
 */
export function lastOf(steps) {
  /** @type {Partial<Record<Part, Step>>} */
  const byPart = {};
  for (const step of steps) byPart[step.part] = step;
  return { last: steps.filter((step) => step.counts).pop(), byPart };
}

/**
 * What the largest paint waits for: the step each graph ended with ("font plus-jakarta-sans.woff2 1,551").
 * @param {Run} run
 */
export function waitsFor(run) {
  const label = (/** @type {Step | undefined} */ step) =>
    step ? `${step.part}${step.part === 'main thread' || step.part === 'document' ? '' : ` ${step.name}`}` : 'nothing';
  const optimistic = lastOf(run.graphs.optimistic).last;
  const pessimistic = lastOf(run.graphs.pessimistic).last;
  const a = label(optimistic);
  const b = label(pessimistic);
  return a === b ? a : `${a} / ${b}`;
}

/**
 * The main thread's time in a graph (ms, simulated).
 * @param {Step[]} steps
 */
export const mainThreadOf = (steps) =>
  steps.filter((step) => step.part === 'main thread').reduce((sum, step) => sum + step.end - step.start, 0);
