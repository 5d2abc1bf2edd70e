/**
 * The local host never prints a secret. `node scripts/host.mjs --binding NAME=value` (and .dev.vars) hands the values
 * to wrangler as secrets, which it lists as "(hidden)", and the Worker still receives each value unchanged. One host,
 * started from the command line as a developer or CI starts it (its output is startHost()'s output() echoed), with a
 * fake CRM on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../../scripts/host.mjs';
import { startFakeCrm } from '../fakes/fake-crm';
import { commandEnv } from './runtime';

// Quotes, a hash, a dollar, a backslash and an equals sign: what a .dev.vars reader could cut, expand or unescape.
// Each holds a marker of its own, so that a value printed only in part is caught too.
const CRM_TOKEN = `crm-token-5d81c0 it's "quoted" #not-a-comment $HOME=x \\n \\`;
const GITHUB_CLIENT_ID = "gh-client-77a2e9 'single' `tick` $PATH #x";
const GITHUB_CLIENT_SECRET = 'gh-secret-b34f10 "double" #x $USER';
const MARKERS = ['crm-token-5d81c0', 'gh-client-77a2e9', 'gh-secret-b34f10'];

it('a secret given to the host reaches the Worker and never appears in its output', { timeout: 120_000 }, async () => {
  const crm = await startFakeCrm();
  const port = await freePort();
  const bindings = { CRM_HOST: crm.url, CRM_TOKEN, GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET };
  const host = spawn(
    process.execPath,
    [
      'scripts/host.mjs',
      ...['--dir', 'dist', '--port', String(port), '--ignore-dev-vars'],
      ...Object.entries(bindings).flatMap(([name, value]) => ['--binding', `${name}=${value}`]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: commandEnv() },
  );
  let output = '';
  host.stdout.on('data', (chunk) => (output += chunk));
  host.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => host.on('exit', done));
  const origin = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(() => output.includes(`at ${origin}/`) || host.exitCode !== null, { timeout: 90_000, interval: 200 })
      .toBe(true);
    expect(host.exitCode, output).toBeNull();

    // The CMS sign-in is configured (both GitHub values arrived) and sends the client id unchanged.
    const signIn = await fetch(`${origin}/api/cms-auth`, { redirect: 'manual' });
    expect(signIn.status).toBe(302);
    expect(new URL(signIn.headers.get('Location')!).searchParams.get('client_id')).toBe(GITHUB_CLIENT_ID);

    // A lead reaches the CRM with the token unchanged.
    const lead = await fetch(`${origin}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: new URLSearchParams({ name: 'Asha Rao', phonenumber: '+91 98765 43210', form: 'popup' }).toString(),
    });
    expect(lead.status).toBe(202);
    await expect.poll(() => crm.requests.length, { timeout: 30_000 }).toBe(1);
    expect(crm.requests[0]!.headers['authtoken']).toBe(CRM_TOKEN);
  } finally {
    host.kill('SIGTERM');
    await exited;
    await crm.close();
  }

  // wrangler listed each one as hidden; no value, nor any part of one, was printed (colours aside).
  // eslint-disable-next-line no-control-regex
  output = output.replace(/\x1b\[[0-9;]*m/g, '');
  for (const name of Object.keys(bindings)) expect(output).toContain(`env.${name} ("(hidden)")`);
  for (const secret of [...Object.values(bindings).slice(1), ...MARKERS]) expect(output).not.toContain(secret);
  // The file the secrets were handed over in went with the host.
  const file = /Using secrets defined in (\S+)/.exec(output)?.[1];
  expect(file).toMatch(/worker-config-\w+\/\.dev\.vars$/);
  expect(existsSync(resolve(file!))).toBe(false);
});
