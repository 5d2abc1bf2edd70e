/**
 * After a save: the admin's bar says whether the change went live, and why not. The deploy workflow's script
 * (scripts/publish-record.mjs) writes a record into the runtime's D1 (emulated, a state folder of this file's own
 * host) from a build's output; the Worker's GET /api/cms-publishes answers it, and the admin at /cms/ shows it, in the
 * editor's own time zone. That a real failing build gives this record, and what the endpoint answers, is
 * tests/worker/cms-publish.test.ts; here, the bar.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startHost } from '../../scripts/host.mjs';
import { HOSTILE_MESSAGE, adminLabels, failedRecordArgs, hostileRecordArgs, refusedOffer } from '../publish-record';

const run = promisify(execFile);
/** 08:32 UTC is 14:02 in India (+05:30): the bar gives the browser's local time. */
test.use({ timezoneId: 'Asia/Kolkata' });

type Host = Awaited<ReturnType<typeof startHost>>;
let host: Host;
let state: string;

// One host for the file, next to the ports of playwright.config.ts and cms-auth.spec.ts; its tests run in order.
const base = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 20 : 0;
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  state = mkdtempSync(join(tmpdir(), 'publish-state-'));
  host = await startHost({ dir: 'dist', port: base || undefined, persistTo: state });
});

test.afterAll(async () => {
  await host?.stop();
  if (state) rmSync(state, { recursive: true, force: true });
});

/** Runs scripts/publish-record.mjs against the host's D1; its output. */
async function record(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['scripts/publish-record.mjs', ...args, '--persist-to', state]);
  return stdout;
}

/** Opens the admin (which shows the bar); every Content-Security-Policy complaint is collected. */
async function openAdmin(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${host.origin}/cms/`);
  return violations;
}

test('a failed build of an edited content file: the bar names the entry and the field as the admin does', async ({
  page,
}) => {
  const { offerPath, message } = refusedOffer();
  expect(message).toBeTruthy();

  // The build's line for it (tests/unit/publish-record.test.ts reads the three forms a real build prints).
  const logFile = join(state, 'build.log');
  writeFileSync(logFile, `Copy that contradicts the plans:\n  ${offerPath}, field originalPrice: ${message}\n`);
  const out = await record(failedRecordArgs(logFile));
  const labels = adminLabels(offerPath);
  expect(out).toContain(`was not published: ${labels.entry}, ${labels.field}: ${message}`);

  const violations = await openAdmin(page);
  const bar = page.getByRole('status').filter({ hasText: 'Your change of' });
  await expect(bar.locator('p')).toHaveText(
    `Your change of 14:02 was not published: ${labels.entry}, ${labels.field}: ${message}`,
  );
  await expect(bar).toBeInViewport();
  expect(violations).toEqual([]);
});

test('a later change that went live replaces it; a hostile message stays text; the bar is dismissed from the keyboard', async ({
  page,
}) => {
  await record(hostileRecordArgs(state));
  const violations = await openAdmin(page);
  const bar = page.getByRole('status').filter({ hasText: 'Your change of' });
  await expect(bar.locator('p')).toHaveText(
    `Your change of 14:10 was not published: src/content/offer/x.json, title: ${HOSTILE_MESSAGE}`,
  );
  await expect(bar.locator('img')).toHaveCount(0);
  expect(await page.title()).not.toBe('owned');

  await record(['--status', 'live', '--commit', 'fedcba9', '--committed-at', '2026-05-04T08:45:00Z']);
  await page.reload();
  await expect(bar.locator('p')).toHaveText('Your change of 14:15 is live');
  await bar.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Enter');
  await expect(bar).toHaveCount(0);
  expect(violations).toEqual([]);
});
