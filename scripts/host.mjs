#!/usr/bin/env node
// The reference host, run locally: `wrangler pages dev` serves a built folder with the Cloudflare Pages runtime, as
// production does (its URL rules, `_headers`, compression, 404.html, the lead relay in functions/). `npm start`,
// `npm run preview`, the Playwright web servers, the link crawl, the budgets and Lighthouse all serve the site through
// this module, so every check sees what a visitor gets.
//
//   node scripts/host.mjs [--dir dist] [--port 4321] [--binding NAME=value ...]
//
// Each start keeps the function's KV data (the relay's rate limit) in a new empty folder under the system temp folder,
// removed on stop: no run inherits another's counts. Metrics are off; it listens on 127.0.0.1 only and needs no
// network.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The project folder: wrangler reads wrangler.toml and functions/ from its working directory. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WRANGLER = join(ROOT, 'node_modules', '.bin', 'wrangler');
/** wrangler is ready in about 2 s here, 7 s on a busy machine; a first start compiles the functions. */
const START_TIMEOUT_MS = 60_000;
const HOST = '127.0.0.1';

/** A TCP port that is free on 127.0.0.1 right now. */
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
 * One GET on a fresh connection, redirects not followed, the body as the wire carries it (not decompressed). A fresh
 * connection each time: a kept-alive socket that the runtime has just closed would fail a request that never reached it.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
export function get(url, headers = {}) {
  return new Promise((done, fail) => {
    const req = request(url, { method: 'GET', headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * Serves a built folder with `wrangler pages dev` and resolves once it answers.
 * @param {{ dir?: string, port?: number, bindings?: Record<string, string>, echo?: boolean, signal?: AbortSignal }} [options]
 *   dir: the built site (default dist); port: default a free one; bindings: variables of the functions (CRM_HOST...);
 *   echo: print wrangler's output (default: only when it fails to start); signal: stops a start still under way.
 * @returns {Promise<{ origin: string, port: number, output: () => string, stop: () => Promise<void> }>}
 */
export async function startHost({ dir = 'dist', port, bindings = {}, echo = false, signal } = {}) {
  const root = resolve(ROOT, dir);
  if (!existsSync(join(root, '404.html'))) throw new Error(`No built site in ${root}: run "npm run build" first.`);
  const listenPort = port ?? (await freePort());
  const persist = mkdtempSync(join(tmpdir(), 'pages-state-'));
  const args = [
    'pages',
    'dev',
    root,
    '--ip',
    HOST,
    '--port',
    String(listenPort),
    '--persist-to',
    persist,
    '--show-interactive-dev-session=false',
    ...Object.entries(bindings).flatMap(([name, value]) => ['--binding', `${name}=${value}`]),
  ];
  const child = spawn(WRANGLER, args, {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (stream, target) =>
    stream.on('data', (chunk) => {
      log = (log + chunk).slice(-20_000);
      if (echo) target.write(chunk);
    });
  collect(child.stdout, process.stdout);
  collect(child.stderr, process.stderr);
  let exited = null;
  const exit = new Promise((done) =>
    child.on('exit', (code, killedBy) => {
      exited = { code, signal: killedBy };
      done();
    }),
  );
  // Whatever ends this process normally ends wrangler too.
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);

  const origin = `http://${HOST}:${listenPort}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    process.off('exit', onExit);
    rmSync(persist, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (signal?.aborted) {
      await stop();
      throw new Error(`wrangler pages dev ${dir}: start cancelled`);
    }
    if (exited) {
      await stop();
      throw new Error(`wrangler pages dev ${dir} exited (${exited.code ?? exited.signal}) before serving:\n${log}`);
    }
    // Any answer at all means the runtime serves (the 404 page answers 200 at /404).
    const answered = await fetch(`${origin}/404`, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler pages dev ${dir} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${log}`);
    }
    await sleep(200);
  }
  return { origin, port: listenPort, output: () => log, stop };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'dist' },
      port: { type: 'string', default: process.env.PORT ?? '4321' },
      binding: { type: 'string', multiple: true, default: [] },
    },
  });
  const bindings = Object.fromEntries(
    values.binding.map((pair) => {
      const i = pair.indexOf('=');
      if (i < 1) throw new Error(`--binding takes NAME=value, got "${pair}"`);
      return [pair.slice(0, i), pair.slice(i + 1)];
    }),
  );
  // A signal during the start cancels it; after it, stops wrangler. Either way wrangler goes first, then this process.
  const starting = new AbortController();
  let host = null;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (host) void host.stop().then(() => process.exit(0));
      else starting.abort();
    });
  }
  try {
    host = await startHost({
      dir: values.dir,
      port: Number(values.port),
      bindings,
      echo: true,
      signal: starting.signal,
    });
    console.log(`\nServing ${values.dir} with the Cloudflare Pages runtime at ${host.origin}/ (Ctrl+C stops it)`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(starting.signal.aborted ? 0 : 1);
  }
}
