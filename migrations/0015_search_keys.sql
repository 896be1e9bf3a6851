-- The storefront's search compares titles and authors as people type them in Sinhala and
-- Tamil too (domain/catalogue/search.ts): in Unicode NFC (a vowel sign typed as one code
-- point or as two is the same letter), lower-cased, without the zero-width joiner and
-- non-joiner (ශ්‍රී and ශ්රී are the same word). Each product keeps that form in a stored
-- generated column, so a search reads it instead of normalising every candidate row again,
-- and the trigram indexes are rebuilt over it: a search stays a bitmap OR of index scans,
-- and the same indexes answer the suggestions of a search that found nothing (word
-- similarity, typos forgiven).

ALTER TABLE books
  ADD COLUMN search_title text NOT NULL
    GENERATED ALWAYS AS (translate(normalize(lower(title), NFC), U&'\200C\200D', '')) STORED,
  ADD COLUMN search_author text NOT NULL
    GENERATED ALWAYS AS (translate(normalize(lower(author), NFC), U&'\200C\200D', '')) STORED;
ALTER TABLE stationery_items
  ADD COLUMN search_title text NOT NULL
    GENERATED ALWAYS AS (translate(normalize(lower(title), NFC), U&'\200C\200D', '')) STORED;

DROP INDEX IF EXISTS books_title_trgm_idx;
DROP INDEX IF EXISTS books_author_trgm_idx;
DROP INDEX IF EXISTS stationery_items_title_trgm_idx;

CREATE INDEX books_search_title_idx ON books USING gin (search_title gin_trgm_ops);
CREATE INDEX books_search_author_idx ON books USING gin (search_author gin_trgm_ops);
CREATE INDEX stationery_items_search_title_idx
  ON stationery_items USING gin (search_title gin_trgm_ops);
