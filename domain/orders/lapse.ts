/**
 * When an unpaid order lapses: a method whose policy says so (Bank Deposit) holds the
 * order's stock for a set time (payment_policy.ts: `lapseTime`), then the system rejects
 * it and gives the stock back.
 */
import type { OrderStatus, PaymentMethod, PaymentStatus } from "./model.ts";
import { PAYMENT_POLICIES } from "./payment_policy.ts";
import type { TransitionPlan } from "./plans.ts";

/** The reason a lapsed order carries. */
export const LAPSE_REASON = "Payment not received";

/** What the lapse decision looks at. */
export interface LapseCandidate {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  expiresAt: string | null;
  proofCount: number;
}

/**
 * Whether an order lapses at `now`: still pending, paid by a method that lapses, not
 * paid, no proof ever uploaded, and its time is up.
 *
 * @example lapses({ status: "pending", paymentMethod: "Bank Deposit", paymentStatus: "unpaid", expiresAt: "2026-03-03T10:00:00.000Z", proofCount: 0 }, "2026-03-03T10:00:00.000Z") // true
 */
export function lapses(order: LapseCandidate, now: string): boolean {
  return order.status === "pending" &&
    PAYMENT_POLICIES[order.paymentMethod].lapsesAfter !== null &&
    order.paymentStatus === "unpaid" &&
    order.proofCount === 0 &&
    order.expiresAt !== null &&
    Date.parse(order.expiresAt) <= Date.parse(now);
}

/**
 * What lapsing an order writes: the system rejects it with LAPSE_REASON, gives its stock
 * back and mails the customer. A repository writes it only while `lapses()` still holds
 * for the order it has locked, so a lapse never overtakes a proof, a payment or a decision.
 *
 * @example planLapse(7, "2026-03-03T10:00:05.000Z").event // { kind: "lapsed", actor: "system", note: "Payment not received", at }
 */
export function planLapse(orderId: number, at: string): TransitionPlan {
  return {
    orderId,
    from: "pending",
    to: "rejected",
    returnStock: true,
    saveSlip: false,
    mails: ["order_lapsed"],
    courier: null,
    trackingNumber: null,
    rejectReason: LAPSE_REASON,
    event: { at, kind: "lapsed", actor: "system", note: LAPSE_REASON },
  };
}
