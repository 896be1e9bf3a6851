/**
 * The shop's takings: money received, never orders placed. An order's money counts on the
 * day its payment was recorded (its last "paid" event), while it is still paid and not
 * cancelled; a payment undone, or an order cancelled (its money goes back), takes nothing.
 * What gift vouchers paid of an order is not counted again: that money came in when the
 * vouchers were sold (domain/vouchers/, counted apart in the reports).
 */
import type { Cents } from "../money.ts";
import type { Order } from "./model.ts";
import type { TimeRange } from "./order_query.ts";
import { ORDER_STATUS_POLICIES } from "./status.ts";

/**
 * When the shop received an order's money: its last "paid" event, while the order is paid
 * and owes (not cancelled); null otherwise.
 *
 * @example receivedAt({ status: "completed", paymentStatus: "paid", events: [placed, paidOnTheThird] }) // paidOnTheThird.at
 */
export function receivedAt(
  order: Pick<Order, "status" | "paymentStatus" | "events">,
): string | null {
  if (order.paymentStatus !== "paid" || !ORDER_STATUS_POLICIES[order.status].owes) return null;
  return order.events.findLast((event) => event.kind === "paid")?.at ?? null;
}

/** What the shop received for an order: its total, less what its gift vouchers paid. */
export function receivedCents(
  order: Pick<Order, "totalCents" | "deliveryFeeCents"> & {
    vouchers?: readonly { cents: Cents }[];
  },
): Cents {
  const vouchers = (order.vouchers ?? []).reduce((sum, v) => sum + v.cents, 0);
  return order.totalCents + order.deliveryFeeCents - vouchers;
}

/**
 * The orders whose money was received within `range`, and what they came to with delivery.
 *
 * @example takings([paidToday, placedTodayUnpaid], colomboToday(now)) // { paidOrders: 1, takingsCents: paidToday's total }
 */
export function takings(
  orders: readonly (
    & Pick<
      Order,
      "status" | "paymentStatus" | "events" | "totalCents" | "deliveryFeeCents"
    >
    & { vouchers?: readonly { cents: Cents }[] }
  )[],
  range: TimeRange,
): { paidOrders: number; takingsCents: Cents } {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const taken = orders.filter((order) => {
    const at = receivedAt(order);
    return at !== null && Date.parse(at) >= from && Date.parse(at) < to;
  });
  return {
    paidOrders: taken.length,
    takingsCents: taken.reduce((sum, o) => sum + receivedCents(o), 0),
  };
}
