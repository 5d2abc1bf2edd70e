/**
 * Delivery: the queue consumer. Each message names a stored lead; the lead is claimed in the table (so a lead already
 * sent, dead, not yet due or being sent elsewhere is skipped), sent to the CRM with the exact request of
 * src/lib/leads/wire.ts, and marked sent, or tried again later with a growing delay, or dead after the last try. At most
 * CRM_CONCURRENCY leads are with the CRM at once.
 */
import { buildCrmRequest, type CrmSettings } from '../../src/lib/leads/wire';
import type { Lead } from '../../src/lib/leads/rules';
import { afterFailure, CRM_CONCURRENCY, CRM_TIMEOUT_MS, type DeliverySettings } from './outbox';
import type { LeadLog } from './log';
import type { LeadMessage, MessageBatch } from '../platform';
import type { LeadStore } from './store';

export interface DeliveryDeps {
  store: LeadStore;
  /** The CRM, or null when CRM_HOST or CRM_TOKEN is not set: leads then wait, pending, untried. */
  crm: CrmSettings | null;
  settings: DeliverySettings;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  now: () => number;
  log: LeadLog;
}

/** What to do with the message: done with it, or deliver it again after a delay. */
export type MessageOutcome = { ack: true } | { ack: false; delayS: number };

/** The CRM settings from the Worker's secrets, or null when either is missing or the host is not an http(s) URL. */
export function crmSettings(env: { CRM_HOST?: string; CRM_TOKEN?: string }): CrmSettings | null {
  const host = env.CRM_HOST?.trim() ?? '';
  const token = env.CRM_TOKEN?.trim() ?? '';
  if (!/^https?:\/\/[^/]/i.test(host) || !URL.canParse(host) || !token) return null;
  return { host, token };
}

type CrmAnswer = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** One POST to the CRM. A redirect is a failure, not a reason to send the token elsewhere; no answer within the timeout too. */
async function sendToCrm(lead: Lead, crm: CrmSettings, fetch: DeliveryDeps['fetch']): Promise<CrmAnswer> {
  const request = buildCrmRequest(lead, crm);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CRM_TIMEOUT_MS);
  try {
    const answer = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: controller.signal,
    });
    await answer.body?.cancel();
    if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
    return { ok: false, status: answer.status, error: `CRM answered ${answer.status}` };
  } catch (error) {
    if (controller.signal.aborted)
      return { ok: false, status: null, error: `CRM did not answer within ${CRM_TIMEOUT_MS} ms` };
    return {
      ok: false,
      status: null,
      error: `CRM unreachable: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** One try of one lead. */
export async function deliverLead(id: string, deps: DeliveryDeps): Promise<MessageOutcome> {
  const { store, log } = deps;
  if (!deps.crm) {
    // Left pending and untried: the sweep queues it again until a CRM is set.
    log({ event: 'unconfigured', id, state: 'pending', error: 'no CRM is set (CRM_HOST, CRM_TOKEN): the lead waits' });
    return { ack: true };
  }
  const lead = await store.claim(id, deps.now());
  // Sent, dead, not due (a message overtaken by a newer one) or being sent by another consumer.
  if (!lead) return { ack: true };

  const answer = await sendToCrm(lead, deps.crm, deps.fetch);
  const now = deps.now();
  if (answer.ok) {
    await store.markSent(lead.id, now, answer.status);
    log({ event: 'sent', id: lead.id, state: 'sent', attempt: lead.attempts, crmStatus: answer.status });
    return { ack: true };
  }
  const next = afterFailure(lead.attempts, deps.settings.retryBaseS);
  const failure = { crmStatus: answer.status, error: answer.error };
  if (next.state === 'dead') {
    await store.markFailed(lead.id, now, { state: 'dead' }, failure);
    log({
      event: 'dead',
      id: lead.id,
      state: 'dead',
      attempt: lead.attempts,
      crmStatus: answer.status ?? undefined,
      error: answer.error,
    });
    return { ack: true };
  }
  await store.markFailed(lead.id, now, { state: 'pending', nextAttemptAt: now + next.delayS * 1000 }, failure);
  log({
    event: 'retry',
    id: lead.id,
    state: 'pending',
    attempt: lead.attempts,
    crmStatus: answer.status ?? undefined,
    retryInS: next.delayS,
    error: answer.error,
  });
  return { ack: false, delayS: next.delayS };
}

/** Runs `task` over `items`, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The queue handler: each message acked, or retried after its delay; a message that throws is retried by the queue. */
export async function deliverBatch(batch: MessageBatch<LeadMessage>, deps: DeliveryDeps): Promise<void> {
  await eachLimited(batch.messages, CRM_CONCURRENCY, async (message) => {
    const id = typeof message.body?.id === 'string' ? message.body.id : '';
    if (!id) return message.ack();
    try {
      const outcome = await deliverLead(id, deps);
      if (outcome.ack) message.ack();
      else message.retry({ delaySeconds: outcome.delayS });
    } catch (error) {
      // The table could not be read or written: the queue tries the message again; the sweep backs it up.
      deps.log({ event: 'delivery-failed', id, error: String(error) });
      message.retry({ delaySeconds: Math.max(1, Math.ceil(deps.settings.retryBaseS)) });
    }
  });
}
