/**
 * The lead table (migrations/0001_leads.sql) and the only statements that touch it. The table is the source of truth:
 * a queue message only says "try this lead now", and every decision (may it be sent, was it sent) is a single
 * conditional statement here, so two consumers racing on one lead cannot both send it.
 */
import { DAY_MS, DEAD_RETENTION_DAYS, DELIVERY_LEASE_MS, SENT_RETENTION_DAYS, type LeadState } from './outbox';
import type { LeadFormName } from '../../src/lib/leads/rules';
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
  /** Stores a new pending lead, due at once. Throws when the write fails. */
  insert(lead: { id: string; name: string; mobile: string; form: LeadFormName }, now: number): Promise<void>;
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
      await db
        .prepare(
          `INSERT INTO leads (id, name, mobile, form, state, attempts, created_at, updated_at, next_attempt_at)
           VALUES (?1, ?2, ?3, ?4, 'pending', 0, ?5, ?5, ?5)`,
        )
        .bind(lead.id, lead.name, lead.mobile, lead.form, now)
        .run();
    },

    async claim(id, now) {
      return db
        .prepare(
          `UPDATE leads SET attempts = attempts + 1, claimed_until = ?2, updated_at = ?3
           WHERE id = ?1 AND state = 'pending' AND claimed_until <= ?3 AND next_attempt_at <= ?4
           RETURNING id, name, mobile, form, attempts`,
        )
        .bind(id, now + DELIVERY_LEASE_MS, now, now + DUE_SLACK_MS)
        .first<Row>();
    },

    async markSent(id, now, crmStatus) {
      await db
        .prepare(
          `UPDATE leads SET state = 'sent', sent_at = ?2, updated_at = ?2, claimed_until = 0, last_status = ?3,
           last_error = NULL WHERE id = ?1 AND state = 'pending'`,
        )
        .bind(id, now, crmStatus)
        .run();
    },

    async markFailed(id, now, outcome, failure) {
      const state: LeadState = outcome.state;
      const next = outcome.state === 'pending' ? outcome.nextAttemptAt : now;
      await db
        .prepare(
          `UPDATE leads SET state = ?2, next_attempt_at = ?3, updated_at = ?4, claimed_until = 0, last_status = ?5,
           last_error = ?6 WHERE id = ?1 AND state = 'pending'`,
        )
        .bind(id, state, next, now, failure.crmStatus, failure.error.slice(0, 300))
        .run();
    },

    async takeStale(untouchedSince, now, limit) {
      const { results } = await db
        .prepare(
          `UPDATE leads SET next_attempt_at = ?2, updated_at = ?2
           WHERE id IN (SELECT id FROM leads WHERE state = 'pending' AND claimed_until <= ?2 AND updated_at <= ?1
                        ORDER BY created_at LIMIT ?3)
           RETURNING id`,
        )
        .bind(untouchedSince, now, limit)
        .all<{ id: string }>();
      return results.map((row) => row.id);
    },

    async purge(now) {
      const [sent, dead] = await db.batch([
        db.prepare(`DELETE FROM leads WHERE state = 'sent' AND sent_at <= ?1`).bind(now - SENT_RETENTION_DAYS * DAY_MS),
        db
          .prepare(`DELETE FROM leads WHERE state = 'dead' AND updated_at <= ?1`)
          .bind(now - DEAD_RETENTION_DAYS * DAY_MS),
      ]);
      return { sent: sent?.meta.changes ?? 0, dead: dead?.meta.changes ?? 0 };
    },
  };
}
