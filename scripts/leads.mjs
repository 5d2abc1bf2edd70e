#!/usr/bin/env node
// The owner's view of the lead outbox (the D1 table of migrations/0001_leads.sql): how many leads wait, were sent or
// were given up on (dead-lettered), how long the oldest waiting one has waited, and the last delivery error. It reads
// the local state that `npm start` keeps in .wrangler/state, or the deployed database with --remote.
//
//   node scripts/leads.mjs [--persist-to DIR | --remote] [--json] [--show-contacts] [--retry-dead]
//
// --retry-dead makes every dead-lettered lead pending again, with its tries counted from zero, once the CRM is fixed:
// the next sweep (within 5 minutes) queues them.
//
// Names and mobile numbers are not read at all unless --show-contacts asks for the list of waiting and dead leads.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEAD_STATES, REPORT_SQL, RETRY_DEAD_SQL } from '../worker/leads/table.mjs';
import {
  BINDING,
  DEFAULT_PERSIST_DIR,
  execute,
  WranglerError,
  isMissingTableOf,
  parseCommandLine,
  ROOT,
  run,
  sourceOf,
  TARGET_USAGE,
} from './d1.mjs';

export { DEFAULT_PERSIST_DIR, execute, WranglerError } from './d1.mjs';

/** How the text report names each state. */
const STATE_LABELS = { pending: 'Pending', sent: 'Sent', dead: 'Dead-lettered' };
/** The width of the label column of the text report. */
const LABEL_WIDTH = 17;

export const USAGE = `Usage: npm run leads -- [options]   (or: node scripts/leads.mjs [options])

Shows the lead outbox: leads pending, sent and dead-lettered, the age of the oldest pending lead and the last
delivery error. No name or mobile number is read unless --show-contacts is given.

Options:
${TARGET_USAGE}
  --show-contacts    also list every pending and dead lead: id, state, form, attempts, created time, name,
                     mobile and last error (personal data: do not paste it anywhere public)
  --retry-dead       make every dead-lettered lead pending again (tries counted from zero), once the CRM
                     works: the next sweep, within 5 minutes, sends them; then shows the report
  -h, --help         show this help`;

/**
 * @typedef {import('../worker/leads/table.mjs').LeadState} LeadState
 * @typedef {{ state: string, count: number }} StateCountRow
 * @typedef {{ oldest_created_at: number | null }} OldestPendingRow
 * @typedef {{ id: string, state: string, last_status: number | null, last_error: string, updated_at: number }}
 *   LastErrorRow
 * @typedef {{ id: string, state: string, form: string, attempts: number, created_at: number, name: string,
 *   mobile: string, last_status: number | null, last_error: string | null }} ContactRow
 * @typedef {{ counts: StateCountRow[], oldestPending: OldestPendingRow[], lastErrors: LastErrorRow[],
 *   contacts?: ContactRow[] }} ReportRows
 *   The rows of each query of {@link reportQueries}, by name.
 * @typedef {{ id: string, state: string, status: number | null, error: string, at: string, ageS: number }} LastError
 *   `at` is when the lead was last updated: the failure, unless a new delivery try has claimed the lead since.
 * @typedef {{ id: string, state: string, form: string, attempts: number, createdAt: string, name: string,
 *   mobile: string, lastStatus: number | null, lastError: string | null }} ContactLead
 * @typedef {{ source: string, generatedAt: string, counts: Record<LeadState, number>,
 *   oldestPendingAgeS: number | null, lastError: LastError | null, message?: string, leads?: ContactLead[] }} Report
 *   `message` is set when there is no lead table to read; `leads` only when contacts were asked for.
 */

/**
 * The SQL of the report (the lead table's queries), one statement per part, by name: contacts, the only one that
 * selects name and mobile, only when asked for.
 * @param {{ showContacts?: boolean }} [options]
 * @returns {Record<string, string>} by the names of {@link ReportRows}
 */
export function reportQueries({ showContacts = false } = {}) {
  const { contacts, ...queries } = REPORT_SQL;
  return showContacts ? { ...queries, contacts } : queries;
}

/**
 * Whole seconds from `then` to `now` (both in ms), never negative.
 * @param {number} then
 * @param {number} now
 */
const secondsSince = (then, now) => Math.max(0, Math.floor((now - then) / 1000));

/**
 * Whether a state read from the table is one of LEAD_STATES.
 * @param {string} state
 * @returns {state is LeadState}
 */
const isLeadState = (state) => /** @type {readonly string[]} */ (LEAD_STATES).includes(state);

/**
 * Turns the rows of {@link reportQueries} into the report. States with no lead count 0; the last error is the most
 * recently updated of the rows given; `leads` is present only when the rows hold contacts.
 * @param {ReportRows} rows
 * @param {{ now: number, source: string }} context now: ms since the epoch; source: what was read
 * @returns {Report}
 */
export function buildReport(rows, { now, source }) {
  /** @type {Record<LeadState, number>} */
  const counts = { pending: 0, sent: 0, dead: 0 };
  for (const row of rows.counts) {
    if (isLeadState(row.state)) counts[row.state] += Number(row.count) || 0;
  }

  const oldest = rows.oldestPending[0]?.oldest_created_at;
  const oldestPendingAgeS = typeof oldest === 'number' ? secondsSince(oldest, now) : null;

  let latest = null;
  for (const row of rows.lastErrors) {
    if (row.last_error == null) continue;
    if (!latest || row.updated_at > latest.updated_at) latest = row;
  }
  const lastError = latest && {
    id: latest.id,
    state: latest.state,
    status: latest.last_status ?? null,
    error: latest.last_error,
    at: new Date(latest.updated_at).toISOString(),
    ageS: secondsSince(latest.updated_at, now),
  };

  /** @type {Report} */
  const report = { source, generatedAt: new Date(now).toISOString(), counts, oldestPendingAgeS, lastError };
  if (rows.contacts) {
    report.leads = rows.contacts.map((row) => ({
      id: row.id,
      state: row.state,
      form: row.form,
      attempts: row.attempts,
      createdAt: new Date(row.created_at).toISOString(),
      name: row.name,
      mobile: row.mobile,
      lastStatus: row.last_status ?? null,
      lastError: row.last_error ?? null,
    }));
  }
  return report;
}

/**
 * A duration for people, in its two largest units: "45 s", "3 min 20 s", "2 h 5 min", "3 d 4 h"; "none" for null.
 * @param {number | null} seconds
 */
export function formatAge(seconds) {
  if (seconds == null) return 'none';
  const s = Math.max(0, Math.floor(seconds));
  /** @param {number} big @param {string} bigUnit @param {number} small @param {string} smallUnit */
  const two = (big, bigUnit, small, smallUnit) => `${big} ${bigUnit}${small ? ` ${small} ${smallUnit}` : ''}`;
  if (s < 60) return `${s} s`;
  if (s < 3600) return two(Math.floor(s / 60), 'min', s % 60, 's');
  if (s < 86_400) return two(Math.floor(s / 3600), 'h', Math.floor((s % 3600) / 60), 'min');
  return two(Math.floor(s / 86_400), 'd', Math.floor((s % 86_400) / 3600), 'h');
}

/**
 * Text that came from visitors or the CRM, safe to print on a terminal: control characters (escape sequences, line
 * breaks) become U+FFFD.
 * @param {unknown} value
 */
const printable = (value) => String(value ?? '').replace(/\p{Cc}/gu, '\uFFFD');

/**
 * A CRM status for people: the number, or "no answer" when the CRM was not reached.
 * @param {number | null} status
 */
const statusText = (status) => (status == null ? 'no answer' : `HTTP ${status}`);

/**
 * Lines of text: the columns padded to their widest cell.
 * @param {[string[], ...string[][]]} rows the header first
 */
function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/**
 * One line of the text report: a label, then its value.
 * @param {string} label
 * @param {string} value
 */
const line = (label, value) => `${label.padEnd(LABEL_WIDTH)}${value}`;

/**
 * The report as text for people. Names and mobile numbers appear only when the report holds `leads`.
 * @param {Report} report
 */
export function formatReport(report) {
  const lines = [`Lead outbox (${report.source})`];
  if (report.message) lines.push(report.message);
  lines.push(...LEAD_STATES.map((state) => line(STATE_LABELS[state], String(report.counts[state]))));
  lines.push(line('Oldest pending', formatAge(report.oldestPendingAgeS)));
  const error = report.lastError;
  if (error) {
    lines.push(
      line('Last error', `${statusText(error.status)}: ${printable(error.error)}`),
      line('', `lead ${printable(error.id)} (${error.state}), ${error.at}, ${formatAge(error.ageS)} ago`),
    );
  } else {
    lines.push(line('Last error', 'none'));
  }
  if (report.leads) {
    lines.push('', `Pending and dead leads: ${report.leads.length}`);
    if (report.leads.length) {
      const header = ['id', 'state', 'form', 'attempts', 'created', 'name', 'mobile', 'last error'];
      const rows = report.leads.map((lead) =>
        [
          lead.id,
          lead.state,
          lead.form,
          String(lead.attempts),
          lead.createdAt,
          lead.name,
          lead.mobile,
          lead.lastError == null ? '' : `${statusText(lead.lastStatus)}: ${lead.lastError}`,
        ].map(printable),
      );
      lines.push(...table([header, ...rows]).map((row) => `  ${row}`));
    }
  }
  return lines.join('\n');
}

/**
 * Whether a wrangler error means the lead table is not there yet (no lead stored, or migrations not applied).
 * @param {string} message
 */
export const isMissingTable = (message) => isMissingTableOf(message, 'leads');

/**
 * Reads the lead table and builds the report. A local state that does not exist yet is not created: the report then
 * has counts 0 and a message, as when the table is missing.
 * @param {{ remote?: boolean, persistTo?: string, showContacts?: boolean, now?: () => number }} [options]
 * @returns {Promise<Report>}
 */
export async function readReport({
  remote = false,
  persistTo = DEFAULT_PERSIST_DIR,
  showContacts = false,
  now = Date.now,
} = {}) {
  const source = sourceOf({ remote, persistTo });
  const queries = reportQueries({ showContacts });
  const parts = Object.entries(queries);
  /** @param {string} message */
  const noStore = (message) => ({
    ...buildReport(
      { counts: [], oldestPending: [], lastErrors: [], ...(showContacts && { contacts: [] }) },
      {
        now: now(),
        source,
      },
    ),
    message,
  });
  const localDir = resolve(ROOT, persistTo);
  const startHint = `start the site with npm start (it creates it)`;
  if (!remote && !existsSync(localDir)) return noStore(`No lead store in ${persistTo} yet: ${startHint}.`);
  try {
    const results = await execute(
      parts.map(([, sql]) => sql),
      { remote, persistTo: localDir },
    );
    const rows = /** @type {ReportRows} */ (Object.fromEntries(parts.map(([name], i) => [name, results[i]])));
    return buildReport(rows, { now: now(), source });
  } catch (error) {
    if (!(error instanceof WranglerError) || !isMissingTable(error.message)) throw error;
    return noStore(
      remote
        ? `No leads table in the remote database yet: apply the migrations with ` +
            `npx wrangler d1 migrations apply ${BINDING} --remote.`
        : `No lead store in ${persistTo} yet (no lead stored, or migrations not applied): ${startHint}.`,
    );
  }
}

/**
 * Makes every dead-lettered lead pending again; the number of leads it changed.
 * @param {{ remote?: boolean, persistTo?: string }} [options]
 * @returns {Promise<number>}
 */
export async function retryDead({ remote = false, persistTo = DEFAULT_PERSIST_DIR } = {}) {
  const localDir = resolve(ROOT, persistTo);
  if (!remote && !existsSync(localDir)) return 0;
  const [, counted] = await execute(RETRY_DEAD_SQL, { remote, persistTo: localDir });
  return Number(counted?.[0]?.count ?? 0);
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values, target } = parseCommandLine(USAGE, {
    'show-contacts': { type: 'boolean', default: false },
    'retry-dead': { type: 'boolean', default: false },
  });
  await run(async () => {
    if (values['retry-dead']) {
      const count = await retryDead(target);
      const line = `${count} dead-lettered lead${count === 1 ? ' is' : 's are'} pending again: the next sweep sends them.`;
      // On stderr with --json, so that stdout stays one JSON document.
      if (values.json) console.error(line);
      else console.log(`${line}\n`);
    }
    const report = await readReport({ ...target, showContacts: values['show-contacts'] });
    console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
  });
}
