/**
 * The owner's sales report: the questions of the business answered over a range of days
 * in Sri Lanka, from the figures a store keeps (`SalesFacts`, ports.ts).
 *
 * - Takings are money received (domain/orders/takings.ts): an order's items and delivery
 *   count on the day its payment was recorded (its last "paid" event, Colombo time), while
 *   it is paid and not cancelled. Paid orders are those orders; the average order value is
 *   takings over paid orders. Delivery fees collected are the delivery part of the takings.
 * - Orders are orders placed on a day, whatever became of them; an order placed then that
 *   lapsed unpaid counts toward the lapse rate, one the shop rejected toward the rejection
 *   rate (both over the orders placed in the range).
 * - Sellers are the lines of the orders placed in the range and not cancelled: units are
 *   copies, LKR what the lines cost after promotions. Products are grouped by their
 *   category, store and (books) language as the catalogue holds them now.
 * - Stock on hand is what the products on sale hold now, valued at their price: the
 *   catalogue records no cost price, so no value at cost is given.
 * - A product sits idle when it is on sale with stock and no order placed in the N days up
 *   to the range's last day (and not cancelled) bought it.
 *
 * Shares and rates are in basis points (10,000 is 100 %), null when there is nothing to
 * divide by.
 */
import type { Cents } from "../money.ts";
import { BOOK_LANGUAGES, type BookLanguage } from "../catalogue/book_record.ts";
import { ITEM_TYPES, type ItemType, PAYMENT_METHODS, type PaymentMethod } from "../orders/model.ts";
import { PAYMENT_POLICIES } from "../orders/payment_policy.ts";
import { dayCount, dayNumber, dayOf } from "../dates/day.ts";
import {
  addDays,
  type DaySpan,
  previousRange,
  type ReportGrain,
  type ReportPeriod,
  type ReportRange,
  reportSpans,
} from "./range.ts";
import type { DaySales, IdlePage, ProductSales, SalesFacts, StockLine } from "./ports.ts";

/** How many products each best and worst list names. */
export const SELLERS_LISTED = 10;
/** How many idle products the report names (the CSV names them all). */
export const IDLE_LISTED = 50;
/** The idle spell a report looks for unless asked otherwise, in days. */
export const DEFAULT_IDLE_DAYS = 90;
/** The longest idle spell a report looks for, in days. */
export const MAX_IDLE_DAYS = 3650;

/** What a report is asked for. */
export interface SalesReportQuery {
  range: ReportRange;
  grain: ReportGrain;
  /** Products with no sale in this many days up to the range's end are listed. */
  idleDays: number;
  /** How many of them (the report's page: IDLE_LISTED; a CSV: all). */
  idleLimit?: number;
}

/** Orders placed, and money received, over some days. */
export interface SalesFigures {
  /** Orders placed. */
  orders: number;
  /** Orders whose money was received. */
  paidOrders: number;
  /** Money received: items and delivery. */
  takingsCents: Cents;
}

/** One period of the report beside the same period one range earlier. */
export interface PeriodSales extends ReportPeriod, SalesFigures {
  previous: ReportPeriod & SalesFigures;
}

/** The figures of a whole range. */
export interface RangeTotals extends SalesFigures {
  /** The delivery fees within the takings. */
  deliveryCents: Cents;
  /** Takings over paid orders, rounded to the cent; null with none paid. */
  averageOrderCents: Cents | null;
  lapsed: number;
  rejected: number;
  /** Lapsed over placed, in basis points. */
  lapseRate: number | null;
  /** Rejected by the shop over placed, in basis points. */
  rejectionRate: number | null;
}

/** One payment method's part of the range. */
export interface MethodShare {
  method: PaymentMethod;
  /** Its name in the admin area (its policy's words). */
  name: string;
  orders: number;
  /** Of the orders placed, in basis points. */
  ordersShare: number | null;
  paidOrders: number;
  takingsCents: Cents;
  /** Of the takings, in basis points. */
  takingsShare: number | null;
  lapsed: number;
  lapseRate: number | null;
  rejected: number;
  rejectionRate: number | null;
}

/** What a group of products sold. */
export interface GroupSales {
  units: number;
  cents: Cents;
}

/** The best and worst sellers by one measure. */
export interface Ranking {
  best: ProductSales[];
  worst: ProductSales[];
}

/** The stock of one store. */
export interface StoreStock {
  store: ItemType;
  products: number;
  units: number;
  valueCents: Cents;
}

export interface SalesReport {
  range: ReportRange;
  previousRange: ReportRange;
  grain: ReportGrain;
  periods: PeriodSales[];
  totals: { current: RangeTotals; previous: RangeTotals };
  paymentMethods: MethodShare[];
  sellers: {
    /** How many products sold in the range. */
    productsSold: number;
    byUnits: Ranking;
    byCents: Ranking;
    categories: (GroupSales & { store: ItemType; category: string })[];
    stores: (GroupSales & { store: ItemType })[];
    languages: (GroupSales & { language: BookLanguage })[];
  };
  stock: {
    /** The catalogue records no cost price: stock is valued at price only. */
    costRecorded: false;
    categories: StockLine[];
    stores: StoreStock[];
    total: { products: number; units: number; valueCents: Cents };
  };
  idle: { days: number; asOf: string; since: string } & IdlePage;
}

/**
 * A part of a whole in basis points, rounded half up; null when the whole is 0.
 *
 * @example basisPoints(1, 3) // 3333
 * @example basisPoints(0, 0) // null
 */
export function basisPoints(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 10_000) / whole);
}

function emptyDay(): Omit<DaySales, "day" | "paymentMethod"> {
  return { placed: 0, lapsed: 0, rejected: 0, paidOrders: 0, takingsCents: 0, deliveryCents: 0 };
}

type DayTotals = ReturnType<typeof emptyDay>;

function add(into: DayTotals, day: DayTotals): void {
  into.placed += day.placed;
  into.lapsed += day.lapsed;
  into.rejected += day.rejected;
  into.paidOrders += day.paidOrders;
  into.takingsCents += day.takingsCents;
  into.deliveryCents += day.deliveryCents;
}

/** The sum of the days between `start` and `end` (both included), of every method or one. */
function sumDays(
  days: readonly DaySales[],
  period: ReportPeriod,
  method?: PaymentMethod,
): DayTotals {
  const sum = emptyDay();
  const first = dayNumber(period.start);
  const last = dayNumber(period.end);
  for (const day of days) {
    const at = dayNumber(day.day);
    if (at < first || at > last) continue;
    if (method !== undefined && day.paymentMethod !== method) continue;
    add(sum, day);
  }
  return sum;
}

/** The days' sums of every method, by day number. */
function totalsByDay(days: readonly DaySales[]): Map<number, DayTotals> {
  const byDay = new Map<number, DayTotals>();
  for (const day of days) {
    const at = dayNumber(day.day);
    const sum = byDay.get(at) ?? emptyDay();
    add(sum, day);
    byDay.set(at, sum);
  }
  return byDay;
}

/** The sum of a span's days, visiting each of its days once (a loop bounded by its count). */
function sumSpan(byDay: ReadonlyMap<number, DayTotals>, span: DaySpan): DayTotals {
  const sum = emptyDay();
  const count = span.end - span.start + 1;
  for (let step = 0; step < count; step++) {
    const day = byDay.get(span.start + step);
    if (day) add(sum, day);
  }
  return sum;
}

function figures(sum: DayTotals): SalesFigures {
  return { orders: sum.placed, paidOrders: sum.paidOrders, takingsCents: sum.takingsCents };
}

/**
 * A range's totals from its days' sums.
 *
 * @example rangeTotals({ placed: 4, lapsed: 1, rejected: 0, paidOrders: 2, takingsCents: 300_000, deliveryCents: 50_000 }).averageOrderCents // 150000
 */
export function rangeTotals(sum: DayTotals): RangeTotals {
  return {
    ...figures(sum),
    deliveryCents: sum.deliveryCents,
    averageOrderCents: sum.paidOrders === 0 ? null : Math.round(sum.takingsCents / sum.paidOrders),
    lapsed: sum.lapsed,
    rejected: sum.rejected,
    lapseRate: basisPoints(sum.lapsed, sum.placed),
    rejectionRate: basisPoints(sum.rejected, sum.placed),
  };
}

/**
 * The periods of the range, each beside the same period one range earlier (`days` holds
 * the days of both ranges).
 */
export function periodSales(
  days: readonly DaySales[],
  range: ReportRange,
  grain: ReportGrain,
): PeriodSales[] {
  // Each day is visited once per period it falls in: a five-year daily report reads its
  // days once, not once per period.
  // Counted as day numbers and written once each: the same period one range earlier is
  // the range's length of days before it.
  const byDay = totalsByDay(days);
  const length = dayCount(range);
  return reportSpans(range, grain).map((span) => {
    const before = { start: span.start - length, end: span.end - length };
    return {
      start: dayOf(span.start),
      end: dayOf(span.end),
      ...figures(sumSpan(byDay, span)),
      previous: {
        start: dayOf(before.start),
        end: dayOf(before.end),
        ...figures(sumSpan(byDay, before)),
      },
    };
  });
}

/** One day's figures: the same sums the report makes of a range, and its takings by method. */
export interface DayFigures extends SalesFigures {
  /** Money received that day by each payment method, in the order the shop lists them. */
  byMethod: { method: PaymentMethod; paidOrders: number; takingsCents: Cents }[];
}

/**
 * A day's orders placed, paid orders and takings (by method too), by the report's own
 * definitions (`sumDays`), so that every screen showing "today" (the Orders page, the
 * owner's home) says what the report says of that day.
 *
 * @example dayFigures(await facts.daySales({ from: today, to: today }), today).orders
 */
export function dayFigures(days: readonly DaySales[], day: string): DayFigures {
  const period = { start: day, end: day };
  return {
    ...figures(sumDays(days, period)),
    byMethod: PAYMENT_METHODS.map((method) => {
      const sum = sumDays(days, period, method);
      return { method, paidOrders: sum.paidOrders, takingsCents: sum.takingsCents };
    }),
  };
}

/** Every payment method's part of the range, in the order the shop lists them. */
export function methodShares(days: readonly DaySales[], range: ReportRange): MethodShare[] {
  const period = { start: range.from, end: range.to };
  const all = sumDays(days, period);
  return PAYMENT_METHODS.map((method) => {
    const sum = sumDays(days, period, method);
    return {
      method,
      name: PAYMENT_POLICIES[method].words.admin,
      orders: sum.placed,
      ordersShare: basisPoints(sum.placed, all.placed),
      paidOrders: sum.paidOrders,
      takingsCents: sum.takingsCents,
      takingsShare: basisPoints(sum.takingsCents, all.takingsCents),
      lapsed: sum.lapsed,
      lapseRate: basisPoints(sum.lapsed, sum.placed),
      rejected: sum.rejected,
      rejectionRate: basisPoints(sum.rejected, sum.placed),
    };
  });
}

type Measure = "units" | "cents";

function compareBy(measure: Measure, direction: 1 | -1) {
  const other: Measure = measure === "units" ? "cents" : "units";
  return (a: ProductSales, b: ProductSales) =>
    direction * (a[measure] - b[measure]) || direction * (a[other] - b[other]) ||
    a.store.localeCompare(b.store) || a.id - b.id;
}

/**
 * The products that sold in the range, the best first, by units or by LKR (ties by the
 * other measure, then by store and id).
 */
export function rankSellers(products: readonly ProductSales[], measure: Measure): ProductSales[] {
  return products.filter((p) => p.units > 0).sort(compareBy(measure, -1));
}

/** The best and the worst `count` sellers by a measure (the worst, the weakest first). */
export function ranking(
  products: readonly ProductSales[],
  measure: Measure,
  count = SELLERS_LISTED,
): Ranking {
  const sold = products.filter((p) => p.units > 0);
  return {
    best: [...sold].sort(compareBy(measure, -1)).slice(0, count),
    worst: [...sold].sort(compareBy(measure, 1)).slice(0, count),
  };
}

function byLargest<T extends GroupSales>(a: T, b: T): number {
  return b.units - a.units || b.cents - a.cents;
}

/** What sold in each category (book and stationery categories kept apart), the most first. */
export function categorySales(
  products: readonly ProductSales[],
): (GroupSales & { store: ItemType; category: string })[] {
  const groups = new Map<string, GroupSales & { store: ItemType; category: string }>();
  for (const p of products) {
    const key = `${p.store}\u0000${p.categoryName}`;
    const group = groups.get(key) ??
      { store: p.store, category: p.categoryName, units: 0, cents: 0 };
    group.units += p.units;
    group.cents += p.cents;
    groups.set(key, group);
  }
  return [...groups.values()].filter((g) => g.units > 0).sort((a, b) =>
    byLargest(a, b) || a.store.localeCompare(b.store) || a.category.localeCompare(b.category)
  );
}

/** What each store sold: every store, in the shop's order. */
export function storeSales(
  products: readonly ProductSales[],
): (GroupSales & { store: ItemType })[] {
  return ITEM_TYPES.map((store) => {
    const mine = products.filter((p) => p.store === store);
    return {
      store,
      units: mine.reduce((sum, p) => sum + p.units, 0),
      cents: mine.reduce((sum, p) => sum + p.cents, 0),
    };
  });
}

/** What the books of each language sold: every language, in the shop's order. */
export function languageSales(
  products: readonly ProductSales[],
): (GroupSales & { language: BookLanguage })[] {
  return BOOK_LANGUAGES.map((language) => {
    const mine = products.filter((p) => p.language === language);
    return {
      language,
      units: mine.reduce((sum, p) => sum + p.units, 0),
      cents: mine.reduce((sum, p) => sum + p.cents, 0),
    };
  });
}

/** The stock of each store and of the whole shop, from the lines of each category. */
export function stockSummary(lines: readonly StockLine[]): SalesReport["stock"] {
  const stores = ITEM_TYPES.map((store) => {
    const mine = lines.filter((line) => line.store === store);
    return {
      store,
      products: mine.reduce((sum, l) => sum + l.products, 0),
      units: mine.reduce((sum, l) => sum + l.units, 0),
      valueCents: mine.reduce((sum, l) => sum + l.valueCents, 0),
    };
  });
  return {
    costRecorded: false,
    categories: [...lines].sort((a, b) =>
      b.valueCents - a.valueCents || a.store.localeCompare(b.store) ||
      a.categoryName.localeCompare(b.categoryName)
    ),
    stores,
    total: {
      products: stores.reduce((sum, s) => sum + s.products, 0),
      units: stores.reduce((sum, s) => sum + s.units, 0),
      valueCents: stores.reduce((sum, s) => sum + s.valueCents, 0),
    },
  };
}

/**
 * The first day of the idle spell of `days` days that ends on `asOf`.
 *
 * @example idleSince("2026-03-31", 30) // "2026-03-02"
 */
export function idleSince(asOf: string, days: number): string {
  return addDays(asOf, 1 - days);
}

/** What a report reads from the store. */
export interface ReportFacts {
  /** The days of the range and of the range before. */
  days: DaySales[];
  /** Every product sold in the range. */
  products: ProductSales[];
  stock: StockLine[];
  idle: IdlePage;
}

/**
 * Reads what the report for `query` needs: the days of the range and of the range before
 * first, then the products sold in the range, the stock and the idle products. A product
 * sells only in an order placed in the range, so a range in which no order was placed (one
 * before the shop opened, or years ahead) reads no products: its report costs the days'
 * read, the stock and the idle products, whatever its length.
 */
export async function readReportFacts(
  facts: SalesFacts,
  query: SalesReportQuery,
): Promise<ReportFacts> {
  const { range, idleDays } = query;
  const before = previousRange(range);
  const days = await facts.daySales({ from: before.from, to: range.to });
  const first = dayNumber(range.from);
  const last = dayNumber(range.to);
  const placed = days.some((d) => {
    const at = dayNumber(d.day);
    return d.placed > 0 && at >= first && at <= last;
  });
  const [products, stock, idle] = await Promise.all([
    placed ? facts.productSales(range) : Promise.resolve([]),
    facts.stock(),
    facts.idleProducts(
      { from: idleSince(range.to, idleDays), to: range.to },
      query.idleLimit ?? IDLE_LISTED,
    ),
  ]);
  return { days, products, stock, idle };
}

/** The report for `query` from what was read for it (`readReportFacts`). */
export function reportFrom(query: SalesReportQuery, read: ReportFacts): SalesReport {
  const { range, grain, idleDays } = query;
  const { days, products, stock, idle } = read;
  const before = previousRange(range);
  return {
    range,
    previousRange: before,
    grain,
    periods: periodSales(days, range, grain),
    totals: {
      current: rangeTotals(sumDays(days, { start: range.from, end: range.to })),
      previous: rangeTotals(sumDays(days, { start: before.from, end: before.to })),
    },
    paymentMethods: methodShares(days, range),
    sellers: {
      productsSold: products.filter((p) => p.units > 0).length,
      byUnits: ranking(products, "units"),
      byCents: ranking(products, "cents"),
      categories: categorySales(products),
      stores: storeSales(products),
      languages: languageSales(products),
    },
    stock: stockSummary(stock),
    idle: { days: idleDays, asOf: range.to, since: idleSince(range.to, idleDays), ...idle },
  };
}

/**
 * The report for `query`, read from the store's figures: the days of the range and of
 * the range before, the products sold in the range, the stock, and the idle products.
 */
export async function salesReport(
  facts: SalesFacts,
  query: SalesReportQuery,
): Promise<SalesReport> {
  return reportFrom(query, await readReportFacts(facts, query));
}
