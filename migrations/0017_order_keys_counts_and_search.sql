-- Orders placed before 0010 have no key, so no page for their customer and no link in any
-- mail, and /track could not mail one. Each gets a random salt now, as a new order does
-- (256 random-looking bits from two UUIDs, of which 244 are random; base64url). The key
-- itself is an HMAC of the salt under a secret the database never holds: the shop keeps the
-- key's hash for these orders at its next start, found through the index below, which
-- stays empty once they are done (a new order is written with its hash).

UPDATE orders
SET key_salt = translate(
  encode(
    decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'),
    'base64'
  ),
  '+/=',
  '-_'
)
WHERE key_salt IS NULL;

CREATE INDEX orders_key_hash_missing_idx ON orders (id) WHERE key_hash IS NULL;

-- How many orders there are in each status, payment status and payment method: the admin's
-- order list answers its exact total from these few rows when it is filtered by nothing else
-- (counting 100,000 orders took most of each request: docs/benchmarks.md, item 15). Kept by
-- the triggers below in the transaction of each change, so a count is as exact as the rows;
-- the triggers run at commit (deferred), so a change holds its counter row only while it
-- commits, and each writes its rows in key order, so two changes never wait on each other
-- in a circle.

CREATE TABLE order_counts (
  status text NOT NULL,
  payment_status text NOT NULL,
  payment_method text NOT NULL,
  orders bigint NOT NULL,
  PRIMARY KEY (status, payment_status, payment_method)
);

INSERT INTO order_counts (status, payment_status, payment_method, orders)
SELECT status, payment_status, payment_method, count(*) FROM orders GROUP BY 1, 2, 3;

CREATE FUNCTION count_order_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts AS c (status, payment_status, payment_method, orders)
  SELECT s, p, m, sum(d)
  FROM (
    SELECT NEW.status, NEW.payment_status, NEW.payment_method, 1 WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT OLD.status, OLD.payment_status, OLD.payment_method, -1 WHERE TG_OP <> 'INSERT'
  ) AS change (s, p, m, d)
  GROUP BY s, p, m
  HAVING sum(d) <> 0
  ORDER BY s, p, m
  ON CONFLICT (status, payment_status, payment_method)
  DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER orders_counted_on_insert_or_delete
  AFTER INSERT OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION count_order_change();

CREATE CONSTRAINT TRIGGER orders_counted_on_update
  AFTER UPDATE OF status, payment_status, payment_method ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
    OR OLD.payment_method IS DISTINCT FROM NEW.payment_method)
  EXECUTE FUNCTION count_order_change();

CREATE FUNCTION forget_order_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_counts;
  RETURN NULL;
END;
$$;

-- Emptying the orders table empties the counts with it.
CREATE TRIGGER orders_counts_truncated
  AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION forget_order_counts();

-- A search by name or e-mail address within one status (the owner's usual "pending orders
-- of Jayasuriya") counts its matches in one index alone: the names and addresses lower-cased
-- once, in stored columns, and a btree index over the status and both, which an index-only
-- scan reads without visiting the orders (16,000 rows rechecked took 14 ms of a 15 ms
-- answer at 100,000 orders). The trigram indexes move to the same columns, so either path
-- answers the same condition.
ALTER TABLE orders
  ADD COLUMN name_search text GENERATED ALWAYS AS (lower(name)) STORED,
  ADD COLUMN email_search text GENERATED ALWAYS AS (lower(email)) STORED;
DROP INDEX orders_name_trgm_idx;
DROP INDEX orders_email_trgm_idx;
CREATE INDEX orders_name_search_trgm_idx ON orders USING gin (name_search gin_trgm_ops);
CREATE INDEX orders_email_search_trgm_idx ON orders USING gin (email_search gin_trgm_ops);
CREATE INDEX orders_status_search_idx ON orders (status, name_search, email_search);
