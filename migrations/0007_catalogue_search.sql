-- The admin's tables (and the storefront's search) find books by title, author or ISBN-13
-- as a substring: trigram indexes on the author and the ISBN-13 join the title's, so a
-- search is a bitmap OR of three index scans rather than a read of every book.

CREATE INDEX books_author_trgm_idx ON books USING gin (lower(author) gin_trgm_ops);
CREATE INDEX books_isbn13_trgm_idx ON books USING gin (isbn13 gin_trgm_ops);
