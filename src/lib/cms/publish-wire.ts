/**
 * The publish records' wire format, for the Worker that answers it (worker/cms-publish/routes.ts) and the admin's bar
 * that reads it (src/cms/publish-bar.ts): the route, and one record as the answer gives it.
 */

/** GET: the newest publish records, `{ "publishes": PublishRecord[] }`. */
export const CMS_PUBLISHES_ROUTE = '/api/cms-publishes';

/** One publish of the site: live, or refused with the entry, field and message the build named. */
export interface PublishRecord {
  /** The commit's first digits. */
  commit: string;
  committedAt: string;
  finishedAt: string;
  status: 'live' | 'failed';
  file: string | null;
  field: string | null;
  message: string | null;
}
