-- The mails a running shop sends about an order besides checkout and completion: the
-- customer's rejection, lapse, payment received and the link asked for on /track; the
-- shop's notices of a new order and of a deposit slip to check.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (
  'order_placed', 'order_completed', 'order_rejected', 'order_lapsed', 'payment_received',
  'order_link', 'shop_order_placed', 'shop_proof_uploaded'
));
