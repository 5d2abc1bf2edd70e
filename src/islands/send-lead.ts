/**
 * How the lead forms put a lead on the wire, in the browser: the CRM's request of src/lib/leads/wire.ts sent with
 * fetch (the popup in direct mode), or the site's own lead route through the outbox, which keeps the lead in this
 * browser until the site has it (src/browser/lead-outbox.ts).
 */
import type { LeadRequest } from '../lib/leads/wire';
import type { Lead, LeadFormName } from '../lib/leads/rules';
import { sendKept } from '../browser/lead-outbox';
import { pageLocale } from '../browser/page-locale';
import type { Sent } from './hooks/useLeadSubmit';

/** Sends the request; an answer other than 2xx is a failure, with its status and body for the console. */
export async function sendLeadRequest(request: LeadRequest): Promise<void> {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  if (!response.ok) throw new Error(`${response.status} ${await response.text().catch(() => '')}`.trim());
}

/**
 * Sends a lead to this site's `/api/leads`, with the language of the page it is sent from (its `<html lang>`), which
 * answers 202 once it has stored it, under its key: `sent` then;
 * `kept` when the try failed and the lead waits in this browser for the next; throws when the site refused it, or when
 * it failed and could not be kept.
 */
export async function postToRelay(lead: Lead, form: LeadFormName, key: string): Promise<Sent> {
  const { outcome, detail } = await sendKept({ id: key, form, lang: pageLocale(), ...lead, at: Date.now() });
  if (outcome === 'accepted') return 'sent';
  if (outcome === 'kept') return 'kept';
  throw new Error(detail || outcome);
}
