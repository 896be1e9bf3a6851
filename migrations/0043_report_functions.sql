-- The sales report's reads of the catalogue as functions (adapters/postgres/sales_facts.ts):
-- a PL/pgSQL function keeps the plan of each of its statements for the session, so a report
-- plans them once and not at every request. On the embedded database (one session, on the
-- process's one thread) planning was most of their cost: the idle products' statement took
-- 8-18 ms of the thread, 1-2.5 ms from a kept plan; the stock 1.7 ms, 0.6 ms. Each function
-- answers as the statement it replaces did (the same rows, the same order); the adapter
-- still binds every value as a parameter.

-- What sold of each product over the days from p_from to p_to (both included): whole years
-- and the whole months outside them from their summary (0037), the days at the edges from
-- theirs; joined to the catalogue as it is now.
CREATE FUNCTION report_product_sales(
  p_from date, p_to date, p_months_from date, p_months_until date, p_years_from date,
  p_years_until date
) RETURNS TABLE (
  store text, id integer, title text, category_name text, language text, units bigint,
  cents bigint
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH sold AS (
    SELECT s.item_type, s.item_id, sum(s.units) AS units, sum(s.cents) AS cents
    FROM (
      SELECT y.item_type, y.item_id, y.units, y.cents FROM sales_item_periods y
      WHERE y.grain = 'year' AND y.start >= p_years_from AND y.start < p_years_until
      UNION ALL
      SELECT m.item_type, m.item_id, m.units, m.cents FROM sales_item_periods m
      WHERE m.grain = 'month' AND m.start >= p_months_from AND m.start < p_months_until
        AND (m.start < p_years_from OR m.start >= p_years_until)
      UNION ALL
      SELECT d.item_type, d.item_id, d.units, d.cents FROM sales_item_days d
      WHERE d.day >= p_from AND d.day <= p_to AND (d.day < p_months_from OR d.day >= p_months_until)
    ) AS s
    GROUP BY s.item_type, s.item_id
    HAVING sum(s.units) > 0
  ), products AS (
    SELECT 'book'::text AS store, b.id, b.title, c.name AS category_name, b.language
    FROM books b JOIN book_categories c ON c.id = b.category_id
    UNION ALL
    SELECT 'stationery'::text, s.id, s.title, c.name, NULL::text
    FROM stationery_items s JOIN stationery_categories c ON c.id = s.category_id
  )
  SELECT p.store, p.id, p.title, p.category_name, p.language, sold.units::bigint,
    sold.cents::bigint
  FROM sold JOIN products p ON p.store = sold.item_type AND p.id = sold.item_id;
END;
$$;

-- The stock of the products on sale, per category that holds any, valued at price.
CREATE FUNCTION report_stock()
RETURNS TABLE (store text, category_name text, products bigint, units bigint, value_cents bigint)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT p.store, p.category_name, count(*)::bigint, sum(p.stock)::bigint,
    sum(p.stock * p.price_cents)::bigint
  FROM (
    SELECT 'book'::text AS store, c.name AS category_name, b.stock, b.price_cents, b.archived
    FROM books b JOIN book_categories c ON c.id = b.category_id
    UNION ALL
    SELECT 'stationery'::text, c.name, s.stock, s.price_cents, s.archived
    FROM stationery_items s JOIN stationery_categories c ON c.id = s.category_id
  ) p
  WHERE NOT p.archived
  GROUP BY p.store, p.category_name;
END;
$$;

-- The products on sale with stock and no sale from p_from to p_to, never sold first, then
-- the longest idle (ties by store and id), at most p_limit of them, each with its last sale
-- before the spell and how many there are in all. What sold in the spell is read along the
-- day index and set against the products in one hash anti-join; only the idle ones then
-- look up their last sale, one step back along the summary's key (item_type, item_id, day).
CREATE FUNCTION report_idle_products(p_from date, p_to date, p_limit integer)
RETURNS TABLE (
  store text, id integer, title text, category_name text, stock integer, value_cents bigint,
  last_sold date, total bigint
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH sold AS (
    SELECT DISTINCT d.item_type, d.item_id FROM sales_item_days d
    WHERE d.day >= p_from AND d.day <= p_to AND d.units > 0
  ), idle AS (
    SELECT p.* FROM (
      SELECT 'book'::text AS store, b.id, b.title, c.name AS category_name, b.price_cents,
        b.stock, b.archived
      FROM books b JOIN book_categories c ON c.id = b.category_id
      UNION ALL
      SELECT 'stationery'::text, s.id, s.title, c.name, s.price_cents, s.stock, s.archived
      FROM stationery_items s JOIN stationery_categories c ON c.id = s.category_id
    ) p
    WHERE NOT p.archived AND p.stock > 0
      AND NOT EXISTS (SELECT 1 FROM sold WHERE sold.item_type = p.store AND sold.item_id = p.id)
  )
  SELECT idle.store, idle.id, idle.title, idle.category_name, idle.stock,
    (idle.stock * idle.price_cents)::bigint, last.day, count(*) OVER ()
  FROM idle
  LEFT JOIN LATERAL (
    SELECT d.day FROM sales_item_days d
    WHERE d.item_type = idle.store AND d.item_id = idle.id AND d.day < p_from AND d.units > 0
    ORDER BY d.day DESC LIMIT 1
  ) last ON true
  ORDER BY last.day ASC NULLS FIRST, idle.store, idle.id
  LIMIT p_limit;
END;
$$;

-- How many products sit idle from p_from to p_to, when the page asked for none of them.
CREATE FUNCTION report_idle_count(p_from date, p_to date) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT count(*) FROM (
      SELECT 'book'::text AS store, b.id, b.stock, b.archived FROM books b
      JOIN book_categories c ON c.id = b.category_id
      UNION ALL
      SELECT 'stationery'::text, s.id, s.stock, s.archived FROM stationery_items s
      JOIN stationery_categories c ON c.id = s.category_id
    ) p
    WHERE NOT p.archived AND p.stock > 0
      AND NOT EXISTS (SELECT 1 FROM sales_item_days d
        WHERE d.item_type = p.store AND d.item_id = p.id AND d.units > 0
          AND d.day >= p_from AND d.day <= p_to)
  );
END;
$$;
