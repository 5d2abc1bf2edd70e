-- The click goals' conversions (demo-click, signup-click; worker/experiments/clicks.ts): how many visitors of each
-- variant first followed the goal's call to action, per UTC day (YYYY-MM-DD). A visitor counts once per experiment (a
-- cookie of experiment ids says who already did); counts only, nothing about a person. The statements live in
-- worker/experiments/table.mjs.
CREATE TABLE experiment_clicks (
  -- The experiment's id and the variant's name, as in the build's manifest (src/lib/experiments/wire.ts).
  experiment TEXT NOT NULL,
  variant TEXT NOT NULL,
  day TEXT NOT NULL,
  conversions INTEGER NOT NULL,
  PRIMARY KEY (experiment, variant, day)
);
