/**
 * The exposure counts (migrations/0004_experiments.sql), the lead goal's conversions (0005_lead_experiments.sql) and
 * the click goals' (0007_experiment_clicks.sql): every statement that touches them, for the Worker (store.ts,
 * ../leads/store.ts) and the owner's command (scripts/experiments.mjs). JavaScript with JSDoc types, so that Node runs
 * it as it is and TypeScript checks both sides against it. Days are UTC dates, `YYYY-MM-DD`.
 */

/**
 * The report's lines (src/lib/experiments/report.ts reads them): visitors per variant with the experiment's first
 * day, conversions per variant, and one count per variant and day.
 * @typedef {import('../../src/lib/experiments/report').ExposureRow} ExposureReportRow
 * @typedef {import('../../src/lib/experiments/report').ConversionRow} ConversionReportRow
 * @typedef {import('../../src/lib/experiments/report').DailyRow} DailyReportRow
 */

/** The Worker's statements, with D1's numbered parameters. */
export const WORKER_SQL = {
  /** ?1 experiment, ?2 variant, ?3 day: one more visitor, in one statement (two isolates may count the same row). */
  addExposure: `INSERT INTO experiment_exposures (experiment, variant, day, visitors) VALUES (?1, ?2, ?3, 1)
           ON CONFLICT (experiment, variant, day) DO UPDATE SET visitors = visitors + 1`,
  /**
   * ?1 experiment, ?2 variant, ?3 person (the hashed mobile number), ?4 day: a conversion, unless this person already
   * converted in this experiment (the first one, and its variant, stays).
   */
  addConversion: `INSERT OR IGNORE INTO experiment_conversions (experiment, variant, person, day)
           VALUES (?1, ?2, ?3, ?4)`,
  /**
   * ?1 the first day kept (UTC `YYYY-MM-DD`): the conversions of earlier days keep their variant and day but forget
   * their person, each replaced by a name of its own row, so that the counts stay and no code of a number is kept.
   */
  forgetPeople: `UPDATE experiment_conversions SET person = 'forgotten-' || rowid
           WHERE day < ?1 AND person NOT LIKE 'forgotten-%'`,
  /** ?1 experiment, ?2 variant, ?3 day: one more visitor who followed a click goal's link, in one statement. */
  addClick: `INSERT INTO experiment_clicks (experiment, variant, day, conversions) VALUES (?1, ?2, ?3, 1)
           ON CONFLICT (experiment, variant, day) DO UPDATE SET conversions = conversions + 1`,
};

/**
 * The report, no parameters (wrangler d1 execute takes plain SQL): visitors per experiment and variant, control first,
 * with the day each experiment was first counted; and people converted per experiment and variant, in the same order,
 * by a lead (conversions) or by a click goal's link (clicks).
 */
export const REPORT_SQL = {
  totals: `SELECT experiment, variant, SUM(visitors) AS visitors,
           MIN(MIN(day)) OVER (PARTITION BY experiment) AS first_day
           FROM experiment_exposures GROUP BY experiment, variant
           ORDER BY experiment, variant <> 'control', variant`,
  conversions: `SELECT experiment, variant, COUNT(*) AS conversions
           FROM experiment_conversions GROUP BY experiment, variant
           ORDER BY experiment, variant <> 'control', variant`,
  clicks: `SELECT experiment, variant, SUM(conversions) AS conversions
           FROM experiment_clicks GROUP BY experiment, variant
           ORDER BY experiment, variant <> 'control', variant`,
};

/** The same counts day by day (DailyReportRow), for the owner's chart of each variant's rate as it settles. */
export const DAILY_SQL = {
  exposures: 'SELECT experiment, variant, day, visitors AS count FROM experiment_exposures ORDER BY experiment, day',
  conversions: `SELECT experiment, variant, day, COUNT(*) AS count FROM experiment_conversions
           GROUP BY experiment, variant, day ORDER BY experiment, day`,
  clicks: 'SELECT experiment, variant, day, conversions AS count FROM experiment_clicks ORDER BY experiment, day',
};
