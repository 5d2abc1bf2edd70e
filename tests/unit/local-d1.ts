/**
 * A real D1 database for unit tests of the Worker's SQL: SQLite in workerd, from wrangler's local runtime, kept in
 * memory, with the given migrations (files of migrations/) applied in order.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { D1Database } from '../../worker/platform';

export async function localD1(migrations: string[]): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const { getPlatformProxy } = await import('wrangler');
  const dir = mkdtempSync(join(tmpdir(), 'unit-d1-'));
  const config = join(dir, 'wrangler.json');
  const binding = { binding: 'DB', database_name: 'test', database_id: '00000000-0000-0000-0000-000000000000' };
  writeFileSync(config, JSON.stringify({ name: 'test', compatibility_date: '2026-04-01', d1_databases: [binding] }));
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: config, persist: false });
  const db = proxy.env.DB;
  for (const file of migrations) {
    const migration = readFileSync(`migrations/${file}`, 'utf8').replace(/--.*$/gm, '');
    for (const statement of migration.split(';').filter((sql) => sql.trim())) await db.prepare(statement).run();
  }
  return {
    db,
    dispose: async () => {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
