/**
 * The site's Worker. Static assets (dist) answer every request for a file; /api/* runs here first (wrangler.jsonc
 * `run_worker_first`), and so does a path with no file (`not_found_handling: "none"`). It wires the lead path's parts
 * to the platform:
 * - fetch: POST /api/leads stores a lead and queues its delivery (./intake.ts); GET /api/cms-auth and
 *   /api/cms-auth/callback sign the CMS admin's editors in with GitHub (./cms-auth.ts); GET /api/cms-publishes tells
 *   the admin whether the latest change went live (./cms-publish/routes.ts); /api/owner/* is the owner's API
 *   (./owner/routes.ts); GET /api/experiments/click counts a click goal and redirects (./experiments/clicks.ts); any
 *   other /api/ path is 404;
 *   any other path is the 404 page, never cached. Every answer gets the security headers it does not set itself;
 * - queue: delivers leads to the CRM (./delivery.ts);
 * - scheduled: queues lost deliveries again, deletes old leads, expired nonces and the owner's ended sessions once
 *   expired (./sweep.ts);
 * - LeadRateLimiter: the Durable Object that counts the leads of each client (an IPv4 address or an IPv6 /64)
 *   (./rate-limiter.ts).
 */
import { LEAD_ROUTE } from '../src/lib/leads/wire';
import { isLocale, localeOfPath, localePath } from '../src/lib/i18n/locales';
import { readDeliverySettings } from './leads/outbox';
import { withSecurityHeaders } from '../src/lib/security-headers';
import { consoleCmsAuthLog, handleCmsAuth, isCmsAuthRoute } from './cms-auth/routes';
import { crmSettings, deliverBatch } from './leads/delivery';
import { handleLeadIntake } from './leads/intake';
import { consoleLog } from './leads/log';
import type { Env, ExecutionContext, LeadMessage, MessageBatch, ScheduledController } from './platform';
import { d1Conversions, d1Store } from './leads/store';
import { sweep } from './leads/sweep';
import { d1UsedNonces } from './cms-auth/used-nonces';
import { consoleOwnerLog, handleOwner, isOwnerRoute } from './owner/routes';
import { loadOwnerRepo } from './owner/settings';
import { d1OwnerStore } from './owner/store';
import { d1EndedSessions } from './owner/ended-sessions';
import { loadDefinitions, ownerExperiments } from './owner/experiments';
import { CMS_PUBLISHES_ROUTE } from '../src/lib/cms/publish-wire';
import { consoleCmsPublishesLog, handleCmsPublishes } from './cms-publish/routes';
import { d1Publishes } from './cms-publish/store';
import {
  assignmentsFrom,
  experimentFor,
  isVariantPath,
  loadManifest,
  optsOut,
  serveExperimentPage,
} from './experiments/edge';
import { clickHref, ctaOfGoal, handleClick } from './experiments/clicks';
import { d1Clicks, d1Exposures } from './experiments/store';
import { CLICK_ROUTE } from '../src/lib/experiments/wire';
import { CTA_ATTR } from '../src/lib/analytics';

export { LeadRateLimiter } from './leads/rate-limiter';

const now = () => Date.now();

/** The paths the Worker answers itself; any other reaches it only when no file has its name. */
const API_PREFIX = '/api/';
/**
 * The 404 page as the static assets serve it, in the language of the path's folder: "/hi/..." is answered with the
 * Hindi 404 page, any other path with the English one.
 */
function notFoundPagePath(pathname: string): string {
  const locale = localeOfPath(pathname);
  return isLocale(locale) ? localePath(locale, '/404') : '/404';
}

/**
 * The 404 page for a path with no file: its own headers (`_headers` of /404: the page's policy), status 404, and never
 * stored, so that a file a deploy publishes a moment later is found at once (under /_astro/, `_headers` would make a
 * 404 immutable for a year). Other methods than GET and HEAD get 405, as on a page.
 */
async function notFoundPage(request: Request, env: Env): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' } });
  }
  const accept = request.headers.get('Accept-Encoding');
  const page = await env.ASSETS.fetch(
    new Request(new URL(notFoundPagePath(new URL(request.url).pathname), request.url), {
      method: request.method,
      headers: accept ? { 'Accept-Encoding': accept } : {},
    }),
  );
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', 'no-store');
  // The page's validator, not this URL's: nothing revalidates what is not stored.
  headers.delete('ETag');
  return new Response(page.body, { status: 404, headers });
}

/**
 * A page with a running experiment (the build's manifest, src/lib/experiments/wire.ts): the visitor's variant under the
 * page's own URL (./experiments/edge.ts), without the variant file's noindex, which keeps the file itself out of search
 * but must not reach the page. Any other path that reaches the Worker, the variant files among them, is the 404 page.
 */
async function page(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (isVariantPath(pathname)) return notFoundPage(request, env);
  const manifest = await loadManifest(env.ASSETS);
  const experiment = experimentFor(pathname, manifest);
  if (!experiment) return notFoundPage(request, env);
  const answer = await serveExperimentPage(request, experiment, manifest, {
    assets: env.ASSETS,
    random: () => Math.random(),
    recordExposure: (id, variant, day) => d1Exposures(env.LEADS_DB).add(id, variant, day),
    now,
    waitUntil: (promise) => ctx.waitUntil(promise),
  });
  if (!answer.headers.get('Content-Type')?.startsWith('text/html')) return answer;
  const rewriter = new HTMLRewriter().on('meta[name="robots"]', { element: (element) => void element.remove() });
  // A click goal's links go through CLICK_ROUTE, which counts them (./experiments/clicks.ts); not for a visitor who
  // opted out, who is never counted.
  if (ctaOfGoal(experiment.goal) !== null && !optsOut(request)) {
    rewriter.on(`a[${CTA_ATTR}]`, {
      element: (element) => {
        const href = clickHref(experiment, manifest, element.getAttribute(CTA_ATTR), element.getAttribute('href'));
        if (href !== null) element.setAttribute('href', href);
      },
    });
  }
  return rewriter.transform(answer);
}

/** The Worker's answers, before the security headers: see `fetch` below. */
const routes = {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(API_PREFIX)) return page(request, env, ctx);
    if (isCmsAuthRoute(pathname)) {
      return handleCmsAuth(request, env, {
        // Wrapped, as below: workerd refuses a bare `fetch` or `getRandomValues` called as a method of another object.
        fetch: (url, init) => fetch(url, init),
        random: (length) => crypto.getRandomValues(new Uint8Array(length)),
        now,
        useNonce: (nonce, expiresAt) => d1UsedNonces(env.LEADS_DB).use(nonce, expiresAt),
        log: consoleCmsAuthLog,
      });
    }
    if (isOwnerRoute(pathname)) {
      return handleOwner(request, env, {
        fetch: (url, init) => fetch(url, init),
        random: (length) => crypto.getRandomValues(new Uint8Array(length)),
        now,
        repo: () => loadOwnerRepo(env.ASSETS),
        store: d1OwnerStore(env.LEADS_DB),
        endedSessions: d1EndedSessions(env.LEADS_DB),
        enqueueAll: (ids) => env.LEAD_QUEUE.sendBatch(ids.map((id) => ({ body: { id } }))),
        experiments: async () => ownerExperiments(env.LEADS_DB, await loadDefinitions(env.ASSETS), now()),
        log: consoleOwnerLog,
      });
    }
    if (pathname === CMS_PUBLISHES_ROUTE) {
      return handleCmsPublishes(request, { store: d1Publishes(env.LEADS_DB), log: consoleCmsPublishesLog });
    }
    if (pathname === CLICK_ROUTE) {
      return handleClick(request, await loadManifest(env.ASSETS), {
        recordClick: (id, variant, day) => d1Clicks(env.LEADS_DB).add(id, variant, day),
        now,
        waitUntil: (promise) => ctx.waitUntil(promise),
      });
    }
    if (pathname !== LEAD_ROUTE) {
      return Response.json({ error: 'not found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    }
    return handleLeadIntake(request, {
      store: d1Store(env.LEADS_DB),
      assignments: async (request) =>
        optsOut(request) ? {} : assignmentsFrom(request.headers.get('Cookie'), await loadManifest(env.ASSETS)),
      conversions: d1Conversions(env.LEADS_DB),
      takeRateSlot: (client, leadKey) =>
        env.LEAD_RATE_LIMITER.get(env.LEAD_RATE_LIMITER.idFromName(client)).take(leadKey),
      enqueue: (id) => env.LEAD_QUEUE.send({ id }),
      newId: () => crypto.randomUUID(),
      now,
      log: consoleLog,
    });
  },
};

export default {
  /** Every answer of the Worker, with the security headers that `_headers` gives the files (withSecurityHeaders). */
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    return withSecurityHeaders(await routes.fetch(request, env, ctx));
  },

  async queue(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
    await deliverBatch(batch, {
      store: d1Store(env.LEADS_DB),
      crm: crmSettings(env),
      settings: readDeliverySettings(env),
      // Wrapped: workerd refuses a bare `fetch` called as a method of another object ("Illegal invocation").
      fetch: (url, init) => fetch(url, init),
      now,
      log: consoleLog,
    });
  },

  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    await sweep({
      store: d1Store(env.LEADS_DB),
      nonces: d1UsedNonces(env.LEADS_DB),
      endedSessions: d1EndedSessions(env.LEADS_DB),
      conversions: d1Conversions(env.LEADS_DB),
      enqueueAll: (ids) => env.LEAD_QUEUE.sendBatch(ids.map((id) => ({ body: { id } }))),
      settings: readDeliverySettings(env),
      now: () => Math.max(controller.scheduledTime, now()),
      log: consoleLog,
    });
  },
};
