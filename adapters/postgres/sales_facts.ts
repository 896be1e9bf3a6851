/**
 * The sales report's figures from the summaries migration 0031 keeps at commit:
 * `sales_days` (placed and received per day in Sri Lanka and payment method, in slots summed
 * here: migration 0036) and
 * `sales_item_days` (what each product sold each day, and each month and year in
 * `sales_item_periods`, migration 0037), joined to the catalogue as it is
 * now for names, categories and languages. The reads of the catalogue are functions
 * (migration 0043) whose plans the session keeps: on the embedded database planning was most
 * of their cost. Each read is one indexed statement, taken as
 * background work (turns.ts): on the embedded database a shopper's statement waiting for the
 * one thread goes before a report's, so a flood of reports delays a book page by at most the
 * one statement running, not by every statement of the reports queued before it.
 */
import { type ReportRange, wholeMonths, wholeYears } from "../../domain/reports/range.ts";
import type {
  DaySales,
  IdlePage,
  IdleProduct,
  ProductSales,
  SalesFacts,
  StockLine,
} from "../../domain/reports/ports.ts";
import type { SqlClient } from "./sql_client.ts";

/** A day written as the summaries hold it, whatever the engine's date parser gives. */
function day(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

export class PostgresSalesFacts implements SalesFacts {
  private readonly sql: Pick<SqlClient, "query">;

  constructor(sql: SqlClient) {
    this.sql = sql.background ?? sql;
  }

  async daySales(range: ReportRange): Promise<DaySales[]> {
    const rows = await this.sql.query<Omit<DaySales, "day"> & { day: unknown }>(
      `SELECT day, payment_method AS "paymentMethod", sum(placed)::bigint AS placed,
         sum(lapsed)::bigint AS lapsed, sum(rejected)::bigint AS rejected, sum(paid_orders)::bigint AS "paidOrders",
         sum(takings_cents)::bigint AS "takingsCents", sum(delivery_cents)::bigint AS "deliveryCents"
       FROM sales_days
       WHERE day >= $1::date AND day <= $2::date
       GROUP BY day, payment_method
       HAVING sum(placed) <> 0 OR sum(paid_orders) <> 0`,
      [range.from, range.to],
    );
    return rows.map((row) => ({ ...row, day: day(row.day) }));
  }

  async productSales(range: ReportRange): Promise<ProductSales[]> {
    // Whole years and the whole months outside them from their summary (migration 0037),
    // the days at the edges from theirs.
    const months = wholeMonths(range);
    const years = wholeYears(range);
    return await this.sql.query<ProductSales>(
      `SELECT store, id, title, category_name AS "categoryName", language, units, cents
       FROM report_product_sales($1::date, $2::date, $3::date, $4::date, $5::date, $6::date)`,
      [range.from, range.to, months.from, months.until, years.from, years.until],
    );
  }

  async stock(): Promise<StockLine[]> {
    return await this.sql.query<StockLine>(
      `SELECT store, category_name AS "categoryName", products, units,
         value_cents AS "valueCents"
       FROM report_stock()`,
    );
  }

  async idleProducts(spell: ReportRange, limit: number): Promise<IdlePage> {
    const rows = await this.sql.query<
      Omit<IdleProduct, "lastSold"> & {
        lastSold: unknown;
        total: number;
      }
    >(
      `SELECT store, id, title, category_name AS "categoryName", stock,
         value_cents AS "valueCents", last_sold AS "lastSold", total
       FROM report_idle_products($1::date, $2::date, $3::integer)`,
      [spell.from, spell.to, limit],
    );
    const total = rows.length > 0 ? rows[0].total : await this.#countIdle(spell);
    return {
      total,
      products: rows.map(({ total: _, lastSold, ...row }) => ({
        ...row,
        lastSold: lastSold === null ? null : day(lastSold),
      })),
    };
  }

  /** How many products sit idle, when the page asked for none of them. */
  async #countIdle(spell: ReportRange): Promise<number> {
    const [row] = await this.sql.query<{ total: number }>(
      `SELECT report_idle_count($1::date, $2::date) AS total`,
      [spell.from, spell.to],
    );
    return row.total;
  }
}
