-- Payment methods as the payment policy table names them (domain/orders/payment_policy.ts):
-- a method paid through a new provider (Koko, issue 45) is its record there and its provider's
-- entry, not a constraint to rewrite here. The orders table keeps a method's shape only; which
-- methods exist is the domain's, parsed on the wire (the order request's method is one of
-- PAYMENT_METHODS) before any row is written.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
  CHECK (payment_method ~ '^[A-Z][A-Za-z ]{1,39}$');
