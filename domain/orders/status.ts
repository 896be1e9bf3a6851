/** The order state machine: a table of allowed moves and a guard over it. */
import type { OrderStatus } from "./model.ts";

/** Pending goes to completed (Confirm) or rejected (Reject); both are final. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object
  .freeze({
    pending: Object.freeze(["completed", "rejected"] as const),
    completed: Object.freeze([] as const),
    rejected: Object.freeze([] as const),
  });

/** @example canTransition("pending", "completed") // true */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export type TransitionOutcome =
  | { kind: "ok"; status: OrderStatus }
  | { kind: "illegal"; from: OrderStatus; to: OrderStatus };

/**
 * Moves an order from one status to another, or says why it cannot.
 *
 * @example transition("completed", "rejected") // { kind: "illegal", from: "completed", to: "rejected" }
 */
export function transition(from: OrderStatus, to: OrderStatus): TransitionOutcome {
  return canTransition(from, to) ? { kind: "ok", status: to } : { kind: "illegal", from, to };
}

/** Whether no further move leaves this status. */
export function isFinal(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}
