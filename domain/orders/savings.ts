/**
 * What an order's documents say about what promotions gave it: each line's usual price,
 * its price paid and its campaign; the order's offer and code; free delivery; and what the
 * customer saved in all. The slip, the mails, the customer's page and the admin's page read
 * these, so they agree to the cent.
 *
 * A line's amount on a document is its copies at the price paid less its campaign: the
 * order's offer and code are shown once, on the order, not spread over the lines. So the
 * amounts of the lines, less the offer and the code, are the order's items total (the
 * API's `total`), to the cent.
 */
import type { Cents } from "../money.ts";
import type { LineCampaign, OrderLine, OrderPromotion } from "./model.ts";

/** What `lineAmountCents` and `lineSavedCents` read of a line. */
export type SavingFacts =
  & Pick<
    OrderLine,
    "listUnitCents" | "unitPriceCents" | "quantity" | "savingCents"
  >
  & { campaign: Pick<LineCampaign, "savingCents"> | null };

/**
 * A line's amount as documents show it: its copies at the price paid less its campaign's
 * saving (the offer's and the code's shares are shown on the order).
 *
 * @example lineAmountCents({ listUnitCents: 100000, unitPriceCents: 100000, quantity: 2, savingCents: 45000, campaign: { savingCents: 40000 } }) // 160000
 */
export function lineAmountCents(line: SavingFacts): Cents {
  return line.unitPriceCents * line.quantity - (line.campaign?.savingCents ?? 0);
}

/**
 * What the customer saved on a line: what a sale took off its copies and everything
 * promotions took off it (its campaign and its shares of the offer and the code).
 *
 * @example lineSavedCents({ listUnitCents: 100000, unitPriceCents: 80000, quantity: 2, savingCents: 16000, campaign: { savingCents: 16000 } }) // 56000
 */
export function lineSavedCents(line: SavingFacts): Cents {
  return (line.listUnitCents - line.unitPriceCents) * line.quantity + line.savingCents;
}

/** Whether a line shows anything of promotions: a usual price above the paid, or a campaign. */
export function lineHasSaving(line: SavingFacts): boolean {
  return line.listUnitCents > line.unitPriceCents || (line.campaign?.savingCents ?? 0) > 0;
}

/** What an order's totals show of its promotions. */
export interface OrderSavings {
  /** The lines' amounts (lineAmountCents) summed: the items before the offer and the code. */
  linesCents: Cents;
  /** The order offer, when it gave something. */
  offer: OrderPromotion | null;
  /** The discount code, when it gave something. */
  code: OrderPromotion | null;
  /** The offer or code that made delivery free (the offer when both did); null when none. */
  freeDelivery: OrderPromotion | null;
  /** What the customer saved on the items in all; 0 when nothing was given. */
  savedCents: Cents;
}

/**
 * The order's savings as its documents show them. `linesCents` is worked back from the
 * order's items total and its promotions, so that the rows of the totals add up to what is
 * owed, to the cent.
 *
 * @example orderSavings(order).savedCents // e.g. 50000: "You saved LKR 500.00"
 */
export function orderSavings(
  order: {
    items: readonly SavingFacts[];
    promotions: readonly OrderPromotion[];
    totalCents: Cents;
  },
): OrderSavings {
  const offer = order.promotions.find((p) => p.kind === "offer") ?? null;
  const code = order.promotions.find((p) => p.kind === "code") ?? null;
  return {
    linesCents: order.totalCents + (offer?.savingCents ?? 0) + (code?.savingCents ?? 0),
    offer,
    code,
    freeDelivery: [offer, code].find((p) => p?.freeDelivery) ?? null,
    savedCents: order.items.reduce((sum, line) => sum + lineSavedCents(line), 0),
  };
}
