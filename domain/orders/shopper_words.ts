/**
 * The words a shopper reads for an order's status and its payment, from its status, its
 * payment status and its method's policy, so the order page and the account's list say the
 * same and agree with the amount's note: an order its method has paid before it is prepared
 * is "Awaiting payment" until paid (not "Being prepared"), and a cancelled order that was
 * never paid has "Nothing to pay" (not "Not paid yet" beside "nothing is owed").
 */
import type { Order } from "./model.ts";
import { PAYMENT_POLICIES } from "./payment_policy.ts";
import { ORDER_STATUS_POLICIES } from "./status.ts";

const PAYMENT_WORDS = {
  unpaid: "order.paymentUnpaid",
  proof_submitted: "order.paymentProof",
  paid: "order.paymentPaid",
} as const;

type StatusKey =
  | typeof ORDER_STATUS_POLICIES[keyof typeof ORDER_STATUS_POLICIES]["words"]["shopper"]
  | "order.statusAwaitingPayment";
type PaymentKey =
  | typeof PAYMENT_WORDS[keyof typeof PAYMENT_WORDS]
  | "order.paymentNone";

/**
 * The message keys of an order's status and payment, as its customer reads them.
 *
 * @example shopperWords({ status: "pending", paymentMethod: "Card", paymentStatus: "unpaid" }) // { status: "order.statusAwaitingPayment", payment: "order.paymentUnpaid" }
 * @example shopperWords({ status: "rejected", paymentMethod: "COD", paymentStatus: "unpaid" }) // { status: "order.statusRejected", payment: "order.paymentNone" }
 */
export function shopperWords(
  order: Pick<Order, "status" | "paymentMethod" | "paymentStatus">,
): { status: StatusKey; payment: PaymentKey } {
  const first = PAYMENT_POLICIES[order.paymentMethod].paidBeforeDispatch;
  const paid = order.paymentStatus === "paid";
  const open = order.status === "pending";
  return {
    status: open && first && !paid
      ? "order.statusAwaitingPayment"
      : ORDER_STATUS_POLICIES[order.status].words.shopper,
    payment: !ORDER_STATUS_POLICIES[order.status].owes && order.paymentStatus === "unpaid"
      ? "order.paymentNone"
      : PAYMENT_WORDS[order.paymentStatus],
  };
}
