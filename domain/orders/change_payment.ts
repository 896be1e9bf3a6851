/**
 * The admin's record of an order's payment (cash received, a deposit verified or refused)
 * and the admin's notes, each an event on the order's timeline.
 */
import type { Clock, OrderRepository, PaymentChangeOutcome } from "../ports.ts";
import type { Order, PaymentStatus } from "./model.ts";
import { planPaymentChange } from "./payment.ts";

export interface ChangePaymentDeps {
  orders: Pick<OrderRepository, "findById" | "changePayment" | "addEvent">;
  clock: Clock;
}

export type RecordPaymentResult =
  | PaymentChangeOutcome
  | { kind: "order_rejected" }
  | { kind: "illegal"; from: PaymentStatus; to: PaymentStatus };

/**
 * Marks an order paid or unpaid as the admin says, when the payment table allows it.
 *
 * @example await recordPayment(deps, { id: 7, status: "paid", note: "Slip 4471 matched" }) // { kind: "changed", order }
 */
export async function recordPayment(
  deps: ChangePaymentDeps,
  change: { id: number; status: Extract<PaymentStatus, "paid" | "unpaid">; note?: string | null },
): Promise<RecordPaymentResult> {
  const order = await deps.orders.findById(change.id);
  if (!order) return { kind: "not_found" };
  const planned = planPaymentChange(order, {
    to: change.status,
    actor: "admin",
    at: deps.clock.now().toISOString(),
    note: change.note || null,
  });
  if (planned.kind !== "ok") return planned;
  return await deps.orders.changePayment(planned.plan);
}

/** Adds the admin's note to an order's timeline; undefined when there is no such order. */
export function addNote(
  deps: ChangePaymentDeps,
  note: { id: number; text: string },
): Promise<Order | undefined> {
  return deps.orders.addEvent(note.id, {
    at: deps.clock.now().toISOString(),
    kind: "note",
    actor: "admin",
    note: note.text,
  });
}
