/** The home page lead as the CRM receives it (spec section 7): POST {host}/api/leads, form-url-encoded. */
import type { Lead } from './lead';

/** Fixed field values of every website lead. */
export const CRM_LEAD_FIELDS = {
  source: '7',
  status: '6',
  assigned: '3',
  title: 'New Lead from Website',
  tags: 'lead',
} as const;

export interface CrmSettings {
  host: string;
  token: string;
}

export interface CrmRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

export function buildLeadRequest(lead: Lead, crm: CrmSettings): CrmRequest {
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
    url: `${crm.host.replace(/\/$/, '')}/api/leads`,
    method: 'POST',
    headers: {
      authtoken: crm.token,
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: body.toString(),
  };
}
