-- A category's listing in id order (the storefront's default): with only
-- (category_id, price_cents) the planner walked the whole on-sale id index and threw away
-- the other categories' rows, about 40 index entries and heap rows read for each one shown
-- (docs/benchmarks.md, item 17). These read one category's entries in id order, with the
-- price and stock a filter asks about in the index itself: a page of a category, with or
-- without a price range or "in stock", is an index-only scan that stops once it has its rows.

CREATE INDEX books_on_sale_category_id_idx ON books (category_id, id)
  INCLUDE (price_cents, stock) WHERE NOT archived;
CREATE INDEX stationery_items_on_sale_category_id_idx ON stationery_items (category_id, id)
  INCLUDE (price_cents, stock) WHERE NOT archived;
