-- Stock cannot be hoarded (issue 32). The marks each unpaid order is counted under (the
-- address it came from, its e-mail and its phone, hashed: domain/orders/holds.ts) and what
-- it holds, so that a placement can sum what a client's unpaid orders hold already; the
-- rows of an order go when it leaves pending, and are counted only while it is not paid.
CREATE TABLE order_holds (
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  key text NOT NULL,
  units integer NOT NULL CHECK (units >= 0),
  cents bigint NOT NULL CHECK (cents >= 0),
  PRIMARY KEY (key, order_id)
);
CREATE INDEX order_holds_order_idx ON order_holds (order_id);

-- Every hold ends. Orders placed before held stock for good in two cases; they get the
-- shop's default bounds from now: a Cash on Delivery order the shop has not confirmed
-- (7 days, COD_CONFIRM_DAYS), unless the admin has handled its payment; a Bank Deposit
-- order with a deposit slip and no decision (72 hours for the owner to check it,
-- SLIP_REVIEW_HOURS).
UPDATE orders o SET expires_at = now() + interval '7 days'
 WHERE o.status = 'pending' AND o.payment_status <> 'paid' AND o.payment_method = 'COD'
   AND o.expires_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM order_events e
                    WHERE e.order_id = o.id AND e.actor = 'admin' AND e.kind IN ('paid', 'unpaid'));
UPDATE orders o SET expires_at = GREATEST(o.expires_at, now() + interval '72 hours')
 WHERE o.status = 'pending' AND o.payment_status <> 'paid' AND o.expires_at IS NOT NULL
   AND EXISTS (SELECT 1 FROM payment_proofs p WHERE p.order_id = o.id);
