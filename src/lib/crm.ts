/**
 * The home page lead as the CRM receives it (the CRM's lead API): POST {host}/api/leads, form-url-encoded. Built here once,
 * for the Worker's delivery (worker/delivery.ts, which holds the token server-side) and for direct mode (the browser holds
 * the token), and the request the home popup sends in either mode.
 */
import { encodeLeadPost, type Lead, type LeadFormName } from './lead';

/** Fixed field values of every website lead. */
export const CRM_LEAD_FIELDS = {
  source: '7',
  status: '6',
  assigned: '3',
  title: 'New Lead from Website',
  tags: 'lead',
} as const;

/** Path of the CRM's lead endpoint, and of this site's own lead endpoint (worker/intake.ts), which stands in for it. */
export const LEAD_PATH = '/api/leads';

const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface CrmSettings {
  host: string;
  token: string;
}

/**
 * Where the home popup sends a lead. `relay`: this site's `/api/leads` function, which adds the token; nothing about the
 * CRM reaches the browser. `direct`: the CRM itself, with the token written into the page.
 */
export type LeadTarget = { mode: 'relay' } | ({ mode: 'direct' } & CrmSettings);

export interface LeadRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** The CRM request for a lead: the exact fields, fixed values and headers the CRM's lead API takes. */
export function buildLeadRequest(lead: Lead, crm: CrmSettings): LeadRequest {
  const body = new URLSearchParams({
    name: lead.name,
    source: CRM_LEAD_FIELDS.source,
    status: CRM_LEAD_FIELDS.status,
    assigned: CRM_LEAD_FIELDS.assigned,
    contact: lead.name,
    phonenumber: lead.mobile,
    email: '',
    title: CRM_LEAD_FIELDS.title,
    tags: CRM_LEAD_FIELDS.tags,
  });
  return {
    url: `${crm.host.trim().replace(/\/+$/, '')}${LEAD_PATH}`,
    method: 'POST',
    headers: {
      authtoken: crm.token,
      'Content-Type': FORM_TYPE,
      Accept: 'application/json',
    },
    body: body.toString(),
  };
}

/**
 * The request a form sends to this site's `/api/leads`: name, phonenumber, the (empty) honeypot and the form's name,
 * with no token. The home popup sends it in relay mode; the email forms send it when the email service fails.
 */
export function buildRelayRequest(lead: Lead, form: LeadFormName): LeadRequest {
  return {
    url: LEAD_PATH,
    method: 'POST',
    headers: { 'Content-Type': FORM_TYPE, Accept: 'application/json' },
    body: encodeLeadPost(lead, form),
  };
}

/** The request the home popup sends: to this site's `/api/leads` in relay mode; in direct mode the CRM request itself. */
export function buildPopupRequest(lead: Lead, target: LeadTarget): LeadRequest {
  if (target.mode === 'direct') return buildLeadRequest(lead, target);
  return buildRelayRequest(lead, 'popup');
}
