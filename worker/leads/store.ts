/**
 * The Worker's use of the lead table (migrations/0001_leads.sql and later), whose statements all live in ./table.mjs.
 * The table is the source of truth: a queue message only says "try this lead now", and every decision (may it be sent,
 * was it sent) is a single conditional statement, so two consumers racing on one lead cannot both send it.
 */
import { DAY_MS, DEAD_RETENTION_DAYS, DELIVERY_LEASE_MS, SENT_RETENTION_DAYS, type LeadState } from './outbox';
import { WORKER_SQL } from './table.mjs';
import { WORKER_SQL as EXPERIMENT_SQL } from '../experiments/table.mjs';
import type { LeadFormName } from '../../src/lib/leads/rules';
import { DEFAULT_LOCALE, type Locale } from '../../src/lib/i18n/locales';
import type { D1Database } from '../platform';

/** A lead as a try needs it. */
export interface ClaimedLead {
  id: string;
  name: string;
  mobile: string;
  form: string;
  /** The try this is (1 for the first). */
  attempts: number;
}

/** A message may arrive this early for its lead's next try (clock differences) and still count as due. */
export const DUE_SLACK_MS = 2000;

export interface LeadStore {
  /**
   * Stores a new pending lead, due at once, with its sender's experiment variants (none when absent or empty), the
   * path of the page it was sent from (null when unknown), the browser's key of it (null when it came without one) and
   * the language of its page (English when not given). False when a lead with that key is stored already: nothing is
   * written then. Throws when the write fails.
   */
  insert(
    lead: {
      id: string;
      name: string;
      mobile: string;
      form: LeadFormName;
      experiments?: Record<string, string> | null;
      page?: string | null;
      key?: string | null;
      lang?: Locale;
    },
    now: number,
  ): Promise<boolean>;
  /** The id of the lead stored under the browser's key, or null. */
  idOfKey(key: string): Promise<string | null>;
  /**
   * Takes a lead for one try: only when it is pending, due, and held by no one. Counts the try and holds the lead for
   * DELIVERY_LEASE_MS. Null when it may not be sent now (sent, dead, not due, or being sent elsewhere).
   */
  claim(id: string, now: number): Promise<ClaimedLead | null>;
  /** The CRM accepted it: sent, never to be sent again. */
  markSent(id: string, now: number, crmStatus: number): Promise<void>;
  /** A try failed: pending again (due at `nextAttemptAt`) or dead after the last try; released either way. */
  markFailed(
    id: string,
    now: number,
    outcome: { state: 'pending'; nextAttemptAt: number } | { state: 'dead' },
    failure: { crmStatus: number | null; error: string },
  ): Promise<void>;
  /**
   * Pending leads no one holds and nothing has touched since `untouchedSince`: made due now (touched) and returned, at
   * most `limit` of them, oldest first, for the sweep to queue again.
   */
  takeStale(untouchedSince: number, now: number, limit: number): Promise<string[]>;
  /** Deletes leads sent over SENT_RETENTION_DAYS ago and dead over DEAD_RETENTION_DAYS ago; the numbers deleted. */
  purge(now: number): Promise<{ sent: number; dead: number }>;
}

interface Row {
  id: string;
  name: string;
  mobile: string;
  form: string;
  attempts: number;
}

export function d1Store(db: D1Database): LeadStore {
  return {
    async insert(lead, now) {
      const experiments = lead.experiments && Object.keys(lead.experiments).length ? lead.experiments : null;
      const result = await db
        .prepare(WORKER_SQL.insert)
        .bind(
          lead.id,
          lead.name,
          lead.mobile,
          lead.form,
          now,
          experiments && JSON.stringify(experiments),
          lead.page ?? null,
          lead.key ?? null,
          lead.lang ?? DEFAULT_LOCALE,
        )
        .run();
      return result.meta.changes === 1;
    },

    async idOfKey(key) {
      const row = await db.prepare(WORKER_SQL.byKey).bind(key).first<{ id: string }>();
      return row?.id ?? null;
    },

    async claim(id, now) {
      return db
        .prepare(WORKER_SQL.claim)
        .bind(id, now + DELIVERY_LEASE_MS, now, now + DUE_SLACK_MS)
        .first<Row>();
    },

    async markSent(id, now, crmStatus) {
      await db.prepare(WORKER_SQL.markSent).bind(id, now, crmStatus).run();
    },

    async markFailed(id, now, outcome, failure) {
      const state: LeadState = outcome.state;
      const next = outcome.state === 'pending' ? outcome.nextAttemptAt : now;
      await db
        .prepare(WORKER_SQL.markFailed)
        .bind(id, state, next, now, failure.crmStatus, failure.error.slice(0, 300))
        .run();
    },

    async takeStale(untouchedSince, now, limit) {
      const { results } = await db.prepare(WORKER_SQL.takeStale).bind(untouchedSince, now, limit).all<{ id: string }>();
      return results.map((row) => row.id);
    },

    async purge(now) {
      const [sent, dead] = await db.batch([
        db.prepare(WORKER_SQL.purgeSent).bind(now - SENT_RETENTION_DAYS * DAY_MS),
        db.prepare(WORKER_SQL.purgeDead).bind(now - DEAD_RETENTION_DAYS * DAY_MS),
      ]);
      return { sent: sent?.meta.changes ?? 0, dead: dead?.meta.changes ?? 0 };
    },
  };
}

/** A lead goal's conversion (migrations/0005_lead_experiments.sql): `person` is the hashed mobile number. */
export interface Conversion {
  experiment: string;
  variant: string;
  person: string;
  /** UTC `YYYY-MM-DD`. */
  day: string;
}

export interface ConversionStore {
  /** Counts each conversion unless its person already converted in that experiment; one batch. Throws on failure. */
  add(conversions: readonly Conversion[]): Promise<void>;
  /** Forgets the person of the conversions of days before `firstDayKept` (UTC); how many. Throws on failure. */
  forget(firstDayKept: string): Promise<number>;
}

export function d1Conversions(db: D1Database): ConversionStore {
  return {
    async add(conversions) {
      if (conversions.length === 0) return;
      await db.batch(
        conversions.map((c) => db.prepare(EXPERIMENT_SQL.addConversion).bind(c.experiment, c.variant, c.person, c.day)),
      );
    },

    async forget(firstDayKept) {
      const result = await db.prepare(EXPERIMENT_SQL.forgetPeople).bind(firstDayKept).run();
      return result.meta.changes;
    },
  };
}
