-- What each product sold each month and each year (in Colombo), beside what it sold each
-- day (0031): a report over years sums a product's whole years, then the whole months
-- outside them, then only the days at the range's two edges: some 30,000 rows for five
-- years of a 2,000-title shop instead of 160,000 or more. The months follow the days and
-- the years the months, row by row (a trigger adds each change of a day's units and cents
-- to its month, and each change of a month to its year), so a month is always the sum of
-- its days and a year of its months.

CREATE TABLE sales_item_months (
  item_type text NOT NULL,
  item_id integer NOT NULL,
  month date NOT NULL,
  units bigint NOT NULL,
  cents bigint NOT NULL,
  PRIMARY KEY (item_type, item_id, month)
);
CREATE INDEX sales_item_months_month_idx ON sales_item_months (month);

INSERT INTO sales_item_months (item_type, item_id, month, units, cents)
SELECT item_type, item_id, date_trunc('month', day)::date, sum(units), sum(cents)
FROM sales_item_days
GROUP BY 1, 2, 3;

CREATE FUNCTION tally_item_month() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_item_months AS m (item_type, item_id, month, units, cents)
  SELECT c.item_type, c.item_id, date_trunc('month', c.day)::date, sum(c.units), sum(c.cents)
  FROM (
    SELECT NEW.item_type, NEW.item_id, NEW.day, NEW.units, NEW.cents WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT OLD.item_type, OLD.item_id, OLD.day, -OLD.units, -OLD.cents WHERE TG_OP <> 'INSERT'
  ) AS c (item_type, item_id, day, units, cents)
  GROUP BY 1, 2, 3
  HAVING sum(c.units) <> 0 OR sum(c.cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (item_type, item_id, month) DO UPDATE SET
    units = m.units + EXCLUDED.units,
    cents = m.cents + EXCLUDED.cents;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sales_item_days_tallied_by_month
  AFTER INSERT OR UPDATE OR DELETE ON sales_item_days
  FOR EACH ROW EXECUTE FUNCTION tally_item_month();

CREATE TABLE sales_item_years (
  item_type text NOT NULL,
  item_id integer NOT NULL,
  year date NOT NULL,
  units bigint NOT NULL,
  cents bigint NOT NULL,
  PRIMARY KEY (item_type, item_id, year)
);
CREATE INDEX sales_item_years_year_idx ON sales_item_years (year);

INSERT INTO sales_item_years (item_type, item_id, year, units, cents)
SELECT item_type, item_id, date_trunc('year', month)::date, sum(units), sum(cents)
FROM sales_item_months
GROUP BY 1, 2, 3;

CREATE FUNCTION tally_item_year() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_item_years AS y (item_type, item_id, year, units, cents)
  SELECT c.item_type, c.item_id, date_trunc('year', c.month)::date, sum(c.units), sum(c.cents)
  FROM (
    SELECT NEW.item_type, NEW.item_id, NEW.month, NEW.units, NEW.cents WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT OLD.item_type, OLD.item_id, OLD.month, -OLD.units, -OLD.cents WHERE TG_OP <> 'INSERT'
  ) AS c (item_type, item_id, month, units, cents)
  GROUP BY 1, 2, 3
  HAVING sum(c.units) <> 0 OR sum(c.cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (item_type, item_id, year) DO UPDATE SET
    units = y.units + EXCLUDED.units,
    cents = y.cents + EXCLUDED.cents;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sales_item_months_tallied_by_year
  AFTER INSERT OR UPDATE OR DELETE ON sales_item_months
  FOR EACH ROW EXECUTE FUNCTION tally_item_year();

-- Emptying the orders empties the months and years with the days (after them: their
-- triggers write the months and years as they go).
CREATE OR REPLACE FUNCTION forget_sales_summaries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_days;
  DELETE FROM sales_item_days;
  DELETE FROM sales_item_months;
  DELETE FROM sales_item_years;
  RETURN NULL;
END;
$$;
