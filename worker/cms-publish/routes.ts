/**
 * GET /api/cms-publishes: the newest results of publishing the site, for the content admin's bar
 * (src/cms/publish-bar.ts): "Your change of 14:02 is live", or why it was not published. The deploy workflow writes
 * them (scripts/publish-record.mjs, into D1); this route only reads, and answers only what the bar shows: the commit
 * (short), its time, when the result was known, live or failed, and for a failure the entry, the field and the message.
 */
import type { PublishRecord } from '../../src/lib/cms/publish-wire';
import type { PublishStore } from './store';

/** Records answered: the bar shows the first; a few more tell what came before. */
export const PUBLISHES_ANSWERED = 5;

/** The digits of a commit id the answer gives: enough to find it, as git's short form. */
const SHORT_SHA = 7;

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export interface CmsPublishesDeps {
  store: PublishStore;
  /** One line per failure to read, without the records. */
  log: (event: { event: string; reason: string }) => void;
}

export const consoleCmsPublishesLog: CmsPublishesDeps['log'] = (event) =>
  console.warn(JSON.stringify({ source: 'cms-publishes', ...event }));

const iso = (ms: number) => new Date(ms).toISOString();

export async function handleCmsPublishes(request: Request, deps: CmsPublishesDeps): Promise<Response> {
  if (request.method !== 'GET') {
    return Response.json({ error: 'method not allowed' }, { status: 405, headers: { Allow: 'GET', ...NO_STORE } });
  }
  let rows;
  try {
    rows = await deps.store.latest(PUBLISHES_ANSWERED);
  } catch (error) {
    // No table yet (migrations not applied) or D1 down: the bar shows nothing.
    deps.log({ event: 'unavailable', reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' });
    return Response.json({ error: 'unavailable' }, { status: 503, headers: NO_STORE });
  }
  const publishes: PublishRecord[] = rows
    .filter((row) => row.status === 'live' || row.status === 'failed')
    .map((row) => ({
      commit: row.commit_sha.slice(0, SHORT_SHA),
      committedAt: iso(row.committed_at),
      finishedAt: iso(row.finished_at),
      status: row.status as PublishRecord['status'],
      file: row.file,
      field: row.field,
      message: row.message,
    }));
  return Response.json({ publishes }, { headers: NO_STORE });
}
