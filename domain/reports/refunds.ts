/**
 * The report's refunds, shown apart from the takings: what the refunds that succeeded in a
 * range gave back (by the day they were made, in Sri Lanka), and the takings net of them.
 * Takings are counted by the day an order was placed and paid, refunds by the day they were
 * made: the same day's net is that day's takings less that day's refunds.
 */
import type { Cents } from "../money.ts";
import type { Refund } from "../payments/refunds.ts";

export interface RefundTotals {
  /** Refunds that succeeded in the range. */
  refunds: number;
  refundedCents: Cents;
  /** The range's takings less its refunds (below 0 when refunds passed the takings). */
  netCents: Cents;
}

/**
 * @example refundTotals(300_000, [{ amountCents: 50_000 }]) // { refunds: 1, refundedCents: 50000, netCents: 250000 }
 */
export function refundTotals(
  takingsCents: Cents,
  refunds: readonly Pick<Refund, "amountCents">[],
): RefundTotals {
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  return { refunds: refunds.length, refundedCents, netCents: takingsCents - refundedCents };
}
