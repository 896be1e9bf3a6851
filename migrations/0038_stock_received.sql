-- A delivery received is a reason of its own for a stock adjustment, so that staff, who may
-- adjust stock but not edit products (0033), record new copies in the trail with who and
-- when. It only brings copies in.
ALTER TABLE stock_adjustments DROP CONSTRAINT stock_adjustments_reason_check;
ALTER TABLE stock_adjustments
  ADD CONSTRAINT stock_adjustments_reason_check
    CHECK (reason IN ('received', 'damaged', 'lost', 'found', 'recount')),
  ADD CONSTRAINT stock_adjustments_received_check CHECK (reason <> 'received' OR quantity > 0);
