/**
 * The Worker's side of the experiments (src/lib/experiments/wire.ts): for a page with a running experiment it reads or
 * makes the visitor's assignment, serves that variant's file under the page's own URL (no redirect), and counts an
 * exposure once per visitor and experiment, at the moment of the assignment. Everything the platform gives (the assets
 * binding, randomness, the clock, the count's write, `ctx.waitUntil`) is injected, so it runs in unit tests as it is.
 *
 * - Assignment cookie: `<id>:<variant>` pairs joined by `|`, nothing else; pairs of experiments not in the manifest
 *   are ignored (and dropped when the cookie is rewritten), a pair with a variant the experiment lacks is no assignment.
 * - Global Privacy Control or Do Not Track: the control page; the cookie is neither read nor written; never counted.
 * - A prefetch or prerender is never counted: without an assignment it gets 503 (the browser drops it and navigates
 *   for real later, which is assigned and counted); with one, its variant.
 * - What is served never depends on the User-Agent: known bots are assigned like anyone, only not counted.
 * - HEAD is answered as GET is, assignment and cookie included, but never counted; other methods go to the assets
 *   unchanged.
 */
import {
  ASSIGNMENT_COOKIE,
  ASSIGNMENT_MAX_AGE_S,
  CLICK_GOALS,
  CONTROL,
  EXPERIMENT_GOALS,
  isExperimentName,
  MANIFEST_PATH,
  VARIANTS_FOLDER,
  variantFile,
  type ExperimentManifest,
  type ManifestExperiment,
  type ManifestVariant,
} from '../../src/lib/experiments/wire';
import type { Fetcher } from '../platform';
import { isRecord } from '../../src/lib/json';
import { ASSET_JSON_TTL_MS, assetJsonLoader, type AssetJsonLoader } from '../asset-json';

/** The most of a Cookie header read: a hostile header costs no more than this. */
export const MAX_COOKIE_HEADER = 8192;
/** The most assignment pairs read from the cookie: far more than experiments ever run at once. */
export const MAX_PAIRS = 64;
/** How long an isolate keeps the manifest before it reads it again. */
export const MANIFEST_TTL_MS = ASSET_JSON_TTL_MS;

const noExperiments = (): ExperimentManifest => ({ experiments: [] });

export interface ExperimentDeps {
  /** The static assets binding: the page (control) and the variant files. */
  assets: Fetcher;
  /** A number in [0, 1): the draw of a new assignment. */
  random: () => number;
  /** Adds one visitor to the variant's count of the day (UTC `YYYY-MM-DD`); run through `waitUntil`. */
  recordExposure: (experiment: string, variant: string, day: string) => Promise<void> | void;
  /** Milliseconds since the epoch: the day of an exposure. */
  now: () => number;
  /**
   * `ctx.waitUntil`: the exposure's write runs after the answer is sent, and the answer never waits for it or fails
   * with it. A failed write rejects the promise handed here (the runtime logs it).
   */
  waitUntil: (promise: Promise<unknown>) => void;
}

// ---------------------------------------------------------------------------------------------------------------------
// Request signals

/** Global Privacy Control (`Sec-GPC: 1`) or Do Not Track (`DNT: 1`): no assignment, no cookie, no count. */
export function optsOut(request: Request): boolean {
  return request.headers.get('Sec-GPC')?.trim() === '1' || request.headers.get('DNT')?.trim() === '1';
}

/** A speculative fetch: `Sec-Purpose: prefetch` (or `prefetch;prerender`), or the legacy `Purpose: prefetch`. */
export function isPrefetch(request: Request): boolean {
  const purpose = request.headers.get('Sec-Purpose') ?? '';
  const legacy = request.headers.get('Purpose') ?? '';
  return /prefetch/i.test(purpose) || legacy.trim().toLowerCase() === 'prefetch';
}

/**
 * User-Agents left out of the counts (never out of the assignment): search and social crawlers, AI crawlers, SEO
 * tools, Lighthouse, HTTP libraries, and any name ending in bot, crawler or spider (PetalBot, Bytespider...).
 * Headless Chrome is not here: the project's own browser tests use it.
 */
const BOT_NAMES = [
  'Googlebot',
  'bingbot',
  'DuckDuckBot',
  'Baiduspider',
  'YandexBot',
  'Applebot',
  'facebookexternalhit',
  'Twitterbot',
  'LinkedInBot',
  'Slackbot',
  'Discordbot',
  'WhatsApp',
  'TelegramBot',
  'AhrefsBot',
  'SemrushBot',
  'MJ12bot',
  'GPTBot',
  'ClaudeBot',
  'CCBot',
  'PerplexityBot',
  'Chrome-Lighthouse',
  'curl/',
  'Wget/',
  'python-requests',
  'Go-http-client',
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const BOT_PATTERN = new RegExp([...BOT_NAMES.map(escapeRegExp), '(?:bot|crawler|spider)\\b'].join('|'), 'i');

/** A known bot, crawler or HTTP library, or no User-Agent at all (every browser sends one): not counted. */
export function isKnownBot(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? '').slice(0, 1024).trim();
  return ua === '' || BOT_PATTERN.test(ua);
}

// ---------------------------------------------------------------------------------------------------------------------
// Paths and the manifest

/**
 * Under VARIANTS_FOLDER (the Worker answers 404): also spelled with percent-escapes, repeated slashes or other case,
 * in case the assets resolve such spellings to the same file.
 */
export function isVariantPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: judge the path as it is.
  }
  path = path.replace(/[\\/]+/g, '/').toLowerCase();
  return path === VARIANTS_FOLDER || path.startsWith(`${VARIANTS_FOLDER}/`);
}

/** The running experiment of the page at `pathname` (exact: `/pricing/` is not `/pricing`), or null. */
export function experimentFor(pathname: string, manifest: ExperimentManifest): ManifestExperiment | null {
  return manifest.experiments.find((experiment) => experiment.page === pathname) ?? null;
}

function parseVariant(value: unknown, id: string, index: number): ManifestVariant | null {
  if (!isRecord(value) || !isExperimentName(value.name)) return null;
  const { name, weight, file } = value;
  if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 0 || weight > 100) return null;
  // Control first, and only first; every other variant's file is exactly its place in VARIANTS_FOLDER.
  if ((index === 0) !== (name === CONTROL)) return null;
  if (name === CONTROL ? file !== null : file !== variantFile(id, name)) return null;
  return { name, weight, file: file as string | null };
}

function parseExperiment(value: unknown): ManifestExperiment | null {
  if (!isRecord(value) || !isExperimentName(value.id) || !Array.isArray(value.variants)) return null;
  const { id, page, goal } = value;
  if (typeof page !== 'string' || !/^\/[A-Za-z0-9\-._~/]*$/.test(page) || page.includes('//')) return null;
  if (isVariantPath(page) || page.startsWith('/api/')) return null;
  if (!(EXPERIMENT_GOALS as readonly unknown[]).includes(goal)) return null;
  const variants = value.variants.map((variant, index) => parseVariant(variant, id, index));
  if (variants.length < 2 || variants.some((variant) => variant === null)) return null;
  const valid = variants as ManifestVariant[];
  if (new Set(valid.map((variant) => variant.name)).size !== valid.length) return null;
  if (valid.reduce((sum, variant) => sum + variant.weight, 0) !== 100) return null;
  return { id, page, goal: goal as ManifestExperiment['goal'], variants: valid };
}

const isWebAddress = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The click goals' links, when each is an absolute http(s) address; otherwise none (no click is redirected). */
function parseLinks(value: unknown): ExperimentManifest['links'] {
  if (!isRecord(value)) return undefined;
  const ctas = Object.values(CLICK_GOALS);
  return ctas.every((cta) => isWebAddress(value[cta]))
    ? (Object.fromEntries(ctas.map((cta) => [cta, value[cta]])) as ExperimentManifest['links'])
    : undefined;
}

/**
 * The manifest as the build wrote it, checked field by field: anything wrong anywhere (a type, a name, weights that
 * do not sum to 100, a variant file elsewhere than its place in VARIANTS_FOLDER, two experiments on one id or page)
 * gives no experiments at all. Unknown extra fields are ignored. Never throws.
 */
export function parseManifest(value: unknown): ExperimentManifest {
  if (!isRecord(value) || !Array.isArray(value.experiments)) return noExperiments();
  const links = parseLinks(value.links);
  const experiments = value.experiments.map(parseExperiment);
  if (experiments.some((experiment) => experiment === null)) return noExperiments();
  const valid = experiments as ManifestExperiment[];
  const ids = new Set(valid.map((experiment) => experiment.id));
  const pages = new Set(valid.map((experiment) => experiment.page));
  if (ids.size !== valid.length || pages.size !== valid.length) return noExperiments();
  return links ? { experiments: valid, links } : { experiments: valid };
}

export type ManifestLoader = AssetJsonLoader<ExperimentManifest>;

/** A loader of MANIFEST_PATH with its own cache (no experiments when the file cannot be had). */
export const manifestLoader = (ttlMs = MANIFEST_TTL_MS): ManifestLoader =>
  assetJsonLoader(MANIFEST_PATH, parseManifest, noExperiments, ttlMs);

/** The isolate's manifest, read at most once per MANIFEST_TTL_MS. Never throws. */
export const loadManifest: ManifestLoader = manifestLoader();

// ---------------------------------------------------------------------------------------------------------------------
// The assignment cookie

/** The values of every `ASSIGNMENT_COOKIE` in a Cookie header, read up to MAX_COOKIE_HEADER characters. */
function cookieValues(header: string | null): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.slice(0, MAX_COOKIE_HEADER).split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== ASSIGNMENT_COOKIE) continue;
    values.push(
      part
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return values;
}

/**
 * The visitor's assignments that hold for the manifest: experiment id → variant, in the cookie's order, the first pair
 * of an id winning. Pairs of other experiments, unknown variants and anything malformed are left out. Never throws.
 */
export function readAssignments(cookieHeader: string | null, manifest: ExperimentManifest): Map<string, string> {
  const assignments = new Map<string, string>();
  const pairs = cookieValues(cookieHeader)
    .flatMap((value) => value.split('|'))
    .slice(0, MAX_PAIRS);
  for (const pair of pairs) {
    const [id, variant, extra] = pair.split(':');
    if (extra !== undefined || !isExperimentName(id) || !isExperimentName(variant) || assignments.has(id)) continue;
    const experiment = manifest.experiments.find((candidate) => candidate.id === id);
    if (experiment?.variants.some((candidate) => candidate.name === variant)) assignments.set(id, variant);
  }
  return assignments;
}

/** For a lead: the visitor's variant of each running experiment (`{ "home-hero": "b" }`). Never throws. */
export function assignmentsFrom(cookieHeader: string | null, manifest: ExperimentManifest): Record<string, string> {
  return Object.fromEntries(readAssignments(cookieHeader, manifest));
}

/** The Set-Cookie value for these assignments: only ids and variant names; Secure on https only. */
export function assignmentCookie(assignments: Map<string, string>, secure: boolean): string {
  const value = [...assignments].map(([id, variant]) => `${id}:${variant}`).join('|');
  const attributes = [`Max-Age=${ASSIGNMENT_MAX_AGE_S}`, 'Path=/', 'SameSite=Lax', 'HttpOnly'];
  if (secure) attributes.push('Secure');
  return [`${ASSIGNMENT_COOKIE}=${value}`, ...attributes].join('; ');
}

/**
 * A variant by the weights, for `r` in [0, 1): each variant owns a share of [0, 100) as wide as its weight, in the
 * manifest's order. A variant of weight 0 is never drawn.
 */
export function drawVariant(variants: readonly ManifestVariant[], r: number): string {
  const point = (Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0) * 100;
  let upTo = 0;
  for (const variant of variants) {
    upTo += variant.weight;
    if (point < upTo) return variant.name;
  }
  // r = 1 (out of range): the last variant that can be drawn.
  return [...variants].reverse().find((variant) => variant.weight > 0)?.name ?? CONTROL;
}

/** The UTC day of a time, `YYYY-MM-DD`. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------------------------------
// Serving

/** The request headers a variant's file is asked with: its encoding and the conditions. */
const FORWARDED = ['Accept-Encoding', 'If-None-Match', 'If-Modified-Since', 'If-Match', 'If-Unmodified-Since'];

function fetchVariant(request: Request, experiment: ManifestExperiment, variant: string, assets: Fetcher) {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const url = new URL(variantFile(experiment.id, variant), request.url);
  return assets.fetch(new Request(url, { method: request.method, headers }));
}

/** A file that can stand for the page: 2xx, or 304 to a conditional request. */
const usable = (response: Response) => response.ok || response.status === 304;

/**
 * The answer as served under the page's URL: the file's status and headers, kept by the visitor's browser only
 * (`private`), per cookie; a variant's ETag is dropped (the page's URL must not share a validator with it).
 */
function served(file: Response, options: { variant: boolean; setCookie?: string }): Response {
  const headers = new Headers(file.headers);
  headers.set('Cache-Control', 'private');
  const vary = (headers.get('Vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!vary.some((name) => name.toLowerCase() === 'cookie' || name === '*')) vary.push('Cookie');
  headers.set('Vary', vary.join(', '));
  if (options.variant) headers.delete('ETag');
  if (options.setCookie) headers.append('Set-Cookie', options.setCookie);
  return new Response(file.body, { status: file.status, statusText: file.statusText, headers });
}

/** The variant's file, or the page (control) when it is control or its file cannot be had; which one was served. */
async function serveVariant(request: Request, experiment: ManifestExperiment, variant: string, assets: Fetcher) {
  if (variant !== CONTROL) {
    const file = await fetchVariant(request, experiment, variant, assets);
    if (usable(file)) return { file, variant: true };
    // Missing (404) or unusable (a redirect, an error): the page as it is, and the assignment is not made.
    await file.body?.cancel();
  }
  return { file: await assets.fetch(request), variant: false };
}

/**
 * The answer to a request for `experiment`'s page. Only GET and HEAD are experimented; the assignment, the cookie and
 * the count follow the rules at the top of this file. A new assignment whose file cannot be served (a missing
 * variant file, a failing page) is neither kept nor counted: the page is served as the assets answer it.
 */
export async function serveExperimentPage(
  request: Request,
  experiment: ManifestExperiment,
  manifest: ExperimentManifest,
  deps: ExperimentDeps,
): Promise<Response> {
  const { assets } = deps;
  if (request.method !== 'GET' && request.method !== 'HEAD') return assets.fetch(request);
  if (optsOut(request)) return served(await assets.fetch(request), { variant: false });

  const assignments = readAssignments(request.headers.get('Cookie'), manifest);
  const assigned = assignments.get(experiment.id);
  if (assigned !== undefined) {
    const { file, variant } = await serveVariant(request, experiment, assigned, assets);
    return served(file, { variant });
  }
  if (isPrefetch(request)) return new Response(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });

  const drawn = drawVariant(experiment.variants, deps.random());
  const { file, variant } = await serveVariant(request, experiment, drawn, assets);
  const fellBack = drawn !== CONTROL && !variant;
  if (fellBack || !usable(file)) return served(file, { variant });

  assignments.set(experiment.id, drawn);
  const secure = new URL(request.url).protocol === 'https:';
  // A HEAD gets the headers a GET would, the assignment's cookie among them, but nobody saw the page.
  if (request.method === 'GET' && !isKnownBot(request.headers.get('User-Agent'))) {
    const day = utcDay(deps.now());
    deps.waitUntil(Promise.resolve().then(() => deps.recordExposure(experiment.id, drawn, day)));
  }
  return served(file, { variant, setCookie: assignmentCookie(assignments, secure) });
}
