-- Indexes for the storefront's listings at scale, chosen from `deno task bench` on 100,000
-- books (EXPLAIN ANALYZE in docs/benchmarks.md). Each covers only the products on sale,
-- which is what every storefront read asks for:
-- - (id): the count of a whole listing and the ids of a deep page by index-only scans;
-- - (category_id, price_cents): a category with a price range as one index range;
-- - (author): the sorted distinct authors of the filter panel by an index-only scan.

CREATE INDEX books_on_sale_id_idx ON books (id) WHERE NOT archived;
CREATE INDEX books_on_sale_category_price_idx ON books (category_id, price_cents)
  WHERE NOT archived;
CREATE INDEX books_on_sale_author_idx ON books (author) WHERE NOT archived;

CREATE INDEX stationery_items_on_sale_id_idx ON stationery_items (id) WHERE NOT archived;
CREATE INDEX stationery_items_on_sale_category_price_idx
  ON stationery_items (category_id, price_cents) WHERE NOT archived;
