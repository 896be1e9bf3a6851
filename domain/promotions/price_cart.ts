/**
 * What a cart costs under the shop's promotions at this moment, priced from the shop's own
 * records: the one path the cart's total, the owner's preview and placing an order share.
 * It reads the items, the running campaigns and offers and the typed code; it changes
 * nothing.
 */
import type { Cents } from "../money.ts";
import type { Clock, OrderRepository, SellableItem } from "../ports.ts";
import { type FeeRules, isMixedCart, type ParcelChoice } from "../fulfilment/delivery_fees.ts";
import { methodSecondParcelFee } from "../orders/payment_policy.ts";
import type { ItemType, LineRequest, PaymentMethod } from "../orders/model.ts";
import { priceOrder } from "../orders/pricing.ts";
import type { Campaign, DiscountCode } from "./pricing.ts";
import type { PromotionStore } from "./ports.ts";
import { type PromotedOrder, promoteOrder } from "./order_pricing.ts";
import { type AppliedVoucher, type Breakdown, breakdown } from "../pricing/breakdown.ts";
import { breakdownLines } from "../pricing/order_breakdown.ts";

export interface PriceCartDeps {
  orders: Pick<OrderRepository, "findSellable">;
  clock: Clock;
  feeRules?: FeeRules;
  /** The shop's promotions; none when absent (and a code is refused as unknown). */
  promotions?: Pick<PromotionStore, "runningRules" | "findCode">;
}

export interface PriceCartInput {
  items: readonly LineRequest[];
  paymentMethod: PaymentMethod;
  /** The discount code the shopper typed; at most one a cart. */
  code?: string;
  /**
   * How a mixed cart is sent (fulfilment/delivery_fees.ts: `ParcelChoice`); together when not said. "split" for
   * a cart that is not mixed is refused (`parcels_not_mixed`).
   */
  parcels?: ParcelChoice;
}

export type PriceCartResult =
  | {
    kind: "priced";
    /** The items as the shop sells them now. */
    sellable: SellableItem[];
    /** The lines, their savings, the offer, the code's answer, delivery and the total. */
    promoted: PromotedOrder;
    /** The code as found, for counting its use; undefined when none was typed or found. */
    code: DiscountCode | undefined;
    /** When it was priced (ISO 8601). */
    now: string;
    /** The running campaigns it was priced under: what one copy costs now follows from them. */
    campaigns: readonly Campaign[];
    /** Whether the cart holds books in stock and pre-ordered books: only then may it split. */
    mixed: boolean;
    /** How it is sent: together unless the shopper chose to split a mixed cart. */
    parcels: ParcelChoice;
    /** The second parcel's extra delivery fee (split only; 0 otherwise), on top of delivery. */
    secondParcelFeeCents: Cents;
  }
  /** Two parcels were asked for a cart without both books in stock and pre-ordered books. */
  | { kind: "parcels_not_mixed" }
  | { kind: "unknown_items"; items: { type: ItemType; id: number }[] }
  | { kind: "preorder_needs_bank_deposit"; items: { type: ItemType; id: number; title: string }[] };

/** Unique items asked for, in the order first asked. */
export function askedItems(items: readonly LineRequest[]): { type: ItemType; id: number }[] {
  const seen = new Map<string, { type: ItemType; id: number }>();
  for (const { type, id } of items) seen.set(`${type}:${id}`, { type, id });
  return [...seen.values()];
}

/**
 * Prices `input.items` under the promotions running now.
 *
 * @example await priceCart(deps, { items: [{ type: "book", id: 1, quantity: 2 }], paymentMethod: "COD", code: "FAIR20" })
 */
export async function priceCart(
  deps: PriceCartDeps,
  input: PriceCartInput,
): Promise<PriceCartResult> {
  const sellable = await deps.orders.findSellable(askedItems(input.items));
  const listed = priceOrder(input.items, sellable, input.paymentMethod, deps.feeRules);
  if (listed.kind !== "priced") return listed;
  const mixed = isMixedCart(listed.lines);
  const parcels = input.parcels ?? "together";
  if (parcels === "split" && !mixed) return { kind: "parcels_not_mixed" };
  const secondParcelFeeCents = parcels === "split"
    ? methodSecondParcelFee(listed.lines, input.paymentMethod, deps.feeRules)
    : 0;
  const now = deps.clock.now().toISOString();
  const running = deps.promotions
    ? await deps.promotions.runningRules(now)
    : { campaigns: [], offers: [] };
  const found = input.code === undefined ? undefined : await deps.promotions?.findCode(input.code);
  const promoted = promoteOrder(listed.lines, sellable, {
    ...running,
    code: input.code === undefined ? null : { typed: input.code, found },
    deliveryFeeCents: listed.deliveryFeeCents,
    now,
  });
  return {
    kind: "priced",
    sellable,
    promoted,
    code: found,
    now,
    campaigns: running.campaigns,
    mixed,
    parcels,
    secondParcelFeeCents,
  };
}

/** What the shopper pays: the items after promotions, the delivery and a second parcel's fee. */
export function cartTotalCents(promoted: PromotedOrder, secondParcelFeeCents: Cents = 0): Cents {
  return promoted.totalCents + promoted.deliveryFeeCents + secondParcelFeeCents;
}

/**
 * The breakdown of a priced cart (domain/pricing/breakdown.ts): its delivery fee only once
 * a payment method is chosen, and the gift vouchers the shopper applies.
 *
 * @example cartBreakdown(priced.promoted, { deliveryKnown: false }).deliveryFeeCents // null
 */
export function cartBreakdown(
  promoted: PromotedOrder,
  options: {
    deliveryKnown: boolean;
    vouchers?: readonly AppliedVoucher[];
    /** A second parcel's extra delivery fee (a mixed cart sent in two); 0 when absent. */
    secondParcelFeeCents?: Cents;
  },
): Breakdown {
  return breakdown({
    lines: breakdownLines(promoted.lines),
    orderAdjustments: promoted.adjustments,
    deliveryFeeCents: options.deliveryKnown ? promoted.deliveryFeeCents : null,
    secondParcelFeeCents: options.deliveryKnown ? options.secondParcelFeeCents ?? 0 : 0,
    vouchers: options.vouchers ?? [],
  });
}
