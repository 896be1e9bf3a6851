-- What each product sold each month and each year (in Colombo), beside what it sold each
-- day (0031): a report over years sums a product's whole years, then the whole months
-- outside them, then only the days at the range's two edges: some 30,000 rows for five
-- years of a 2,000-title shop instead of 160,000 or more. The periods follow the days row
-- by row (a trigger adds each change of a day's units and cents to its month and to its
-- year), so a month is always the sum of its days, and a year too.

CREATE TABLE sales_item_periods (
  item_type text NOT NULL,
  item_id integer NOT NULL,
  grain text NOT NULL CHECK (grain IN ('month', 'year')),
  -- The period's first day.
  start date NOT NULL,
  units bigint NOT NULL,
  cents bigint NOT NULL,
  PRIMARY KEY (item_type, item_id, grain, start)
);
CREATE INDEX sales_item_periods_start_idx ON sales_item_periods (grain, start);

INSERT INTO sales_item_periods (item_type, item_id, grain, start, units, cents)
SELECT d.item_type, d.item_id, g.grain, date_trunc(g.grain, d.day::timestamp)::date,
  sum(d.units), sum(d.cents)
FROM sales_item_days d CROSS JOIN (VALUES ('month'), ('year')) AS g (grain)
GROUP BY 1, 2, 3, 4;

CREATE FUNCTION tally_item_periods() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_item_periods AS p (item_type, item_id, grain, start, units, cents)
  SELECT c.item_type, c.item_id, g.grain, date_trunc(g.grain, c.day::timestamp)::date,
    sum(c.units), sum(c.cents)
  FROM (
    SELECT NEW.item_type, NEW.item_id, NEW.day, NEW.units, NEW.cents WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT OLD.item_type, OLD.item_id, OLD.day, -OLD.units, -OLD.cents WHERE TG_OP <> 'INSERT'
  ) AS c (item_type, item_id, day, units, cents)
  CROSS JOIN (VALUES ('month'), ('year')) AS g (grain)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.units) <> 0 OR sum(c.cents) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (item_type, item_id, grain, start) DO UPDATE SET
    units = p.units + EXCLUDED.units,
    cents = p.cents + EXCLUDED.cents;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sales_item_days_tallied_by_period
  AFTER INSERT OR UPDATE OR DELETE ON sales_item_days
  FOR EACH ROW EXECUTE FUNCTION tally_item_periods();

-- Emptying the orders empties the periods with the days (after them: their trigger writes
-- the periods as it goes).
CREATE OR REPLACE FUNCTION forget_sales_summaries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_days;
  DELETE FROM sales_item_days;
  DELETE FROM sales_item_periods;
  RETURN NULL;
END;
$$;
