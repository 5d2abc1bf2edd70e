/**
 * The exposure counts (migrations/0004_experiments.sql) and the lead goal's conversions
 * (migrations/0005_lead_experiments.sql): every statement that touches them, for the Worker (store.ts,
 * ../leads/store.ts) and the owner's command (scripts/experiments.mjs). JavaScript with JSDoc types, so that Node runs
 * it as it is and TypeScript checks both sides against it. Days are UTC dates, `YYYY-MM-DD`.
 */

/**
 * A line of the report: one experiment's variant, its visitors over all days, and the experiment's first counted day.
 * @typedef {{ experiment: string, variant: string, visitors: number, first_day: string }} ExposureReportRow
 */

/**
 * A line of the conversions report: one experiment's variant and the people who converted in it, over all days.
 * @typedef {{ experiment: string, variant: string, conversions: number }} ConversionReportRow
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
};

/**
 * The report, no parameters (wrangler d1 execute takes plain SQL): visitors per experiment and variant, control first,
 * with the day each experiment was first counted; and people converted per experiment and variant, in the same order.
 */
export const REPORT_SQL = {
  totals: `SELECT experiment, variant, SUM(visitors) AS visitors,
           MIN(MIN(day)) OVER (PARTITION BY experiment) AS first_day
           FROM experiment_exposures GROUP BY experiment, variant
           ORDER BY experiment, variant <> 'control', variant`,
  conversions: `SELECT experiment, variant, COUNT(*) AS conversions
           FROM experiment_conversions GROUP BY experiment, variant
           ORDER BY experiment, variant <> 'control', variant`,
};
