/**
 * The lead table (migrations/0001_leads.sql, 0005_lead_experiments.sql, 0006_lead_page.sql, 0009_lead_key.sql,
 * 0010_lead_lang.sql): its states and every
 * statement that touches it, for the Worker (store.ts, ../owner/store.ts) and the owner's command (scripts/leads.mjs).
 * JavaScript with JSDoc types, so that Node runs it as it is and TypeScript checks both sides against it. Times are
 * milliseconds since the epoch.
 */

/** Where a lead stands, in the order the report lists them: waiting for (another) try, delivered, or given up on. */
export const LEAD_STATES = /** @type {const} */ (['pending', 'sent', 'dead']);

/** @typedef {(typeof LEAD_STATES)[number]} LeadState */

/** The Worker's statements, with D1's numbered parameters (`?1` ...) as each one's comment lists them. */
export const WORKER_SQL = {
  /**
   * ?1 id, ?2 name, ?3 mobile, ?4 form, ?5 now, ?6 the sender's experiment variants (JSON `{"<id>":"<variant>"}`) or
   * null, ?7 the path of the page it was sent from or null, ?8 the browser's key of the lead or null, ?9 the language
   * of its page (a locale of the site): a new pending lead, due at once; nothing when a lead with that key is stored
   * already (no row changed).
   */
  insert: `INSERT INTO leads (id, name, mobile, form, state, attempts, created_at, updated_at, next_attempt_at,
           experiments, page, lead_key, lang) VALUES (?1, ?2, ?3, ?4, 'pending', 0, ?5, ?5, ?5, ?6, ?7, ?8, ?9)
           ON CONFLICT (lead_key) DO NOTHING`,
  /** ?1 the browser's key of a lead: the id of the lead stored under it, or no row. */
  byKey: `SELECT id FROM leads WHERE lead_key = ?1`,
  /**
   * ?1 id, ?2 held until, ?3 now, ?4 due by: counts a try and holds the lead, only when it is pending, held by no one
   * and due; returns the lead, or no row.
   */
  claim: `UPDATE leads SET attempts = attempts + 1, claimed_until = ?2, updated_at = ?3
           WHERE id = ?1 AND state = 'pending' AND claimed_until <= ?3 AND next_attempt_at <= ?4
           RETURNING id, name, mobile, form, attempts`,
  /** ?1 id, ?2 now, ?3 the CRM's status: delivered and released. */
  markSent: `UPDATE leads SET state = 'sent', sent_at = ?2, updated_at = ?2, claimed_until = 0, last_status = ?3,
           last_error = NULL WHERE id = ?1 AND state = 'pending'`,
  /** ?1 id, ?2 state (pending or dead), ?3 next try due, ?4 now, ?5 the CRM's status or null, ?6 error: released. */
  markFailed: `UPDATE leads SET state = ?2, next_attempt_at = ?3, updated_at = ?4, claimed_until = 0, last_status = ?5,
           last_error = ?6 WHERE id = ?1 AND state = 'pending'`,
  /** ?1 untouched since, ?2 now, ?3 limit: stale pending leads no one holds, made due now; returns their ids. */
  takeStale: `UPDATE leads SET next_attempt_at = ?2, updated_at = ?2
           WHERE id IN (SELECT id FROM leads WHERE state = 'pending' AND claimed_until <= ?2 AND updated_at <= ?1
                        ORDER BY created_at LIMIT ?3)
           RETURNING id`,
  /** ?1 sent on or before: deletes delivered leads. */
  purgeSent: `DELETE FROM leads WHERE state = 'sent' AND sent_at <= ?1`,
  /** ?1 last tried on or before: deletes dead leads. */
  purgeDead: `DELETE FROM leads WHERE state = 'dead' AND updated_at <= ?1`,
};

/**
 * The report of `npm run leads`, one statement per part, no parameters (wrangler d1 execute takes plain SQL). Only
 * `contacts` selects name and mobile.
 */
export const REPORT_SQL = {
  counts: 'SELECT state, COUNT(*) AS count FROM leads GROUP BY state',
  oldestPending: "SELECT MIN(created_at) AS oldest_created_at FROM leads WHERE state = 'pending'",
  lastErrors:
    'SELECT id, state, last_status, last_error, updated_at FROM leads ' +
    "WHERE state IN ('pending', 'dead') AND last_error IS NOT NULL ORDER BY updated_at DESC LIMIT 1",
  contacts:
    'SELECT id, state, form, attempts, created_at, name, mobile, last_status, last_error FROM leads ' +
    "WHERE state IN ('pending', 'dead') ORDER BY created_at, id",
};

/**
 * `npm run leads -- --retry-dead`: dead-lettered leads become pending again, tries counted from zero and untouched
 * since long ago, so that the next sweep queues them; the second statement counts them.
 */
export const RETRY_DEAD_SQL = [
  "UPDATE leads SET state = 'pending', attempts = 0, next_attempt_at = 0, updated_at = 0, claimed_until = 0 " +
    "WHERE state = 'dead'",
  'SELECT changes() AS count',
];

/**
 * The owner's API (worker/owner/store.ts). Only `contacts` selects name and mobile. The delivery health reuses
 * REPORT_SQL.oldestPending and REPORT_SQL.lastErrors, the retry RETRY_DEAD_SQL and then WORKER_SQL.takeStale.
 */
export const OWNER_SQL = {
  /** ?1 stored on or after, ?2 limit: the newest leads of the span, without contacts. */
  leads: `SELECT id, created_at, state, form, page, lang, attempts, sent_at FROM leads WHERE created_at >= ?1
           ORDER BY created_at DESC, id DESC LIMIT ?2`,
  /** ?1 limit: the dead-lettered leads, last tried first, without contacts. */
  dead: `SELECT id, created_at, state, form, page, lang, attempts, sent_at, last_status, last_error, updated_at
           FROM leads WHERE state = 'dead' ORDER BY updated_at DESC, id LIMIT ?1`,
  /** ?1 stored on or after, ?2 stored before, ?3 limit: names and mobile numbers of the span, oldest first. */
  contacts: `SELECT id, created_at, name, mobile FROM leads WHERE created_at >= ?1 AND created_at < ?2
           ORDER BY created_at, id LIMIT ?3`,
};
