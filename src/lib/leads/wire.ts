/**
 * The lead on the wire, for the browser and the Worker alike: the body a form posts to this site's lead route and that
 * the Worker's intake (worker/leads/intake.ts) reads back, and the request the CRM's lead API takes, which the Worker's
 * delivery (worker/leads/delivery.ts, holding the token server-side) and the home popup in direct mode (the token written
 * into the page) both send. Inside the site a lead is `{ name, mobile }` (./rules.ts); the names each wire gives its
 * fields are written here, once per wire.
 */
import { HONEYPOT_FIELD, type Lead, type LeadFormName, type LeadInput } from './rules';
import type { Locale } from '../i18n/locales';

/** The content type of both wires: the site's lead route and the CRM both take form-url-encoded bodies. */
export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** This site's own lead route, answered by the Worker (worker/index.ts, worker/leads/intake.ts). */
export const LEAD_ROUTE = '/api/leads';

/** Path of the CRM's lead endpoint, below its host. */
export const CRM_LEAD_PATH = '/api/leads';

/**
 * The fields a form posts to this site's lead route, by lead property. The mobile number travels as `phonenumber`, the
 * name the CRM gives it, so a lead reads the same on both wires; `form` says which form sent it (the popup when absent);
 * `key` is the lead's key (isLeadKey), the same in every try of one lead; `lang` the language of the page it was sent
 * from (isLocale: English when absent, as a lead kept in a browser before the site had languages is sent).
 */
export const LEAD_POST_FIELDS = {
  name: 'name',
  mobile: 'phonenumber',
  honeypot: HONEYPOT_FIELD,
  form: 'form',
  key: 'key',
  lang: 'lang',
} as const;

/**
 * The body a form posts to the site's lead route: name, phonenumber, the honeypot (empty for a person), the form and,
 * when given, the lead's key and the language of its page.
 */
export function encodeLeadPost(
  lead: Lead,
  form: LeadFormName = 'popup',
  honeypot = '',
  key?: string,
  lang?: Locale,
): string {
  return new URLSearchParams({
    [LEAD_POST_FIELDS.name]: lead.name,
    [LEAD_POST_FIELDS.mobile]: lead.mobile,
    [LEAD_POST_FIELDS.honeypot]: honeypot,
    [LEAD_POST_FIELDS.form]: form,
    ...(key === undefined ? {} : { [LEAD_POST_FIELDS.key]: key }),
    ...(lang === undefined ? {} : { [LEAD_POST_FIELDS.lang]: lang }),
  }).toString();
}

/**
 * The lead a post to the site's lead route carries, as posted (not yet trimmed); a missing field reads as empty, a
 * missing key or language as null.
 */
export function decodeLeadPost(
  body: URLSearchParams,
): LeadInput & { form: string; key: string | null; lang: string | null } {
  return {
    name: body.get(LEAD_POST_FIELDS.name) ?? '',
    mobile: body.get(LEAD_POST_FIELDS.mobile) ?? '',
    honeypot: body.get(LEAD_POST_FIELDS.honeypot) ?? '',
    form: body.get(LEAD_POST_FIELDS.form) ?? 'popup',
    key: body.get(LEAD_POST_FIELDS.key),
    lang: body.get(LEAD_POST_FIELDS.lang),
  };
}

/** Product rule: the fixed field values of every website lead in the CRM. */
export const CRM_LEAD_FIELDS = {
  source: '7',
  status: '6',
  assigned: '3',
  title: 'New Lead from Website',
  tags: 'lead',
} as const;

/**
 * The CRM's lead fields for a lead, in the order its API takes them: the name twice (name, contact), no email. Exactly
 * the spec's nine: the page's language is not among them (the CRM's handling of any other field is not known, and the
 * title and tags are fixed values), so the lead table and the owner's page keep it instead.
 */
function crmLeadBody(lead: Lead): URLSearchParams {
  return new URLSearchParams([
    ['name', lead.name],
    ['source', CRM_LEAD_FIELDS.source],
    ['status', CRM_LEAD_FIELDS.status],
    ['assigned', CRM_LEAD_FIELDS.assigned],
    ['contact', lead.name],
    ['phonenumber', lead.mobile],
    ['email', ''],
    ['title', CRM_LEAD_FIELDS.title],
    ['tags', CRM_LEAD_FIELDS.tags],
  ]);
}

export interface CrmSettings {
  host: string;
  token: string;
}

/**
 * Where the home popup sends a lead. `relay`: this site's lead route, whose Worker adds the token; nothing about the
 * CRM reaches the browser. `direct`: the CRM itself, with the token written into the page.
 */
export type LeadTarget = { mode: 'relay' } | ({ mode: 'direct' } & CrmSettings);

export interface LeadRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** The CRM request for a lead: POST {host}/api/leads with the auth token, the form content type and Accept JSON. */
export function buildCrmRequest(lead: Lead, crm: CrmSettings): LeadRequest {
  return {
    url: `${crm.host.trim().replace(/\/+$/, '')}${CRM_LEAD_PATH}`,
    method: 'POST',
    headers: {
      authtoken: crm.token,
      'Content-Type': FORM_TYPE,
      Accept: 'application/json',
    },
    body: crmLeadBody(lead).toString(),
  };
}

/**
 * The request a form sends to this site's lead route: name, phonenumber, the (empty) honeypot, the form's name, the
 * lead's key and the language of the page it was sent from, with no token. The home popup sends it in relay mode; the
 * email forms send it when the email service fails.
 */
export function buildRelayRequest(lead: Lead, form: LeadFormName, key: string, lang: Locale): LeadRequest {
  return {
    url: LEAD_ROUTE,
    method: 'POST',
    headers: { 'Content-Type': FORM_TYPE, Accept: 'application/json' },
    body: encodeLeadPost(lead, form, '', key, lang),
  };
}
