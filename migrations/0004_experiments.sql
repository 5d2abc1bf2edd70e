-- Exposures of the conversion experiments (worker/experiments/): how many visitors were first shown each variant, per
-- UTC day (YYYY-MM-DD). The Worker adds one when it assigns a counted visitor (a real page view, not a bot, no Global
-- Privacy Control or Do Not Track). Counts only, nothing about a person; the statements live in
-- worker/experiments/table.mjs.
CREATE TABLE experiment_exposures (
  -- The experiment's id and the variant's name, as in the build's manifest (src/lib/experiments/wire.ts).
  experiment TEXT NOT NULL,
  variant TEXT NOT NULL,
  day TEXT NOT NULL,
  visitors INTEGER NOT NULL,
  PRIMARY KEY (experiment, variant, day)
);
