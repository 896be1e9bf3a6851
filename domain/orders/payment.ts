/**
 * The payment status beside the order status: whether a change is allowed (each payment
 * method's policy lists its moves and who may make them, payment_policy.ts) and the plan
 * of what a change writes (the new status, its event on the timeline). A repository
 * carries the plan out only while the order still has the plan's statuses, so a change
 * happens once.
 */
import type { EventActor, OrderEvent, OrderStatus, PaymentMethod, PaymentStatus } from "./model.ts";
import type { MailKind } from "../notifications/mail_kinds.ts";
import { PAYMENT_POLICIES, type PaymentMove } from "./payment_policy.ts";
import { ORDER_STATUS_POLICIES } from "./status.ts";

/**
 * Whether `actor` may move an order paid by `method` from one payment status to another.
 *
 * @example canChangePayment("COD", "unpaid", "proof_submitted", "customer") // false: COD takes no proofs
 */
export function canChangePayment(
  method: PaymentMethod,
  from: PaymentStatus,
  to: PaymentStatus,
  actor: EventActor,
): boolean {
  const moves: readonly PaymentMove[] = PAYMENT_POLICIES[method].paymentMoves[from];
  return moves.some((move) => move.to === to && move.by.includes(actor));
}

/** What a payment change writes. */
export interface PaymentPlan {
  orderId: number;
  /** The statuses the order must still have when the change is written. */
  orderStatus: OrderStatus;
  from: PaymentStatus;
  to: PaymentStatus;
  /**
   * Whether the order stops lapsing by itself: once the admin has looked at its payment,
   * a Bank Deposit order waits for the admin's decision.
   */
  clearExpiry: boolean;
  event: OrderEvent;
  /** The customer hears when the admin records a payment. */
  mails: MailKind[];
  /**
   * Whether the order's saved slip is replaced by one rendered for the new payment status
   * (a completed order's: a paid one has nothing left to collect).
   */
  saveSlip: boolean;
}

export type PaymentPlanning =
  | { kind: "ok"; plan: PaymentPlan }
  /** A rejected order's payment is settled: nothing changes it any more. */
  | { kind: "order_rejected" }
  | { kind: "illegal"; from: PaymentStatus; to: PaymentStatus };

/**
 * The plan for changing an order's payment status.
 *
 * @example planPaymentChange({ id: 7, status: "pending", paymentMethod: "COD", paymentStatus: "unpaid" }, { to: "paid", actor: "admin", at, note: null }) // ok
 */
export function planPaymentChange(
  order: {
    id: number;
    status: OrderStatus;
    paymentMethod: PaymentMethod;
    paymentStatus: PaymentStatus;
  },
  change: { to: PaymentStatus; actor: EventActor; at: string; note: string | null },
): PaymentPlanning {
  if (order.status === "rejected") return { kind: "order_rejected" };
  if (!canChangePayment(order.paymentMethod, order.paymentStatus, change.to, change.actor)) {
    return { kind: "illegal", from: order.paymentStatus, to: change.to };
  }
  return {
    kind: "ok",
    plan: {
      orderId: order.id,
      orderStatus: order.status,
      from: order.paymentStatus,
      to: change.to,
      clearExpiry: change.actor === "admin",
      event: { at: change.at, kind: change.to, actor: change.actor, note: change.note },
      mails: change.to === "paid" ? ["payment_received"] : [],
      saveSlip: ORDER_STATUS_POLICIES[order.status].hasSlip,
    },
  };
}
