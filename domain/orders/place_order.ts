/**
 * Placing an order: check the destination, price every line from the shop's own
 * records, compare with the total the shopper saw, then let the repository take the
 * stock and store the order in one transaction.
 */
import type { Cents } from "../money.ts";
import type {
  Clock,
  IdempotencyClaim,
  Locations,
  OrderRepository,
  SellableItem,
  StockShortfall,
} from "../ports.ts";
import type { FeeRules, ParcelChoice } from "../fulfilment/delivery_fees.ts";
import type {
  Customer,
  Destination,
  ItemType,
  LineRequest,
  Order,
  PaymentMethod,
} from "./model.ts";
import type { Locale } from "../i18n/language.ts";
import type { HoldRefusal } from "./holds.ts";
import { itemKey } from "./pricing.ts";
import type { PromotionStore } from "../promotions/ports.ts";
import type { CodeRefusal } from "../promotions/pricing.ts";
import { priceCart } from "../promotions/price_cart.ts";
import { codeCustomerKeys } from "../promotions/customer_marks.ts";
import type { MarkMaker } from "../sha256.ts";
import type { Campaign } from "../promotions/pricing.ts";
import { indexCampaigns, shelfPrice } from "../promotions/shelf_price.ts";
import { pricedItem } from "../promotions/order_pricing.ts";
import { paidByVouchers, planPlacement } from "./plans.ts";
import type { VoucherStore } from "../vouchers/ports.ts";
import { voucherPays, type VoucherRefusal, type VoucherTender } from "../vouchers/rules.ts";
import { lookUpVoucher } from "../vouchers/lookup.ts";
import { keptPlaceNames } from "./place_names.ts";
import { DEFAULT_HOLD_RULES, type HoldRules } from "./payment_policy.ts";
import { DEFAULT_HOLD_LIMITS, holdKeys, type HoldLimits } from "./holds.ts";

/** The most copies one order line may hold by default (`MAX_LINE_QUANTITY`). */
export const DEFAULT_MAX_LINE_QUANTITY = 20;

/** The shop's limits on orders, from its configuration. */
export interface OrderRules extends HoldRules {
  /** Copies of one item an order may hold. */
  maxLineQuantity: number;
  /** What one client's unpaid orders may hold at once (holds.ts). */
  holdLimits: HoldLimits;
}

export const DEFAULT_ORDER_RULES: OrderRules = {
  ...DEFAULT_HOLD_RULES,
  maxLineQuantity: DEFAULT_MAX_LINE_QUANTITY,
  holdLimits: DEFAULT_HOLD_LIMITS,
};

export interface PlaceOrderDeps {
  orders: OrderRepository;
  locations: Locations;
  clock: Clock;
  feeRules?: FeeRules;
  /** The shop's rules; the defaults for those not given. */
  orderRules?: Partial<OrderRules>;
  /** The shop's promotions; none when absent (and a code is refused as unknown). */
  promotions?: PromotionStore;
  /** The shop's gift vouchers; none when absent (and a voucher is refused as unknown). */
  vouchers?: Pick<VoucherStore, "findByCodeHash">;
  /**
   * How a client's marks (its hold's and its code uses') are made: WebCrypto's SHA-256 when
   * absent; the checkout passes the same digest made synchronously (sha256.ts, MarkMaker).
   */
  mark?: MarkMaker;
}

export interface PlaceOrderInput {
  customer: Customer;
  destination: Destination;
  paymentMethod: PaymentMethod;
  items: LineRequest[];
  /** The items' total the shopper was shown, before delivery (after its promotions). */
  clientTotalCents: Cents;
  /** The discount code the shopper typed; at most one an order. */
  code?: string;
  /**
   * A gift voucher that pays part or all of the order, as typed, and what the shopper was
   * shown it pays (its balance, up to the order total): a different figure now is refused.
   */
  voucher?: { code: string; cents: Cents };
  /**
   * How a mixed cart is sent, and the second parcel's extra delivery fee the shopper was
   * shown beside the choice (0 for together): another fee now is refused. Together when absent.
   */
  parcels?: { choice: ParcelChoice; feeCents: Cents };
  /** The language the shopper ordered in; English when not said. */
  locale?: Locale;
  /** The salt and hash of the order's key (OrderKeys.issue). */
  key?: { salt: string; hash: string };
  /** The customer account the order is placed with; a guest's order has none. */
  userId?: number | null;
  /**
   * The address the order came from, as the limits count it (an IPv6 /64): one of the marks
   * its hold is bounded under (holds.ts); null or absent when unknown.
   */
  clientAddress?: string | null;
}

/** What one copy of an item costs now (its shelf price: its sale, then its best campaign). */
export interface CurrentPrice {
  type: ItemType;
  id: number;
  title: string;
  /** Its usual price. */
  usualCents: Cents;
  /** What one copy costs now. */
  unitCents: Cents;
}

/**
 * What a copy of each item costs at `now` under `campaigns`, as its card and page say it: a
 * refusal for a moved price names these, never the usual price of an item on sale.
 *
 * @example currentPrices([bookOnSaleAt800], [], now) // [{ ..., usualCents: 95000, unitCents: 80000 }]
 */
export function currentPrices(
  items: readonly SellableItem[],
  campaigns: readonly Campaign[],
  now: string,
): CurrentPrice[] {
  const index = indexCampaigns(campaigns);
  return items.map((item) => ({
    type: item.type,
    id: item.id,
    title: item.title,
    usualCents: item.priceCents,
    unitCents: shelfPrice(pricedItem(item), index, now).unitCents,
  }));
}

/** Why a destination is refused. */
export type DestinationProblem =
  | "unknown_area"
  | "area_not_in_district"
  | "district_not_in_province";

export type PlaceOrderResult =
  | { kind: "placed"; order: Order }
  /** The same idempotency key and body were seen before: the first order. */
  | { kind: "replayed"; order: Order }
  | { kind: "bad_destination"; problem: DestinationProblem }
  | { kind: "unknown_items"; items: { type: ItemType; id: number }[] }
  /** Lines of one item hold more copies than an order may (each named, when still sold). */
  | {
    kind: "too_many_copies";
    max: number;
    items: { type: ItemType; id: number; title?: string; quantity: number }[];
  }
  | { kind: "preorder_needs_bank_deposit"; items: { type: ItemType; id: number; title: string }[] }
  /** The shopper's total differs from the shop's: what a copy of each asked item costs now. */
  | { kind: "price_changed"; items: CurrentPrice[] }
  | { kind: "insufficient_stock"; lines: StockShortfall[] }
  | { kind: "idempotency_mismatch" }
  /** The client's unpaid orders would hold more than the shop allows. */
  | { kind: "too_much_held"; refusal: HoldRefusal }
  /** The order's discount code ran out between the cart and the order. */
  | { kind: "code_refused"; reason: "used_up" | "paused" | "customer_limit" }
  /** The code gives this order nothing, and why (the shopper may order without it). */
  | { kind: "code_not_applied"; code: string; reason: CodeRefusal }
  /** The gift voucher cannot pay: another shop's, unknown, expired or used up. */
  | { kind: "voucher_refused"; reason: VoucherRefusal }
  /** The gift voucher pays another amount now than the shopper was shown (its balance moved). */
  | { kind: "voucher_changed"; balanceCents: Cents; paysCents: Cents }
  /** Two parcels were asked for an order without both books in stock and pre-ordered books. */
  | { kind: "parcels_not_mixed" }
  /** The second parcel costs another extra delivery fee than the shopper was shown. */
  | { kind: "parcel_fee_changed"; feeCents: Cents };

/**
 * Whether the area lies in the district and the district in the province.
 *
 * @example destinationProblem({ provinceId: 1, districtId: 2, areaId: 5 }, dehiwalaInColombo) // "area_not_in_district"
 */
export function destinationProblem(
  destination: Destination,
  found: { area: { districtId: number }; district: { id: number; provinceId: number } } | undefined,
): DestinationProblem | undefined {
  if (!found) return "unknown_area";
  if (found.area.districtId !== destination.districtId) return "area_not_in_district";
  if (found.district.provinceId !== destination.provinceId) return "district_not_in_province";
  return undefined;
}

/**
 * The items whose lines together ask for more than `max` copies (lines of one item count
 * as one line, as the cart merges them).
 *
 * @example overLimit([{ type: "book", id: 1, quantity: 15 }, { type: "book", id: 1, quantity: 6 }], 20) // [{ type: "book", id: 1, quantity: 21 }]
 */
export function overLimit(
  items: readonly LineRequest[],
  max: number,
): { type: ItemType; id: number; quantity: number }[] {
  const sums = new Map<string, { type: ItemType; id: number; quantity: number }>();
  for (const { type, id, quantity } of items) {
    const key = itemKey({ type, id });
    const sum = sums.get(key) ?? { type, id, quantity: 0 };
    sum.quantity += quantity;
    sums.set(key, sum);
  }
  return [...sums.values()].filter((sum) => sum.quantity > max);
}

/**
 * The refusal of lines that ask for more than `max` copies of an item, each named with its
 * title while it is still sold, so the shopper reads which item and how many; undefined
 * when every item is within the limit. Placing an order and pricing a cart say the same.
 *
 * @example await tooManyCopies(deps, [{ type: "book", id: 1, quantity: 21 }], 20) // { kind: "too_many_copies", max: 20, items: [{ ..., title: "Madol Doova" }] }
 */
export async function tooManyCopies(
  deps: { orders: Pick<PlaceOrderDeps["orders"], "findSellable"> },
  requests: readonly LineRequest[],
  max: number,
): Promise<Extract<PlaceOrderResult, { kind: "too_many_copies" }> | undefined> {
  const over = overLimit(requests, max);
  if (over.length === 0) return undefined;
  const named = new Map(
    (await deps.orders.findSellable(over)).map((item) => [itemKey(item), item.title]),
  );
  const items = over.map((line) => {
    const title = named.get(itemKey(line));
    return title === undefined ? line : { ...line, title };
  });
  return { kind: "too_many_copies", max, items };
}

/**
 * Places a guest order. Prices come from `orders.findSellable`, never from the client;
 * the client's total is only a check. Stock is taken by `orders.place`, atomically, within
 * what the client's unpaid orders may hold (holds.ts).
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  input: PlaceOrderInput,
  idempotency?: IdempotencyClaim,
): Promise<PlaceOrderResult> {
  const rules: OrderRules = { ...DEFAULT_ORDER_RULES, ...deps.orderRules };
  const tooMany = await tooManyCopies(deps, input.items, rules.maxLineQuantity);
  if (tooMany) return tooMany;
  const found = await deps.locations.findArea(input.destination.areaId);
  const problem = destinationProblem(input.destination, found);
  if (problem || !found) return { kind: "bad_destination", problem: problem ?? "unknown_area" };

  const { parcels, ...asked } = input;
  const cart = await priceCart(deps, {
    ...asked,
    ...(parcels ? { parcels: parcels.choice } : {}),
  });
  if (cart.kind !== "priced") return cart;
  const { sellable, promoted: priced, now } = cart;
  const moved = (items: readonly SellableItem[]) => ({
    kind: "price_changed" as const,
    items: currentPrices(items, cart.campaigns, now),
  });
  if (priced.pricing.code?.kind === "refused") {
    return {
      kind: "code_not_applied",
      code: priced.pricing.code.code,
      reason: priced.pricing.code.reason,
    };
  }
  // A campaign that ended, or an offer that began, since the cart was priced: price again.
  if (priced.totalCents !== input.clientTotalCents) return moved(sellable);
  // The second parcel's fee the shopper saw beside the choice: another one now is refused.
  const secondParcelFeeCents = cart.secondParcelFeeCents;
  if ((input.parcels?.feeCents ?? 0) !== secondParcelFeeCents) {
    return { kind: "parcel_fee_changed", feeCents: secondParcelFeeCents };
  }
  // What every parcel of the order costs to deliver: the first, and a second one's extra.
  const deliveryFeeCents = priced.deliveryFeeCents + secondParcelFeeCents;
  // A gift voucher pays what is still to pay, up to its balance: the figure the shopper saw.
  const tenders: VoucherTender[] = [];
  if (input.voucher) {
    const found = deps.vouchers
      ? await lookUpVoucher(deps.vouchers, input.voucher.code, now)
      : { kind: "refused" as const, reason: "unknown" as const };
    if (found.kind === "refused") return { kind: "voucher_refused", reason: found.reason };
    const pays = voucherPays(
      found.voucher.balanceCents,
      priced.totalCents + deliveryFeeCents,
    );
    if (pays !== input.voucher.cents) {
      return { kind: "voucher_changed", balanceCents: found.voucher.balanceCents, paysCents: pays };
    }
    tenders.push({ voucherId: found.voucher.id, last4: found.voucher.last4, cents: pays });
  }
  const keys = await holdKeys({
    address: input.clientAddress ?? null,
    email: input.customer.email,
    phone: input.customer.phone,
  }, deps.mark);
  const applied = priced.pricing.code?.kind === "applied" ? priced.pricing.code : null;

  const plan = planPlacement(
    {
      customer: input.customer,
      destination: input.destination,
      provinceName: found.province.name,
      districtName: found.district.name,
      areaName: found.area.name,
      ...keptPlaceNames(found),
      paymentMethod: input.paymentMethod,
      lines: priced.lines,
      adjustments: priced.adjustments,
      vouchers: tenders,
      totalCents: priced.totalCents,
      deliveryFeeCents,
      parcels: cart.parcels,
      secondParcelFeeCents,
      orderDate: now,
      userId: input.userId ?? null,
      locale: input.locale ?? "en",
      key: input.key ?? null,
    },
    rules,
    { keys, limits: rules.holdLimits },
  );
  // The code's uses per customer are counted under the customer's marks (customer_marks.ts:
  // one e-mail, one phone, one name with its delivery address however each is spelt, and the
  // account when signed in), never the client's address, which many share.
  const codeUse = applied && cart.code
    ? {
      codeId: applied.id,
      customerKeys: await codeCustomerKeys({
        ...input.customer,
        userId: input.userId ?? null,
      }, deps.mark),
      maxPerCustomer: cart.code.maxUsesPerCustomer ?? null,
    }
    : undefined;
  // Paid in full by its vouchers, the order is paid as it is placed.
  const paidInFull = tenders.reduce((sum, t) => sum + t.cents, 0) ===
      priced.totalCents + deliveryFeeCents && tenders.length > 0;
  const planned = paidInFull ? paidByVouchers(plan) : plan;
  const placed = await deps.orders.place(codeUse ? { ...planned, codeUse } : planned, idempotency);
  // A price that moved between pricing and storing is named as a copy costs now too.
  if (placed.kind === "price_changed") return moved(placed.items);
  if (placed.kind === "voucher_changed") {
    return {
      kind: "voucher_changed",
      balanceCents: placed.balanceCents,
      paysCents: voucherPays(placed.balanceCents, priced.totalCents + deliveryFeeCents),
    };
  }
  return placed;
}
