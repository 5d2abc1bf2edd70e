#!/usr/bin/env node
// The owner's view of the conversion experiments: for each experiment of the content folder, its visitors and
// conversions per variant (the D1 tables of migrations/0004_experiments.sql and 0005_lead_experiments.sql) and the
// readout of src/lib/experiments/stats.ts: rates, lift with an anytime-valid interval, a verdict, the sample-ratio
// check. It reads the local state that `npm start` keeps in .wrangler/state, or the deployed database with --remote.
//
//   node scripts/experiments.mjs [--persist-to DIR | --remote] [--experiments DIR] [--json]
//
// The statistics and the experiments' schema are TypeScript of the site, bundled here with esbuild, as
// scripts/publish-record.mjs does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORT_SQL } from '../worker/experiments/table.mjs';
import {
  BINDING,
  DEFAULT_PERSIST_DIR,
  execute,
  isMissingTableOf,
  parseCommandLine,
  ROOT,
  run,
  sourceOf,
  TARGET_USAGE,
  WranglerError,
} from './d1.mjs';
import { importSiteCode } from './site-code.mjs';

/** Where the experiments are defined, from the project folder (the build's default, src/config/site.ts). */
export const DEFAULT_EXPERIMENTS_DIR = 'src/content/experiments';

/** Said instead of a readout for the goals whose conversions nothing counts yet. */
export const GOAL_NOT_COUNTED = 'conversions for this goal are not counted yet';
export const NO_EXPOSURES = 'no exposures yet';

const DAY_MS = 86_400_000;

export const USAGE = `Usage: npm run experiments -- [options]   (or: node scripts/experiments.mjs [options])

Shows each experiment's visitors and conversions per variant, the difference and lift against control with
an anytime-valid 95% interval (it may be read every day), a verdict and the sample-ratio check.

Options:
${TARGET_USAGE}
  --experiments DIR  the experiments' definitions (default ${DEFAULT_EXPERIMENTS_DIR}): their variants'
                     weights and goal
  -h, --help         show this help`;

/**
 * @typedef {typeof import('../src/lib/experiments/stats')} Stats
 * @typedef {import('../src/lib/experiments/stats').Readout} Readout
 * @typedef {import('../src/lib/experiments/stats').ExperimentCounts} ExperimentCounts
 * @typedef {import('../src/lib/schemas/experiments').Experiment} Experiment
 * @typedef {Pick<typeof import('../src/lib/schemas/experiments'), 'experimentSchema'>} SchemaModule
 * @typedef {import('../worker/experiments/table.mjs').ExposureReportRow} ExposureReportRow
 * @typedef {import('../worker/experiments/table.mjs').ConversionReportRow} ConversionReportRow
 * @typedef {{ exposures: ExposureReportRow[], conversions: ConversionReportRow[] }} ReportRows
 *   The rows of REPORT_SQL.totals and REPORT_SQL.conversions.
 * @typedef {Pick<Experiment, 'id' | 'status' | 'page' | 'goal'> & { variants: { name: string, weight: number }[] }}
 *   Definition  An experiment as its file defines it, the parts the report needs.
 * @typedef {{ id: string, status: string, page: string, goal: string, message: string | null,
 *   readout: Readout | null, notes: string[] }} ExperimentReport
 *   `message` says why there is no readout (no exposures, a goal not counted); `notes`, what the counts left out.
 * @typedef {{ source: string, experimentsFolder: string, generatedAt: string, message?: string,
 *   experiments: ExperimentReport[], problems: string[], unknownExperiments: string[] }} Report
 *   `problems`: definition files that could not be read; `unknownExperiments`: ids counted in D1 with no definition
 *   (left out). In JSON an infinite number (an interval with no data) reads null.
 */

/**
 * The UTC day of a time, `YYYY-MM-DD`.
 * @param {number} ms
 */
const utcDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * Whole days from the first exposure day to today, at least 1.
 * @param {string} firstDay `YYYY-MM-DD`
 * @param {number} now ms since the epoch
 */
export function daysRunning(firstDay, now) {
  const days = Math.round((Date.parse(utcDay(now)) - Date.parse(firstDay)) / DAY_MS);
  return Number.isFinite(days) ? Math.max(1, days) : 1;
}

/**
 * An experiment's counts as readout() takes them: its definition's variants (control first) and weights, the visitors
 * and conversions D1 holds for them. Null without a visitor. Counts of variants the definition lacks are left out,
 * and conversions beyond a variant's visitors (a lead whose exposure was not counted) are capped, each with a note.
 * @param {Definition} definition
 * @param {ReportRows} rows
 * @param {number} now ms since the epoch
 * @returns {{ counts: ExperimentCounts | null, notes: string[] }}
 */
export function countsOf(definition, rows, now) {
  const notes = [];
  const names = new Set(definition.variants.map((variant) => variant.name));
  const exposures = rows.exposures.filter((row) => row.experiment === definition.id);
  const conversions = rows.conversions.filter((row) => row.experiment === definition.id);
  const lacking = (/** @type {{ variant: string }} */ row) => !names.has(row.variant);
  for (const row of exposures.filter(lacking)) {
    notes.push(`${row.visitors} visitors of variant ${row.variant}, which the definition lacks, are left out`);
  }
  for (const row of conversions.filter(lacking)) {
    notes.push(`${row.conversions} conversions of variant ${row.variant}, which the definition lacks, are left out`);
  }
  /**
   * A variant's total of one count (wrangler's JSON may hold a number as text).
   * @template {{ variant: string }} Row
   * @param {Row[]} list
   * @param {string} name
   * @param {(row: Row) => unknown} count
   */
  const sum = (list, name, count) =>
    list.filter((row) => row.variant === name).reduce((total, row) => total + (Number(count(row)) || 0), 0);
  const variants = definition.variants.map(({ name, weight }) => {
    const visitors = sum(exposures, name, (row) => row.visitors);
    const converted = sum(conversions, name, (row) => row.conversions);
    if (converted > visitors) {
      notes.push(`${converted - visitors} conversions of ${name} beyond its counted visitors are left out`);
    }
    return { name, weight, visitors, conversions: Math.min(converted, visitors) };
  });
  if (variants.every((variant) => variant.visitors === 0)) return { counts: null, notes };
  const firstDays = exposures.map((row) => row.first_day).filter(Boolean);
  const firstDay = firstDays.sort()[0] ?? utcDay(now);
  return { counts: { id: definition.id, daysRunning: daysRunning(firstDay, now), variants }, notes };
}

/**
 * The report of every defined experiment, in id order: a readout, or the reason there is none. Counts of ids with no
 * definition are left out and listed.
 * @param {Definition[]} definitions
 * @param {ReportRows} rows
 * @param {{ now: number, source: string, experimentsFolder: string, readout: Stats['readout'],
 *   problems?: string[] }} context
 * @returns {Report}
 */
export function buildReport(definitions, rows, { now, source, experimentsFolder, readout, problems = [] }) {
  const known = new Set(definitions.map((definition) => definition.id));
  const counted = [...rows.exposures, ...rows.conversions].map((row) => row.experiment);
  const unknownExperiments = [...new Set(counted.filter((id) => !known.has(id)))].sort();
  const experiments = [...definitions]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((definition) => {
      const { id, status, page, goal } = definition;
      /** @type {ExperimentReport} */
      const entry = { id, status, page, goal, message: null, readout: null, notes: [] };
      if (goal !== 'lead') return { ...entry, message: GOAL_NOT_COUNTED };
      const { counts, notes } = countsOf(definition, rows, now);
      if (!counts) return { ...entry, message: NO_EXPOSURES, notes };
      return { ...entry, readout: readout(counts), notes };
    });
  return {
    source,
    experimentsFolder,
    generatedAt: new Date(now).toISOString(),
    experiments,
    problems,
    unknownExperiments,
  };
}

/**
 * The report as text for people: each experiment's readout (formatReadout), or why there is none.
 * @param {Report} report
 * @param {Stats['formatReadout']} formatReadout
 */
export function formatReport(report, formatReadout) {
  const lines = [`Experiments of ${report.experimentsFolder} (${report.source})`];
  if (report.message) lines.push(report.message);
  for (const problem of report.problems) lines.push(`Not read: ${problem}`);
  if (report.unknownExperiments.length) {
    lines.push(`Counted but not defined in ${report.experimentsFolder}: ${report.unknownExperiments.join(', ')}`);
  }
  if (!report.experiments.length) lines.push(`No experiment is defined in ${report.experimentsFolder}.`);
  for (const experiment of report.experiments) {
    lines.push('');
    const status = experiment.status === 'running' ? '' : ` (${experiment.status})`;
    if (experiment.readout) {
      lines.push(formatReadout(experiment.readout));
      if (status) lines.push(`Status: ${experiment.status}`);
    } else {
      lines.push(`Experiment ${experiment.id}${status}, goal ${experiment.goal}: ${experiment.message}`);
    }
    for (const note of experiment.notes) lines.push(`Note: ${note}`);
  }
  return lines.join('\n');
}

/**
 * The definitions of a folder's `*.json` files, as the build checks them (the experiments' schema; a missing goal is
 * lead). A file that cannot be read or breaks the schema is left out, named in `problems`.
 * @param {string} dir
 * @param {SchemaModule['experimentSchema']} schema
 * @returns {{ definitions: Definition[], problems: string[] }}
 */
export function readDefinitions(dir, schema) {
  /** @type {Definition[]} */
  const definitions = [];
  const problems = [];
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    let data;
    try {
      data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: ${error instanceof Error ? error.message : error}`);
      continue;
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`${file}, field ${issue?.path.join('.') || '(the file)'}: ${issue?.message}`);
      continue;
    }
    const { id, status, page, goal, variants } = parsed.data;
    definitions.push({ id, status, page, goal, variants: variants.map(({ name, weight }) => ({ name, weight })) });
  }
  return { definitions, problems };
}

/**
 * The site's statistics and experiments' schema, bundled from their TypeScript and loaded.
 * @returns {Promise<Stats & SchemaModule>}
 */
export async function loadSiteCode(root = ROOT) {
  const entry =
    "export { readout, formatReadout } from './src/lib/experiments/stats';\n" +
    "export { experimentSchema } from './src/lib/schemas/experiments';";
  return /** @type {Promise<Stats & SchemaModule>} */ (importSiteCode(entry, root));
}

/** A missing table: nothing counted yet, or the migrations not applied. */
const isMissingTable = (/** @type {string} */ message) =>
  ['experiment_exposures', 'experiment_conversions'].some((table) => isMissingTableOf(message, table));

/**
 * Reads the counts and the definitions and builds the report. A local state that does not exist yet is not created:
 * the report then has no counts and a message, as when the tables are missing.
 * @param {{ remote?: boolean, persistTo?: string, experimentsDir?: string, now?: () => number,
 *   code?: Stats & SchemaModule }} [options]
 * @returns {Promise<Report>}
 */
export async function readReport({
  remote = false,
  persistTo = DEFAULT_PERSIST_DIR,
  experimentsDir = DEFAULT_EXPERIMENTS_DIR,
  now = Date.now,
  code,
} = {}) {
  const site = code ?? (await loadSiteCode());
  const { definitions, problems } = readDefinitions(resolve(ROOT, experimentsDir), site.experimentSchema);
  const context = { source: sourceOf({ remote, persistTo }), experimentsFolder: experimentsDir, problems };
  /** @param {string} message */
  const noCounts = (message) => ({
    ...buildReport(definitions, { exposures: [], conversions: [] }, { ...context, now: now(), readout: site.readout }),
    message,
  });
  const localDir = resolve(ROOT, persistTo);
  const startHint = 'start the site with npm start (it creates it)';
  if (!remote && !existsSync(localDir)) return noCounts(`No local state in ${persistTo} yet: ${startHint}.`);
  try {
    const [exposures = [], conversions = []] = await execute([REPORT_SQL.totals, REPORT_SQL.conversions], {
      remote,
      persistTo: localDir,
    });
    const rows = /** @type {ReportRows} */ ({ exposures, conversions });
    return buildReport(definitions, rows, { ...context, now: now(), readout: site.readout });
  } catch (error) {
    if (!(error instanceof WranglerError) || !isMissingTable(error.message)) throw error;
    return noCounts(
      remote
        ? `No experiment tables in the remote database yet: apply the migrations with ` +
            `npx wrangler d1 migrations apply ${BINDING} --remote.`
        : `No experiment tables in ${persistTo} yet (migrations not applied): ${startHint}.`,
    );
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values, target } = parseCommandLine(USAGE, { experiments: { type: 'string' } });
  await run(async () => {
    const code = await loadSiteCode();
    const report = await readReport({ ...target, experimentsDir: values.experiments, code });
    console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report, code.formatReadout));
  });
}
