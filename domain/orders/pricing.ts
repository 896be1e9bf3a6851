/**
 * Pricing an order from what the shopper asks for and what the shop sells now. Prices,
 * titles and weights come only from the shop's side (`SellableItem`), never the client.
 * Stock is taken later, atomically, by the repository; `stockShortfalls` gives an early
 * answer.
 */
import type { Cents, Grams } from "../money.ts";
import type { SellableItem, StockShortfall } from "../ports.ts";
import { DEFAULT_FEE_RULES, type FeeRules } from "../fulfilment/delivery_fees.ts";
import { deliveryFee, PAYMENT_POLICIES } from "./payment_policy.ts";
import type { ItemType, LineRequest, OrderLine, PaymentMethod } from "./model.ts";
import { lineTotalCents } from "./line_total.ts";

export interface OrderTotals {
  /** Sum of unit price x quantity, before delivery. */
  totalCents: Cents;
  deliveryFeeCents: Cents;
  /** total + delivery fee: what the shopper pays. */
  subtotalCents: Cents;
  totalWeightGrams: Grams;
}

export type PricingOutcome =
  | ({ kind: "priced"; lines: OrderLine[] } & OrderTotals)
  /** Items that are not sold (missing or archived). */
  | { kind: "unknown_items"; items: { type: ItemType; id: number }[] }
  /** Pre-order books are sold on Bank Deposit only. */
  | { kind: "preorder_needs_bank_deposit"; items: { type: ItemType; id: number; title: string }[] };

/** "book:12": one key per item, whatever the kind. */
export function itemKey(item: { type: ItemType; id: number }): string {
  return `${item.type}:${item.id}`;
}

/**
 * Requests for the same item merged into one, quantities summed, in the order each item
 * was first asked for. Quantities must be whole numbers of at least 1 (the HTTP layer
 * refuses others before the domain sees them).
 *
 * @example mergeRequests([{ type: "book", id: 1, quantity: 2 }, { type: "book", id: 1, quantity: 1 }])
 * // [{ type: "book", id: 1, quantity: 3 }]
 */
export function mergeRequests(requests: readonly LineRequest[]): LineRequest[] {
  const merged = new Map<string, LineRequest>();
  for (const request of requests) {
    if (!Number.isSafeInteger(request.quantity) || request.quantity < 1) {
      throw new RangeError(
        `Quantity must be a whole number of at least 1, got ${request.quantity}`,
      );
    }
    const key = itemKey(request);
    const seen = merged.get(key);
    merged.set(key, { ...request, quantity: (seen?.quantity ?? 0) + request.quantity });
  }
  return [...merged.values()];
}

/**
 * Prices an order: merges the requests, refuses unknown items, refuses pre-order books
 * under a method that takes none (COD), then prices every line from `sellable`, sums the items and adds the
 * delivery fee for the total weight.
 *
 * @example priceOrder([{ type: "book", id: 1, quantity: 2 }], [book1AtLkr950], "COD")
 * // { kind: "priced", totalCents: 190000, deliveryFeeCents: 40000, subtotalCents: 230000, ... }
 */
export function priceOrder(
  requests: readonly LineRequest[],
  sellable: readonly SellableItem[],
  method: PaymentMethod,
  rules: FeeRules = DEFAULT_FEE_RULES,
): PricingOutcome {
  const byKey = new Map(sellable.map((item) => [itemKey(item), item]));
  const merged = mergeRequests(requests);
  const unknown = merged.filter((r) => !byKey.has(itemKey(r)));
  if (unknown.length > 0) {
    return { kind: "unknown_items", items: unknown.map(({ type, id }) => ({ type, id })) };
  }
  const lines = merged.map((r) => toLine(byKey.get(itemKey(r))!, r.quantity));
  const preorders = lines.filter((line) => line.preorder);
  if (!PAYMENT_POLICIES[method].allowsPreorders && preorders.length > 0) {
    return {
      kind: "preorder_needs_bank_deposit",
      items: preorders.map((l) => ({ type: l.type, id: l.itemId, title: l.title })),
    };
  }
  return { kind: "priced", lines, ...orderTotals(lines, method, rules) };
}

function toLine(item: SellableItem, quantity: number): OrderLine {
  return {
    type: item.type,
    itemId: item.id,
    title: item.title,
    isbn13: item.isbn13,
    quantity,
    listUnitCents: item.priceCents,
    unitPriceCents: item.priceCents,
    adjustments: [],
    weightGrams: item.weightGrams,
    preorder: item.preorder,
    preorderDate: item.preorder ? item.preorderDate ?? null : null,
  };
}

/**
 * The totals of priced lines (`weightGrams` and `listUnitCents` are per unit).
 *
 * @example orderTotals([{ listUnitCents: 95000, weightGrams: 350, quantity: 2, adjustments: [] }], "Bank Deposit")
 * // { totalCents: 190000, totalWeightGrams: 700, deliveryFeeCents: 25000, subtotalCents: 215000 }
 */
export function orderTotals(
  lines: readonly Pick<OrderLine, "listUnitCents" | "weightGrams" | "quantity" | "adjustments">[],
  method: PaymentMethod,
  rules: FeeRules = DEFAULT_FEE_RULES,
): OrderTotals {
  const totalCents = lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
  const totalWeightGrams = lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
  const deliveryFeeCents = deliveryFee(totalWeightGrams, method, rules);
  return {
    totalCents,
    deliveryFeeCents,
    subtotalCents: totalCents + deliveryFeeCents,
    totalWeightGrams,
  };
}

/**
 * The merged requests that ask for more than the current stock. Unknown items are left
 * to `priceOrder`.
 */
export function stockShortfalls(
  requests: readonly LineRequest[],
  sellable: readonly SellableItem[],
): StockShortfall[] {
  const byKey = new Map(sellable.map((item) => [itemKey(item), item]));
  return mergeRequests(requests).flatMap((request) => {
    const item = byKey.get(itemKey(request));
    if (!item || item.stock >= request.quantity) return [];
    return [{
      type: item.type,
      id: item.id,
      title: item.title,
      requested: request.quantity,
      available: item.stock,
    }];
  });
}
