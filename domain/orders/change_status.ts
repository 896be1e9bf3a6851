/**
 * The admin's decision on a pending order, planned by the transition table
 * (domain/orders/plans.ts): confirming renders the slip for the completed order, which
 * the repository stores with the new status, the courier and tracking number, the
 * timeline event and the completion mail in one transaction; rejecting gives the stock
 * back, once, and keeps the reason.
 */
import type { Clock, OrderRepository, SlipRenderer, StatusChangeOutcome } from "../ports.ts";
import type { OrderStatus } from "./model.ts";
import { planTransition } from "./plans.ts";

export interface ChangeStatusDeps {
  orders: Pick<OrderRepository, "findById" | "changeStatus">;
  slips: SlipRenderer;
  clock: Clock;
}

/** The statuses an admin can move an order to. */
export type Decision = Extract<OrderStatus, "completed" | "rejected">;

/** The admin's decision and what goes with it. */
export interface StatusDecision {
  id: number;
  status: Decision;
  /** With `completed`. */
  courier?: string | null;
  trackingNumber?: string | null;
  /** With `rejected`. */
  reason?: string | null;
}

/**
 * Moves a pending order to `completed` or `rejected`.
 *
 * @example await changeOrderStatus(deps, { id: 7, status: "completed", courier: "Pronto" }) // { kind: "changed", order } with the slip saved
 */
export async function changeOrderStatus(
  deps: ChangeStatusDeps,
  decision: StatusDecision,
): Promise<StatusChangeOutcome> {
  const order = await deps.orders.findById(decision.id);
  if (!order) return { kind: "not_found" };
  const planned = planTransition(order, decision.status, {
    at: deps.clock.now().toISOString(),
    actor: "admin",
    courier: decision.courier,
    trackingNumber: decision.trackingNumber,
    reason: decision.reason,
  });
  if (planned.kind === "illegal") return { kind: "not_pending", status: order.status };
  const { plan } = planned;
  const slip = plan.saveSlip
    ? await deps.slips.render({
      ...order,
      status: plan.to,
      courier: plan.courier,
      trackingNumber: plan.trackingNumber,
    })
    : undefined;
  return await deps.orders.changeStatus(plan, slip);
}
