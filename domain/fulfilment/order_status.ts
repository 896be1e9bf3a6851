/**
 * The order's status follows from its parcels and its payment: a pending order is
 * completed (handed over to delivery, the customer mailed and texted with the tracking)
 * once every copy is out with a courier and its money is settled or is collected at the
 * door; a cancelled order stays cancelled; a completed one never goes back. Pure: the
 * routes carry out what this decides through the order's own transition table.
 */
import type { OrderStatus, PaymentMethod, PaymentStatus } from "../orders/model.ts";
import { PAYMENT_POLICIES } from "../orders/payment_policy.ts";
import type { OrderFulfilment } from "./shipments.ts";

export interface OrderStanding {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
}

/**
 * The status the order should have, given how far its parcels have gone.
 *
 * @example orderStatusFollowing({ status: "pending", paymentMethod: "COD", paymentStatus: "unpaid" }, "handed_over") // "completed"
 * @example orderStatusFollowing({ status: "pending", paymentMethod: "Bank Deposit", paymentStatus: "unpaid" }, "delivered") // "pending": not paid
 */
export function orderStatusFollowing(
  order: OrderStanding,
  fulfilment: OrderFulfilment,
): OrderStatus {
  if (order.status !== "pending") return order.status;
  const out = fulfilment === "handed_over" || fulfilment === "delivered";
  const settled = order.paymentStatus === "paid" ||
    PAYMENT_POLICIES[order.paymentMethod].settlement === "collect";
  return out && settled ? "completed" : "pending";
}
