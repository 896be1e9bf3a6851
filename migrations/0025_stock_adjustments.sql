-- Stock adjustments: copies taken out of stock (damaged, lost) or put back (found, a
-- recount) by the admin, with a reason, a note, who and when, kept for the audit trail.
-- A row is written in the transaction that changes the product's stock, with the stock
-- before and after; rows are never changed or deleted (the trigger below refuses it). A
-- product is named by its kind and id, without a foreign key: a book erased later (one
-- no order referred to) leaves its adjustments in the trail.

CREATE TABLE stock_adjustments (
  id bigserial PRIMARY KEY,
  product_kind text NOT NULL CHECK (product_kind IN ('book', 'stationery')),
  product_id integer NOT NULL,
  quantity integer NOT NULL CHECK (quantity <> 0),
  reason text NOT NULL CHECK (reason IN ('damaged', 'lost', 'found', 'recount')),
  note text CHECK (char_length(note) BETWEEN 1 AND 500),
  stock_before integer NOT NULL CHECK (stock_before >= 0),
  stock_after integer NOT NULL CHECK (stock_after >= 0),
  actor_id integer NOT NULL,
  actor_email text NOT NULL,
  at timestamptz NOT NULL,
  CHECK (stock_after = stock_before + quantity),
  -- Damaged and lost copies leave the stock; found ones come back.
  CHECK (reason NOT IN ('damaged', 'lost') OR quantity < 0),
  CHECK (reason <> 'found' OR quantity > 0)
);

CREATE INDEX stock_adjustments_product ON stock_adjustments (product_kind, product_id, id DESC);

CREATE FUNCTION refuse_stock_adjustment_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock adjustments are kept as written';
END;
$$;

CREATE TRIGGER stock_adjustments_append_only
  BEFORE UPDATE OR DELETE ON stock_adjustments
  FOR EACH ROW EXECUTE FUNCTION refuse_stock_adjustment_change();
