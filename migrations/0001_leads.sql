-- Every lead the site accepted, from POST /api/leads until it is delivered to the CRM or given up on (dead), then kept
-- 30 days (sent) or 90 days (dead) and deleted by the sweep. Times are milliseconds since the epoch.
CREATE TABLE leads (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  mobile TEXT NOT NULL,
  -- Which form it came from (popup, or an email form that fell back to the relay).
  form TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'dead')),
  -- Delivery tries made so far.
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- When the next try is due (pending leads).
  next_attempt_at INTEGER NOT NULL,
  -- A consumer holds the lead until then: no other one sends it meanwhile.
  claimed_until INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER,
  last_error TEXT,
  sent_at INTEGER
);

CREATE INDEX leads_by_state ON leads (state, next_attempt_at);
