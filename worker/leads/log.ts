/**
 * The lead path's log: one JSON line per event, which `wrangler tail` and the dashboard's Workers Logs show as fields.
 * A lead appears by its id, state, try and the CRM's status only: never a name or a number.
 */
import type { LeadState } from './outbox';

export interface LeadEvent {
  /** What happened: accepted, sent, retry, dead, requeued, unconfigured... */
  event: string;
  id?: string;
  state?: LeadState;
  attempt?: number;
  crmStatus?: number;
  /** Seconds until the next try. */
  retryInS?: number;
  count?: number;
  error?: string;
}

export type LeadLog = (event: LeadEvent) => void;

/** Events that need the owner: a lead given up on, or a part of the path that failed. */
const ERRORS = /^dead$|-failed$/;
/** Events that will sort themselves out, or need a setting: a retry, a lead waiting for a CRM. */
const WARNINGS = /^(retry|unconfigured)$/;

export const consoleLog: LeadLog = (event) => {
  const line = JSON.stringify({ source: 'leads', ...event });
  if (ERRORS.test(event.event)) console.error(line);
  else if (WARNINGS.test(event.event)) console.warn(line);
  else console.log(line);
};
