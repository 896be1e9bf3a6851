-- Sale prices (issue 34): a book or a stationery item may have a sale price, lower than its
-- price, that runs over a window of whole days in Sri Lanka (domain/catalogue/sale_record.ts
-- and sale_price.ts): from 00:00 in Asia/Colombo on `sale_starts` through the end of
-- `sale_ends`; either end may be open. No sale price, no window. The domain refuses each of
-- these with a message before a write; the checks keep the tables honest whatever writes.
ALTER TABLE books
  ADD COLUMN sale_price_cents bigint,
  ADD COLUMN sale_starts date,
  ADD COLUMN sale_ends date,
  ADD CONSTRAINT books_sale_price_check CHECK (
    sale_price_cents IS NULL OR (sale_price_cents >= 1 AND sale_price_cents < price_cents)
  ),
  ADD CONSTRAINT books_sale_window_check CHECK (
    (sale_price_cents IS NOT NULL OR (sale_starts IS NULL AND sale_ends IS NULL))
    AND (sale_starts IS NULL OR sale_ends IS NULL OR sale_starts <= sale_ends)
  );

ALTER TABLE stationery_items
  ADD COLUMN sale_price_cents bigint,
  ADD COLUMN sale_starts date,
  ADD COLUMN sale_ends date,
  ADD CONSTRAINT stationery_items_sale_price_check CHECK (
    sale_price_cents IS NULL OR (sale_price_cents >= 1 AND sale_price_cents < price_cents)
  ),
  ADD CONSTRAINT stationery_items_sale_window_check CHECK (
    (sale_price_cents IS NOT NULL OR (sale_starts IS NULL AND sale_ends IS NULL))
    AND (sale_starts IS NULL OR sale_ends IS NULL OR sale_starts <= sale_ends)
  );
