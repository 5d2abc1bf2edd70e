/**
 * The click goals (demo-click, signup-click), with no script: on a page whose running experiment is judged on a click,
 * the Worker points that call to action's links at CLICK_ROUTE (clickHref), and the route counts the click and
 * redirects to the link's own address from the manifest (handleClick), never to one the request names.
 *
 * A click counts once per visitor and experiment: only a visitor the assignment cookie places in the experiment, not
 * under Global Privacy Control or Do Not Track, not a known bot, not a prefetch, and only the first time (CLICKED_COOKIE,
 * experiment ids only, sent to this route alone). Every click is redirected, counted or not.
 */
import {
  ASSIGNMENT_MAX_AGE_S,
  CLICK_GOALS,
  CLICK_ROUTE,
  CLICKED_COOKIE,
  EXPERIMENT_NAME,
  type ClickCta,
  type ExperimentGoal,
  type ExperimentManifest,
  type ManifestExperiment,
} from '../../src/lib/experiments/wire';
import { isKnownBot, isPrefetch, MAX_COOKIE_HEADER, MAX_PAIRS, optsOut, readAssignments, utcDay } from './edge';

/** The call to action a goal counts, or null for the lead goal. */
export const ctaOfGoal = (goal: ExperimentGoal): ClickCta | null =>
  goal in CLICK_GOALS ? CLICK_GOALS[goal as keyof typeof CLICK_GOALS] : null;

/** The link of a call to action as the page has it (an attribute may hold `&amp;`), compared with the manifest's. */
const decodeAttribute = (value: string) => value.replaceAll('&amp;', '&');

/**
 * Where a link of kind `cta` (its `data-cta`) with `href` should point on `experiment`'s page: CLICK_ROUTE when the
 * experiment is judged on that call to action and the link goes where the manifest says it does; otherwise null (the
 * link is left as it is).
 */
export function clickHref(
  experiment: ManifestExperiment,
  manifest: ExperimentManifest,
  cta: string | null,
  href: string | null,
): string | null {
  const goalCta = ctaOfGoal(experiment.goal);
  if (goalCta === null || cta !== goalCta || href === null) return null;
  if (manifest.links?.[goalCta] !== decodeAttribute(href)) return null;
  return `${CLICK_ROUTE}?${new URLSearchParams({ experiment: experiment.id, cta: goalCta })}`;
}

export interface ClickDeps {
  /** Adds one conversion of `variant` on `day` (UTC `YYYY-MM-DD`); run through `waitUntil`. */
  recordClick: (experiment: string, variant: string, day: string) => Promise<void> | void;
  now: () => number;
  waitUntil: (promise: Promise<unknown>) => void;
}

/** The experiment ids of CLICKED_COOKIE that are running, in order, within the same bounds as the assignments. */
function clickedIds(cookieHeader: string | null, manifest: ExperimentManifest): string[] {
  const running = new Set(manifest.experiments.map((experiment) => experiment.id));
  const ids: string[] = [];
  for (const part of (cookieHeader ?? '').slice(0, MAX_COOKIE_HEADER).split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== CLICKED_COOKIE) continue;
    for (const id of part
      .slice(eq + 1)
      .trim()
      .split('|')
      .slice(0, MAX_PAIRS)) {
      if (EXPERIMENT_NAME.test(id) && running.has(id) && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

function clickedCookie(ids: string[], secure: boolean): string {
  const attributes = [`Max-Age=${ASSIGNMENT_MAX_AGE_S}`, `Path=${CLICK_ROUTE}`, 'SameSite=Lax', 'HttpOnly'];
  if (secure) attributes.push('Secure');
  return [`${CLICKED_COOKIE}=${ids.join('|')}`, ...attributes].join('; ');
}

const noStore = { 'Cache-Control': 'no-store' };

/**
 * GET CLICK_ROUTE?experiment=<id>&cta=<demo|start>: 302 to the manifest's link for `cta`, counting the click when the
 * rules at the top of this file allow. 404 for a `cta` without a link, 405 for other methods than GET and HEAD, 503 to a
 * prefetch (a click is the visitor's own). Never throws on any request.
 */
export function handleClick(request: Request, manifest: ExperimentManifest, deps: ClickDeps): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', ...noStore } });
  }
  const url = new URL(request.url);
  const cta = url.searchParams.get('cta');
  const destination = Object.values(CLICK_GOALS).includes(cta as ClickCta) ? manifest.links?.[cta as ClickCta] : null;
  if (!destination) return Response.json({ error: 'not found' }, { status: 404, headers: noStore });
  if (isPrefetch(request)) return new Response(null, { status: 503, headers: noStore });

  const headers = new Headers({
    Location: destination,
    ...noStore,
    // What the link itself would have sent the destination: the site's origin.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  });
  const id = url.searchParams.get('experiment');
  const experiment = manifest.experiments.find((candidate) => candidate.id === id);
  const counts =
    request.method === 'GET' &&
    experiment !== undefined &&
    ctaOfGoal(experiment.goal) === cta &&
    !optsOut(request) &&
    !isKnownBot(request.headers.get('User-Agent'));
  if (experiment && counts) {
    const cookie = request.headers.get('Cookie');
    const variant = readAssignments(cookie, manifest).get(experiment.id);
    const clicked = clickedIds(cookie, manifest);
    if (variant !== undefined && !clicked.includes(experiment.id)) {
      const day = utcDay(deps.now());
      deps.waitUntil(Promise.resolve().then(() => deps.recordClick(experiment.id, variant, day)));
      headers.append('Set-Cookie', clickedCookie([...clicked, experiment.id], url.protocol === 'https:'));
    }
  }
  return new Response(null, { status: 302, headers });
}
