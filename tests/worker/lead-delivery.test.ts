/**
 * A lead's way from the site to the CRM, on the Workers runtime (./runtime.ts: the Worker with its D1 table, queue,
 * rate-limit Durable Object and sweep), against a stand-in CRM on 127.0.0.1 (../fakes/fake-crm.ts) that records what
 * it receives and can be told to fail or to go away. Each lead is posted as the site's forms post it
 * (tests/fixtures/crm-lead.ts, which the browser tests hold the forms to). Time is moved with the Worker's own
 * settings instead of waited for: retries after LEAD_RETRY_BASE_S (1 s, or none), the sweep run by its trigger.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCrm, type FakeCrm } from '../fakes/fake-crm';
import { runCommand, startRuntime, type Runtime } from './runtime';
import { EXPECTED_CRM_LEAD_BODY, SITE_LEAD_POST } from '../fixtures/crm-lead';
import { FORM_TYPE } from '../../src/lib/leads/wire';
import { form, post, sleep, startSiteWithCrm } from './lead-posts';
import { MAX_DELIVERY_ATTEMPTS } from '../../worker/leads/outbox';

const TOKEN = 'outbox-test-token-3f9a61';
const LEAD = { name: 'Asha Rao', phonenumber: '+91 98765 43210' };

/** `npm run leads` over a runtime's state folder, as JSON. */
async function leadsReport(persistTo: string) {
  const { stdout } = await runCommand('scripts/leads.mjs', ['--persist-to', persistTo, '--json']);
  return JSON.parse(stdout) as {
    counts: { pending: number; sent: number; dead: number };
    lastError: { error: string; status: number | null } | null;
  };
}

describe('with the CRM set', () => {
  let crm: FakeCrm;
  let site: Runtime;

  beforeAll(async () => {
    ({ crm, site } = await startSiteWithCrm(TOKEN));
  });

  afterAll(async () => {
    await site?.stop();
    await crm?.close();
  });

  // A test that failed while the CRM was away leaves it listening again for the next.
  beforeEach(async () => {
    await crm.open();
    crm.reset();
  });

  it("the popup's lead while the CRM answers 503: stored at once (202); it arrives once, in the CRM format, after the CRM recovers", async () => {
    crm.answer('unavailable');
    // What the offer popup posts in relay mode (tests/e2e/home-popup.spec.ts holds the popup to it).
    const answer = await post(site, form(SITE_LEAD_POST.popup));
    expect(answer.status).toBe(202);
    const { id } = (await answer.json()) as { id: string };
    expect(id).toEqual(expect.any(String));
    // Stored with the language of its page; the CRM's body below has no field for it.
    expect(await site.sql('SELECT lang FROM leads WHERE id = ?1', id)).toEqual([{ lang: 'en' }]);

    // The CRM refused the first try; it recovers, and the next try delivers.
    await expect.poll(() => crm.requests.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const refused = crm.requests.length;
    crm.answer('ok');
    await expect.poll(() => crm.requests.length, { timeout: 20_000 }).toBe(refused + 1);
    const delivered = crm.requests.at(-1)!;
    expect(delivered.method).toBe('POST');
    expect(delivered.path).toBe('/api/leads');
    expect(delivered.headers['authtoken']).toBe(TOKEN);
    expect(delivered.headers['accept']).toBe('application/json');
    expect(delivered.headers['content-type']).toBe(FORM_TYPE);
    expect(delivered.form).toEqual(EXPECTED_CRM_LEAD_BODY);
    for (const r of crm.requests) expect(r.raw).toBe(delivered.raw);

    // Sent once: a later sweep sends nothing more.
    await site.sweep();
    await sleep(1500);
    expect(crm.requests).toHaveLength(refused + 1);
  });

  it("an email form's lead (its email service failed, so it posts to the site): it reaches the CRM once", async () => {
    // What the inline form posts when its email service fails (the lead form's browser tests).
    const answer = await post(site, form(SITE_LEAD_POST.inline));
    expect(answer.status).toBe(202);
    await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(1);
    expect(crm.requests[0]!.headers['authtoken']).toBe(TOKEN);
    expect(crm.requests[0]!.form).toEqual(EXPECTED_CRM_LEAD_BODY);
    await sleep(1500);
    expect(crm.requests).toHaveLength(1);
  });
});

describe('across a restart, and when every try fails', () => {
  let crm: FakeCrm;
  let state: string;

  beforeAll(async () => {
    crm = await startFakeCrm();
    state = mkdtempSync(join(tmpdir(), 'lead-state-'));
  });

  afterAll(async () => {
    await crm?.close();
    rmSync(state, { recursive: true, force: true });
  });

  beforeEach(() => crm.reset());

  it(
    'a lead stored with no CRM set survives a restart of the runtime; with the CRM set, the sweep delivers it once',
    { timeout: 120_000 },
    async () => {
      const persistTo = join(state, 'restart');
      // What `npm start` runs with: no CRM. The lead is kept, pending.
      const first = await startRuntime({ dir: 'dist', persistTo });
      let id: string;
      try {
        const response = await post(first, form({ ...LEAD, name: 'Restart Lead' }));
        expect(response.status).toBe(202);
        id = ((await response.json()) as { id: string }).id;
        await expect.poll(() => first.output(), { timeout: 10_000 }).toContain('no CRM is set');
        expect(first.output()).not.toContain('Restart Lead');
      } finally {
        await first.stop();
      }
      const before = await leadsReport(persistTo);
      expect(before.counts).toEqual({ pending: 1, sent: 0, dead: 0 });

      // Started again on the same state, now with a CRM: the sweep finds the lead and sends it.
      const second = await startRuntime({
        dir: 'dist',
        persistTo,
        bindings: { CRM_HOST: crm.url, CRM_TOKEN: TOKEN, LEAD_SWEEP_AFTER_S: '0' },
      });
      try {
        expect(crm.requests).toEqual([]);
        await second.sweep();
        await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(1);
        expect(crm.requests[0]!.form).toEqual({
          ...EXPECTED_CRM_LEAD_BODY,
          name: 'Restart Lead',
          contact: 'Restart Lead',
        });
        await second.sweep();
        await sleep(1500);
        expect(crm.requests).toHaveLength(1);
        expect(second.output()).toContain(`"id":"${id}","state":"sent"`);
      } finally {
        await second.stop();
      }
      expect((await leadsReport(persistTo)).counts).toEqual({ pending: 0, sent: 1, dead: 0 });
    },
  );

  it(
    'a lead the CRM refuses at every try ends dead-lettered, and `npm run leads` shows it',
    { timeout: 120_000 },
    async () => {
      crm.answer('error');
      const persistTo = join(state, 'dead');
      // No wait between tries: they all run at once.
      const site = await startRuntime({
        dir: 'dist',
        persistTo,
        bindings: { CRM_HOST: crm.url, CRM_TOKEN: TOKEN, LEAD_RETRY_BASE_S: '0' },
      });
      try {
        const response = await post(site, form({ ...LEAD, name: 'Doomed Lead' }));
        expect(response.status).toBe(202);
        await expect.poll(() => site.output(), { timeout: 60_000 }).toContain('"state":"dead"');
        // Every try was made, each the CRM request the product defines.
        expect(crm.requests).toHaveLength(MAX_DELIVERY_ATTEMPTS);
        for (const r of crm.requests) expect(r.form.name).toBe('Doomed Lead');
        const report = await leadsReport(persistTo);
        expect(report.counts).toEqual({ pending: 0, sent: 0, dead: 1 });
        expect(report.lastError).toMatchObject({ error: 'CRM answered 500', status: 500 });
        // The log says what happened to the lead, never who it was.
        expect(site.output()).not.toContain('Doomed Lead');
        expect(site.output()).not.toContain('98765');

        // The CRM is fixed: the owner sends the dead lead again, and the next sweep delivers it.
        crm.reset();
        const { stdout } = await runCommand('scripts/leads.mjs', ['--persist-to', persistTo, '--retry-dead']);
        expect(stdout).toContain('1 dead-lettered lead is pending again');
        await site.sweep();
        await expect.poll(() => crm.requests.length, { timeout: 15_000 }).toBe(1);
        expect(crm.requests[0]!.form.name).toBe('Doomed Lead');
        expect((await leadsReport(persistTo)).counts).toEqual({ pending: 0, sent: 1, dead: 0 });
      } finally {
        await site.stop();
      }
    },
  );
});
