/**
 * The Worker's read of the publish records (migrations/0003_publishes.sql), whose statements all live in ./table.mjs.
 * The deploy workflow writes them (scripts/publish-record.mjs); the Worker only reads.
 */
import { WORKER_SQL, type PublishRow } from './table.mjs';
import type { D1Database } from '../platform';

export interface PublishStore {
  /** The newest `limit` records, the latest change first. Throws when D1 cannot answer (or has no table yet). */
  latest(limit: number): Promise<PublishRow[]>;
}

export function d1Publishes(db: D1Database): PublishStore {
  return {
    async latest(limit) {
      const { results } = await db.prepare(WORKER_SQL.latest).bind(limit).all<PublishRow>();
      return results;
    },
  };
}
