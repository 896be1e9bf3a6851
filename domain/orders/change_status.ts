/**
 * The admin's decision on a pending order. Confirming renders the order slip for the
 * completed order and stores it with the new status (the repository enqueues the mail
 * in the same transaction); rejecting returns the stock, once.
 */
import type { OrderRepository, SlipRenderer, StatusChangeOutcome } from "../ports.ts";
import type { OrderStatus } from "./model.ts";
import { transition } from "./status.ts";

export interface ChangeStatusDeps {
  orders: OrderRepository;
  slips: SlipRenderer;
}

/** The statuses an admin can move an order to. */
export type Decision = Extract<OrderStatus, "completed" | "rejected">;

/**
 * Moves a pending order to `completed` or `rejected`.
 *
 * @example await changeOrderStatus(deps, 7, "completed") // { kind: "changed", order } with the slip saved
 */
export async function changeOrderStatus(
  deps: ChangeStatusDeps,
  id: number,
  status: Decision,
): Promise<StatusChangeOutcome> {
  if (status === "rejected") return await deps.orders.reject(id);
  const order = await deps.orders.findById(id);
  if (!order) return { kind: "not_found" };
  const move = transition(order.status, status);
  if (move.kind === "illegal") return { kind: "not_pending", status: order.status };
  const slip = await deps.slips.render({ ...order, status: move.status });
  return await deps.orders.complete(id, slip);
}
