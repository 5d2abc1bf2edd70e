-- The key the browser gave the lead: one random id (a version 4 UUID) per submitted lead, sent with every try of it.
-- At most one lead per key: a try of a lead already stored is answered as the first was, and is stored, counted,
-- rate-limited and delivered no more. NULL for a lead posted without one (a client that skips the form); SQLite's
-- unique index lets any number of those stand. Deleted with the lead by the sweep, long after the browser has
-- stopped trying (the browser keeps an unsent lead 7 days, the table a delivered one 30).
ALTER TABLE leads ADD COLUMN lead_key TEXT;
CREATE UNIQUE INDEX leads_by_key ON leads (lead_key);
