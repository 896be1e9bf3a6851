/**
 * The payment status beside the order status: whether a change is allowed (each payment
 * method's policy lists its moves and who may make them, payment_policy.ts) and the plan
 * of what a change writes (the new status, its event on the timeline). A repository
 * carries the plan out only while the order still has the plan's statuses, so a change
 * happens once.
 */
import type { EventActor, OrderEvent, OrderStatus, PaymentMethod, PaymentStatus } from "./model.ts";
import type { MailKind } from "../notifications/mail_kinds.ts";
import {
  DEFAULT_HOLD_RULES,
  holdHours,
  type HoldRules,
  PAYMENT_POLICIES,
  type PaymentMove,
} from "./payment_policy.ts";
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
  /**
   * The order's new payment deadline, when the change starts it again (a refused slip: the
   * customer has the method's whole hold again to pay); it wins over `clearExpiry`.
   */
  newExpiry?: string;
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
  | { kind: "illegal"; from: PaymentStatus; to: PaymentStatus }
  /** A refused slip takes a reason the customer reads. */
  | { kind: "reason_required" };

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
  change: {
    to: PaymentStatus;
    actor: EventActor;
    at: string;
    note: string | null;
    /** How long the method holds an unpaid order; the shop's defaults when absent. */
    holdRules?: HoldRules;
  },
): PaymentPlanning {
  if (order.status === "rejected") return { kind: "order_rejected" };
  if (!canChangePayment(order.paymentMethod, order.paymentStatus, change.to, change.actor)) {
    return { kind: "illegal", from: order.paymentStatus, to: change.to };
  }
  if (isSlipRefusal(order, change)) {
    // The customer reads why, and has the method's whole hold again from now to pay.
    const reason = change.note?.trim();
    if (!reason) return { kind: "reason_required" };
    const hours = holdHours(order.paymentMethod, change.holdRules ?? DEFAULT_HOLD_RULES);
    return {
      kind: "ok",
      plan: {
        orderId: order.id,
        orderStatus: order.status,
        from: order.paymentStatus,
        to: change.to,
        clearExpiry: false,
        newExpiry: new Date(Date.parse(change.at) + hours * 3_600_000).toISOString(),
        event: { at: change.at, kind: "slip_refused", actor: change.actor, note: reason },
        mails: ["slip_refused"],
        saveSlip: ORDER_STATUS_POLICIES[order.status].hasSlip,
      },
    };
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

/**
 * Whether a change is the owner refusing a deposit slip ("Slip not valid"): a slip waiting
 * to be checked, made unpaid by an admin.
 *
 * @example isSlipRefusal({ paymentStatus: "proof_submitted" }, { to: "unpaid", actor: "admin" }) // true
 */
export function isSlipRefusal(
  order: { paymentStatus: PaymentStatus },
  change: { to: PaymentStatus; actor: EventActor },
): boolean {
  return order.paymentStatus === "proof_submitted" && change.to === "unpaid" &&
    change.actor === "admin";
}
