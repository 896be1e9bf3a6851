-- Card payment (issue 35): a third payment method, paid online through the card gateway
-- (PayHere). Its unpaid orders lapse after CARD_PAYMENT_MINUTES like any other hold; its
-- payment status moves only from the gateway's verified notifications.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
  CHECK (payment_method IN ('COD', 'Bank Deposit', 'Card'));
