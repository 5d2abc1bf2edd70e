-- Nonces of signed values the Worker accepts once only (the CMS sign-in's state, worker/cms-auth/used-nonces.ts): each is
-- recorded when it is used, so that a second use finds it and is refused. The sweep deletes it a minute after its
-- value has expired (refused for its age by then). Random values, nothing about a person. Times are milliseconds since
-- the epoch.
CREATE TABLE used_nonces (
  nonce TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);

CREATE INDEX used_nonces_by_expiry ON used_nonces (expires_at);
