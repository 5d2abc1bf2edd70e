/**
 * The experiments on the owner's page: the report `npm run experiments` prints (src/lib/experiments/report.ts, the same
 * module and the same statements of ../experiments/table.mjs), from the Worker's own D1, with each variant's rate day by
 * day. The definitions come from the build (DEFINITIONS_PATH), checked here field by field.
 */
import { buildReport, dailySeries, type DailyRow, type ReportRows } from '../../src/lib/experiments/report';
import { readout } from '../../src/lib/experiments/stats';
import {
  DEFINITIONS_PATH,
  EXPERIMENT_GOALS,
  isExperimentName,
  type ExperimentDefinitions,
} from '../../src/lib/experiments/wire';
import type { OwnerExperiments } from '../../src/lib/owner/wire';
import { assetJsonLoader, type AssetJsonLoader } from '../asset-json';
import { isRecord } from '../../src/lib/json';
import { DAILY_SQL, REPORT_SQL } from '../experiments/table.mjs';
import type { D1Database } from '../platform';

type Definition = ExperimentDefinitions['experiments'][number];

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

function parseDefinition(value: unknown): Definition | null {
  if (!isRecord(value) || !isExperimentName(value.id) || !Array.isArray(value.variants)) return null;
  const { id, status, page, goal, hypothesis } = value;
  if (!isText(status, 16) || !isText(page, 200) || !isText(hypothesis, 300)) return null;
  if (!(EXPERIMENT_GOALS as readonly unknown[]).includes(goal)) return null;
  const variants = value.variants.map((variant) =>
    isRecord(variant) && isExperimentName(variant.name) && Number.isInteger(variant.weight)
      ? { name: variant.name, weight: variant.weight as number }
      : null,
  );
  if (variants.length === 0 || variants.some((variant) => variant === null)) return null;
  return {
    id,
    status,
    page,
    goal: goal as Definition['goal'],
    hypothesis,
    variants: variants as Definition['variants'],
  };
}

/** The definitions the build wrote; one that breaks the shape is left out. Never throws. */
export function parseDefinitions(value: unknown): Definition[] {
  if (!isRecord(value) || !Array.isArray(value.experiments)) return [];
  return value.experiments.map(parseDefinition).filter((definition) => definition !== null);
}

/** The isolate's definitions, read at most once a minute. */
export const loadDefinitions: AssetJsonLoader<Definition[]> = assetJsonLoader(
  DEFINITIONS_PATH,
  parseDefinitions,
  () => [],
);

/** Every defined experiment's readout and daily series, from D1 (one batch of the report's statements). */
export async function ownerExperiments(
  db: D1Database,
  definitions: Definition[],
  now: number,
): Promise<OwnerExperiments> {
  const statements = [
    REPORT_SQL.totals,
    REPORT_SQL.conversions,
    REPORT_SQL.clicks,
    DAILY_SQL.exposures,
    DAILY_SQL.conversions,
    DAILY_SQL.clicks,
  ].map((sql) => db.prepare(sql));
  const [totals, conversions, clicks, dailyExposures, dailyConversions, dailyClicks] = (await db.batch(statements)).map(
    (result) => result.results,
  );
  const rows = { exposures: totals, conversions, clicks } as unknown as ReportRows;
  const daily = {
    exposures: dailyExposures as DailyRow[],
    conversions: dailyConversions as DailyRow[],
    clicks: dailyClicks as DailyRow[],
  };
  const report = buildReport(definitions, rows, { now, source: 'D1', experimentsFolder: '', readout });
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  return {
    now,
    experiments: report.experiments.map((entry) => {
      const definition = byId.get(entry.id)!;
      return { ...entry, hypothesis: definition.hypothesis, series: dailySeries(definition, daily, now) };
    }),
  };
}
