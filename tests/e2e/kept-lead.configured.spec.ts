/**
 * A kept lead accepted on a later page view counts once, in analytics and in the experiments' readout: in Chromium on
 * the reference host's runtime (scripts/host.mjs) serving the test build (analytics on, the experiment
 * whatsapp-pricing-heading running on /business-whatsapp-pricing, this project's visitor in its control variant), with
 * a stand-in CRM on 127.0.0.1 (../fakes/fake-crm.ts). The email service, configured in this build, cannot be reached
 * either: the browser is offline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { captureEvents, trackerReady } from './analytics-helpers';
import { startHost } from '../../scripts/host.mjs';
import { execute } from '../../scripts/d1.mjs';
import { REPORT_SQL } from '../../worker/experiments/table.mjs';
import { EVENTS } from '../../src/lib/analytics';
import { startFakeCrm, type FakeCrm } from '../fakes/fake-crm';

type Host = Awaited<ReturnType<typeof startHost>>;
const EXPERIMENT = 'whatsapp-pricing-heading';
const OFFLINE = "Saved on this phone: we'll send your details as soon as you're back online";

test.describe.configure({ mode: 'default' });

let host: Host;
let crm: FakeCrm;
let state: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  state = mkdtempSync(join(tmpdir(), 'kept-lead-state-'));
  crm = await startFakeCrm();
  host = await startHost({
    dir: 'dist-test',
    persistTo: state,
    bindings: { CRM_HOST: crm.url, CRM_TOKEN: 'kept-lead-token', LEAD_RETRY_BASE_S: '1' },
  });
});

test.afterAll(async () => {
  await host?.stop();
  await crm?.close();
  rmSync(state, { recursive: true, force: true });
});

test('a lead kept offline and accepted on the next page view: one Lead Submitted, one conversion of its variant, one CRM lead', async ({
  page,
  context,
}) => {
  const name = 'Counted Once';
  const capture = await captureEvents(context);
  await page.goto(`${host.origin}/business-whatsapp-pricing`);
  await trackerReady(capture);
  const form = page.locator('form', { has: page.getByLabel('Name') });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Mobile Number').fill('9876501111');
  await expect(form.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  await context.setOffline(true);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText(OFFLINE);
  await page.close();
  await context.setOffline(false);
  expect(capture.named(EVENTS.leadSubmitted)).toEqual([]);

  const next = await context.newPage();
  // The next page is (made) Hindi: the lead is counted in the language of the page it was sent from, English.
  await next.route('**/about-us', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<html lang="en"', '<html lang="hi"');
    await route.fulfill({ response, body: html });
  });
  await next.goto(`${host.origin}/about-us`);
  await expect.poll(() => crm.requests.filter((r) => r.form.name === name).length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => capture.named(EVENTS.leadSubmitted).length).toBe(1);
  // Reloaded, and two seconds more: nothing is sent or counted again.
  await next.reload();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(capture.named(EVENTS.leadSubmitted).map((event) => event.p)).toEqual([{ form: 'inline', lang: 'en' }]);
  expect(capture.named('pageview').at(-1)!.p).toEqual({ lang: 'hi' });
  expect(crm.requests.filter((r) => r.form.name === name)).toHaveLength(1);
  const [conversions = []] = await execute([REPORT_SQL.conversions], { remote: false, persistTo: state });
  expect(conversions.filter((row) => row.experiment === EXPERIMENT)).toEqual([
    { experiment: EXPERIMENT, variant: 'control', conversions: 1 },
  ]);
});
