/**
 * The report's figures worked out from raw orders and the catalogue: what the memory
 * adapter answers, and what every other adapter's summaries must equal
 * (adapters/sales_facts_contract_test.ts).
 */
import type { Cents } from "../money.ts";
import type { BookLanguage } from "../catalogue/book_record.ts";
import type { ItemType, Order } from "../orders/model.ts";
import { colomboDate } from "../orders/order_query.ts";
import { compareDays } from "../dates/day.ts";
import { receivedAt, receivedCents } from "../orders/takings.ts";
import { lineTotalCents } from "../orders/line_total.ts";
import { ORDER_STATUS_POLICIES } from "../orders/status.ts";
import type { ReportRange } from "./range.ts";
import type { DaySales, IdlePage, IdleProduct, ProductSales, StockLine } from "./ports.ts";

/** A product as the report reads it from the catalogue. */
export interface ReportProduct {
  store: ItemType;
  id: number;
  title: string;
  categoryName: string;
  language: BookLanguage | null;
  priceCents: Cents;
  stock: number;
  /** False once archived (taken off sale). */
  onSale: boolean;
}

/**
 * How an order was cancelled: lapsed unpaid (the system's "lapsed" event), rejected by the
 * shop, or not at all.
 *
 * @example cancellation({ status: "rejected", events: [placed, lapsed] }) // "lapsed"
 */
export function cancellation(
  order: Pick<Order, "status" | "events">,
): "lapsed" | "rejected" | null {
  if (ORDER_STATUS_POLICIES[order.status].owes) return null;
  return order.events.some((event) => event.kind === "lapsed") ? "lapsed" : "rejected";
}

/** The day in Sri Lanka of an ISO 8601 instant. */
export function colomboDay(iso: string): string {
  return colomboDate(new Date(iso));
}

function within(day: string, range: ReportRange): boolean {
  return compareDays(day, range.from) >= 0 && compareDays(day, range.to) <= 0;
}

/** The days of `range` with anything placed or received, per payment method. */
export function daySalesOf(orders: readonly Order[], range: ReportRange): DaySales[] {
  const days = new Map<string, DaySales>();
  const dayOf = (day: string, order: Order): DaySales => {
    const key = `${day} ${order.paymentMethod}`;
    let found = days.get(key);
    if (!found) {
      found = {
        day,
        paymentMethod: order.paymentMethod,
        placed: 0,
        lapsed: 0,
        rejected: 0,
        paidOrders: 0,
        takingsCents: 0,
        deliveryCents: 0,
      };
      days.set(key, found);
    }
    return found;
  };
  for (const order of orders) {
    const placed = colomboDay(order.orderDate);
    if (within(placed, range)) {
      const day = dayOf(placed, order);
      day.placed += 1;
      const cancelled = cancellation(order);
      if (cancelled === "lapsed") day.lapsed += 1;
      if (cancelled === "rejected") day.rejected += 1;
    }
    const received = receivedAt(order);
    if (received !== null && within(colomboDay(received), range)) {
      const day = dayOf(colomboDay(received), order);
      day.paidOrders += 1;
      day.takingsCents += receivedCents(order);
      day.deliveryCents += order.deliveryFeeCents;
    }
  }
  return [...days.values()];
}

function productKey(store: ItemType, id: number): string {
  return `${store}:${id}`;
}

/** The lines that sold: those of orders not cancelled, each with its day in Sri Lanka. */
function soldLines(orders: readonly Order[]) {
  return orders
    .filter((order) => cancellation(order) === null)
    .flatMap((order) => {
      const day = colomboDay(order.orderDate);
      return order.items.map((line) => ({ day, line }));
    });
}

/** Every product that sold in `range`, named as the catalogue holds it now. */
export function productSalesOf(
  orders: readonly Order[],
  products: readonly ReportProduct[],
  range: ReportRange,
): ProductSales[] {
  const byKey = new Map(products.map((p) => [productKey(p.store, p.id), p]));
  const sold = new Map<string, ProductSales>();
  for (const { day, line } of soldLines(orders)) {
    if (!within(day, range)) continue;
    const key = productKey(line.type, line.itemId);
    const product = byKey.get(key);
    if (!product) continue;
    const sales = sold.get(key) ?? {
      store: product.store,
      id: product.id,
      title: product.title,
      categoryName: product.categoryName,
      language: product.language,
      units: 0,
      cents: 0,
    };
    sales.units += line.quantity;
    sales.cents += lineTotalCents(line);
    sold.set(key, sales);
  }
  return [...sold.values()];
}

/** The stock of the products on sale, per category that holds any. */
export function stockOf(products: readonly ReportProduct[]): StockLine[] {
  const lines = new Map<string, StockLine>();
  for (const product of products) {
    if (!product.onSale) continue;
    const key = `${product.store}\u0000${product.categoryName}`;
    const line = lines.get(key) ??
      {
        store: product.store,
        categoryName: product.categoryName,
        products: 0,
        units: 0,
        valueCents: 0,
      };
    line.products += 1;
    line.units += product.stock;
    line.valueCents += product.stock * product.priceCents;
    lines.set(key, line);
  }
  return [...lines.values()];
}

/**
 * The order of the idle list: never sold first, then the longest idle, then by store and id.
 */
export function compareIdle(a: IdleProduct, b: IdleProduct): number {
  if (a.lastSold !== b.lastSold) {
    if (a.lastSold === null) return -1;
    if (b.lastSold === null) return 1;
    return a.lastSold < b.lastSold ? -1 : 1;
  }
  return a.store.localeCompare(b.store) || a.id - b.id;
}

/** The products on sale with stock and no sale in `spell`, at most `limit` of them. */
export function idleProductsOf(
  orders: readonly Order[],
  products: readonly ReportProduct[],
  spell: ReportRange,
  limit: number,
): IdlePage {
  const lastSold = new Map<string, string>();
  for (const { day, line } of soldLines(orders)) {
    if (day > spell.to) continue;
    const key = productKey(line.type, line.itemId);
    const last = lastSold.get(key);
    if (last === undefined || day > last) lastSold.set(key, day);
  }
  const idle = products
    .filter((p) => p.onSale && p.stock > 0)
    .map((p): IdleProduct => ({
      store: p.store,
      id: p.id,
      title: p.title,
      categoryName: p.categoryName,
      stock: p.stock,
      valueCents: p.stock * p.priceCents,
      lastSold: lastSold.get(productKey(p.store, p.id)) ?? null,
    }))
    .filter((p) => p.lastSold === null || p.lastSold < spell.from)
    .sort(compareIdle);
  return { total: idle.length, products: idle.slice(0, limit) };
}
