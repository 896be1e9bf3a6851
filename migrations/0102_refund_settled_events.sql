-- A cancelled order whose refunds gave back all it paid is no longer paid: the shop wrote that
-- change as an "unpaid" event, which the customer's timeline and receipt read as "Payment marked
-- as not received" beside the refund. It has its own kind now (domain/orders/event_kinds.ts:
-- refund_settled, which the customer does not see); the events already written take it too.
-- They are the shop's own (actor 'system') with the note domain/payments/refund_order.ts wrote.
UPDATE order_events SET kind = 'refund_settled'
WHERE kind = 'unpaid' AND actor = 'system'
  AND note = 'Refunded in full: the cancelled order owes nothing and is owed nothing';
