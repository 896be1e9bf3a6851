-- A card payment the gateway declined or that failed is told on the order's timeline (issue
-- 45: the customer reads that it did not go through and may pay again). The kinds of events
-- are the domain's table (domain/orders/event_kinds.ts); the column keeps only their shape,
-- so a new kind adds no migration again.
ALTER TABLE order_events DROP CONSTRAINT IF EXISTS order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind ~ '^[a-z][a-z_]{0,39}$');
