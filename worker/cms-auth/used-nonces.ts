/**
 * The ledger of used nonces (migrations/0002_used_nonces.sql): what makes a signed value single-use. Recording a
 * nonce is one INSERT whose primary-key conflict means "used before", so two requests racing with the same value
 * cannot both pass. Rows are kept until the value expires (it is refused for its age after that), and a little longer,
 * then deleted by the sweep.
 */
import type { D1Database } from '../platform';

/**
 * How long a nonce outlives its value's expiry: the sweep and the check of a replay run on different machines, whose
 * clocks may differ a little, and a row deleted early would let a replay through until the value expires.
 */
export const KEEP_AFTER_EXPIRY_MS = 60_000;

export interface UsedNonces {
  /** Records `nonce` as used until `expiresAt` (ms); true the first time, false when it was recorded before. */
  use(nonce: string, expiresAt: number): Promise<boolean>;
  /** Deletes the nonces expired over KEEP_AFTER_EXPIRY_MS before `now` (ms); how many. */
  purge(now: number): Promise<number>;
}

export function d1UsedNonces(db: D1Database): UsedNonces {
  return {
    async use(nonce, expiresAt) {
      const result = await db
        .prepare('INSERT INTO used_nonces (nonce, expires_at) VALUES (?1, ?2) ON CONFLICT (nonce) DO NOTHING')
        .bind(nonce, expiresAt)
        .run();
      return result.meta.changes === 1;
    },
    async purge(now) {
      const result = await db
        .prepare('DELETE FROM used_nonces WHERE expires_at <= ?1')
        .bind(now - KEEP_AFTER_EXPIRY_MS)
        .run();
      return result.meta.changes;
    },
  };
}
