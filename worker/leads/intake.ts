/**
 * POST /api/leads: where every lead enters the outbox. The home popup posts here in relay mode, and the email forms
 * post here when the email service fails. The body is read as src/lib/leads/wire.ts writes it and judged with the
 * browser's own rules (src/lib/leads/rules.ts) after the same cleaning, the client's allowance is taken (an IPv4 address or
 * an IPv6 /64), and the cleaned lead is written to the lead table before the answer: `202` with its id means it is
 * stored. Delivery to the CRM happens after the answer (./delivery.ts), so the visitor never waits for the CRM.
 * A lead carries the key its browser gave it (isLeadKey), the same in every try: a try of a lead already stored under
 * its key is a repeat, answered as the first was (`202` with the stored lead's id) and stored, counted, queued and
 * charged to the client's allowance no more (tries racing each other from one client spend one slot: the rate
 * limiter knows the keys of the leads it accepted). Its fields are not compared with the stored lead's: a key is random and
 * names one lead, so a key sent again with other fields harms only its sender, and a retry whose cleaning changed
 * across a deploy must not be refused.
 * The lead also carries its sender's experiment variants, and counts as a conversion in each of those experiments
 * (once per mobile number and experiment); that count never holds up or refuses the lead. It keeps the path of the
 * page it was sent from when its Referer is on the site's own origin (pageFromReferer), and the language of that page
 * as the form posts it (`lang`: a locale of the site, anything else refused with the field named; English when
 * absent, so that a lead a browser kept from before the site had languages is still taken).
 *
 * The platform (the table, the queue, the rate limiter) comes in as plain functions, so unit tests drive every branch
 * with fakes.
 */
import { isBot, isLeadForm, isLeadKey, normaliseLead, validateLead } from '../../src/lib/leads/rules';
import type { Lead, LeadFormName, LeadProblem } from '../../src/lib/leads/rules';
import { decodeLeadPost, FORM_TYPE, LEAD_POST_FIELDS } from '../../src/lib/leads/wire';
import { isExperimentName } from '../../src/lib/experiments/wire';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../src/lib/i18n/locales';
import { MAX_PAIRS, utcDay } from '../experiments/edge';
import { readLimited } from '../request-body';
import { rateLimitKey } from './outbox';
import type { LeadLog } from './log';
import type { RateDecision } from './rate-limiter';
import type { Conversion, ConversionStore, LeadStore } from './store';

/** Bodies larger than this are refused unread (413); a lead form is well under 1 KB. */
export const MAX_BODY_BYTES = 4 * 1024;
/** A page path longer than this is not stored (no page of the site comes near it). */
export const MAX_PAGE_PATH = 200;

/**
 * The path of the page a lead was sent from: the Referer's path when it is on the request's own origin, without its
 * query or fragment (they could carry anything), at most MAX_PAGE_PATH characters; else null.
 */
export function pageFromReferer(referer: string | null, requestUrl: string): string | null {
  if (!referer) return null;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return null;
  }
  if (from.origin !== new URL(requestUrl).origin) return null;
  const path = from.pathname;
  return path.startsWith('/') && path.length <= MAX_PAGE_PATH ? path : null;
}

export interface IntakeDeps {
  store: Pick<LeadStore, 'insert' | 'idOfKey'>;
  /**
   * The sender's variant of each running experiment (`{ "home-hero": "b" }`, from the assignment cookie), empty under
   * Global Privacy Control or Do Not Track. A failure stores the lead without any.
   */
  assignments: (request: Request) => Promise<Record<string, string>>;
  /** Counts the lead's conversions once it is stored; a failure is logged, the lead is accepted all the same. */
  conversions: Pick<ConversionStore, 'add'>;
  /**
   * Takes one of the client's accepted leads (`client`: rateLimitKey), or says how long it must wait; none when a try
   * of the same lead (`leadKey`) took one already.
   */
  takeRateSlot: (client: string, leadKey: string | null) => Promise<RateDecision>;
  /** Asks for delivery of a stored lead (a queue message). A failure here loses nothing: the sweep finds the lead. */
  enqueue: (id: string) => Promise<void>;
  newId: () => string;
  now: () => number;
  log: LeadLog;
}

function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

function isForm(request: Request): boolean {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0] ?? '';
  return type.trim().toLowerCase() === FORM_TYPE;
}

/** The 400 for a field posted with a value the site does not know (a form, a key, a language), naming the field. */
const invalidField = (field: string) => json(400, { error: `invalid field: ${field}`, field, problem: 'invalid' });

/** The first field that breaks the lead rules, under the name the form posts it as, with its problem. */
function firstInvalidField(lead: Lead): { field: string; problem: LeadProblem } | null {
  const errors = validateLead(lead);
  for (const key of ['name', 'mobile'] as const) {
    const problem = errors[key];
    if (problem) return { field: LEAD_POST_FIELDS[key], problem };
  }
  return null;
}

/** The sender's assignments, names only and at most MAX_PAIRS (they come from a cookie); {} when they cannot be had. */
async function senderAssignments(request: Request, deps: IntakeDeps): Promise<Record<string, string>> {
  try {
    const assignments: unknown = await deps.assignments(request);
    if (typeof assignments !== 'object' || assignments === null || Array.isArray(assignments)) return {};
    const valid = Object.entries(assignments).filter(
      ([id, variant]) => isExperimentName(id) && isExperimentName(variant),
    );
    return Object.fromEntries(valid.slice(0, MAX_PAIRS));
  } catch (error) {
    deps.log({ event: 'assignments-failed', error: String(error) });
    return {};
  }
}

/**
 * Hex SHA-256 of `<experiment>:<mobile>`: the person of a conversion (migrations/0005_lead_experiments.sql), the same
 * for a second lead from that number, different in every experiment.
 */
export async function conversionPerson(experiment: string, mobile: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${experiment}:${mobile}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Counts a stored lead's conversions; never throws (a failure is logged: the lead is stored already). */
async function recordConversions(
  id: string,
  mobile: string,
  assignments: Record<string, string>,
  at: number,
  deps: IntakeDeps,
) {
  const entries = Object.entries(assignments);
  if (entries.length === 0) return;
  try {
    const day = utcDay(at);
    const conversions: Conversion[] = await Promise.all(
      entries.map(async ([experiment, variant]) => ({
        experiment,
        variant,
        person: await conversionPerson(experiment, mobile),
        day,
      })),
    );
    await deps.conversions.add(conversions);
  } catch (error) {
    deps.log({ event: 'conversion-failed', id, error: String(error) });
  }
}

/**
 * The answer to a try of a lead already stored under `key`, as the first try got it (202 with the stored lead's id),
 * or null when none is. A failed look-up is a 503: the lead may be stored, and the browser tries again.
 */
async function repeatOf(key: string, deps: IntakeDeps): Promise<Response | null> {
  let id: string | null;
  try {
    id = await deps.store.idOfKey(key);
  } catch (error) {
    deps.log({ event: 'store-failed', error: String(error) });
    return json(503, { error: 'lead could not be stored' }, { 'Retry-After': '60' });
  }
  if (id === null) return null;
  deps.log({ event: 'repeat', id });
  return json(202, { ok: true, id });
}

/** Answers one request to /api/leads. Every refusal is a short JSON `{ "error": ... }`, and stores nothing. */
export async function handleLeadIntake(request: Request, deps: IntakeDeps): Promise<Response> {
  const { log } = deps;
  try {
    if (request.method !== 'POST') return json(405, { error: 'method not allowed: use POST' }, { Allow: 'POST' });
    if (request.headers.get('Origin') !== new URL(request.url).origin) {
      return json(403, { error: 'origin not allowed' });
    }
    if (!isForm(request)) return json(415, { error: `content type must be ${FORM_TYPE}` });
    const text = await readLimited(request, MAX_BODY_BYTES);
    if (text === null) return json(413, { error: `body larger than ${MAX_BODY_BYTES} bytes` });

    const input = decodeLeadPost(new URLSearchParams(text));
    // A bot that filled the honeypot gets the answer a person gets, and nothing is stored or counted.
    if (isBot(input)) return json(202, { ok: true, id: deps.newId() });
    const lead = normaliseLead(input);
    const invalid = firstInvalidField(lead);
    if (invalid) {
      const error = `${invalid.problem === 'required' ? 'missing' : 'invalid'} field: ${invalid.field}`;
      return json(400, { error, field: invalid.field, problem: invalid.problem });
    }
    if (!isLeadForm(input.form)) return invalidField(LEAD_POST_FIELDS.form);
    const form: LeadFormName = input.form;
    const key = input.key;
    if (key !== null && !isLeadKey(key)) return invalidField(LEAD_POST_FIELDS.key);
    if (input.lang !== null && !isLocale(input.lang)) return invalidField(LEAD_POST_FIELDS.lang);
    const lang: Locale = input.lang ?? DEFAULT_LOCALE;
    const repeat = key === null ? null : await repeatOf(key, deps);
    if (repeat) return repeat;

    let decision: RateDecision;
    try {
      decision = await deps.takeRateSlot(rateLimitKey(request.headers.get('CF-Connecting-IP')), key);
    } catch (error) {
      log({ event: 'rate-limit-failed', error: String(error) });
      return json(503, { error: 'rate limit unavailable' }, { 'Retry-After': '60' });
    }
    if (!decision.accepted) {
      return json(429, { error: 'too many leads from this address' }, { 'Retry-After': String(decision.retryAfterS) });
    }

    const experiments = await senderAssignments(request, deps);
    const id = deps.newId();
    const at = deps.now();
    let stored: boolean;
    try {
      const page = pageFromReferer(request.headers.get('Referer'), request.url);
      stored = await deps.store.insert(
        { id, name: lead.name, mobile: lead.mobile, form, experiments, page, key, lang },
        at,
      );
    } catch (error) {
      log({ event: 'store-failed', error: String(error) });
      return json(503, { error: 'lead could not be stored' }, { 'Retry-After': '60' });
    }
    if (!stored && key !== null) {
      // Another try of this lead was stored between the look-up above and this write: this one is its repeat.
      return (await repeatOf(key, deps)) ?? json(503, { error: 'lead could not be stored' }, { 'Retry-After': '60' });
    }
    log({ event: 'accepted', id, state: 'pending', attempt: 0 });
    await recordConversions(id, lead.mobile, experiments, at, deps);
    try {
      await deps.enqueue(id);
    } catch (error) {
      // Stored: the sweep sends it once it has waited LEAD_SWEEP_AFTER_S.
      log({ event: 'enqueue-failed', id, state: 'pending', error: String(error) });
    }
    return json(202, { ok: true, id });
  } catch (error) {
    log({ event: 'intake-failed', error: String(error) });
    return json(500, { error: 'internal error' });
  }
}
