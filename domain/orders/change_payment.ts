/**
 * The admin's record of an order's payment (cash received, a deposit verified or refused)
 * and the admin's notes, each an event on the order's timeline.
 */
import type { Clock, OrderRepository, PaymentChangeOutcome, SlipRenderer } from "../ports.ts";
import type { Order, PaymentStatus } from "./model.ts";
import { planPaymentChange } from "./payment.ts";
import type { HoldRules } from "./payment_policy.ts";

export interface ChangePaymentDeps {
  orders: Pick<OrderRepository, "findById" | "changePayment" | "addEvent">;
  /** Renders a completed order's slip again for its new payment status. */
  slips: SlipRenderer;
  clock: Clock;
}

export type RecordPaymentResult =
  | PaymentChangeOutcome
  | { kind: "order_rejected" }
  | { kind: "illegal"; from: PaymentStatus; to: PaymentStatus }
  | { kind: "reason_required" };

/**
 * Marks an order paid or unpaid as the admin says, when the payment table allows it. A
 * completed order's slip is rendered again with the new payment status and saved with the
 * change, so that the slip of a paid order says there is nothing to collect.
 *
 * @example await recordPayment(deps, { id: 7, status: "paid", note: "Slip 4471 matched" }) // { kind: "changed", order }
 */
export async function recordPayment(
  deps: ChangePaymentDeps,
  change: {
    id: number;
    status: Extract<PaymentStatus, "paid" | "unpaid">;
    note?: string | null;
    /** The shop's holds: a refused slip starts the method's hold again. */
    holdRules?: HoldRules;
  },
): Promise<RecordPaymentResult> {
  const order = await deps.orders.findById(change.id);
  if (!order) return { kind: "not_found" };
  const planned = planPaymentChange(order, {
    to: change.status,
    actor: "admin",
    at: deps.clock.now().toISOString(),
    note: change.note || null,
    ...(change.holdRules ? { holdRules: change.holdRules } : {}),
  });
  if (planned.kind !== "ok") return planned;
  const { plan } = planned;
  const slip = plan.saveSlip
    ? await deps.slips.render({ ...order, paymentStatus: plan.to })
    : undefined;
  return await deps.orders.changePayment(plan, slip);
}

/** Adds the admin's note to an order's timeline; undefined when there is no such order. */
export function addNote(
  deps: Pick<ChangePaymentDeps, "orders" | "clock">,
  note: { id: number; text: string },
): Promise<Order | undefined> {
  return deps.orders.addEvent(note.id, {
    at: deps.clock.now().toISOString(),
    kind: "note",
    actor: "admin",
    note: note.text,
  });
}
