/** What a line of an order costs, after everything that changed its price. */
import type { Cents } from "../money.ts";
import type { OrderLine } from "./model.ts";

/**
 * What a line costs: its copies at the usual price, less every adjustment (its sale price,
 * its campaign, its shares of the order's offer and code).
 *
 * @example lineTotalCents({ listUnitCents: 95000, quantity: 2, adjustments: [{ kind: "campaign", amountCents: 19000, ... }] }) // 171000
 */
export function lineTotalCents(
  line: Pick<OrderLine, "listUnitCents" | "quantity" | "adjustments">,
): Cents {
  return line.listUnitCents * line.quantity -
    line.adjustments.reduce((sum, a) => sum + a.amountCents, 0);
}
