/**
 * How the lead tests on the Workers runtime post a lead (as the site's forms do, from the site's own origin) and count
 * what the stand-in CRM received.
 */
import { FORM_TYPE, LEAD_ROUTE } from '../../src/lib/leads/wire';
import { startFakeCrm, type CrmRequest, type FakeCrm } from '../fakes/fake-crm';
import { startRuntime, type Runtime } from './runtime';

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A POST to the lead route of `site`, from its own origin. */
export function post(site: Runtime, body: string, headers: Record<string, string> = {}) {
  return fetch(`${site.origin}${LEAD_ROUTE}`, {
    method: 'POST',
    headers: { 'Content-Type': FORM_TYPE, Origin: site.origin, ...headers },
    body,
    redirect: 'manual',
  });
}

/** The CRM's requests grouped by lead name: how many times each name arrived. */
export function arrivals(requests: CrmRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(r.form.name ?? '', (counts.get(r.form.name ?? '') ?? 0) + 1);
  return counts;
}

/**
 * A stand-in CRM and the site's runtime set to deliver to it with `token`: retries 1 s, 2 s, 4 s... after a failed
 * try, so that a test sees a recovery within seconds; the sweep, when a test runs it, queues every pending lead that no
 * try holds, however recently tried.
 */
export async function startSiteWithCrm(token: string): Promise<{ crm: FakeCrm; site: Runtime }> {
  const crm = await startFakeCrm();
  const site = await startRuntime({
    dir: 'dist',
    bindings: { CRM_HOST: crm.url, CRM_TOKEN: token, LEAD_RETRY_BASE_S: '1', LEAD_SWEEP_AFTER_S: '0' },
  });
  return { crm, site };
}
