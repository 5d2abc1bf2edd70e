// What the owner's commands that read the site's D1 database share (scripts/leads.mjs, scripts/experiments.mjs): the
// `wrangler d1 execute` call and the options that choose the database (--persist-to DIR or --remote, --json, --help).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WRANGLER_ENV } from './host.mjs';

/** The project folder: wrangler.jsonc is read from it and wrangler runs in it. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WRANGLER = join(ROOT, 'node_modules', '.bin', 'wrangler');
/** The D1 binding of the site's database in wrangler.jsonc. */
export const BINDING = 'LEADS_DB';
/** Where `npm start` and `npm run preview` keep the local database. */
export const DEFAULT_PERSIST_DIR = '.wrangler/state';

/** The options of every such command, for its usage text. */
export const TARGET_USAGE = `  --persist-to DIR   local state to read (default ${DEFAULT_PERSIST_DIR}, where npm start keeps it)
  --remote           read the deployed D1 database instead of a local one; needs CLOUDFLARE_API_TOKEN
                     (and the real database_id in wrangler.jsonc)
  --json             print the report as JSON`;

/** The error of a failed `wrangler d1 execute`: its message is wrangler's own. */
export class WranglerError extends Error {
  name = 'WranglerError';
}

/**
 * @typedef {{ remote: boolean, persistTo: string }} Target
 *   Which database: the deployed one, or the local state in `persistTo` (from the project folder, or absolute).
 */

/**
 * What the report says it read.
 * @param {Target} target
 */
export const sourceOf = ({ remote, persistTo }) =>
  remote ? `remote D1 database ${BINDING}` : `local state in ${persistTo}`;

/**
 * Whether a wrangler error means that `table` is not there yet (migrations not applied, nothing stored yet).
 * @param {string} message
 * @param {string} table
 */
export const isMissingTableOf = (message, table) => new RegExp(`no such table: ${table}\\b`).test(message);

/** How many times a local call is made while the database is busy (see execute). */
const LOCAL_TRIES = 3;

/**
 * Runs the statements in one `wrangler d1 execute --json` call and returns the rows of each, in order. A local
 * database that the running site is writing to at that moment (npm start, a test's runtime) is busy, which wrangler
 * reports as "internal error; reference = ...", with nothing written: the call is made again a second later, three
 * times at most.
 * @param {string[]} statements
 * @param {Target} target
 * @returns {Promise<Record<string, unknown>[][]>}
 */
export async function execute(statements, target) {
  for (let tries = 1; ; tries += 1) {
    try {
      return await executeOnce(statements, target);
    } catch (error) {
      const busy =
        !target.remote && /^internal error; reference = /m.test(String(/** @type {Error} */ (error).message));
      if (!busy || tries === LOCAL_TRIES) throw error;
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}

/**
 * One `wrangler d1 execute --json` call, as execute() describes it.
 * @param {string[]} statements
 * @param {Target} target
 * @returns {Promise<Record<string, unknown>[][]>}
 */
function executeOnce(statements, { remote, persistTo }) {
  const where = remote ? ['--remote'] : ['--local', '--persist-to', persistTo];
  const args = [
    'd1',
    'execute',
    BINDING,
    ...where,
    '--json',
    '--command',
    statements.join('; '),
    '-c',
    'wrangler.jsonc',
  ];
  return new Promise((done, fail) => {
    const child = spawn(WRANGLER, args, {
      cwd: ROOT,
      env: { ...process.env, ...WRANGLER_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => fail(new WranglerError(`Cannot run ${WRANGLER}: ${error.message}`)));
    child.on('close', (code) => {
      const output = [stdout.trim(), stderr.trim()].filter(Boolean).join('\n');
      let parsed;
      try {
        parsed = JSON.parse(stdout);
      } catch {
        parsed = undefined;
      }
      if (code === 0 && Array.isArray(parsed) && parsed.length === statements.length) {
        done(parsed.map((result) => (Array.isArray(result?.results) ? result.results : [])));
        return;
      }
      // With --json, wrangler reports a failure on stdout as { "error": { "text": "..." } }.
      const text = parsed?.error?.text;
      fail(
        new WranglerError(
          typeof text === 'string'
            ? text
            : `wrangler d1 execute exited with ${code ?? 'a signal'}${output ? `:\n${output}` : ''}`,
        ),
      );
    });
  });
}

/**
 * The values of a command line with the command's own `Options` (booleans with a default, or strings).
 * @template Options
 * @typedef {{ 'persist-to'?: string, remote: boolean, json: boolean, help: boolean } & {
 *   [K in keyof Options]: Options[K] extends { type: 'boolean' } ? boolean : string | undefined }} CommandValues
 */

/**
 * The command line: the target options, --json and --help, and the command's own `options`. A mistake prints it and
 * the usage and exits with 2; --help prints the usage and exits with 0.
 * @template {Record<string, { type: 'boolean', default: boolean } | { type: 'string' }>} Options
 * @param {string} usage
 * @param {Options} options
 * @param {string[]} [args] default: the process's
 * @returns {{ values: CommandValues<Options>, target: Target }}
 */
export function parseCommandLine(usage, options, args = process.argv.slice(2)) {
  const config = {
    args,
    options: {
      'persist-to': { type: /** @type {const} */ ('string') },
      remote: { type: /** @type {const} */ ('boolean'), default: false },
      json: { type: /** @type {const} */ ('boolean'), default: false },
      help: { type: /** @type {const} */ ('boolean'), short: 'h', default: false },
      ...options,
    },
  };
  /** @type {CommandValues<Options>} */
  let values;
  try {
    // parseArgs's own types cannot follow options only known at the call site.
    values = /** @type {CommandValues<Options>} */ (/** @type {unknown} */ (parseArgs(config).values));
    if (values.remote && values['persist-to'] !== undefined) {
      throw new Error('--remote and --persist-to exclude each other');
    }
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  /** @type {Target} */
  const target = { remote: values.remote, persistTo: values['persist-to'] ?? DEFAULT_PERSIST_DIR };
  return { values, target };
}

/**
 * Runs a command's main part: a failure prints its message (no stack) and exits with 1.
 * @param {() => Promise<void>} main
 */
export async function run(main) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
