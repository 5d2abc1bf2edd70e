import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEAD_STATES, OWNER_SQL, REPORT_SQL, RETRY_DEAD_SQL, WORKER_SQL } from '../../worker/leads/table.mjs';

const migration = readFileSync('migrations/0001_leads.sql', 'utf8');
const statements = [
  ...Object.values(WORKER_SQL),
  ...Object.values(REPORT_SQL),
  ...RETRY_DEAD_SQL,
  ...Object.values(OWNER_SQL),
];

describe('the lead table', () => {
  it('lists the states the schema allows, in the report order pending, sent, dead', () => {
    const allowed = migration.match(/state TEXT NOT NULL CHECK \(state IN \(([^)]*)\)\)/)?.[1];
    expect(allowed?.split(',').map((state) => state.trim().replace(/'/g, ''))).toEqual(['pending', 'sent', 'dead']);
    expect(LEAD_STATES).toEqual(['pending', 'sent', 'dead']);
  });

  it('names no state in its statements that is not one of them', () => {
    const states: readonly string[] = LEAD_STATES;
    const named = statements.flatMap((sql) =>
      [...sql.matchAll(/\bstate\s*(?:=\s*'[^']*'|IN\s*\([^)]*\))/g)].flatMap((m) =>
        [...m[0].matchAll(/'([^']*)'/g)].map((literal) => literal[1]),
      ),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((state) => !states.includes(state ?? ''))).toEqual([]);
  });

  it('touches no table but leads', () => {
    for (const sql of statements) {
      const tables = [...sql.matchAll(/\b(?:FROM|INTO|UPDATE)\s+(\w+)/g)].map((m) => m[1]);
      expect(
        tables.every((table) => table === 'leads'),
        sql,
      ).toBe(true);
    }
  });
});
