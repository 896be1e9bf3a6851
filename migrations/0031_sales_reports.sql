-- The owner's sales reports (domain/reports/) read summaries kept at commit, as the order
-- counts are (0017): what was placed and received each day in Sri Lanka per payment
-- method, and what each product sold each day. A report over five years then reads a few
-- thousand summary rows instead of every order and line.
--
-- Each order carries when its money was last recorded as received (its last "paid" event,
-- the timeline being read by time: the latest)
-- and whether it lapsed (a "lapsed" event), written by a trigger on its timeline; the
-- summaries follow from the order's row alone. Days are Colombo's (UTC+05:30 all year,
-- no daylight saving): an order at 18:29:59Z falls on one day, one at 18:30:00Z on the next.

ALTER TABLE orders
  ADD COLUMN last_paid_at timestamptz,
  ADD COLUMN lapsed boolean NOT NULL DEFAULT false;

UPDATE orders o SET last_paid_at = e.at
FROM (SELECT order_id, max(at) AS at FROM order_events WHERE kind = 'paid' GROUP BY order_id) e
WHERE e.order_id = o.id;

UPDATE orders o SET lapsed = true
WHERE EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.kind = 'lapsed');

CREATE FUNCTION note_order_payment_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'paid' THEN
    UPDATE orders SET last_paid_at = NEW.at
    WHERE id = NEW.order_id AND (last_paid_at IS NULL OR last_paid_at < NEW.at);
  ELSE
    UPDATE orders SET lapsed = true WHERE id = NEW.order_id AND NOT lapsed;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER order_events_noted_on_order
  AFTER INSERT ON order_events
  FOR EACH ROW WHEN (NEW.kind IN ('paid', 'lapsed'))
  EXECUTE FUNCTION note_order_payment_event();

-- The day in Sri Lanka of an instant.
CREATE FUNCTION colombo_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT ((at AT TIME ZONE 'UTC') + interval '330 minutes')::date $$;

-- What placed and received each day, per payment method. Takings are money received
-- (domain/orders/takings.ts): an order's items and delivery on the day of its last payment,
-- while it is paid and not rejected.
CREATE TABLE sales_days (
  day date NOT NULL,
  payment_method text NOT NULL,
  placed bigint NOT NULL,
  lapsed bigint NOT NULL,
  rejected bigint NOT NULL,
  paid_orders bigint NOT NULL,
  takings_cents bigint NOT NULL,
  delivery_cents bigint NOT NULL,
  PRIMARY KEY (day, payment_method)
);

-- One order's part of sales_days, times `sign`: its placing, and its money when received.
CREATE FUNCTION order_sales_rows(o orders, sign bigint)
RETURNS TABLE (day date, payment_method text, placed bigint, lapsed bigint, rejected bigint,
  paid_orders bigint, takings_cents bigint, delivery_cents bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT colombo_day(o.order_date), o.payment_method, sign,
    CASE WHEN o.status = 'rejected' AND o.lapsed THEN sign ELSE 0 END,
    CASE WHEN o.status = 'rejected' AND NOT o.lapsed THEN sign ELSE 0 END,
    0::bigint, 0::bigint, 0::bigint
  WHERE o.id IS NOT NULL
  UNION ALL
  SELECT colombo_day(o.last_paid_at), o.payment_method, 0, 0, 0,
    sign, sign * (o.total_cents + o.delivery_fee_cents), sign * o.delivery_fee_cents
  WHERE o.payment_status = 'paid' AND o.status <> 'rejected' AND o.last_paid_at IS NOT NULL
$$;

INSERT INTO sales_days
SELECT r.day, r.payment_method, sum(r.placed), sum(r.lapsed), sum(r.rejected),
  sum(r.paid_orders), sum(r.takings_cents), sum(r.delivery_cents)
FROM orders o, LATERAL order_sales_rows(o, 1) r
GROUP BY r.day, r.payment_method;

-- Kept in each change's transaction, at commit (deferred), rows written in key order, as
-- order_counts is: a change holds its summary rows only while it commits.
CREATE FUNCTION tally_order_sales() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_days AS s (day, payment_method, placed, lapsed, rejected, paid_orders,
    takings_cents, delivery_cents)
  SELECT r.day, r.payment_method, sum(r.placed), sum(r.lapsed), sum(r.rejected),
    sum(r.paid_orders), sum(r.takings_cents), sum(r.delivery_cents)
  FROM (
    SELECT * FROM order_sales_rows(NEW, 1) WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT * FROM order_sales_rows(OLD, -1) WHERE TG_OP <> 'INSERT'
  ) r
  GROUP BY r.day, r.payment_method
  HAVING sum(r.placed) <> 0 OR sum(r.lapsed) <> 0 OR sum(r.rejected) <> 0
    OR sum(r.paid_orders) <> 0 OR sum(r.takings_cents) <> 0 OR sum(r.delivery_cents) <> 0
  ORDER BY r.day, r.payment_method
  ON CONFLICT (day, payment_method) DO UPDATE SET
    placed = s.placed + EXCLUDED.placed,
    lapsed = s.lapsed + EXCLUDED.lapsed,
    rejected = s.rejected + EXCLUDED.rejected,
    paid_orders = s.paid_orders + EXCLUDED.paid_orders,
    takings_cents = s.takings_cents + EXCLUDED.takings_cents,
    delivery_cents = s.delivery_cents + EXCLUDED.delivery_cents;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER orders_tallied_on_insert_or_delete
  AFTER INSERT OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION tally_order_sales();

CREATE CONSTRAINT TRIGGER orders_tallied_on_update
  AFTER UPDATE OF status, payment_status, payment_method, order_date, last_paid_at, lapsed,
    total_cents, delivery_fee_cents ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.status, OLD.payment_status, OLD.payment_method, OLD.order_date, OLD.last_paid_at,
      OLD.lapsed, OLD.total_cents, OLD.delivery_fee_cents)
    IS DISTINCT FROM (NEW.status, NEW.payment_status, NEW.payment_method, NEW.order_date,
      NEW.last_paid_at, NEW.lapsed, NEW.total_cents, NEW.delivery_fee_cents))
  EXECUTE FUNCTION tally_order_sales();

-- What each product sold each day: the lines of orders placed that day and not cancelled,
-- copies and what they cost after promotions. Order lines never change once placed.
CREATE TABLE sales_item_days (
  item_type text NOT NULL,
  item_id integer NOT NULL,
  day date NOT NULL,
  units bigint NOT NULL,
  cents bigint NOT NULL,
  PRIMARY KEY (item_type, item_id, day)
);
CREATE INDEX sales_item_days_day_idx ON sales_item_days (day);

INSERT INTO sales_item_days (item_type, item_id, day, units, cents)
SELECT i.type, coalesce(i.book_id, i.stationery_id), colombo_day(o.order_date),
  sum(i.quantity), sum(i.unit_price_cents * i.quantity - i.saving_cents)
FROM orders o JOIN order_items i ON i.order_id = o.id
WHERE o.status <> 'rejected'
GROUP BY 1, 2, 3;

-- An order's lines count while it is not rejected. The lines are read at commit, when an
-- order placed in the transaction has them all.
CREATE FUNCTION tally_order_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_item_days AS s (item_type, item_id, day, units, cents)
  SELECT i.type, coalesce(i.book_id, i.stationery_id), c.day, sum(c.sign * i.quantity),
    sum(c.sign * (i.unit_price_cents * i.quantity - i.saving_cents))
  FROM (
    SELECT NEW.id, colombo_day(NEW.order_date), 1
    WHERE TG_OP <> 'DELETE' AND NEW.status <> 'rejected'
    UNION ALL
    SELECT OLD.id, colombo_day(OLD.order_date), -1
    WHERE TG_OP <> 'INSERT' AND OLD.status <> 'rejected'
  ) AS c (order_id, day, sign)
  JOIN order_items i ON i.order_id = c.order_id
  GROUP BY 1, 2, 3
  HAVING sum(c.sign * i.quantity) <> 0
    OR sum(c.sign * (i.unit_price_cents * i.quantity - i.saving_cents)) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (item_type, item_id, day) DO UPDATE SET
    units = s.units + EXCLUDED.units,
    cents = s.cents + EXCLUDED.cents;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER orders_lines_tallied_on_insert_or_delete
  AFTER INSERT OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION tally_order_lines();

CREATE CONSTRAINT TRIGGER orders_lines_tallied_on_update
  AFTER UPDATE OF status, order_date ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.status = 'rejected') IS DISTINCT FROM (NEW.status = 'rejected')
    OR OLD.order_date IS DISTINCT FROM NEW.order_date)
  EXECUTE FUNCTION tally_order_lines();

CREATE FUNCTION forget_sales_summaries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_days;
  DELETE FROM sales_item_days;
  RETURN NULL;
END;
$$;

-- Emptying the orders table empties the summaries with it.
CREATE TRIGGER orders_sales_truncated
  AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION forget_sales_summaries();
