-- The words of the catalogue, for the suggestions of a search that found nothing ("did you
-- mean"). They compared the typed term with every title, author and translator: a long term
-- shares a trigram with nearly every text, so even the trigram indexes named every product
-- and each was scored again, about 180 ms a search with 10,000 books on the embedded engine,
-- which runs one statement at a time for the whole shop (docs/benchmarks.md, item 36). Each
-- kind of product now keeps the distinct words of its searched texts, from their search keys
-- (NFC, lower case, no zero-width joiners: migration 0015), with how many products on sale
-- hold each one. A suggestion looks up the words close to each typed word in this table
-- (a few thousand rows where the catalogue has hundreds of thousands of texts), then reads
-- only the texts that hold those words.
--
-- The counts are kept by triggers on the search copies (migration 0019), in the statement
-- that changes a copy: an insert (one statement for a whole import), a change of a searched
-- text or of `archived` (an order's stock change writes nothing here), and an erasure. A
-- word no product on sale holds any longer is removed.

-- A text's words: runs of anything but white space and ASCII punctuation. (The class
-- [:punct:] follows the locale, where Sinhala's and Tamil's vowel signs and virama are
-- punctuation: ශ්රී would be split in two.)
CREATE FUNCTION search_words(text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table($1, '[[:space:]!-/:-@[-`{-~]+') AS word
  WHERE word <> ''
$$;

CREATE TABLE book_words (
  word text PRIMARY KEY,
  uses integer NOT NULL CHECK (uses > 0)
);

CREATE TABLE stationery_words (
  word text PRIMARY KEY,
  uses integer NOT NULL CHECK (uses > 0)
);

INSERT INTO book_words (word, uses)
SELECT w.word, count(*)
FROM book_search b,
  LATERAL search_words(b.search_title || ' ' || b.search_author || ' ' || b.search_translator)
    AS w(word)
WHERE NOT b.archived
GROUP BY w.word;

INSERT INTO stationery_words (word, uses)
SELECT w.word, count(*)
FROM stationery_search s, LATERAL search_words(s.search_title) AS w(word)
WHERE NOT s.archived
GROUP BY w.word;

CREATE INDEX book_words_trgm_idx ON book_words USING gin (word gin_trgm_ops);
CREATE INDEX stationery_words_trgm_idx ON stationery_words USING gin (word gin_trgm_ops);

-- Added products: their words counted once per statement, in word order (two imports at once
-- lock the rows they share in the same order).
CREATE FUNCTION count_added_book_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_words (word, uses)
  SELECT w.word, count(*)
  FROM added a,
    LATERAL search_words(a.search_title || ' ' || a.search_author || ' ' || a.search_translator)
      AS w(word)
  WHERE NOT a.archived
  GROUP BY w.word
  ORDER BY w.word
  ON CONFLICT (word) DO UPDATE SET uses = book_words.uses + EXCLUDED.uses;
  RETURN NULL;
END;
$$;

CREATE FUNCTION count_added_stationery_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stationery_words (word, uses)
  SELECT w.word, count(*)
  FROM added a, LATERAL search_words(a.search_title) AS w(word)
  WHERE NOT a.archived
  GROUP BY w.word
  ORDER BY w.word
  ON CONFLICT (word) DO UPDATE SET uses = stationery_words.uses + EXCLUDED.uses;
  RETURN NULL;
END;
$$;

CREATE TRIGGER book_words_added
  AFTER INSERT ON book_search
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_added_book_words();

CREATE TRIGGER stationery_words_added
  AFTER INSERT ON stationery_search
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_added_stationery_words();

-- Erased products (the copy goes with its product): their words counted out.
CREATE FUNCTION count_removed_book_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT w.word, count(*) AS n
    FROM removed r,
      LATERAL search_words(r.search_title || ' ' || r.search_author || ' ' || r.search_translator)
        AS w(word)
    WHERE NOT r.archived
    GROUP BY w.word
  ), dropped AS (
    DELETE FROM book_words b USING gone g WHERE b.word = g.word AND b.uses <= g.n
  )
  UPDATE book_words b SET uses = b.uses - g.n FROM gone g WHERE b.word = g.word AND b.uses > g.n;
  RETURN NULL;
END;
$$;

CREATE FUNCTION count_removed_stationery_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT w.word, count(*) AS n
    FROM removed r, LATERAL search_words(r.search_title) AS w(word)
    WHERE NOT r.archived
    GROUP BY w.word
  ), dropped AS (
    DELETE FROM stationery_words s USING gone g WHERE s.word = g.word AND s.uses <= g.n
  )
  UPDATE stationery_words s SET uses = s.uses - g.n
  FROM gone g WHERE s.word = g.word AND s.uses > g.n;
  RETURN NULL;
END;
$$;

CREATE TRIGGER book_words_removed
  AFTER DELETE ON book_search
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION count_removed_book_words();

CREATE TRIGGER stationery_words_removed
  AFTER DELETE ON stationery_search
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION count_removed_stationery_words();

-- A changed text, an archived or restored product: the words it no longer holds counted out,
-- the new ones in. Row by row: only such a change fires it (not an order's stock change).
CREATE FUNCTION count_changed_book_words() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  before_words text[] := CASE WHEN OLD.archived THEN '{}'::text[] ELSE ARRAY(
    SELECT search_words(OLD.search_title || ' ' || OLD.search_author || ' ' ||
      OLD.search_translator)) END;
  after_words text[] := CASE WHEN NEW.archived THEN '{}'::text[] ELSE ARRAY(
    SELECT search_words(NEW.search_title || ' ' || NEW.search_author || ' ' ||
      NEW.search_translator)) END;
  gone text[] := ARRAY(SELECT unnest(before_words) EXCEPT SELECT unnest(after_words));
BEGIN
  DELETE FROM book_words WHERE uses = 1 AND word = ANY (gone);
  UPDATE book_words SET uses = uses - 1 WHERE word = ANY (gone);
  INSERT INTO book_words (word, uses)
  SELECT came.word, 1
  FROM (SELECT unnest(after_words) EXCEPT SELECT unnest(before_words)) AS came(word)
  ORDER BY came.word
  ON CONFLICT (word) DO UPDATE SET uses = book_words.uses + 1;
  RETURN NULL;
END;
$$;

CREATE FUNCTION count_changed_stationery_words() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  before_words text[] := CASE WHEN OLD.archived THEN '{}'::text[] ELSE ARRAY(
    SELECT search_words(OLD.search_title)) END;
  after_words text[] := CASE WHEN NEW.archived THEN '{}'::text[] ELSE ARRAY(
    SELECT search_words(NEW.search_title)) END;
  gone text[] := ARRAY(SELECT unnest(before_words) EXCEPT SELECT unnest(after_words));
BEGIN
  DELETE FROM stationery_words WHERE uses = 1 AND word = ANY (gone);
  UPDATE stationery_words SET uses = uses - 1 WHERE word = ANY (gone);
  INSERT INTO stationery_words (word, uses)
  SELECT came.word, 1
  FROM (SELECT unnest(after_words) EXCEPT SELECT unnest(before_words)) AS came(word)
  ORDER BY came.word
  ON CONFLICT (word) DO UPDATE SET uses = stationery_words.uses + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER book_words_changed
  AFTER UPDATE ON book_search
  FOR EACH ROW
  WHEN (OLD.archived IS DISTINCT FROM NEW.archived
    OR OLD.search_title IS DISTINCT FROM NEW.search_title
    OR OLD.search_author IS DISTINCT FROM NEW.search_author
    OR OLD.search_translator IS DISTINCT FROM NEW.search_translator)
  EXECUTE FUNCTION count_changed_book_words();

CREATE TRIGGER stationery_words_changed
  AFTER UPDATE ON stationery_search
  FOR EACH ROW
  WHEN (OLD.archived IS DISTINCT FROM NEW.archived
    OR OLD.search_title IS DISTINCT FROM NEW.search_title)
  EXECUTE FUNCTION count_changed_stationery_words();
