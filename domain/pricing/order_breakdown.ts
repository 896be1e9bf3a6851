/**
 * The breakdown of a placed order, from what it keeps: its lines' usual prices and
 * adjustments, its own adjustments, its delivery fee, the vouchers that paid for it and
 * the payments it received. Until the shop keeps a ledger of payments, what was received
 * follows from the payment status: a paid order received what its vouchers left to pay.
 */
import type { Cents } from "../money.ts";
import type { Order, OrderLine } from "../orders/model.ts";
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
  };

/**
 * The payments an order received as its payment status tells them: a paid order, all that
 * its vouchers left to pay; any other, nothing. (A refund is not recorded by the shop yet.)
 *
 * @example paymentsByStatus("paid", 250000) // { receivedCents: 250000, refundedCents: 0 }
 */
export function paymentsByStatus(
  paymentStatus: Order["paymentStatus"],
  leftToPayCents: Cents,
): PaymentsMade {
  return {
    receivedCents: paymentStatus === "paid" ? Math.max(leftToPayCents, 0) : 0,
    refundedCents: 0,
  };
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
 * The breakdown of `order`; `payments` when a ledger tells them, else by its payment status.
 *
 * @example orderBreakdown(paidOrder).dueCents // 0
 */
export function orderBreakdown(order: BreakdownFacts, payments?: PaymentsMade): Breakdown {
  const input = orderBreakdownInput(order);
  if (payments) return breakdown({ ...input, payments });
  const unpaid = breakdown(input);
  return breakdown({
    ...input,
    payments: paymentsByStatus(order.paymentStatus, unpaid.totalCents - unpaid.vouchersCents),
  });
}
