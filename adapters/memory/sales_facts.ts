/**
 * The sales report's figures in memory: worked out from every order and the catalogue at
 * each call by the domain's own rules (domain/reports/facts.ts). For tests and the preview
 * shop; a shop's database keeps summaries instead (adapters/postgres/sales_facts.ts).
 */
import type { Order } from "../../domain/orders/model.ts";
import type { ReportRange } from "../../domain/reports/range.ts";
import type {
  DaySales,
  IdlePage,
  ProductSales,
  SalesFacts,
  StockLine,
} from "../../domain/reports/ports.ts";
import {
  daySalesOf,
  idleProductsOf,
  productSalesOf,
  type ReportProduct,
  stockOf,
} from "../../domain/reports/facts.ts";
import type { MemoryCatalogue } from "./catalogue.ts";

/** The catalogue's products as the report reads them, archived ones included. */
export function reportProducts(catalogue: MemoryCatalogue): ReportProduct[] {
  const bookCategory = new Map(catalogue.categories.map((c) => [c.id, c.name]));
  const itemCategory = new Map(catalogue.stationeryCategories.map((c) => [c.id, c.name]));
  return [
    ...[...catalogue.books.values()].map((book): ReportProduct => ({
      store: "book",
      id: book.id,
      title: book.title,
      categoryName: bookCategory.get(book.categoryId) ?? "",
      language: book.language,
      priceCents: book.priceCents,
      stock: book.stock,
      onSale: !book.archived,
    })),
    ...[...catalogue.stationery.values()].map((item): ReportProduct => ({
      store: "stationery",
      id: item.id,
      title: item.title,
      categoryName: itemCategory.get(item.categoryId) ?? "",
      language: null,
      priceCents: item.priceCents,
      stock: item.stock,
      onSale: !item.archived,
    })),
  ];
}

export class MemorySalesFacts implements SalesFacts {
  constructor(
    private readonly orders: { list(): Promise<Order[]> },
    private readonly catalogue: MemoryCatalogue,
  ) {}

  async daySales(range: ReportRange): Promise<DaySales[]> {
    return daySalesOf(await this.orders.list(), range);
  }

  async productSales(range: ReportRange): Promise<ProductSales[]> {
    return productSalesOf(await this.orders.list(), reportProducts(this.catalogue), range);
  }

  stock(): Promise<StockLine[]> {
    return Promise.resolve(stockOf(reportProducts(this.catalogue)));
  }

  async idleProducts(spell: ReportRange, limit: number): Promise<IdlePage> {
    return idleProductsOf(await this.orders.list(), reportProducts(this.catalogue), spell, limit);
  }
}
