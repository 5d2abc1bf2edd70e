/**
 * The site's Worker. Static assets (dist) answer every request except /api/*, which runs here (wrangler.jsonc
 * `run_worker_first`). It wires the lead path's parts to the platform:
 * - fetch: POST /api/leads stores a lead and queues its delivery (./intake.ts); GET /api/cms-auth and
 *   /api/cms-auth/callback sign the CMS admin's editors in with GitHub (./cms-auth.ts); any other /api/ path is 404;
 * - queue: delivers leads to the CRM (./delivery.ts);
 * - scheduled: queues lost deliveries again and deletes old leads (./sweep.ts);
 * - LeadRateLimiter: the Durable Object that counts each address's leads (./rate-limiter.ts).
 */
import { WorkerEntrypoint } from 'cloudflare:workers';
import { LEAD_ROUTE } from '../src/lib/lead-wire';
import { readDeliverySettings } from '../src/lib/lead-outbox';
import { consoleCmsAuthLog, handleCmsAuth, isCmsAuthRoute } from './cms-auth';
import { crmSettings, deliverBatch } from './delivery';
import { handleLeadIntake } from './intake';
import { consoleLog } from './log';
import type { Env, LeadMessage, MessageBatch, ScheduledController } from './platform';
import { d1Store } from './store';
import { sweep } from './sweep';

export { LeadRateLimiter } from './rate-limiter';

const now = () => Date.now();

function runSweep(env: Env, at: number) {
  return sweep({
    store: d1Store(env.LEADS_DB),
    enqueueAll: (ids) => env.LEAD_QUEUE.sendBatch(ids.map((id) => ({ body: { id } }))),
    settings: readDeliverySettings(env),
    now: () => Math.max(at, now()),
    log: consoleLog,
  });
}

/**
 * The sweep as a call, for another Worker bound to this one's `ScheduledRun` entrypoint: the local runtime's trigger
 * (scripts/host.mjs), because `wrangler dev` cannot run a scheduled handler of a Worker that has static assets.
 */
export class ScheduledRun extends WorkerEntrypoint<Env> {
  async run(scheduledTime: number = now()): Promise<{ requeued: number; deleted: number }> {
    return runSweep(this.env, scheduledTime);
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (isCmsAuthRoute(pathname)) {
      return handleCmsAuth(request, env, {
        // Wrapped, as below: workerd refuses a bare `fetch` or `getRandomValues` called as a method of another object.
        fetch: (url, init) => fetch(url, init),
        random: (length) => crypto.getRandomValues(new Uint8Array(length)),
        log: consoleCmsAuthLog,
      });
    }
    if (pathname !== LEAD_ROUTE) {
      return Response.json({ error: 'not found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    }
    return handleLeadIntake(request, {
      store: d1Store(env.LEADS_DB),
      takeRateSlot: (key) => env.LEAD_RATE_LIMITER.get(env.LEAD_RATE_LIMITER.idFromName(key)).take(),
      enqueue: (id) => env.LEAD_QUEUE.send({ id }),
      newId: () => crypto.randomUUID(),
      now,
      log: consoleLog,
    });
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
    await runSweep(env, controller.scheduledTime);
  },
};
