-- The demo experts are fictional: their placeholder websites (example.com, example.org) are never shown.
UPDATE "experts" SET "website" = NULL WHERE "website" ~ '^https?://(www\.)?example\.(com|org|net)(/|$)';
