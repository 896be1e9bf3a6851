/**
 * The admin's decision on a pending order, planned by the transition table
 * (domain/orders/plans.ts): confirming renders the slip for the completed order, which
 * the repository stores with the new status and the completion mail in one transaction;
 * rejecting gives the stock back, once.
 */
import type { OrderRepository, SlipRenderer, StatusChangeOutcome } from "../ports.ts";
import type { OrderStatus } from "./model.ts";
import { planTransition } from "./plans.ts";

export interface ChangeStatusDeps {
  orders: Pick<OrderRepository, "findById" | "changeStatus">;
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
  const order = await deps.orders.findById(id);
  if (!order) return { kind: "not_found" };
  const planned = planTransition(order, status);
  if (planned.kind === "illegal") return { kind: "not_pending", status: order.status };
  const { plan } = planned;
  const slip = plan.saveSlip ? await deps.slips.render({ ...order, status: plan.to }) : undefined;
  return await deps.orders.changeStatus(plan, slip);
}
