-- The path of the page a lead was sent from (its Referer, same origin only: path only, no query, at most 200
-- characters), for the owner's page (/owner/); NULL when it is unknown. Deleted with the lead by the sweep.
ALTER TABLE leads ADD COLUMN page TEXT;
