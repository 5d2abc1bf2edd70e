/**
 * The owner's ended sessions (migrations/0008_ended_sessions.sql): what makes "Sign out" end a session in the Worker,
 * not only in the browser. A session cookie holds a random id (./session.ts); signing out records it here, and every
 * route refuses a session whose id is recorded. The Worker reads D1 without read replicas (no D1 Sessions API: every
 * query goes to the primary database), so the request after a sign-out already sees its row. Rows are kept until the
 * session would have expired (its cookie is refused for its age after that), and a little longer, then deleted by the
 * sweep (../leads/sweep.ts).
 */
import { KEEP_AFTER_EXPIRY_MS } from '../cms-auth/used-nonces';
import type { D1Database } from '../platform';

export interface EndedSessions {
  /** Records the session `id` as ended, until `expiresAt` (ms); recording it again changes nothing. */
  end(id: string, expiresAt: number): Promise<void>;
  /** Whether the session `id` was ended. */
  isEnded(id: string): Promise<boolean>;
  /**
   * Deletes the sessions expired over KEEP_AFTER_EXPIRY_MS before `now` (ms), as the used nonces are and for the same
   * reason (clocks that differ a little); how many.
   */
  purge(now: number): Promise<number>;
}

export function d1EndedSessions(db: D1Database): EndedSessions {
  return {
    async end(id, expiresAt) {
      await db
        .prepare('INSERT INTO ended_sessions (id, expires_at) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING')
        .bind(id, expiresAt)
        .run();
    },
    async isEnded(id) {
      const row = await db.prepare('SELECT 1 AS ended FROM ended_sessions WHERE id = ?1').bind(id).first();
      return row !== null;
    },
    async purge(now) {
      const result = await db
        .prepare('DELETE FROM ended_sessions WHERE expires_at <= ?1')
        .bind(now - KEEP_AFTER_EXPIRY_MS)
        .run();
      return result.meta.changes;
    },
  };
}
