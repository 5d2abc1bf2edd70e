/**
 * What the owner's API reads from the lead table and the one change it makes (the retry of dead-lettered leads). Every
 * statement lives in ../leads/table.mjs; only `contacts` reads names and mobile numbers.
 */
import type { OwnerContacts, OwnerDeadLead, OwnerLead, OwnerLeads, OwnerLeadState } from '../../src/lib/owner/wire';
import { LEAD_STATES, OWNER_SQL, REPORT_SQL, RETRY_DEAD_SQL, WORKER_SQL } from '../leads/table.mjs';
import type { D1Database } from '../platform';
import { DEFAULT_LOCALE, isLocale } from '../../src/lib/i18n/locales';

export interface OwnerStore {
  /** The newest `limit` leads stored since `since`, oldest first, and whether more were stored. */
  leads(since: number, limit: number): Promise<{ leads: OwnerLead[]; truncated: boolean }>;
  /** The oldest pending lead, the last delivery error and the dead-lettered leads (at most `limit`). */
  delivery(limit: number): Promise<OwnerLeads['delivery']>;
  /** RETRY_DEAD_SQL, as `npm run leads -- --retry-dead` runs it: how many dead leads are pending again. */
  retryDead(): Promise<number>;
  /**
   * The leads RETRY_DEAD_SQL made pending (untouched since the epoch), made due now and touched, as the sweep takes
   * them (WORKER_SQL.takeStale), at most `limit`: their ids, to queue.
   */
  takeRetried(now: number, limit: number): Promise<string[]>;
  /** Names and mobile numbers of the leads stored in [from, to), oldest first, at most `limit`. */
  contacts(from: number, to: number, limit: number): Promise<OwnerContacts>;
}

interface LeadRow {
  id: string;
  created_at: number;
  state: string;
  form: string;
  page: string | null;
  lang: string;
  attempts: number;
  sent_at: number | null;
}

interface DeadRow extends LeadRow {
  last_status: number | null;
  last_error: string | null;
  updated_at: number;
}

const isState = (state: string): state is OwnerLeadState => (LEAD_STATES as readonly string[]).includes(state);

function lead(row: LeadRow): OwnerLead {
  return {
    id: row.id,
    createdAt: row.created_at,
    // The table allows no other state (its CHECK); pending is the safe reading of anything else.
    state: isState(row.state) ? row.state : 'pending',
    form: row.form,
    page: row.page ?? null,
    // The intake stores only the site's languages; a language since removed from the site reads as the default.
    lang: isLocale(row.lang) ? row.lang : DEFAULT_LOCALE,
    attempts: row.attempts,
    sentAt: row.sent_at ?? null,
  };
}

export function d1OwnerStore(db: D1Database): OwnerStore {
  return {
    async leads(since, limit) {
      const { results } = await db
        .prepare(OWNER_SQL.leads)
        .bind(since, limit + 1)
        .all<LeadRow>();
      return { leads: results.slice(0, limit).reverse().map(lead), truncated: results.length > limit };
    },

    async delivery(limit) {
      const [oldest, errors, dead] = await db.batch([
        db.prepare(REPORT_SQL.oldestPending),
        db.prepare(REPORT_SQL.lastErrors),
        db.prepare(OWNER_SQL.dead).bind(limit),
      ]);
      const oldestAt = (oldest?.results[0] as { oldest_created_at: number | null } | undefined)?.oldest_created_at;
      const error = errors?.results[0] as
        { last_status: number | null; last_error: string | null; updated_at: number } | undefined;
      return {
        oldestPendingAt: typeof oldestAt === 'number' ? oldestAt : null,
        lastError:
          error && error.last_error !== null
            ? { at: error.updated_at, status: error.last_status ?? null, message: error.last_error }
            : null,
        dead: ((dead?.results ?? []) as DeadRow[]).map((row): OwnerDeadLead => ({
          ...lead(row),
          lastStatus: row.last_status ?? null,
          lastError: row.last_error ?? null,
          updatedAt: row.updated_at,
        })),
      };
    },

    async retryDead() {
      const [, counted] = await db.batch(RETRY_DEAD_SQL.map((sql) => db.prepare(sql)));
      return Number((counted?.results[0] as { count?: unknown } | undefined)?.count ?? 0);
    },

    async takeRetried(now, limit) {
      const { results } = await db.prepare(WORKER_SQL.takeStale).bind(0, now, limit).all<{ id: string }>();
      return results.map((row) => row.id);
    },

    async contacts(from, to, limit) {
      const { results } = await db
        .prepare(OWNER_SQL.contacts)
        .bind(from, to, limit + 1)
        .all<{ id: string; created_at: number; name: string; mobile: string }>();
      return {
        contacts: results
          .slice(0, limit)
          .map((row) => ({ id: row.id, createdAt: row.created_at, name: row.name, mobile: row.mobile })),
        truncated: results.length > limit,
      };
    },
  };
}
