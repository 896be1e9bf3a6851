/**
 * The round a background loop runs every few seconds: lapse the unpaid orders whose hold
 * is up (domain/orders/lapse.ts), a batch at a time.
 */
import type { Clock, OrderRepository } from "../ports.ts";

export interface LapseDeps {
  orders: Pick<OrderRepository, "lapseDue">;
  clock: Clock;
}

/** Orders lapsed per round at most; a full round is followed by another at once. */
export const LAPSE_BATCH = 20;

/** Lapses the orders due now; the ids lapsed. */
export function lapseDueOrders(deps: LapseDeps, limit = LAPSE_BATCH): Promise<number[]> {
  return deps.orders.lapseDue(deps.clock.now().toISOString(), limit);
}
