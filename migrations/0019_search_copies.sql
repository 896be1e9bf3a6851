-- A search reads a narrow copy of each product table: only the columns a listing filters
-- and sorts by, the search keys first. A 3 to 5 letter search matches thousands of
-- products, and the trigram indexes can only name candidates: every one is read again to
-- recheck its text and to count it. In the books table a row is about 470 bytes (the
-- description, publisher and pictures travel with it) and its search keys are its last
-- columns, so a search of 2,642 matches read 1,507 pages and walked every column before the
-- keys: 6-7 ms at 100,000 books. The copy's rows are about 110 bytes, the keys next to the
-- fixed columns: the same search reads 1,104 pages in about a third of the time
-- (docs/benchmarks.md, item 24).
--
-- The copies are kept by triggers, in the same statement as the write they follow, so a
-- search never sees a product as it was. The trigram indexes move to the copies, and the
-- suggestions of a search that found nothing read them too.

CREATE TABLE book_search (
  id integer PRIMARY KEY REFERENCES books (id) ON DELETE CASCADE,
  archived boolean NOT NULL,
  category_id integer NOT NULL,
  price_cents bigint NOT NULL,
  stock integer NOT NULL,
  search_title text NOT NULL,
  search_author text NOT NULL,
  isbn13 text NOT NULL,
  title text NOT NULL,
  author text NOT NULL
);

CREATE TABLE stationery_search (
  id integer PRIMARY KEY REFERENCES stationery_items (id) ON DELETE CASCADE,
  archived boolean NOT NULL,
  category_id integer NOT NULL,
  price_cents bigint NOT NULL,
  stock integer NOT NULL,
  search_title text NOT NULL,
  title text NOT NULL
);

INSERT INTO book_search
SELECT id, archived, category_id, price_cents, stock, search_title, search_author, isbn13,
  title, author
FROM books;

INSERT INTO stationery_search
SELECT id, archived, category_id, price_cents, stock, search_title, title
FROM stationery_items;

-- New products are copied once per statement (the demo and an import add thousands).
CREATE FUNCTION copy_added_books() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_search
  SELECT id, archived, category_id, price_cents, stock, search_title, search_author, isbn13,
    title, author
  FROM added;
  RETURN NULL;
END;
$$;

CREATE FUNCTION copy_added_stationery() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stationery_search
  SELECT id, archived, category_id, price_cents, stock, search_title, title
  FROM added;
  RETURN NULL;
END;
$$;

CREATE TRIGGER books_copied_for_search
  AFTER INSERT ON books
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION copy_added_books();

CREATE TRIGGER stationery_copied_for_search
  AFTER INSERT ON stationery_items
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION copy_added_stationery();

-- A change of a copied column is copied row by row (an order changes the stock of a few
-- products); a change of anything else (a description, a picture) writes nothing more.
CREATE FUNCTION copy_changed_book() RETURNS trigger
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
    author = NEW.author
  WHERE id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION copy_changed_stationery() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stationery_search SET
    archived = NEW.archived,
    category_id = NEW.category_id,
    price_cents = NEW.price_cents,
    stock = NEW.stock,
    search_title = NEW.search_title,
    title = NEW.title
  WHERE id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER books_search_copy_changed
  AFTER UPDATE ON books
  FOR EACH ROW
  WHEN (OLD.archived IS DISTINCT FROM NEW.archived
    OR OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.stock IS DISTINCT FROM NEW.stock
    OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.author IS DISTINCT FROM NEW.author
    OR OLD.isbn13 IS DISTINCT FROM NEW.isbn13)
  EXECUTE FUNCTION copy_changed_book();

CREATE TRIGGER stationery_search_copy_changed
  AFTER UPDATE ON stationery_items
  FOR EACH ROW
  WHEN (OLD.archived IS DISTINCT FROM NEW.archived
    OR OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.stock IS DISTINCT FROM NEW.stock
    OR OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION copy_changed_stationery();

DROP INDEX books_search_title_idx;
DROP INDEX books_search_author_idx;
DROP INDEX books_isbn13_trgm_idx;
DROP INDEX stationery_items_search_title_idx;

CREATE INDEX book_search_title_idx ON book_search USING gin (search_title gin_trgm_ops);
CREATE INDEX book_search_author_idx ON book_search USING gin (search_author gin_trgm_ops);
CREATE INDEX book_search_isbn13_idx ON book_search USING gin (isbn13 gin_trgm_ops);
CREATE INDEX stationery_search_title_idx
  ON stationery_search USING gin (search_title gin_trgm_ops);
