/**
 * The sales report's figures from the summaries migration 0031 keeps at commit:
 * `sales_days` (placed and received per day in Sri Lanka and payment method, in slots summed
 * here: migration 0036) and
 * `sales_item_days` (what each product sold each day, and each month and year in
 * `sales_item_periods`, migration 0037), joined to the catalogue as it is
 * now for names, categories and languages. Each read is one indexed statement.
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

/** The catalogue as the report reads it: each product with its store and category's name. */
const PRODUCTS = `
  SELECT 'book' AS store, b.id, b.title, c.name AS category_name, b.language,
    b.price_cents, b.stock, b.archived
  FROM books b JOIN book_categories c ON c.id = b.category_id
  UNION ALL
  SELECT 'stationery', s.id, s.title, c.name, NULL, s.price_cents, s.stock, s.archived
  FROM stationery_items s JOIN stationery_categories c ON c.id = s.category_id`;

/** A day written as the summaries hold it, whatever the engine's date parser gives. */
function day(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

export class PostgresSalesFacts implements SalesFacts {
  constructor(private readonly sql: SqlClient) {}

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
      `WITH sold AS (
         SELECT item_type, item_id, sum(units) AS units, sum(cents) AS cents
         FROM (
           SELECT item_type, item_id, units, cents FROM sales_item_periods
           WHERE grain = 'year' AND start >= $5::date AND start < $6::date
           UNION ALL
           SELECT item_type, item_id, units, cents FROM sales_item_periods
           WHERE grain = 'month' AND start >= $3::date AND start < $4::date
             AND (start < $5::date OR start >= $6::date)
           UNION ALL
           SELECT item_type, item_id, units, cents FROM sales_item_days
           WHERE day >= $1::date AND day <= $2::date AND (day < $3::date OR day >= $4::date)
         ) AS sales
         GROUP BY item_type, item_id
         HAVING sum(units) > 0
       )
       SELECT p.store, p.id, p.title, p.category_name AS "categoryName", p.language,
         sold.units, sold.cents
       FROM sold JOIN (${PRODUCTS}) p ON p.store = sold.item_type AND p.id = sold.item_id`,
      [range.from, range.to, months.from, months.until, years.from, years.until],
    );
  }

  async stock(): Promise<StockLine[]> {
    return await this.sql.query<StockLine>(
      `SELECT p.store, p.category_name AS "categoryName", count(*) AS products,
         sum(p.stock) AS units, sum(p.stock * p.price_cents) AS "valueCents"
       FROM (${PRODUCTS}) p
       WHERE NOT p.archived
       GROUP BY p.store, p.category_name`,
    );
  }

  async idleProducts(spell: ReportRange, limit: number): Promise<IdlePage> {
    // What sold in the spell is read along the day index and set against the products in
    // one hash anti-join; only the idle ones then look up their last sale before the spell,
    // one step back along the summary's key (item_type, item_id, day).
    const rows = await this.sql.query<
      Omit<IdleProduct, "lastSold"> & {
        lastSold: unknown;
        total: number;
      }
    >(
      `WITH sold AS (
         SELECT DISTINCT item_type, item_id FROM sales_item_days
         WHERE day >= $1::date AND day <= $2::date AND units > 0
       ), idle AS (
         SELECT p.* FROM (${PRODUCTS}) p
         WHERE NOT p.archived AND p.stock > 0
           AND NOT EXISTS (SELECT 1 FROM sold WHERE sold.item_type = p.store AND sold.item_id = p.id)
       )
       SELECT idle.store, idle.id, idle.title, idle.category_name AS "categoryName", idle.stock,
         idle.stock * idle.price_cents AS "valueCents", last.day AS "lastSold",
         count(*) OVER () AS total
       FROM idle
       LEFT JOIN LATERAL (
         SELECT d.day FROM sales_item_days d
         WHERE d.item_type = idle.store AND d.item_id = idle.id AND d.day < $1::date
           AND d.units > 0
         ORDER BY d.day DESC LIMIT 1
       ) last ON true
       ORDER BY "lastSold" ASC NULLS FIRST, store, id
       LIMIT $3`,
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
      `SELECT count(*) AS total FROM (${PRODUCTS}) p
       WHERE NOT p.archived AND p.stock > 0
         AND NOT EXISTS (SELECT 1 FROM sales_item_days d
           WHERE d.item_type = p.store AND d.item_id = p.id AND d.units > 0
             AND d.day >= $1::date AND d.day <= $2::date)`,
      [spell.from, spell.to],
    );
    return row.total;
  }
}
