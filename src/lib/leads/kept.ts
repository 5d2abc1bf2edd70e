/**
 * A lead kept in the browser until the site has it: the rules of the outbox every page runs (src/browser/lead-outbox.ts).
 * A lead sent to this site's lead route is written to the browser's local storage before its first try and deleted
 * once the site answers 202; when a try fails it waits there and is sent again, with the same key, on the same page
 * (backoff, or at once when the network comes back) and on the next page view of the site, until KEPT_LEAD_DAYS have
 * passed. What storage gives back is untrusted: each entry goes through the checks of a fresh lead (./rules.ts), and
 * one that fails them is deleted unsent.
 */
import { isLeadForm, isLeadKey, normaliseLead, validateLead, type Lead, type LeadFormName } from './rules';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales';

const DAY_MS = 86_400_000;

/**
 * A lead never accepted is deleted after this many days (the privacy policy says so). A week: Safari deletes what a
 * site's script stored after seven days without a visit, so a longer promise could not be kept on an iPhone; a visitor
 * who has not been back for a week has moved on, and a call about a stale request helps nobody; and it is well inside
 * the 30 days the Worker keeps a delivered lead, and with it its key, so a late try is still recognised as a repeat.
 */
export const KEPT_LEAD_DAYS = 7;

/**
 * At most this many leads wait in one browser; a new one beyond it pushes out the oldest. Twice a client's allowance
 * of the rate limit: a real visitor keeps one or two, and this bounds what a tampered storage can make every page
 * view send.
 */
export const MAX_KEPT_LEADS = 20;

/** A stored value longer than this is not read at all (what MAX_KEPT_LEADS leads could ever take is under 10 KB). */
export const MAX_KEPT_CHARS = 64 * 1024;

/**
 * A try that has had no answer after this long counts as failed, and the lead waits for its next try. The intake
 * answers once the lead is stored: 0.4 s at the median and 3.3 s at worst under the lead benchmark's load, and a slow
 * phone's connection adds a second or two. Ten seconds is three times the slowest answer measured, and about as long
 * as a visitor watches a button say "Submitting..."; an answer that would have come later loses nothing, since the
 * next try carries the same key and is answered as a repeat.
 */
export const SEND_TIMEOUT_MS = 10_000;

/** The first wait before a failed lead is tried again on the same page; each next wait is twice as long... */
export const RESEND_BASE_MS = 5_000;
/** ...up to this. */
export const RESEND_MAX_MS = 5 * 60_000;

/**
 * A lead as the browser keeps it: its key, the form it came from, the language of the page it was sent from, its
 * cleaned fields, and when it was submitted.
 */
export interface KeptLead extends Lead {
  id: string;
  form: LeadFormName;
  lang: Locale;
  /** Milliseconds since the epoch. */
  at: number;
}

/** What a try's answer means for a kept lead: the site has it, it waits for the next try, or it is refused for good. */
export type KeptVerdict = 'accepted' | 'kept' | 'refused';

/**
 * The verdict of a try by its answer's status (null: no answer, no network, or no answer within SEND_TIMEOUT_MS).
 * 2xx: the site has it. No answer, 408, 425, 429 (the rate limit: its Retry-After says when) and 5xx: the site could
 * not take it now, and it is tried again. Any other status (400: a field the rules refuse, 403, 413, 415...) is the
 * same answer however often it is sent: the lead is dropped.
 */
export function keptVerdict(status: number | null): KeptVerdict {
  if (status === null || status === 408 || status === 425 || status === 429 || status >= 500) return 'kept';
  return status >= 200 && status < 300 ? 'accepted' : 'refused';
}

/**
 * The wait before the next try after `failures` failed tries in a row (1 for the first): RESEND_BASE_MS doubled each
 * time up to RESEND_MAX_MS, drawn between half of it and all of it (`random` in [0, 1)) so that browsers that failed
 * together do not come back together; never less than the answer's Retry-After, in seconds (at most RESEND_MAX_MS
 * more than the wait).
 */
export function resendDelayMs(failures: number, random: number, retryAfterS: number | null = null): number {
  const backoff = Math.min(RESEND_MAX_MS, RESEND_BASE_MS * 2 ** Math.max(0, failures - 1));
  const wait = Math.round(backoff / 2 + (backoff / 2) * random);
  const asked = retryAfterS !== null && Number.isFinite(retryAfterS) && retryAfterS > 0 ? retryAfterS * 1000 : 0;
  return Math.max(wait, Math.min(asked, wait + RESEND_MAX_MS));
}

/**
 * One stored entry as a kept lead, judged as a fresh lead is, or null when it is not one or has waited too long. An
 * entry without a language was kept before the site had languages, on an English page.
 */
function keptLead(entry: unknown, now: number): KeptLead | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { id, form, name, mobile, at, lang = DEFAULT_LOCALE } = entry as Record<string, unknown>;
  if (!isLeadKey(id) || typeof form !== 'string' || !isLeadForm(form) || !isLocale(lang)) return null;
  if (typeof name !== 'string' || typeof mobile !== 'string' || typeof at !== 'number') return null;
  if (!Number.isFinite(at) || at > now + DAY_MS || now - at > KEPT_LEAD_DAYS * DAY_MS) return null;
  const lead = normaliseLead({ name, mobile });
  if (Object.keys(validateLead(lead)).length > 0) return null;
  return { id, form, lang, ...lead, at };
}

/**
 * The kept leads in a stored value (null: none stored): every entry that passes the checks of a fresh lead, has a
 * key, a form and a language of the site and a time within KEPT_LEAD_DAYS, once per key, the newest MAX_KEPT_LEADS; `changed` when
 * anything was dropped, so that the caller writes the list back without it.
 */
export function readKeptLeads(raw: string | null, now: number): { leads: KeptLead[]; changed: boolean } {
  if (raw === null) return { leads: [], changed: false };
  let entries: unknown;
  try {
    entries = raw.length > MAX_KEPT_CHARS ? null : JSON.parse(raw);
  } catch {
    entries = null;
  }
  if (!Array.isArray(entries)) return { leads: [], changed: true };
  const leads: KeptLead[] = [];
  for (const entry of entries) {
    const lead = keptLead(entry, now);
    if (lead && !leads.some((kept) => kept.id === lead.id)) leads.push(lead);
  }
  const newest = leads.sort((a, b) => a.at - b.at).slice(-MAX_KEPT_LEADS);
  return { leads: newest, changed: newest.length !== entries.length };
}
