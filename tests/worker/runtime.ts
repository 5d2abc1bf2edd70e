/**
 * The site's Worker in the Workers runtime, started from a test file with wrangler's programmatic API
 * (`unstable_startWorker`, in this process): the config `scripts/host.mjs` runs (wrangler.jsonc with the built site as
 * its assets, the pages with a running experiment first through the Worker, the secrets in a .dev.vars beside it), the
 * D1 migrations applied (`migrate`, as every start of the host does), the rate-limit Durable Object, the queue and its
 * consumer, and the scheduled handler at /cdn-cgi/handler/scheduled. Its state lives in a temporary folder (removed on
 * stop unless the test gave one), so `npm run leads` and the other commands read it as they read a developer's.
 *
 * A start here takes well under a second once wrangler is loaded, against about 3 s for `wrangler dev` in a process of
 * its own (startHost): one runtime serves a whole test file.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { migrate, WRANGLER_ENV, writeConfig } from '../../scripts/host.mjs';
import type { D1Database } from '../../worker/platform';

export interface RuntimeOptions {
  /** The built site served as static assets (default dist). */
  dir?: string;
  /** The Worker's variables and secrets (CRM_HOST, LEAD_RETRY_BASE_S...), over wrangler.jsonc's vars. */
  bindings?: Record<string, string>;
  /** Where D1 and the Durable Object keep their state; default a new temporary folder, removed on stop. */
  persistTo?: string;
}

export interface Runtime {
  /** http://127.0.0.1:{port}, the site's origin. */
  readonly origin: string;
  /** The state folder. */
  readonly persistTo: string;
  /** What the Worker logged (console.log, warn, error), one line each, since this runtime started. */
  output(): string;
  /** Runs one statement on the Worker's own D1 database (its binding LEADS_DB, in this runtime): its rows. */
  sql<T = Record<string, unknown>>(statement: string, ...params: unknown[]): Promise<T[]>;
  /** Runs the scheduled handler (the sweep) as the runtime's test trigger does; `time` sets its scheduledTime. */
  sweep(time?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A structured log line of the runtime (wrangler's WorkerdStructuredLog). */
interface LogLine {
  level: string;
  message: string;
}

/** The part of wrangler's started Worker used here (its package types the dev environment loosely). */
interface StartedWorker {
  url: Promise<URL>;
  ready: Promise<void>;
  dispose(): Promise<void>;
  raw: { runtimes: { mf?: { getD1Database(binding: string): Promise<unknown> } }[] };
}

/**
 * Set beside WRANGLER_LOG when this module quieted wrangler (no line per request), so that the commands a test runs
 * get the developer's own level back. In the environment, not in the module: a Vitest worker runs several files.
 */
const QUIETED = 'WORKER_TESTS_QUIETED_WRANGLER';

/** wrangler's module, with the environment every run of it has here: no metrics, no Request.cf fetch. */
async function loadWrangler() {
  Object.assign(process.env, WRANGLER_ENV);
  if (process.env.WRANGLER_LOG === undefined) Object.assign(process.env, { WRANGLER_LOG: 'warn', [QUIETED]: '1' });
  return import('wrangler');
}

/** The environment of a command a test runs, as a developer's terminal gives it: wrangler's log level theirs. */
export function commandEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  if (env[QUIETED]) {
    delete env.WRANGLER_LOG;
    delete env[QUIETED];
  }
  return env;
}

/** Runs one of the project's Node commands (`scripts/leads.mjs --persist-to ...`) on the project's Node: its output. */
export async function runCommand(script: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [script, ...args], { env: commandEnv(), maxBuffer: 16 * 1024 * 1024 });
}

/** What `npm run experiments -- --json` prints for the runtime's D1 and the test experiments (tests/fixtures/experiments). */
export async function experimentsReport(persistTo: string): Promise<unknown> {
  const { stdout } = await runCommand('scripts/experiments.mjs', [
    '--persist-to',
    persistTo,
    '--experiments',
    'tests/fixtures/experiments',
    '--json',
  ]);
  return JSON.parse(stdout);
}

export async function startRuntime({ dir = 'dist', bindings = {}, persistTo }: RuntimeOptions = {}): Promise<Runtime> {
  const wrangler = await loadWrangler();
  const root = resolve(dir);
  const persist = persistTo ? resolve(persistTo) : mkdtempSync(join(tmpdir(), 'worker-test-state-'));
  const work = mkdtempSync(join(tmpdir(), 'worker-test-config-'));
  const lines: LogLine[] = [];
  let worker: StartedWorker | null = null;
  let origin = '';

  const start = async (vars: Record<string, string>) => {
    const config = await writeConfig(work, root, vars, false);
    await migrate(persist, config, { ...process.env, ...WRANGLER_ENV });
    const started = (await wrangler.unstable_startWorker({
      config,
      dev: {
        persist,
        server: { hostname: '127.0.0.1', port: 0 },
        inspector: false,
        watch: false,
        liveReload: false,
        logLevel: 'none',
        testScheduled: true,
        registry: undefined,
        structuredLogsHandler: (log: LogLine) => void lines.push(log),
      },
    })) as unknown as StartedWorker;
    await started.ready;
    worker = started;
    origin = (await started.url).origin;
  };

  const stopWorker = async () => {
    const running = worker;
    worker = null;
    await running?.dispose();
  };

  try {
    await start(bindings);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    if (!persistTo) rmSync(persist, { recursive: true, force: true });
    throw error;
  }

  const database = async () => {
    const mf = worker?.raw.runtimes[0]?.mf;
    if (!mf) throw new Error('The runtime is not running');
    return (await mf.getD1Database('LEADS_DB')) as D1Database;
  };

  return {
    get origin() {
      return origin;
    },
    persistTo: persist,
    output: () => lines.map((line) => line.message).join('\n'),
    async sql<T>(statement: string, ...params: unknown[]) {
      const db = await database();
      const { results } = await db
        .prepare(statement)
        .bind(...params)
        .all<T>();
      return results;
    },
    async sweep(time?: number) {
      const response = await fetch(`${origin}/cdn-cgi/handler/scheduled${time === undefined ? '' : `?time=${time}`}`);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`The scheduled handler answered ${response.status}: ${text}`);
    },
    async stop() {
      await stopWorker();
      rmSync(work, { recursive: true, force: true });
      if (!persistTo) rmSync(persist, { recursive: true, force: true });
    },
  };
}
