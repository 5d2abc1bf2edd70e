/**
 * The owner's page on the wire: the routes of the owner's API (worker/owner/), what each answers, and the names of its
 * session cookie and CSRF header, for the page's browser code (src/browser/owner/) and the Worker alike.
 *
 * Every route answers JSON with `Cache-Control: no-store`. Without a valid session: 401 `{ error: 'signed-out' }`.
 * Write access is checked with GitHub at sign-in; a session lasts OWNER_SESSION_S, so a user who loses write access
 * keeps it at most that long. A POST or DELETE without the session's CSRF token in OWNER_CSRF_HEADER, or with an Origin
 * header that is not the site's: 403 `{ error: 'csrf' }`. A POST with a body must send it as `application/json`.
 */
import type { Readout } from '../experiments/stats';
import type { Locale } from '../i18n/locales';

/** The owner's page, built with the site: noindex, in no sitemap, linked from no public page. */
export const OWNER_PAGE = '/owner/';

/** Every route of the owner's API is below this prefix, and so is the session cookie's path. */
export const OWNER_API_PREFIX = '/api/owner';

export const OWNER_ROUTES = {
  /**
   * GET: the session (OwnerSession) or 401. POST `{ token }` (a GitHub token from the CMS sign-in, /api/cms-auth):
   * GitHub is asked who the user is and whether they may write to the site's repository; 200 OwnerSession with the
   * session cookie, 401 for a token GitHub refuses, 403 `no-write-access` for a user who may only read. DELETE (CSRF):
   * signs out, 204, the cookie cleared; from then on every route answers that session 401, a copy of its cookie too.
   */
  session: `${OWNER_API_PREFIX}/session`,
  /**
   * GET `?since=<ms>`: the leads stored since then (at most OWNER_LEADS_MAX_DAYS back; OWNER_DAYS when left out),
   * without contacts: OwnerLeads.
   */
  leads: `${OWNER_API_PREFIX}/leads`,
  /** POST (CSRF): dead-lettered leads are delivered again, as `npm run leads -- --retry-dead` does: OwnerRetried. */
  retry: `${OWNER_API_PREFIX}/leads/retry`,
  /**
   * POST (CSRF) `{ from, to }` (ms; at most one day apart): the names and mobile numbers of the leads stored in
   * [from, to): OwnerContacts. The Worker logs the request (who, which span, how many) without the contacts.
   */
  contacts: `${OWNER_API_PREFIX}/leads/contacts`,
  /** GET: every defined experiment's readout and daily series: OwnerExperiments. */
  experiments: `${OWNER_API_PREFIX}/experiments`,
} as const;

/**
 * Built with the site from its CMS repository (src/config/site.ts `cms.repo`): whose collaborators with write access
 * are the site's owners. The Worker reads it through its assets; without it nobody can sign in.
 */
export const OWNER_SETTINGS_PATH = '/owner/settings.json';

export interface OwnerSettingsFile {
  /** `owner/name` on GitHub. */
  repo: string;
}

/** At most this many leads in an answer of OWNER_ROUTES.leads (and dead-lettered leads, and contacts). */
export const OWNER_MAX_LEADS = 5000;

/** The longest span of OWNER_ROUTES.contacts, in ms: one day. */
export const OWNER_CONTACTS_MAX_SPAN_MS = 24 * 60 * 60 * 1000;

/** The header a POST or DELETE carries the session's CSRF token in. */
export const OWNER_CSRF_HEADER = 'X-Owner-CSRF';

/** The session cookie: `__Secure-owner` on https, `owner` on http (local runs). HttpOnly, SameSite=Strict. */
export const OWNER_COOKIE = 'owner';
export const OWNER_COOKIE_SECURE = '__Secure-owner';

/**
 * A cookie of the owner's page, not HttpOnly, holding "1" while a session is open (set and cleared with the session):
 * the page asks for its session only then, so a signed-out visit makes no request the API refuses. Not a credential.
 */
export const OWNER_HINT_COOKIE = 'owner-signed-in';

/** How long a session lasts, in seconds: short, the owner signs in again after. */
export const OWNER_SESSION_S = 60 * 60;

/** How far back the page looks, in days. */
export const OWNER_DAYS = 30;
/** How far back OWNER_ROUTES.leads answers: a day more, so the oldest local day is whole in any time zone. */
export const OWNER_LEADS_MAX_DAYS = OWNER_DAYS + 1;

export type OwnerError =
  | 'signed-out'
  | 'no-write-access'
  | 'csrf'
  | 'bad-request'
  | 'sign-in-not-configured'
  | 'github-unreachable'
  | 'not-found'
  | 'method-not-allowed'
  | 'unsupported-media-type'
  | 'unavailable'
  | 'not-implemented';

export interface OwnerErrorBody {
  error: OwnerError;
  /** The same in words an owner reads, ready to show. */
  message: string;
  /** For no-write-access: the GitHub user and the repository they lack write access to. */
  login?: string;
  repo?: string;
  /** For no-write-access: GitHub's sign-out page (github.com's, or a GitHub Enterprise server's). */
  signOutUrl?: string;
}

export interface OwnerSession {
  /** The GitHub user signed in. */
  login: string;
  /** The repository whose write access makes an owner. */
  repo: string;
  /** Sent back in OWNER_CSRF_HEADER with every POST and DELETE. */
  csrf: string;
  /** ms since the epoch. */
  expiresAt: number;
}

export type OwnerLeadState = 'pending' | 'sent' | 'dead';

/** A stored lead without its contacts. Times are ms since the epoch. */
export interface OwnerLead {
  id: string;
  createdAt: number;
  state: OwnerLeadState;
  /** popup, contact (the contact modal), inline... as the form posted it. */
  form: string;
  /** The path of the page it was sent from (its Referer, same origin only), or null when unknown. */
  page: string | null;
  /** The language of that page. */
  lang: Locale;
  attempts: number;
  sentAt: number | null;
}

export interface OwnerDeadLead extends OwnerLead {
  /** The CRM's last HTTP status, or null when it was not reached. */
  lastStatus: number | null;
  lastError: string | null;
  /** When it was last tried. */
  updatedAt: number;
}

export interface OwnerLeads {
  /** The answer's time and the start of its span, ms since the epoch. */
  now: number;
  since: number;
  /** Oldest first. */
  leads: OwnerLead[];
  /** True when more leads were stored in the span than the answer holds (the oldest are left out). */
  truncated: boolean;
  delivery: {
    /** When the oldest lead still waiting for delivery was stored, or null when none waits. */
    oldestPendingAt: number | null;
    /** The newest failure the CRM gave, of a lead still pending or dead-lettered. */
    lastError: { at: number; status: number | null; message: string } | null;
    /** Every dead-lettered lead, newest first (at most OWNER_MAX_LEADS). */
    dead: OwnerDeadLead[];
  };
}

export interface OwnerRetried {
  /** How many dead-lettered leads were queued for delivery again. */
  requeued: number;
}

export interface OwnerContacts {
  /** Oldest first. */
  contacts: { id: string; createdAt: number; name: string; mobile: string }[];
  /** True when the span holds more than OWNER_MAX_LEADS leads (the newest are left out). */
  truncated: boolean;
}

/** One UTC day of an experiment, counts cumulative from its first day, per variant in the readout's order. */
export interface OwnerExperimentDay {
  /** `YYYY-MM-DD`, UTC: exposures are counted per UTC day. */
  day: string;
  variants: {
    name: string;
    visitors: number;
    conversions: number;
    /** conversions / visitors (0 without visitors), with its anytime-valid 95% interval. */
    rate: number;
    low: number;
    high: number;
  }[];
}

export interface OwnerExperiment {
  id: string;
  status: string;
  page: string;
  goal: string;
  hypothesis: string;
  /** Why there is no readout (no visitors yet), or null. */
  message: string | null;
  /** Exactly what `npm run experiments` prints, from the same module; null without visitors. */
  readout: Readout | null;
  notes: string[];
  series: OwnerExperimentDay[];
}

export interface OwnerExperiments {
  now: number;
  experiments: OwnerExperiment[];
}
