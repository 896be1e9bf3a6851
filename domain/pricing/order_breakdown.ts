/**
 * The breakdown of a placed order, from what it keeps: its lines' usual prices and
 * adjustments, its own adjustments, its delivery fee, the vouchers that paid for it, the
 * payments it received and the refunds that gave money back. What was received follows from
 * the payment status (a paid order received what its vouchers left to pay); what was
 * refunded is what its refunds that succeeded gave back.
 */
import type { Cents } from "../money.ts";
import type { Order, OrderLine, RefundGiven } from "../orders/model.ts";
import { ORDER_STATUS_POLICIES } from "../orders/status.ts";
import { maskedCode, type VoucherTender } from "../vouchers/rules.ts";
import {
  type Breakdown,
  breakdown,
  type BreakdownInput,
  type BreakdownLineInput,
  type PaymentsMade,
} from "./breakdown.ts";

/** What the breakdown of an order reads of it. */
export type BreakdownFacts =
  & Pick<Order, "items" | "adjustments" | "deliveryFeeCents" | "status" | "paymentStatus">
  & {
    vouchers?: readonly Pick<VoucherTender, "last4" | "cents">[];
    /** The second parcel's extra fee, a part of `deliveryFeeCents`; 0 when absent. */
    secondParcelFeeCents?: Order["secondParcelFeeCents"];
    /** The refunds that gave money back; none when absent. */
    refundsGiven?: readonly RefundGiven[];
  };

/**
 * The payments an order received and gave back: a paid order received all that its vouchers
 * left to pay, any other nothing; the refunds that succeeded gave back `refundedCents`. A
 * cancelled order refunded in full is no longer paid, yet it received what was given back.
 * (An order charged back after a refund received nothing that stands: it owes its whole
 * charge again, as the provider's checkout asks, and its refund stands apart.)
 *
 * @example paymentsByStatus({ paymentStatus: "paid", status: "pending" }, 250000) // { receivedCents: 250000, refundedCents: 0 }
 * @example paymentsByStatus({ paymentStatus: "unpaid", status: "rejected" }, 250000, 250000) // { receivedCents: 250000, refundedCents: 250000 }
 */
export function paymentsByStatus(
  order: Pick<Order, "paymentStatus" | "status">,
  leftToPayCents: Cents,
  refundedCents: Cents = 0,
): PaymentsMade {
  if (order.paymentStatus === "paid") {
    return { receivedCents: Math.max(leftToPayCents, 0), refundedCents };
  }
  const cancelled = !ORDER_STATUS_POLICIES[order.status].owes;
  return { receivedCents: cancelled ? refundedCents : 0, refundedCents };
}

/** Order lines as the breakdown reads them. */
export function breakdownLines(lines: readonly OrderLine[]): BreakdownLineInput[] {
  return lines.map((line) => ({
    type: line.type,
    id: line.itemId,
    title: line.title,
    quantity: line.quantity,
    usualUnitCents: line.listUnitCents,
    adjustments: line.adjustments,
  }));
}

/** The lines and adjustments of an order as the breakdown reads them. */
export function orderBreakdownInput(
  order: BreakdownFacts,
): Omit<BreakdownInput, "payments"> {
  return {
    lines: breakdownLines(order.items),
    orderAdjustments: order.adjustments,
    // The delivery fee kept is every parcel's: the first parcel's and a second one's apart.
    deliveryFeeCents: order.deliveryFeeCents - (order.secondParcelFeeCents ?? 0),
    secondParcelFeeCents: order.secondParcelFeeCents ?? 0,
    vouchers: (order.vouchers ?? []).map((v) => ({ code: maskedCode(v.last4), cents: v.cents })),
    owes: ORDER_STATUS_POLICIES[order.status].owes,
  };
}

/**
 * The breakdown of `order`; `payments` when a ledger tells them, else by its payment status
 * and its refunds.
 *
 * @example orderBreakdown(paidOrder).dueCents // 0
 */
export function orderBreakdown(order: BreakdownFacts, payments?: PaymentsMade): Breakdown {
  const input = orderBreakdownInput(order);
  if (payments) return breakdown({ ...input, payments });
  const unpaid = breakdown(input);
  const refundedCents = (order.refundsGiven ?? []).reduce((sum, r) => sum + r.amountCents, 0);
  return breakdown({
    ...input,
    payments: paymentsByStatus(
      order,
      unpaid.totalCents - unpaid.vouchersCents,
      refundedCents,
    ),
  });
}
