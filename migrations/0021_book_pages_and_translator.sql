-- A book's page count and its translator (many Sinhala and Tamil books are translations,
-- and shoppers look for the translator). Both may be unknown. A search looks in the
-- translator as it looks in the title and the author: by a stored search form (NFC, lower
-- case, no zero-width joiners; migration 0015), copied into the narrow search table with a
-- trigram index of its own (migration 0019), so a search stays a bitmap OR of index scans.

ALTER TABLE books
  ADD COLUMN page_count integer CHECK (page_count BETWEEN 1 AND 20000),
  ADD COLUMN translator text,
  ADD COLUMN search_translator text NOT NULL
    GENERATED ALWAYS AS (
      translate(normalize(lower(coalesce(translator, '')), NFC), U&'\200C\200D', '')
    ) STORED;

ALTER TABLE book_search
  ADD COLUMN search_translator text NOT NULL DEFAULT '',
  ADD COLUMN translator text;

CREATE OR REPLACE FUNCTION copy_added_books() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_search (id, archived, category_id, price_cents, stock, search_title,
    search_author, isbn13, title, author, search_translator, translator)
  SELECT id, archived, category_id, price_cents, stock, search_title, search_author, isbn13,
    title, author, search_translator, translator
  FROM added;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION copy_changed_book() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE book_search SET
    archived = NEW.archived,
    category_id = NEW.category_id,
    price_cents = NEW.price_cents,
    stock = NEW.stock,
    search_title = NEW.search_title,
    search_author = NEW.search_author,
    isbn13 = NEW.isbn13,
    title = NEW.title,
    author = NEW.author,
    search_translator = NEW.search_translator,
    translator = NEW.translator
  WHERE id = NEW.id;
  RETURN NULL;
END;
$$;

DROP TRIGGER books_search_copy_changed ON books;
CREATE TRIGGER books_search_copy_changed
  AFTER UPDATE ON books
  FOR EACH ROW
  WHEN (OLD.archived IS DISTINCT FROM NEW.archived
    OR OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.stock IS DISTINCT FROM NEW.stock
    OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.author IS DISTINCT FROM NEW.author
    OR OLD.isbn13 IS DISTINCT FROM NEW.isbn13
    OR OLD.translator IS DISTINCT FROM NEW.translator)
  EXECUTE FUNCTION copy_changed_book();

CREATE INDEX book_search_translator_idx
  ON book_search USING gin (search_translator gin_trgm_ops);
