#!/usr/bin/env node
// The lead path under sustained load: 5,000 leads from 1,000 client addresses (half IPv4, half IPv6, each in a /64 of
// its own), 50 requests at a time, posted to /api/leads on the reference host's runtime (scripts/host.mjs: the Worker
// with its D1 table, queue, rate-limit Durable Objects, emulated by wrangler) while a stand-in CRM on 127.0.0.1 fails
// a tenth of its requests at random. Retries start after 1 s (LEAD_RETRY_BASE_S, 30 s deployed) and the sweep runs
// every 30 s (the cron's 5 minutes), queueing again a lead untouched for 120 s (LEAD_SWEEP_AFTER_S, 600 s deployed), so
// that both happen within the run: a lost queue message is found, and the backlog the consumer is still working
// through is not queued twice.
//   npm run bench:leads [-- --leads 5000 --addresses 1000 --concurrency 50 --failure-rate 0.1 --dir dist]
//
// Each lead has a name of its own, so the CRM's requests map back to the intake's answers. It prints the intake's
// latency (p50, p99, max), the time until the outbox is empty (every accepted lead delivered) and why deliveries were
// retried, and fails (exit 1) unless every 202 reached the CRM exactly once, nothing else reached it, no lead was
// refused by the rate limit (five per client stay under it) and the lead table holds every accepted lead as sent, none
// pending or dead. A 503 is counted, not failed: nothing was stored, and the form keeps what the visitor typed.
// A benchmark, not a test: `npm test` does not run it. Needs a build (npm run build).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { get, startHost } from './host.mjs';

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '5000' },
    addresses: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '50' },
    'failure-rate': { type: 'string', default: '0.1' },
    dir: { type: 'string', default: 'dist' },
  },
});
const LEADS = Number(values.leads);
const ADDRESSES = Number(values.addresses);
const CONCURRENCY = Number(values.concurrency);
const FAILURE_RATE = Number(values['failure-rate']);
const TOKEN = 'bench-leads-token';
/** The outbox must be empty within this time after the last intake answer, or the run fails. */
const DRAIN_TIMEOUT_MS = 10 * 60 * 1000;
/** After the outbox is empty, a sweep runs and the CRM is watched this long for a late duplicate. */
const QUIET_MS = 5000;
/** The sweep's schedule and wait (production: 300 s and 600 s). */
const SWEEP_EVERY_MS = 30_000;
const SWEEP_AFTER_S = '120';
const run = promisify(execFile);
/** Prints a line of the benchmark's own, also while the runtime's output is taken over (captureRuntimeOutput). */
const say = (
  (write) =>
  (line = '') =>
    write(`${line}\n`)
)(process.stdout.write.bind(process.stdout));

/** The client address of lead `i`: IPv4 for the first half of the addresses, IPv6 (its own /64) for the second. */
function addressOf(i) {
  const a = i % ADDRESSES;
  if (a < ADDRESSES / 2) return `198.18.${a >> 8}.${(a & 0xff) + 1}`;
  // Another interface id of the same /64 for each of its leads: the rate limit counts the /64.
  return `2001:db8:be:${a.toString(16)}::${(i + 1).toString(16)}`;
}
const nameOf = (i) => `Bench Lead ${String(i + 1).padStart(5, '0')}`;
const mobileOf = (i) => `+91 9${String(i).padStart(9, '0')}`;

/** The stand-in CRM: when each name was delivered (answered 2xx) and tried, and it fails FAILURE_RATE of requests. */
function startCrm(clock) {
  const delivered = new Map();
  const tried = new Map();
  const stats = { requests: 0, failed: 0, foreign: 0 };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    stats.requests++;
    const name = new URLSearchParams(raw).get('name') ?? '';
    if (req.method !== 'POST' || req.url !== '/api/leads' || req.headers['authtoken'] !== TOKEN) {
      stats.foreign++;
      res.writeHead(400).end();
      return;
    }
    tried.set(name, (tried.get(name) ?? 0) + 1);
    if (Math.random() < FAILURE_RATE) {
      stats.failed++;
      const status = Math.random() < 0.5 ? 500 : 503;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"status":false}');
      return;
    }
    delivered.set(name, [...(delivered.get(name) ?? []), clock()]);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":true,"message":"Lead added"}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        delivered,
        tried,
        stats,
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

/**
 * One lead posted to the intake as a browser would, on a fresh connection (as host.mjs's get(): a kept-alive socket that
 * the runtime has just closed would fail a request that never reached it).
 */
function postLead(origin, address, body) {
  return new Promise((done, fail) => {
    const req = request(
      `${origin}/api/leads`,
      {
        method: 'POST',
        agent: false,
        headers: {
          Origin: origin,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
          'CF-Connecting-IP': address,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

/**
 * The runtime's output, read as it comes: its lead log lines (one JSON object each, with the time it arrived) and the
 * count of connections its local dev proxy lost. It is not printed: the process's own writes are taken over while the
 * host runs, and `say` prints the benchmark's lines.
 */
function captureRuntimeOutput(clock) {
  const events = [];
  let lostConnections = 0;
  let pending = '';
  const original = { out: process.stdout.write, err: process.stderr.write };
  const take = (chunk, encoding, callback) => {
    const done = [encoding, callback].find((arg) => typeof arg === 'function');
    if (done) process.nextTick(done);
    // A line is never longer than this; what has no line break by then is not a log line.
    pending = (pending + String(chunk)).slice(-65_536);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const json = /\{"source":"leads".*\}/.exec(line);
      if (json) events.push({ t: clock(), ...JSON.parse(json[0]) });
      else if (/kj\/async-io.*disconnected/.test(line)) lostConnections++;
    }
    return true;
  };
  process.stdout.write = process.stderr.write = take;
  return {
    events,
    lostConnections: () => lostConnections,
    restore() {
      process.stdout.write = original.out;
      process.stderr.write = original.err;
    },
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value) => `${Math.round(value)} ms`;
const s = (value) => `${(value / 1000).toFixed(1)} s`;
const sleep = (time) => new Promise((done) => setTimeout(done, time));
const count = (items) => {
  const counts = new Map();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
};

const started = performance.now();
const clock = () => performance.now() - started;
const crm = await startCrm(clock);
say(
  `The lead path under load: ${LEADS} leads from ${ADDRESSES} addresses, ${CONCURRENCY} at a time; the CRM fails ` +
    `${FAILURE_RATE * 100} % of requests at random. ${cpus().length} cores, load ${loadavg()[0].toFixed(1)} at start.`,
);
// A folder of its own, read once the runtime has stopped (a second reader of a busy local table can fail).
const persistTo = mkdtempSync(join(tmpdir(), 'bench-leads-'));
const output = captureRuntimeOutput(clock);
const failures = [];
let accepted = new Set();
let host;
let cron;
try {
  host = await startHost({
    dir: values.dir,
    persistTo,
    echo: true,
    bindings: { CRM_HOST: crm.url, CRM_TOKEN: TOKEN, LEAD_RETRY_BASE_S: '1', LEAD_SWEEP_AFTER_S: SWEEP_AFTER_S },
  });
  // The cron, as the sweep's trigger request (scripts/host.mjs).
  let sweeps = 0;
  let sweeping = false;
  const runSweep = async () => {
    if (sweeping) return 'busy';
    sweeping = true;
    try {
      const answer = await get(`${host.origin}/cdn-cgi/handler/scheduled`);
      if (answer.status === 200) sweeps++;
      return String(answer.status);
    } catch (error) {
      return String(error);
    } finally {
      sweeping = false;
    }
  };
  cron = setInterval(runSweep, SWEEP_EVERY_MS);

  /** Each lead's answer: status, latency, the lead's id or the error. */
  const answers = new Array(LEADS);
  let next = 0;
  let answered = 0;
  const intakeStart = clock();
  const progress = setInterval(() => say(`  ... ${answered} of ${LEADS} answered`), 30_000);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < LEADS) {
        const i = next++;
        const body = new URLSearchParams({ name: nameOf(i), phonenumber: mobileOf(i), company_website: '' });
        const sentAt = clock();
        try {
          const response = await postLead(host.origin, addressOf(i), body.toString());
          const field = (key) => new RegExp(`"${key}":"([^"]*)"`).exec(response.body)?.[1];
          answers[i] = {
            status: response.status,
            latency: clock() - sentAt,
            id: field('id'),
            error: response.status === 202 ? undefined : (field('error') ?? response.body.slice(0, 60)),
          };
        } catch (error) {
          answers[i] = { status: 0, latency: clock() - sentAt, error: String(error) };
        }
        answered++;
      }
    }),
  );
  const intakeDone = clock();
  clearInterval(progress);

  accepted = new Set(answers.flatMap((a, i) => (a.status === 202 ? [nameOf(i)] : [])));
  const latencies = answers.map((a) => a.latency).sort((a, b) => a - b);
  const intakeS = (intakeDone - intakeStart) / 1000;
  say(`\nIntake: ${LEADS} answered in ${intakeS.toFixed(1)} s (${Math.round(LEADS / intakeS)} leads/s)`);
  for (const [kind, n] of count(answers.map((a) => (a.error ? `${a.status} ${a.error}` : String(a.status))))) {
    say(`  ${String(n).padStart(5)} × ${kind}`);
  }
  say(
    `Intake latency: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, ` +
      `max ${ms(latencies.at(-1))}`,
  );
  const lost = output.lostConnections();
  if (lost) say(`The local dev proxy lost ${lost} connections to the runtime (workerd: "disconnected")`);
  const unanswered = answers.filter((a) => a.status === 0).length;
  if (unanswered) failures.push(`${unanswered} requests got no answer`);
  const limited = answers.filter((a) => a.status === 429).length;
  if (limited) failures.push(`${limited} leads refused by the rate limit`);
  const other = answers.filter((a) => ![0, 202, 429, 503].includes(a.status)).length;
  if (other) failures.push(`${other} answers other than 202 and 503`);

  // The outbox is empty once every accepted lead has been delivered.
  const deliveredCount = () => [...accepted].filter((name) => crm.delivered.has(name)).length;
  let lastReport = clock();
  while (deliveredCount() < accepted.size && clock() < intakeDone + DRAIN_TIMEOUT_MS) {
    if (clock() - lastReport > 30_000) {
      lastReport = clock();
      say(`  ... ${deliveredCount()} of ${accepted.size} delivered`);
    }
    await sleep(50);
  }
  const drained = clock();
  clearInterval(cron);
  if (deliveredCount() < accepted.size) {
    failures.push(`${accepted.size - deliveredCount()} accepted leads not delivered within ${s(DRAIN_TIMEOUT_MS)}`);
  }
  say(
    `Outbox empty ${s(drained - intakeDone)} after the last intake answer (${s(drained - intakeStart)} after the ` +
      `first request; ${(accepted.size / ((drained - intakeStart) / 1000)).toFixed(1)} leads/s delivered overall)`,
  );

  // A sweep, then a quiet moment: nothing more may reach the CRM.
  const before = crm.stats.requests;
  while (sweeping) await sleep(100);
  const sweep = await runSweep();
  if (sweep !== '200') failures.push(`the last sweep answered ${sweep}`);
  await sleep(QUIET_MS);
  if (crm.stats.requests !== before) {
    failures.push(`${crm.stats.requests - before} CRM requests after the outbox was empty`);
  }

  const twice = [...crm.delivered].filter(([, times]) => times.length > 1);
  const stray = [...crm.tried.keys()].filter((name) => !accepted.has(name));
  say(
    `CRM: ${crm.stats.requests} requests, ${crm.stats.failed} failed on purpose; ${crm.delivered.size} leads ` +
      `delivered, ${twice.length} more than once, ${stray.length} not accepted by the intake; at most ` +
      `${Math.max(0, ...crm.tried.values())} tries for one lead`,
  );
  const retries = output.events.filter((e) => e.event === 'retry' || e.event === 'dead');
  for (const [error, n] of count(retries.map((e) => e.error.replace(/\d{4,} ms/, 'N ms')))) {
    say(`  ${String(n).padStart(5)} tries failed: ${error}`);
  }
  say(
    `The Worker's log: ${count(output.events.map((e) => e.event))
      .map(([event, n]) => `${n} ${event}`)
      .join(', ')}; ${sweeps} sweeps ran`,
  );
  const idOf = new Map(answers.flatMap((a, i) => (a.id ? [[nameOf(i), a.id]] : [])));
  const history = (name) => {
    for (const e of output.events.filter((event) => event.id === idOf.get(name))) {
      say(`    ${s(e.t)} ${e.event} try ${e.attempt ?? '-'}${e.error ? `: ${e.error}` : ''}`);
    }
  };
  for (const [name, times] of twice.slice(0, 3)) {
    say(`  ${name} reached the CRM at ${times.map(s).join(' and ')}; its log:`);
    history(name);
  }
  for (const name of [...accepted].filter((n) => !crm.delivered.has(n)).slice(0, 3)) {
    say(`  ${name} was accepted and never delivered; its log:`);
    history(name);
  }
  if (twice.length) failures.push(`${twice.length} leads reached the CRM more than once`);
  if (stray.length) failures.push(`${stray.length} leads reached the CRM without a 202 (${stray[0]})`);
  if (crm.stats.foreign) failures.push(`${crm.stats.foreign} CRM requests were not the lead request with the token`);
} finally {
  clearInterval(cron);
  await host?.stop();
  output.restore();
  await crm.close();
}
try {
  // The lead table, read as `npm run leads` reads it.
  const { stdout } = await run('node', ['scripts/leads.mjs', '--persist-to', persistTo, '--json']);
  const { counts } = JSON.parse(stdout);
  say(`Lead table: ${counts.sent} sent, ${counts.pending} pending, ${counts.dead} dead-lettered`);
  if (counts.sent !== accepted.size || counts.pending || counts.dead) {
    failures.push(`the lead table holds ${JSON.stringify(counts)}, not ${accepted.size} sent`);
  }
} finally {
  rmSync(persistTo, { recursive: true, force: true });
}

const cpu = process.cpuUsage();
say(`This script's own CPU time: ${s((cpu.user + cpu.system) / 1000)}`);
if (failures.length) {
  console.error(`\nFailed: ${failures.join('; ')}`);
  process.exit(1);
}
say('\nEvery accepted lead reached the CRM exactly once, and nothing else did.');
