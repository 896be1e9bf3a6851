-- The mails a running shop sends about an order besides checkout and completion: the
-- customer's rejection, lapse, payment received and the link asked for on /track; the
-- shop's notices of a new order and of a deposit slip to check.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (
  'order_placed', 'order_completed', 'order_rejected', 'order_lapsed', 'payment_received',
  'order_link', 'shop_order_placed', 'shop_proof_uploaded'
));

-- The admin's order search (GET /api/orders?q=) at 100,000 orders: a phone number's digits
-- without the country code or trunk prefix, as the search reads a typed number, and
-- trigram indexes so that a part of a name, an e-mail address or a phone number is found
-- without reading every order (1.7 s a search before, see docs/benchmarks.md).
ALTER TABLE orders ADD COLUMN phone_digits text
  GENERATED ALWAYS AS (regexp_replace(regexp_replace(phone, '\D', '', 'g'), '^(94|0)', '')) STORED;
CREATE INDEX orders_phone_digits_trgm_idx ON orders USING gin (phone_digits gin_trgm_ops);
CREATE INDEX orders_name_trgm_idx ON orders USING gin (lower(name) gin_trgm_ops);
CREATE INDEX orders_email_trgm_idx ON orders USING gin (lower(email) gin_trgm_ops);
CREATE INDEX orders_status_payment_order_date_idx
  ON orders (status, payment_status, order_date DESC, id DESC);
