#!/usr/bin/env node
// Records the result of one publish for the content admin's bar (/cms/, src/cms/publish-bar.ts): the deploy workflow
// runs it once the site is live, or once the build or the tests refused a push (the last good version stays live).
// It writes one row of the D1 table `publishes` (migrations/0003_publishes.sql, statements in
// worker/cms-publish/table.mjs) with `wrangler d1 execute`, as scripts/leads.mjs reads the lead table.
//
//   node scripts/publish-record.mjs --status live|failed --commit SHA --committed-at ISO [--log FILE]
//                                   [--finished-at ISO] [--remote | --local --persist-to DIR] [--dry-run]
//
// For a failure, --log is the output of the build (or of npm test): the first content problem in it gives the entry,
// the field and the message, in the admin's own words (its labels come from the CMS config, generated from the
// schemas by src/lib/cms/admin-config.ts, bundled here with esbuild: a failed build writes no dist/cms/config.yml). It also
// prints the time from the commit to the result ("time from commit to live: N s"). --dry-run prints the record and
// writes nothing.
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importSiteCode } from './site-code.mjs';
import { parse as parseYaml } from 'yaml';
import { recordStatements } from '../worker/cms-publish/table.mjs';
import { DEFAULT_PERSIST_DIR, execute } from './leads.mjs';

/** The project folder: the schemas and the content are read from it. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What a failure says when the log names no content problem (a code error, a failed browser test...). */
export const NOT_CONTENT =
  'the checks failed for a reason other than a content field; a developer can read it in the workflow run';

/**
 * @typedef {import('../worker/cms-publish/table.mjs').PublishRecord} PublishRecord
 * @typedef {{ path: string | null, collection: string | null, entry: string | null, keys: string[],
 *   message: string }} BuildProblem
 *   path: the content file from the project root, when the log gives it; collection and entry: Astro's names of it;
 *   keys: the field's key path (list indexes as digits), empty when the problem is the whole file.
 * @typedef {{ name: string, label: string, widget?: string, root?: boolean, fields?: CmsField[],
 *   field?: CmsField, types?: { fields?: CmsField[] }[] }} CmsField
 *   The parts of an admin field read here.
 * @typedef {{ name: string, label: string, folder?: string, extension?: string, fields?: CmsField[],
 *   files?: { name: string, label: string, file: string, fields: CmsField[] }[] }} CmsCollection
 * @typedef {{ collections: CmsCollection[] }} CmsConfig
 */

/** @param {string} text */
// eslint-disable-next-line no-control-regex
const stripAnsi = (text) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');

/**
 * A field path as keys: "community.faq[0].answer" and "blocks.1.points" alike.
 * @param {string} path
 */
export const keysOf = (path) =>
  path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);

/**
 * The content file in a path the build printed (absolute, in whatever folder it ran), from the project root.
 * @param {string} text
 */
const contentPath = (text) => /(?:^|\/)(src\/content\/\S+?\.(?:json|md|mdx|ya?ml))(?::\d+:\d+)?$/.exec(text)?.[1];

/**
 * The first content problem a build's (or npm test's) output names, or null. It reads the three ways the build names
 * one: Astro's content layer (a file that breaks its schema, or cannot be parsed), the plan-copy check
 * (src/integrations/pricing-check.ts: `  {file}, field {field}: {message}`) and the embedded blog's loader
 * (`{file}: field "{field}": {message}`).
 * @param {string} log
 * @returns {BuildProblem | null}
 */
export function parseBuildLog(log) {
  // Astro renders **bold** markdown by removing the stars, greedily: a few are left inside its lines.
  const lines = stripAnsi(log).replace(/\*\*/g, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const schema = /\[Invalid\w*Error\] (\S+) → (.+?) (?:data|frontmatter) does not match collection schema/.exec(line);
    if (schema) return schemaProblem(lines, i, schema[1] ?? '', schema[2] ?? '');
    const parse = /\[DataCollectionEntryParseError\] (\S+) failed to parse: (.*)$/.exec(line);
    if (parse) {
      const path = locationOf(lines, i) ?? contentPath(`src/content/${parse[1]}`) ?? null;
      return { path, collection: null, entry: null, keys: [], message: `cannot be read: ${parse[2]}` };
    }
    const copy = /^\s+(src\/content\/\S+), field (\S+): (.+)$/.exec(line);
    if (copy)
      return {
        path: copy[1] ?? null,
        collection: null,
        entry: null,
        keys: keysOf(copy[2] ?? ''),
        message: copy[3] ?? '',
      };
    const loader = /^(?:.*\s)?(src\/content\/\S+): field "([^"]*)": (.+)$/.exec(line);
    if (loader) {
      const message = (loader[3] ?? '').split(/; field "/)[0] ?? '';
      return { path: loader[1] ?? null, collection: null, entry: null, keys: keysOf(loader[2] ?? ''), message };
    }
  }
  return null;
}

/**
 * The file Astro's error names under "Location:", within the few lines after `start`.
 * @param {string[]} lines
 * @param {number} start
 */
function locationOf(lines, start) {
  for (let i = start + 1; i < Math.min(lines.length, start + 40); i++) {
    if (!/^\s*Location:\s*$/.test(lines[i] ?? '')) continue;
    return contentPath((lines[i + 1] ?? '').trim()) ?? null;
  }
  return null;
}

/**
 * Astro's schema error: its first problem line, `  {path}: {message}` (the message prefixed with the path again when
 * it is zod's own), under the line at `start`.
 * @param {string[]} lines
 * @param {number} start
 * @param {string} collection
 * @param {string} entry
 * @returns {BuildProblem}
 */
function schemaProblem(lines, start, collection, entry) {
  const path = locationOf(lines, start);
  for (let i = start + 1; i < Math.min(lines.length, start + 20); i++) {
    const line = lines[i] ?? '';
    if (/^\s*(Hint|Location|Stack trace):/.test(line)) break;
    const problem = /^\s+([^\s:]*): (.+)$/.exec(line);
    if (!problem) continue;
    const key = problem[1] ?? '';
    let message = (problem[2] ?? '').trim();
    if (key && message.startsWith(`${key}: `)) message = message.slice(key.length + 2);
    // A union's details follow on "> " lines: the expected shape, not the value received (the unpublished text).
    const expected = /^\s*> (Expected .*)$/.exec(lines[i + 1] ?? '');
    if (expected) message = `${message} ${expected[1]}`;
    return { path, collection, entry, keys: keysOf(key), message };
  }
  return { path, collection, entry, keys: [], message: 'does not match its schema' };
}

/**
 * The labels of the admin's fields along `keys`: "Community › FAQ › 1 › Answer". A key no field has is kept as it is.
 * @param {CmsField[]} fields the entry's fields
 * @param {string[]} keys
 */
export function labelPath(fields, keys) {
  /** @type {string[]} */
  const labels = [];
  let children = fields;
  /** @type {CmsField | undefined} */
  let list;
  for (const key of keys) {
    if (/^\d+$/.test(key)) {
      // A top-level list (the blog's categories) is the entry's one root field.
      const root = list ? undefined : children.find((field) => field.root);
      if (root) labels.push(root.label);
      const owner = list ?? root;
      labels.push(String(Number(key) + 1));
      children = owner ? childrenOf(owner) : [];
      list = undefined;
      continue;
    }
    const field = children.find((candidate) => candidate.name === key);
    labels.push(field?.label ?? key);
    children = field ? childrenOf(field) : [];
    list = field?.widget === 'list' ? field : undefined;
  }
  return labels.join(' › ');
}

/**
 * The fields inside a field: an object's or a list item's (every variant's, for a list of kinds).
 * @param {CmsField} field
 * @returns {CmsField[]}
 */
function childrenOf(field) {
  if (field.fields) return field.fields;
  if (field.types) return field.types.flatMap((type) => type.fields ?? []);
  return field.field ? childrenOf(field.field) : [];
}

/**
 * Whether `path` is a file the admin's file entry `pattern` edits: its English file, or its translation in a locale's
 * folder where the pattern holds the locale's placeholder ("src/content/home/{{locale}}/home.json").
 * @param {string} path
 * @param {string} pattern
 */
function isFileOf(path, pattern) {
  const [before = '', after] = pattern.split('/{{locale}}/');
  if (after === undefined) return path === pattern;
  if (path === `${before}/${after}`) return true;
  if (!path.startsWith(`${before}/`) || !path.endsWith(`/${after}`)) return false;
  return /^[a-z]{2,3}$/.test(path.slice(before.length + 1, -(after.length + 1)));
}

/**
 * The entry of the admin that edits `problem`'s file, as the admin names it ("Offer", "Feature pages › Smart AI"),
 * with its fields; null when no collection holds it.
 * @param {CmsConfig} config
 * @param {BuildProblem} problem
 * @returns {{ name: string, fields: CmsField[] } | null}
 */
export function entryOf(config, problem) {
  for (const collection of config.collections) {
    for (const file of collection.files ?? []) {
      const byPath = problem.path != null && isFileOf(problem.path, file.file);
      const byName = !problem.path && problem.collection === collection.name && problem.entry === file.name;
      if (!byPath && !byName) continue;
      const name = collection.files?.length === 1 ? collection.label : `${collection.label} › ${file.label}`;
      return { name, fields: file.fields };
    }
    if (!collection.folder) continue;
    const entry = problem.path
      ? posix.dirname(problem.path) === collection.folder &&
        problem.path.endsWith(`.${collection.extension}`) &&
        posix.basename(problem.path).replace(/\.\w+$/, '')
      : problem.collection === collection.name && problem.entry;
    if (entry) return { name: `${collection.label} › ${entry}`, fields: collection.fields ?? [] };
  }
  return null;
}

/**
 * What the record says of a problem: the entry and the field in the admin's words when `config` knows the file,
 * else the file's path and the key path as the build printed them.
 * @param {BuildProblem | null} problem
 * @param {CmsConfig | null} config
 * @returns {{ file: string | null, field: string | null, message: string }}
 */
export function describeProblem(problem, config) {
  if (!problem) return { file: null, field: null, message: NOT_CONTENT };
  const entry = config && entryOf(config, problem);
  const file =
    entry?.name ?? problem.path ?? (problem.collection ? `${problem.collection}/${problem.entry ?? ''}` : null);
  const field = problem.keys.length ? (entry ? labelPath(entry.fields, problem.keys) : problem.keys.join('.')) : null;
  return { file, field, message: problem.message };
}

/**
 * The admin's config as the build generates it, from the schemas and the content files of the project at `root`.
 * A failed build writes no dist/cms/config.yml, so src/lib/cms/admin-config.ts is bundled and run here.
 * @param {string} [root]
 * @returns {Promise<CmsConfig>}
 */
export async function loadCmsConfig(root = ROOT) {
  const { cmsConfig, CMS_COLLECTIONS } = /** @type {typeof import('../src/lib/cms/admin-config')} */ (
    await importSiteCode("export { cmsConfig, CMS_COLLECTIONS } from './src/lib/cms/admin-config';", root)
  );
  /** @type {Record<string, { path: string, data: unknown }[]>} */
  const files = {};
  for (const [name, plan] of Object.entries(CMS_COLLECTIONS)) {
    const dir = join(root, plan.folder);
    files[name] = readdirSync(dir)
      .filter((file) => (plan.rootList ? file === `${plan.rootList}.json` : file.endsWith(`.${plan.extension}`)))
      .sort()
      .map((file) => ({ path: `${plan.folder}/${file}`, data: readData(join(dir, file)) }));
  }
  const { config } = cmsConfig({ siteUrl: 'https://example.invalid', repo: 'owner/site', branch: 'main', files });
  return /** @type {CmsConfig} */ (/** @type {unknown} */ (config));
}

/**
 * A content file's data (a Markdown file's front matter); {} when it cannot be read: only labels are wanted.
 * @param {string} file
 * @returns {unknown}
 */
function readData(file) {
  try {
    const text = readFileSync(file, 'utf8');
    if (!file.endsWith('.md')) return JSON.parse(text);
    return parseYaml(/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '') ?? {};
  } catch {
    return {};
  }
}

/**
 * The record of one publish. For a failure, `log` is the build's output (null when there is none to read).
 * @param {{ status: PublishRecord['status'], commit: string, committedAt: number, finishedAt: number,
 *   log?: string | null, config?: CmsConfig | null }} input
 * @returns {PublishRecord}
 */
export function publishRecord({ status, commit, committedAt, finishedAt, log = null, config = null }) {
  const base = { commit, committedAt, finishedAt, status };
  if (status === 'live') return { ...base, file: null, field: null, message: null };
  return { ...base, ...describeProblem(log === null ? null : parseBuildLog(log), config) };
}

/**
 * What the bar will say after the time, as the workflow's log shows it.
 * @param {PublishRecord} record
 */
export function recordSentence(record) {
  if (record.status === 'live') return 'is live';
  const where = [record.file, record.field].filter(Boolean).join(', ');
  return `was not published: ${where ? `${where}: ` : ''}${record.message ?? ''}`;
}

/**
 * An ISO time as ms since the epoch; throws naming the option otherwise.
 * @param {string | undefined} value
 * @param {string} option
 */
function timeOf(value, option) {
  const ms = value === undefined ? NaN : Date.parse(value);
  if (!Number.isFinite(ms)) throw new Error(`${option} takes a date and time, such as 2026-05-04T14:02:00+05:30`);
  return ms;
}

export const USAGE = `Usage: node scripts/publish-record.mjs --status live|failed --commit SHA --committed-at ISO [options]

Records the result of a publish in the D1 table publishes, which the content admin's bar shows.

Options:
  --log FILE          for a failure: the build's (or npm test's) output, where the content problem is named
  --finished-at ISO   when the result was known (default: now)
  --remote            the deployed D1 database (needs CLOUDFLARE_API_TOKEN)
  --local             a local D1 (the default), in --persist-to DIR (default ${DEFAULT_PERSIST_DIR})
  --dry-run           print the record, write nothing
  -h, --help          show this help`;

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  let record;
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        status: { type: 'string' },
        commit: { type: 'string' },
        'committed-at': { type: 'string' },
        'finished-at': { type: 'string' },
        log: { type: 'string' },
        remote: { type: 'boolean', default: false },
        local: { type: 'boolean', default: false },
        'persist-to': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (values.status !== 'live' && values.status !== 'failed') throw new Error('--status is live or failed');
    if (values.remote && (values.local || values['persist-to'] !== undefined))
      throw new Error('--remote excludes --local and --persist-to');
    const committedAt = timeOf(values['committed-at'], '--committed-at');
    const finishedAt =
      values['finished-at'] === undefined ? Date.now() : timeOf(values['finished-at'], '--finished-at');
    const logFile = values.log;
    const log = logFile && existsSync(logFile) ? readFileSync(logFile, 'utf8') : null;
    if (values.status === 'failed' && log === null)
      console.warn(`No build log to read${logFile ? ` at ${logFile}` : ''}.`);
    let config = null;
    if (values.status === 'failed' && log !== null && parseBuildLog(log)) {
      // Without the labels the record still names the file's path and the key path.
      config = await loadCmsConfig().catch((error) => {
        console.warn(`The admin's labels could not be read: ${error instanceof Error ? error.message : error}`);
        return null;
      });
    }
    record = publishRecord({
      status: values.status,
      commit: values.commit ?? '',
      committedAt,
      finishedAt,
      log,
      config,
    });
    recordStatements(record);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    process.exit(2);
  }
  const seconds = Math.round((record.finishedAt - record.committedAt) / 1000);
  const measure = `time from commit to ${record.status === 'live' ? 'live' : 'failure'}: ${seconds} s`;
  console.log(measure);
  console.log(
    `Publish record: commit ${record.commit.slice(0, 7)}, ${record.status}: the change ${recordSentence(record)}`,
  );
  console.log(JSON.stringify(record));
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${measure}\n`);
  if (!values['dry-run']) {
    const persistTo = resolve(ROOT, values['persist-to'] ?? DEFAULT_PERSIST_DIR);
    try {
      await execute(recordStatements(record), { remote: values.remote, persistTo });
      console.log(`Recorded in ${values.remote ? 'the remote D1 database' : `the local state in ${persistTo}`}.`);
    } catch (error) {
      console.error(`Not recorded: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
  }
}
