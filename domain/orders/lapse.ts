/**
 * When an unpaid order lapses: every payment method holds an unpaid order's stock for a
 * bounded time (payment_policy.ts: its `hold`), after which the system rejects the order
 * and gives the stock back. A Bank Deposit order holds it until BANK_DEPOSIT_HOURS after it
 * was placed, and once a deposit slip came until the owner's review deadline; a Cash on
 * Delivery order until COD_CONFIRM_DAYS after it was placed. An order that is paid, or
 * whose payment the admin has handled, or that is confirmed or rejected, never lapses.
 */
import type { OrderStatus, PaymentMethod, PaymentStatus } from "./model.ts";
import { LAPSE_REASON, PAYMENT_POLICIES, SLIP_LAPSE_REASON } from "./payment_policy.ts";
import type { TransitionPlan } from "./plans.ts";

export { LAPSE_REASON, SLIP_LAPSE_REASON };

/** What the lapse decision looks at. */
export interface LapseCandidate {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  expiresAt: string | null;
  proofCount: number;
}

/**
 * Whether an order lapses at `now`: still pending, not paid, and its hold is up (the
 * hold's end is its `expiresAt`: cleared once the admin has handled its payment).
 *
 * @example lapses({ status: "pending", paymentMethod: "Bank Deposit", paymentStatus: "unpaid", expiresAt: "2026-03-03T10:00:00.000Z", proofCount: 0 }, "2026-03-03T10:00:00.000Z") // true
 * @example lapses({ status: "pending", paymentMethod: "Bank Deposit", paymentStatus: "proof_submitted", expiresAt: "2026-03-06T10:00:00.000Z", proofCount: 1 }, "2026-03-06T10:00:00.000Z") // true: the slip was not checked in time
 */
export function lapses(order: LapseCandidate, now: string): boolean {
  return order.status === "pending" &&
    order.paymentStatus !== "paid" &&
    order.expiresAt !== null &&
    Date.parse(order.expiresAt) <= Date.parse(now);
}

/**
 * Why an order lapses, and the mail its customer gets: an order whose slip waits to be
 * checked was not checked in time (the customer hears it was cancelled, with the reason); any
 * other, a slip refused included (its deadline started again for a payment), as its method's
 * hold says.
 *
 * @example lapseOutcome({ paymentMethod: "COD", paymentStatus: "unpaid" }) // { reason: "Not confirmed by the shop in time", mail: "order_rejected" }
 */
export function lapseOutcome(
  order: Pick<LapseCandidate, "paymentMethod" | "paymentStatus">,
): { reason: string; mail: TransitionPlan["mails"][number] } {
  if (order.paymentStatus === "proof_submitted") {
    return { reason: SLIP_LAPSE_REASON, mail: "order_rejected" };
  }
  return PAYMENT_POLICIES[order.paymentMethod].hold.lapse;
}

/**
 * What lapsing an order writes: the system rejects it with the reason of `lapseOutcome`,
 * gives its stock back and mails the customer. A repository writes it only while
 * `lapses()` still holds for the order it has locked, so a lapse never overtakes a proof,
 * a payment or a decision.
 *
 * @example planLapse(7, "2026-03-03T10:00:05.000Z", { paymentMethod: "Bank Deposit", paymentStatus: "unpaid" }).event // { kind: "lapsed", actor: "system", note: "Payment not received", at }
 */
export function planLapse(
  orderId: number,
  at: string,
  order: Pick<LapseCandidate, "paymentMethod" | "paymentStatus">,
): TransitionPlan {
  const { reason, mail } = lapseOutcome(order);
  return {
    orderId,
    from: "pending",
    to: "rejected",
    returnStock: true,
    saveSlip: false,
    mails: [mail],
    courier: null,
    trackingNumber: null,
    rejectReason: reason,
    event: { at, kind: "lapsed", actor: "system", note: reason },
  };
}
