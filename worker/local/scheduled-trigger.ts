/**
 * Local runs only (scripts/host.mjs): a Worker in front of the site's, in the same `wrangler dev` process. It passes
 * every request on unchanged, and runs the site Worker's sweep when wrangler's test trigger
 * (/cdn-cgi/handler/scheduled) fires. Needed because wrangler 4.86 hands that trigger to the static-assets router of a
 * Worker with assets, which has no scheduled handler (it answers 500); a Worker without assets receives it.
 * Never deployed.
 */
interface Fetcher {
  fetch(request: Request): Promise<Response>;
}
interface ScheduledRun {
  run(scheduledTime: number): Promise<unknown>;
}
interface Env {
  /** The site Worker, as a visitor reaches it: its static assets first. */
  SITE: Fetcher;
  /** The site Worker's ScheduledRun entrypoint. */
  SCHEDULED: ScheduledRun;
}

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env.SITE.fetch(request);
  },
  async scheduled(controller: { scheduledTime: number }, env: Env): Promise<void> {
    await env.SCHEDULED.run(controller.scheduledTime);
  },
};
