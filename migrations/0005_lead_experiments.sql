-- Which variants of the running experiments a lead's sender saw (worker/experiments/), read from their assignment
-- cookie when the lead is stored: a JSON object {"<experiment id>":"<variant>"}, or NULL when they were in none (or
-- sent Global Privacy Control or Do Not Track). Deleted with the lead by the sweep.
ALTER TABLE leads ADD COLUMN experiments TEXT;

-- The lead goal's conversions: one row per person and experiment, whatever the number of leads they send, kept after
-- the lead itself is deleted so that an experiment's results do not shrink as the sweep runs. The statements live in
-- worker/experiments/table.mjs.
CREATE TABLE experiment_conversions (
  -- The experiment's id and the variant's name, as in the build's manifest (src/lib/experiments/wire.ts).
  experiment TEXT NOT NULL,
  variant TEXT NOT NULL,
  -- Hex SHA-256 of "<experiment id>:<mobile number as stored>": the same number counts once in an experiment, and
  -- rows of two experiments cannot be matched to each other (nor read back as a number without guessing it).
  person TEXT NOT NULL,
  -- The UTC day (YYYY-MM-DD) of the lead.
  day TEXT NOT NULL,
  PRIMARY KEY (experiment, person)
);
