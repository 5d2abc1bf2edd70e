/**
 * The publish records (migrations/0003_publishes.sql): every statement that touches them, for the Worker (./store.ts,
 * read) and the deploy workflow's command (scripts/publish-record.mjs, write). JavaScript with JSDoc types, so that
 * Node runs it as it is and TypeScript checks both sides against it. Times are milliseconds since the epoch.
 */

/** A publish ends live (deployed) or failed (the build or the tests refused it; the last good version stays). */
export const PUBLISH_STATES = /** @type {const} */ (['live', 'failed']);

/** @typedef {(typeof PUBLISH_STATES)[number]} PublishState */

/** Rows kept: the newest ones; older rows go with each new record. */
export const KEEP_RECORDS = 50;

/** The longest text kept of a file, field or message: a build's message can be of any length. */
export const MAX_TEXT = 300;

/**
 * A record as the workflow writes it.
 * @typedef {{ commit: string, committedAt: number, finishedAt: number, status: PublishState,
 *   file: string | null, field: string | null, message: string | null }} PublishRecord
 */

/**
 * A row as the Worker reads it.
 * @typedef {{ commit_sha: string, committed_at: number, finished_at: number, status: string,
 *   file: string | null, field: string | null, message: string | null }} PublishRow
 */

/** The Worker's statement, with D1's numbered parameters. */
export const WORKER_SQL = {
  /** ?1 limit: the newest records, the latest change first (a re-run of one commit: its latest result first). */
  latest: `SELECT commit_sha, committed_at, finished_at, status, file, field, message FROM publishes
           ORDER BY committed_at DESC, finished_at DESC, id DESC LIMIT ?1`,
};

/**
 * Text as an SQL literal that no content can break out of: its UTF-8 bytes as a hex blob, read back as text. `wrangler
 * d1 execute` takes plain SQL without parameters, and a build's message is text anyone who can commit wrote: quotes,
 * semicolons and comments are only bytes here. Control characters (line breaks, escapes, NUL) become spaces, and the
 * text is cut to MAX_TEXT characters; null stays NULL.
 * @param {string | null} value
 */
export function sqlText(value) {
  if (value === null) return 'NULL';
  const clean = [...value.replace(/\p{Cc}/gu, ' ')].slice(0, MAX_TEXT).join('');
  const hex = [...new TextEncoder().encode(clean)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `CAST(X'${hex}' AS TEXT)`;
}

/**
 * A whole number as an SQL literal; anything else throws.
 * @param {number} value
 */
export function sqlInteger(value) {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number: ${value}`);
  return String(value);
}

/**
 * The statements that store one record and drop the rows past the newest KEEP_RECORDS: plain SQL for
 * `wrangler d1 execute --command`.
 * @param {PublishRecord} record
 * @returns {string[]}
 */
export function recordStatements(record) {
  if (!/^[0-9a-f]{7,40}$/i.test(record.commit)) throw new Error(`Not a commit id: ${JSON.stringify(record.commit)}`);
  if (!PUBLISH_STATES.includes(record.status)) throw new Error(`Not a publish state: ${record.status}`);
  const values = [
    sqlText(record.commit.toLowerCase()),
    sqlInteger(record.committedAt),
    sqlInteger(record.finishedAt),
    sqlText(record.status),
    sqlText(record.file),
    sqlText(record.field),
    sqlText(record.message),
  ];
  return [
    `INSERT INTO publishes (commit_sha, committed_at, finished_at, status, file, field, message) VALUES (${values.join(', ')})`,
    `DELETE FROM publishes WHERE id NOT IN (SELECT id FROM publishes ORDER BY id DESC LIMIT ${KEEP_RECORDS})`,
  ];
}
