-- How an order holding books in stock and pre-ordered books is sent (domain/orders/fees.ts):
-- 'together' waits for the pre-order and sends one parcel; 'split' sends the books in stock
-- now and the pre-ordered ones in a second parcel, whose extra delivery fee the shopper paid.
-- delivery_fee_cents stays what all the order's parcels cost (the second parcel's fee in it),
-- so every sum of what an order comes to is unchanged; second_parcel_fee_cents names the part.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS parcels text NOT NULL DEFAULT 'together'
  CHECK (parcels IN ('together', 'split'));
ALTER TABLE orders ADD COLUMN IF NOT EXISTS second_parcel_fee_cents bigint NOT NULL DEFAULT 0
  CHECK (second_parcel_fee_cents >= 0 AND second_parcel_fee_cents <= delivery_fee_cents);
ALTER TABLE orders ADD CONSTRAINT orders_together_has_no_second_parcel_fee
  CHECK (parcels = 'split' OR second_parcel_fee_cents = 0);
