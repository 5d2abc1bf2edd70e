/**
 * The content admin's publish bar: whether the latest change went live, or why it was not published. A save in the
 * admin is a commit to main; the deploy workflow records the result of publishing it (scripts/publish-record.mjs)
 * and GET /api/cms-publishes (worker/cms-publish/routes.ts) answers the newest records. The bar shows the newest one,
 * fixed at the bottom of the page, until the editor dismisses it. No record, or no answer: no bar.
 *
 * Every text goes in with textContent: a failure's message is whatever the build printed about committed content.
 * Its look is set through the CSSOM (element.style), which the admin's Content-Security-Policy does not govern.
 */

import { CMS_PUBLISHES_ROUTE, type PublishRecord } from '../lib/cms/publish-wire';

const BAR_ID = 'cms-publish-bar';

/** "14:02": a time of day in the browser's own time zone, on a 24-hour clock. */
export function clockTime(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}`;
}

/**
 * The bar's sentence: "Your change of 14:02 is live", or "Your change of 14:02 was not published: offer, Original
 * price: must be above the price" (the entry, the field, the message; each left out when the record has none).
 */
export function publishSentence(record: PublishRecord): string {
  const change = `Your change of ${clockTime(record.committedAt)}`;
  if (record.status === 'live') return `${change} is live`;
  const where = [record.file, record.field].filter(Boolean).join(', ');
  const why = [where, record.message].filter(Boolean).join(': ');
  return `${change} was not published${why ? `: ${why}` : ''}`;
}

function isRecord(value: unknown): value is PublishRecord {
  const record = value as Partial<PublishRecord> | null;
  const text = (v: unknown) => v === null || typeof v === 'string';
  return (
    typeof record === 'object' &&
    record !== null &&
    (record.status === 'live' || record.status === 'failed') &&
    typeof record.committedAt === 'string' &&
    !Number.isNaN(Date.parse(record.committedAt)) &&
    text(record.file) &&
    text(record.field) &&
    text(record.message)
  );
}

/** The newest record, or null when there is none or the endpoint does not answer. */
export async function newestPublish(fetcher: typeof fetch = fetch): Promise<PublishRecord | null> {
  try {
    const response = await fetcher(CMS_PUBLISHES_ROUTE, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { publishes?: unknown };
    const first = Array.isArray(body.publishes) ? body.publishes[0] : undefined;
    return isRecord(first) ? first : null;
  } catch {
    return null;
  }
}

/** The bar's element, built with textContent only. */
export function publishBar(record: PublishRecord, doc: Document = document): HTMLElement {
  const failed = record.status === 'failed';
  const bar = doc.createElement('div');
  bar.id = BAR_ID;
  bar.setAttribute('role', 'status');
  bar.dataset.status = record.status;
  Object.assign(bar.style, {
    position: 'fixed',
    left: '0',
    right: '0',
    bottom: '0',
    zIndex: '2147483647',
    display: 'flex',
    alignItems: 'center',
    gap: '16px',
    padding: '12px 16px',
    font: '15px/1.4 system-ui, sans-serif',
    color: '#ffffff',
    // Dark green and dark red: white text on either is well above 4.5:1.
    background: failed ? '#8b1a1a' : '#1e5b32',
    boxShadow: '0 -2px 8px rgb(0 0 0 / 0.25)',
  });
  const text = doc.createElement('p');
  text.textContent = publishSentence(record);
  Object.assign(text.style, { margin: '0', flex: '1', overflowWrap: 'anywhere' });
  const dismiss = doc.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = 'Dismiss';
  Object.assign(dismiss.style, {
    font: 'inherit',
    color: 'inherit',
    background: 'transparent',
    border: '2px solid currentColor',
    borderRadius: '6px',
    padding: '4px 12px',
    cursor: 'pointer',
  });
  dismiss.addEventListener('click', () => bar.remove());
  bar.append(text, dismiss);
  return bar;
}

/** Fetches the newest publish record and shows it in the bar; nothing when there is none. Shown once per page. */
export async function showPublishBar(): Promise<void> {
  const record = await newestPublish();
  if (!record || document.getElementById(BAR_ID)) return;
  document.body.append(publishBar(record));
}
