-- The result of each publish of the site (a push to main built and deployed, or refused): written by the deploy
-- workflow (scripts/publish-record.mjs), read by the content admin's bar through GET /api/cms-publishes
-- (worker/cms-publish/). The statements live in worker/cms-publish/table.mjs; it keeps the newest 50 rows. Times are
-- milliseconds since the epoch. No person's data: a commit id, times, and for a refused build the content entry, the
-- field and the schema's message.
CREATE TABLE publishes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  commit_sha TEXT NOT NULL,
  -- When the change was committed (an editor's save in the admin is a commit).
  committed_at INTEGER NOT NULL,
  -- When the workflow knew the result: deployed, or refused.
  finished_at INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('live', 'failed')),
  -- A refused build: the entry and the field as the admin names them, and what is wrong; null when not known.
  file TEXT,
  field TEXT,
  message TEXT
);

CREATE INDEX publishes_by_commit_time ON publishes (committed_at, finished_at);
