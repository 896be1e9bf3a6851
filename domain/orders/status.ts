/**
 * The order state machine: a table of allowed moves and a guard over it. What each move
 * does besides (stock, slip, mails) is planned in plans.ts from the same table.
 */
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

/** Whether no further move leaves this status. */
export function isFinal(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}
