/**
 * After a save: whether the change went live, and why not. An edited content file (the offer's original price below
 * its price) fails a real build; the deploy workflow's script (scripts/publish-record.mjs) reads that build's output and
 * writes the record into the runtime's D1 (./runtime.ts, its state folder); the Worker's GET /api/cms-publishes answers
 * it. The admin's bar that shows the answer is tests/e2e/cms-publish.spec.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, startRuntime, type Runtime } from './runtime';
import { failedBuildLog } from '../content-build';
import { HOSTILE_MESSAGE, adminLabels, failedRecordArgs, hostileRecordArgs, refusedOffer } from '../publish-record';
import { CMS_PUBLISHES_ROUTE } from '../../src/lib/cms/publish-wire';

let site: Runtime;

beforeAll(async () => {
  site = await startRuntime({ dir: 'dist' });
});

afterAll(() => site?.stop());

/** Runs scripts/publish-record.mjs against the runtime's D1; its output. */
async function record(args: string[]): Promise<string> {
  const { stdout } = await runCommand('scripts/publish-record.mjs', [...args, '--persist-to', site.persistTo]);
  return stdout;
}

/** The endpoint's answer: its headers and records. */
async function publishes() {
  const answer = await fetch(`${site.origin}${CMS_PUBLISHES_ROUTE}`);
  expect(answer.status).toBe(200);
  return { answer, body: (await answer.json()) as { publishes: Record<string, unknown>[] } };
}

describe('the publish records', () => {
  it('a failed build of an edited content file: the record names the entry and the field as the admin does, and the endpoint answers it', async () => {
    const { offerPath, edited, message } = refusedOffer();
    expect(message).toBeTruthy();

    const log = await failedBuildLog({ [offerPath]: `${JSON.stringify(edited, null, 2)}\n` });
    const logFile = join(site.persistTo, 'build.log');
    writeFileSync(logFile, log);
    const out = await record(failedRecordArgs(logFile));
    const labels = adminLabels(offerPath);
    expect(out).toContain(`was not published: ${labels.entry}, ${labels.field}: ${message}`);

    const { answer, body } = await publishes();
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(body.publishes[0]).toEqual({
      commit: '0123456',
      committedAt: '2026-05-04T08:32:00.000Z',
      finishedAt: expect.any(String),
      status: 'failed',
      file: labels.entry,
      field: labels.field,
      message,
    });
  }, 180_000);

  it('a hostile message is kept as the text it is; a later change that went live comes first; reading only', async () => {
    await record(hostileRecordArgs(site.persistTo));
    expect((await publishes()).body.publishes[0]).toMatchObject({
      commit: 'abcdef1',
      status: 'failed',
      file: 'src/content/offer/x.json',
      field: 'title',
      message: HOSTILE_MESSAGE,
    });

    await record(['--status', 'live', '--commit', 'fedcba9', '--committed-at', '2026-05-04T08:45:00Z']);
    const { body } = await publishes();
    expect(body.publishes[0]).toMatchObject({ commit: 'fedcba9', status: 'live' });
    // The table is still there, every record in it: the hostile text was only text.
    expect(body.publishes.map((p) => p.commit)).toContain('abcdef1');

    // Reading only: any other method is refused.
    const post = await fetch(`${site.origin}${CMS_PUBLISHES_ROUTE}`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET');
  });
});
