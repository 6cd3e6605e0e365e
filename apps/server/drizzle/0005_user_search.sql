-- Trigram matching for the user search (docs/decisions.md "User search at 100,000 users"). PGlite
-- loads the extension's bundle in openPglite (src/db/client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
