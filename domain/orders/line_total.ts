/** What a line of an order costs, after what promotions took off it. */
import type { Cents } from "../money.ts";
import type { OrderLine } from "./model.ts";

/**
 * What a line costs: its copies at their unit price, less what promotions took off it.
 *
 * @example lineTotalCents({ unitPriceCents: 95000, quantity: 2, savingCents: 19000 }) // 171000
 */
export function lineTotalCents(
  line: Pick<OrderLine, "unitPriceCents" | "quantity" | "savingCents">,
): Cents {
  return line.unitPriceCents * line.quantity - (line.savingCents ?? 0);
}
