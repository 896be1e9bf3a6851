/**
 * What the sales report reads from a store: figures summed per day in Sri Lanka, per
 * product over a range, the stock per category, and the products sitting idle. The rules
 * that say what counts are in sales_report.ts and facts.ts; the memory adapter applies
 * facts.ts to raw orders, PostgreSQL reads summaries its triggers keep at commit.
 */
import type { Cents } from "../money.ts";
import type { BookLanguage } from "../catalogue/book_record.ts";
import type { ItemType, PaymentMethod } from "../orders/model.ts";
import type { ReportRange } from "./range.ts";

/** One day's figures of one payment method (a day in Sri Lanka). */
export interface DaySales {
  day: string;
  paymentMethod: PaymentMethod;
  /** Orders placed that day. */
  placed: number;
  /** Of those, the orders that lapsed unpaid. */
  lapsed: number;
  /** Of those, the orders the shop rejected (not lapsed). */
  rejected: number;
  /** Orders whose money was received that day (their last payment recorded then). */
  paidOrders: number;
  /** What those orders came to: items and delivery. */
  takingsCents: Cents;
  /** The delivery fees among them. */
  deliveryCents: Cents;
}

/** What one product sold over a range, named as the catalogue holds it now. */
export interface ProductSales {
  store: ItemType;
  id: number;
  title: string;
  categoryName: string;
  /** A book's language; null for stationery. */
  language: BookLanguage | null;
  /** Copies in the lines of orders placed in the range and not cancelled. */
  units: number;
  /** What those lines cost, after promotions. */
  cents: Cents;
}

/** The stock of the products on sale in one category. */
export interface StockLine {
  store: ItemType;
  categoryName: string;
  /** Products on sale (in stock or not). */
  products: number;
  /** Copies in stock. */
  units: number;
  /** Copies in stock at their price. */
  valueCents: Cents;
}

/** A product on sale with stock that sold nothing in the idle spell. */
export interface IdleProduct {
  store: ItemType;
  id: number;
  title: string;
  categoryName: string;
  stock: number;
  valueCents: Cents;
  /** The last day (in Sri Lanka, up to the spell's end) it sold; null when it never did. */
  lastSold: string | null;
}

/** Some idle products, and how many there are in all. */
export interface IdlePage {
  total: number;
  /** Never sold first, then the longest idle; ties by store and id. */
  products: IdleProduct[];
}

export interface SalesFacts {
  /** The days of the range with anything placed or received, per payment method. */
  daySales(range: ReportRange): Promise<DaySales[]>;
  /** Every product that sold in the range (units above 0), in any order. */
  productSales(range: ReportRange): Promise<ProductSales[]>;
  /** The stock of the products on sale, per category that holds any. */
  stock(): Promise<StockLine[]>;
  /**
   * The products on sale with stock and no sale in `spell` (days in Sri Lanka, both
   * included), their last sale up to its end; at most `limit` of them.
   */
  idleProducts(spell: ReportRange, limit: number): Promise<IdlePage>;
}
