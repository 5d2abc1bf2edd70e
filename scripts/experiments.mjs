#!/usr/bin/env node
// The owner's view of the conversion experiments: for each experiment of the content folder, its visitors and
// conversions per variant (the D1 tables of the experiments' migrations) in the report of
// src/lib/experiments/report.ts, which the owner's page shows too: rates, lift with an anytime-valid interval, a
// verdict, the sample-ratio check. It reads the local state that `npm start` keeps in .wrangler/state, or the deployed database with --remote.
//
//   node scripts/experiments.mjs [--persist-to DIR | --remote] [--experiments DIR] [--json]
//
// The report, the statistics and the experiments' schema are TypeScript of the site, bundled here with esbuild, as
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
 * @typedef {typeof import('../src/lib/experiments/report')} ReportModule
 * @typedef {import('../src/lib/experiments/report').Definition} Definition
 * @typedef {import('../src/lib/experiments/report').Report} Report
 * @typedef {import('../src/lib/experiments/report').ReportRows} ReportRows
 * @typedef {Pick<typeof import('../src/lib/schemas/experiments'), 'experimentSchema'>} SchemaModule
 * @typedef {Pick<Stats, 'readout' | 'formatReadout'> & Pick<ReportModule, 'buildReport' | 'formatReport'> & SchemaModule}
 *   SiteCode  What the command takes from the site's TypeScript.
 */

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
 * The site's statistics, report and experiments' schema, bundled from their TypeScript and loaded.
 * @returns {Promise<SiteCode>}
 */
export async function loadSiteCode(root = ROOT) {
  const entry =
    "export { readout, formatReadout } from './src/lib/experiments/stats';\n" +
    "export { buildReport, formatReport } from './src/lib/experiments/report';\n" +
    "export { experimentSchema } from './src/lib/schemas/experiments';";
  return /** @type {Promise<SiteCode>} */ (importSiteCode(entry, root));
}

/** A missing table: nothing counted yet, or the migrations not applied. */
const isMissingTable = (/** @type {string} */ message) =>
  ['experiment_exposures', 'experiment_conversions', 'experiment_clicks'].some((table) =>
    isMissingTableOf(message, table),
  );

/**
 * Reads the counts and the definitions and builds the report. A local state that does not exist yet is not created:
 * the report then has no counts and a message, as when the tables are missing.
 * @param {{ remote?: boolean, persistTo?: string, experimentsDir?: string, now?: () => number,
 *   code?: SiteCode }} [options]
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
    ...site.buildReport(
      definitions,
      { exposures: [], conversions: [] },
      { ...context, now: now(), readout: site.readout },
    ),
    message,
  });
  const localDir = resolve(ROOT, persistTo);
  const startHint = 'start the site with npm start (it creates it)';
  if (!remote && !existsSync(localDir)) return noCounts(`No local state in ${persistTo} yet: ${startHint}.`);
  try {
    const [exposures = [], conversions = [], clicks = []] = await execute(
      [REPORT_SQL.totals, REPORT_SQL.conversions, REPORT_SQL.clicks],
      { remote, persistTo: localDir },
    );
    const rows = /** @type {ReportRows} */ (/** @type {unknown} */ ({ exposures, conversions, clicks }));
    return site.buildReport(definitions, rows, { ...context, now: now(), readout: site.readout });
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
    console.log(values.json ? JSON.stringify(report, null, 2) : code.formatReport(report, code.formatReadout));
  });
}
