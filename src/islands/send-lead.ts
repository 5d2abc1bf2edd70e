/**
 * How the lead forms put a lead on the wire, in the browser: a request of src/lib/leads/wire.ts sent with fetch.
 */
import { buildRelayRequest, type LeadRequest } from '../lib/leads/wire';
import { newLeadKey, type Lead, type LeadFormName } from '../lib/leads/rules';

/** Sends the request; an answer other than 2xx is a failure, with its status and body for the console. */
export async function sendLeadRequest(request: LeadRequest): Promise<void> {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  if (!response.ok) throw new Error(`${response.status} ${await response.text().catch(() => '')}`.trim());
}

/** Sends a lead to this site's `/api/leads`, which answers 202 once it has stored it. */
export function postToRelay(lead: Lead, form: LeadFormName): Promise<void> {
  return sendLeadRequest(buildRelayRequest(lead, form, newLeadKey()));
}
