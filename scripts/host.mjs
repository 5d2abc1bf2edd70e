#!/usr/bin/env node
// The reference host, run locally: `wrangler dev` runs the site's Worker with its static assets (wrangler.jsonc), as
// production does: its URL rules, `_headers`, compression, 404.html, and the lead path of worker/ with its D1 table,
// queue, rate-limit Durable Object and scheduled sweep, all emulated offline. `npm start`, `npm run preview`, the
// Playwright web servers, the link crawl, the budgets and Lighthouse all serve the site through this module, so every
// check sees what a visitor gets.
//
//   node scripts/host.mjs [--dir dist] [--port 4321] [--binding NAME=value ...] [--persist-to DIR] [--test-scheduled]
//                         [--ignore-dev-vars]
//
// --binding sets a variable of the Worker (CRM_HOST, CRM_TOKEN, LEAD_RETRY_BASE_S, LEAD_SWEEP_AFTER_S), over those
// of .dev.vars, which win over wrangler.jsonc's. The command line reads .dev.vars unless --ignore-dev-vars says not to
// (the browser tests say so: a developer's real CRM never receives test leads); startHost() reads it only when asked.
// Both reach wrangler as secrets (a .dev.vars file beside the generated config, in a private temp folder), which it
// lists as "(hidden)": no token is printed in a terminal or a CI log. --persist-to keeps the lead table and the rate
// limits in DIR, so that they survive a restart (`npm start` uses .wrangler/state); without it each start gets a new
// empty folder under the system temp folder, removed on stop, so no run inherits another's leads or counts. Each
// start applies the D1 migrations (migrations/) first; a new folder gets a copy of what they made of the first new one.
//
// The scheduled handler (the sweep) runs on a request to /cdn-cgi/handler/scheduled, as with `wrangler dev
// --test-scheduled`, on every start (--test-scheduled is accepted and changes nothing).
//
// Metrics are off, and so is the fetch of the `Request.cf` object (WRANGLER_ENV); it listens on 127.0.0.1 only and needs
// no network.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { workerFirstRoutes } from './experiment-routes.mjs';

/** The project folder: wrangler.jsonc, worker/ and migrations/ are read from it. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WRANGLER = join(ROOT, 'node_modules', '.bin', 'wrangler');
/** wrangler is ready in about 3 s here, more on a busy machine; each start bundles the Worker. */
const START_TIMEOUT_MS = 60_000;
const HOST = '127.0.0.1';
/** How many times a start that lost a port to another process is made. */
const START_ATTEMPTS = 3;

/**
 * What every run of wrangler here adds to its environment: no metrics, and no fetch of the `Request.cf` object (the
 * visitor's location and network, which the Worker does not read) from workers.cloudflare.com. miniflare then uses its
 * placeholder at once, the one it fell back to when that fetch failed offline, after printing "Unable to fetch the
 * `Request.cf` object" and a DNS error at every start and every reload (CLOUDFLARE_CF_FETCH_ENABLED, wrangler 4.86).
 */
export const WRANGLER_ENV = { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

/**
 * A TCP port that is free on 127.0.0.1 right now.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * A GET on a fresh connection, redirects not followed, the body as the wire carries it (not decompressed). A fresh
 * connection each time: a kept-alive socket that the runtime has just closed would fail a request that never reached it.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
export async function get(url, headers = {}) {
  try {
    return await getOnce(url, headers);
  } catch (error) {
    // No answer at all (the runtime closed the connection, as it can while it reloads on a busy machine): asked once
    // more. Any answer, whatever its status, is the site's and is returned as it is.
    if (!isDropped(error)) throw error;
    await sleep(500);
    return getOnce(url, headers);
  }
}

/** @param {unknown} error */
const isDropped = (error) =>
  ['ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes(/** @type {{ code?: string }} */ (error).code ?? '') ||
  /socket hang up/.test(String(/** @type {Error} */ (error).message));

/**
 * One GET, as get() describes it.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
function getOnce(url, headers) {
  return new Promise((done, fail) => {
    const req = request(url, { method: 'GET', headers, agent: false }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * Variables from a dotenv-style file (NAME=value lines; # comments; optional quotes), or none when it is missing.
 * @param {string} file
 * @returns {Record<string, string>}
 */
function readDevVars(file) {
  if (!existsSync(file)) return {};
  /** @type {Record<string, string>} */
  const vars = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const [, name, raw] = match;
    if (name === undefined || raw === undefined) continue;
    vars[name] = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  }
  return vars;
}

/**
 * wrangler's module. Loading it makes SIGINT and SIGTERM end this process at once (process.exit), before a host can
 * stop and remove its temp folders, the secrets' .dev.vars among them: those listeners are taken off again.
 */
async function importWrangler() {
  const signals = ['SIGINT', 'SIGTERM'];
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const wrangler = await import('wrangler');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }
  return wrangler;
}

/**
 * One NAME=value line of a .dev.vars file, quoted so that wrangler's reader gives the value back unchanged: in the
 * first of ' ` " that the value does not hold (inside " it would turn \n into a line break). A value it could not
 * give back whole (a line break, all three quotes) is refused, naming the variable and not its value.
 * @param {string} name
 * @param {string} value
 */
export function devVarsLine(name, value) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a variable name: ${JSON.stringify(name)}`);
  const quote = ["'", '`', '"'].find((q) => !value.includes(q));
  if (!quote || /[\r\n]/.test(value) || (quote === '"' && /\\[nr]/.test(value))) {
    throw new Error(`The value of ${name} cannot be passed to wrangler: it would not read it back unchanged`);
  }
  return `${name}=${quote}${value}${quote}`;
}

/**
 * The parts of wrangler.jsonc read here, as wrangler's reader returns them (its package does not ship that type).
 * @typedef {{ name: string, main: string, compatibility_date: string, $schema?: string,
 *   assets?: Record<string, unknown>, d1_databases?: { migrations_dir?: string }[],
 *   secrets?: { required?: string[] } }} WranglerConfig
 */

/**
 * The config `wrangler dev` runs (and the Worker tests' runtime, tests/worker/runtime.ts), written into `folder`: the site Worker's (wrangler.jsonc with absolute paths and
 * the assets folder `root`) with, beside it, a .dev.vars of the values of the project's .dev.vars (when `devVars`) and
 * `bindings`, which wrangler reads as secrets, over wrangler.jsonc's vars. Resolves to the config's path.
 * @param {string} folder
 * @param {string} root
 * @param {Record<string, string>} bindings
 * @param {boolean} devVars
 * @returns {Promise<string>}
 */
export async function writeConfig(folder, root, bindings, devVars) {
  const { experimental_readRawConfig: readRawConfig } = await importWrangler();
  const { rawConfig } = readRawConfig({ config: join(ROOT, 'wrangler.jsonc') });
  /** @type {WranglerConfig} */
  const config = { ...rawConfig };
  delete config.$schema;
  const secrets = { ...(devVars ? readDevVars(join(ROOT, '.dev.vars')) : {}), ...bindings };
  /** @type {WranglerConfig} */
  const site = {
    ...config,
    main: resolve(ROOT, config.main),
    // The pages with a running experiment reach the Worker first (scripts/experiment-routes.mjs).
    assets: {
      ...config.assets,
      directory: root,
      run_worker_first: workerFirstRoutes(/** @type {string[]} */ (config.assets?.run_worker_first ?? []), root),
    },
    d1_databases: (config.d1_databases ?? []).map((db) => ({
      ...db,
      migrations_dir: resolve(ROOT, db.migrations_dir ?? 'migrations'),
    })),
  };
  // With a `secrets` list in the config, wrangler takes only the listed names from .dev.vars.
  if (config.secrets?.required) {
    site.secrets = { ...config.secrets, required: [...new Set([...config.secrets.required, ...Object.keys(secrets)])] };
  }
  const path = join(folder, 'site.json');
  writeFileSync(path, JSON.stringify(site, null, 2));
  // Written even when empty: wrangler then reads no .env file instead.
  const lines = Object.entries(secrets).map(([name, value]) => devVarsLine(name, String(value)));
  writeFileSync(join(folder, '.dev.vars'), lines.map((line) => `${line}\n`).join(''), { mode: 0o600 });
  return path;
}

/**
 * Runs wrangler to the end; rejects with its output when it fails.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<string>}
 */
function runWrangler(args, env) {
  return new Promise((done, fail) => {
    const child = spawn(WRANGLER, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(out) : fail(new Error(`wrangler ${args.join(' ')} failed:\n${out}`)),
    );
  });
}

/** Where the D1 state of a start is kept, and the state the migrations left in a new one (see migrate). */
const D1_STATE = join('v3', 'd1');
const MIGRATED = join(ROOT, 'node_modules', '.cache', 'host-migrated');

/**
 * A key for what the migrations make of a new database: the migration files, the database's config and wrangler's
 * version.
 * @param {string} siteConfig
 */
function migratedKey(siteConfig) {
  /** @type {WranglerConfig} */
  const config = JSON.parse(readFileSync(siteConfig, 'utf8'));
  const hash = createHash('sha256');
  hash.update(JSON.stringify(config.d1_databases ?? []));
  hash.update(readFileSync(join(ROOT, 'node_modules', 'wrangler', 'package.json')));
  for (const db of config.d1_databases ?? []) {
    const dir = db.migrations_dir ?? join(ROOT, 'migrations');
    for (const file of readdirSync(dir).sort()) hash.update(`${file}\0`).update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Applies the D1 migrations to the state in `persist` (`wrangler d1 migrations apply`, about 6 CPU-s). A new state
 * gets a copy of what they made of the first new one instead, kept by key (migratedKey) in node_modules/.cache. Used
 * by startHost and by the Worker tests' runtime (tests/worker/runtime.ts).
 * @param {string} persist
 * @param {string} siteConfig
 * @param {NodeJS.ProcessEnv} env
 */
export async function migrate(persist, siteConfig, env) {
  const state = join(persist, D1_STATE);
  const fresh = !existsSync(state);
  const kept = join(MIGRATED, migratedKey(siteConfig));
  if (fresh && existsSync(kept)) {
    cpSync(kept, state, { recursive: true });
    return;
  }
  await runWrangler(
    ['d1', 'migrations', 'apply', 'LEADS_DB', '--local', '--persist-to', persist, '-c', siteConfig],
    env,
  );
  if (!fresh) return;
  // Written beside, then renamed: a start at the same time finds the whole copy or none.
  const copy = `${kept}.${process.pid}.${Date.now()}`;
  cpSync(state, copy, { recursive: true });
  try {
    renameSync(copy, kept);
  } catch {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Serves a built folder with `wrangler dev` and resolves once it answers.
 * @param {{ dir?: string, port?: number, bindings?: Record<string, string>, persistTo?: string, devVars?: boolean,
 *   echo?: boolean, signal?: AbortSignal }} [options]
 *   dir: the built site (default dist); port: default a free one; bindings: variables of the Worker (CRM_HOST...);
 *   persistTo: where the lead table and rate limits live (default: a new temp folder, removed on stop);
 *   devVars: also read the project's .dev.vars (default false);
 *   echo: print wrangler's output (default: only when it fails to start); signal: stops a start still under way.
 * @returns {Promise<{ origin: string, port: number, persistTo: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function startHost(options = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startHostOnce(options);
    } catch (error) {
      // Its ports are found free a moment before wrangler binds them, and a process starting beside it may take one
      // first: then it starts again on others.
      if (attempt === START_ATTEMPTS || !String(error).includes('Address already in use')) throw error;
    }
  }
}

/**
 * One try of startHost.
 * @param {Parameters<typeof startHost>[0]} [options]
 * @returns {ReturnType<typeof startHost>}
 */
async function startHostOnce({
  dir = 'dist',
  port,
  bindings = {},
  persistTo,
  devVars = false,
  echo = false,
  signal,
} = {}) {
  const root = resolve(ROOT, dir);
  if (!existsSync(join(root, '404.html'))) throw new Error(`No built site in ${root}: run "npm run build" first.`);
  const listenPort = port ?? (await freePort());
  const persist = persistTo ? resolve(ROOT, persistTo) : mkdtempSync(join(tmpdir(), 'worker-state-'));
  mkdirSync(persist, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'worker-config-'));
  const cleanUp = () => {
    rmSync(work, { recursive: true, force: true });
    if (!persistTo) rmSync(persist, { recursive: true, force: true });
  };
  const env = {
    ...process.env,
    ...WRANGLER_ENV,
    // Its own dev registry: two hosts on one machine never bind to each other's Workers.
    WRANGLER_REGISTRY_PATH: join(work, 'registry'),
    // wrangler's debug log (every line it prints and more) goes with the host instead of piling up in ~/.config.
    WRANGLER_LOG_PATH: join(work, 'logs'),
    // No devtools proxy, which wrangler 4.86's command line cannot turn off otherwise (it does in a VS Code debug
    // terminal, which this variable marks): it sends every subrequest's devtools events through Node into that log,
    // about half of the runtime's CPU per request.
    VSCODE_INSPECTOR_OPTIONS: '{}',
  };
  let config;
  try {
    config = await writeConfig(work, root, bindings, devVars);
    await migrate(persist, config, env);
  } catch (error) {
    cleanUp();
    throw error;
  }
  const args = [
    'dev',
    '-c',
    config,
    '--ip',
    HOST,
    '--port',
    String(listenPort),
    // A free port for the devtools too: two hosts starting at once would both take the default, 9229, and one fail.
    '--inspector-port',
    String(await freePort()),
    '--persist-to',
    persist,
    '--test-scheduled',
    '--show-interactive-dev-session=false',
  ];
  const child = spawn(WRANGLER, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  /**
   * @param {import('node:stream').Readable} stream
   * @param {NodeJS.WriteStream} target
   */
  const collect = (stream, target) =>
    stream.on('data', (chunk) => {
      log = (log + chunk).slice(-200_000);
      if (echo) target.write(chunk);
    });
  collect(child.stdout, process.stdout);
  collect(child.stderr, process.stderr);
  let exited = /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */ (null);
  /** @type {Promise<void>} */
  const exit = new Promise((done) =>
    child.on('exit', (code, killedBy) => {
      exited = { code, signal: killedBy };
      done();
    }),
  );
  // Whatever ends this process normally ends wrangler too, and removes the config folder with the secrets.
  const onExit = () => {
    child.kill('SIGTERM');
    try {
      rmSync(work, { recursive: true, force: true });
    } catch {
      // wrangler, still stopping, may be writing in it: stop() removes it when it runs to the end
    }
  };
  process.once('exit', onExit);

  const origin = `http://${HOST}:${listenPort}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      child.kill('SIGTERM');
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      const killed = await Promise.race([
        exit.then(() => true),
        new Promise((done) => (timer = setTimeout(() => done(false), 10_000))),
      ]);
      // Cleared, or the process that stopped it would wait those 10 s before it can end.
      clearTimeout(timer);
      if (!killed) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    process.off('exit', onExit);
    cleanUp();
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (signal?.aborted) {
      await stop();
      throw new Error(`wrangler dev ${dir}: start cancelled`);
    }
    if (exited) {
      await stop();
      throw new Error(`wrangler dev ${dir} exited (${exited.code ?? exited.signal}) before serving:\n${log}`);
    }
    // Any answer at all means the runtime serves (the 404 page answers 200 at /404).
    const answered = await fetch(`${origin}/404`, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev ${dir} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${log}`);
    }
    await sleep(200);
  }
  return { origin, port: listenPort, persistTo: persist, output: () => log, stop };
}

/**
 * startHost() for a command run from a terminal: a signal during the start cancels it, a signal after it stops
 * wrangler, then this process. A start that fails ends the process with its message. Resolves to the host once it
 * serves (null when the start was cancelled).
 * @param {Parameters<typeof startHost>[0]} options
 */
export async function serveUntilStopped(options) {
  const starting = new AbortController();
  /** @type {Awaited<ReturnType<typeof startHost>> | null} */
  let host = null;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (host) void host.stop().then(() => process.exit(0));
      else starting.abort();
    });
  }
  try {
    host = await startHost({ ...options, signal: starting.signal });
    return host;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(starting.signal.aborted ? 0 : 1);
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'dist' },
      port: { type: 'string', default: process.env.PORT ?? '4321' },
      binding: { type: 'string', multiple: true, default: [] },
      'persist-to': { type: 'string' },
      'test-scheduled': { type: 'boolean', default: false },
      'ignore-dev-vars': { type: 'boolean', default: false },
    },
  });
  const bindings = Object.fromEntries(
    values.binding.map((pair) => {
      const i = pair.indexOf('=');
      if (i < 1) throw new Error(`--binding takes NAME=value, got "${pair}"`);
      return [pair.slice(0, i), pair.slice(i + 1)];
    }),
  );
  const host = await serveUntilStopped({
    dir: values.dir,
    port: Number(values.port),
    bindings,
    persistTo: values['persist-to'],
    devVars: !values['ignore-dev-vars'],
    echo: true,
  });
  if (host) {
    console.log(
      `\nServing ${values.dir} with the Cloudflare Workers runtime at ${host.origin}/, on Node ${process.version} ` +
        `(Ctrl+C stops it); ` +
        `lead data in ${host.persistTo}${values['persist-to'] ? '' : ' (removed on stop)'}`,
    );
  }
}
