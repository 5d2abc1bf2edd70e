-- The language of the page a lead was sent from: a locale of the site (its table of languages, as the intake checks
-- it). Every lead stored before this column came from an English page, the only language the site had, so they read
-- as English; the intake writes the column on every new lead.
ALTER TABLE leads ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
