/**
 * The Worker's exposure and click counts (migrations/0004_experiments.sql, 0007_experiment_clicks.sql), whose
 * statements all live in ./table.mjs: visitors per experiment, variant and UTC day, nothing about a person.
 */
import { REPORT_SQL, WORKER_SQL, type ExposureReportRow } from './table.mjs';
import type { D1Database } from '../platform';

export interface ExposureStore {
  /** One more visitor of `variant` on `day` (UTC `YYYY-MM-DD`). Throws when the write fails. */
  add(experiment: string, variant: string, day: string): Promise<void>;
  /** Visitors per experiment and variant over all days, control first, with each experiment's first day. */
  report(): Promise<ExposureReportRow[]>;
}

export interface ClickStore {
  /** One more visitor of `variant` who followed the click goal's link on `day` (UTC). Throws when the write fails. */
  add(experiment: string, variant: string, day: string): Promise<void>;
}

export function d1Clicks(db: D1Database): ClickStore {
  return {
    async add(experiment, variant, day) {
      await db.prepare(WORKER_SQL.addClick).bind(experiment, variant, day).run();
    },
  };
}

export function d1Exposures(db: D1Database): ExposureStore {
  return {
    async add(experiment, variant, day) {
      await db.prepare(WORKER_SQL.addExposure).bind(experiment, variant, day).run();
    },

    async report() {
      const { results } = await db.prepare(REPORT_SQL.totals).all<ExposureReportRow>();
      return results;
    },
  };
}
