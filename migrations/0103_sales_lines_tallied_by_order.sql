-- What each product sold each day (migration 0031) is tallied at commit from the order's lines.
-- The tally joined the order (one or two sides: counted before, counted now) to its lines, and a
-- plan made while `order_items` was small or never analysed read every line of every order for
-- it, each time, as the table grew: a connection keeps its plan (docs/benchmarks.md, item 56).
-- Each side now reads its own order's lines by `order_id` alone, which any plan reads by its
-- index. The sides are tallied in the order of their days, the rows of one day in the order of
-- their products, so that two transactions take the rows' locks in one order; an order that
-- counts before and after on the same day changes nothing, as before.
CREATE OR REPLACE FUNCTION tally_order_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  counted_before boolean := TG_OP <> 'INSERT' AND OLD.status <> 'rejected';
  counted_now boolean := TG_OP <> 'DELETE' AND NEW.status <> 'rejected';
  side record;
BEGIN
  IF counted_before AND counted_now
      AND colombo_day(OLD.order_date) = colombo_day(NEW.order_date) THEN
    RETURN NULL;
  END IF;
  FOR side IN
    SELECT s.order_id, s.day, s.sign FROM (
      SELECT OLD.id, colombo_day(OLD.order_date), -1 WHERE counted_before
      UNION ALL
      SELECT NEW.id, colombo_day(NEW.order_date), 1 WHERE counted_now
    ) AS s (order_id, day, sign)
    ORDER BY s.day
  LOOP
    INSERT INTO sales_item_days AS d (item_type, item_id, day, units, cents)
    SELECT i.type, coalesce(i.book_id, i.stationery_id), side.day, side.sign * sum(i.quantity),
      side.sign * sum(i.unit_price_cents * i.quantity - i.saving_cents)
    FROM order_items i
    WHERE i.order_id = side.order_id
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (item_type, item_id, day) DO UPDATE SET
      units = d.units + EXCLUDED.units,
      cents = d.cents + EXCLUDED.cents;
  END LOOP;
  RETURN NULL;
END;
$$;
