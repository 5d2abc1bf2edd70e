-- The owner's sessions that were signed out before they expired (worker/owner/ended-sessions.ts): the session cookie is
-- signed, not stored, so a copy taken before "Sign out" would still pass its signature and expiry; each route of the
-- owner's API looks its session's id up here and refuses it when found. A row is kept until the session would have
-- expired (refused for its age by then), and a minute longer, then the sweep deletes it. A random id and a time,
-- nothing about a person. Times are milliseconds since the epoch.
CREATE TABLE ended_sessions (
  id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);

CREATE INDEX ended_sessions_by_expiry ON ended_sessions (expires_at);
