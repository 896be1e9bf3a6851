-- The storefront's search compares titles and authors as people type them in Sinhala and
-- Tamil too (domain/catalogue/search.ts): in Unicode NFC (a vowel sign typed as one code
-- point or as two is the same letter), lower-cased, without the zero-width joiner and
-- non-joiner (ශ්‍රී and ශ්රී are the same word). The trigram indexes are rebuilt over that
-- form, which adapters/postgres/catalogue_rows.ts's searchKeySql writes out exactly, so a
-- search stays a bitmap OR of index scans; the same indexes answer the suggestions of a
-- search that found nothing (word similarity, typos forgiven).

DROP INDEX IF EXISTS books_title_trgm_idx;
DROP INDEX IF EXISTS books_author_trgm_idx;
DROP INDEX IF EXISTS stationery_items_title_trgm_idx;

CREATE INDEX books_title_search_idx ON books
  USING gin ((translate(normalize(lower(title), NFC), U&'\200C\200D', '')) gin_trgm_ops);
CREATE INDEX books_author_search_idx ON books
  USING gin ((translate(normalize(lower(author), NFC), U&'\200C\200D', '')) gin_trgm_ops);
CREATE INDEX stationery_items_title_search_idx ON stationery_items
  USING gin ((translate(normalize(lower(title), NFC), U&'\200C\200D', '')) gin_trgm_ops);
