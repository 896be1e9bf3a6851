/**
 * The admin's search over orders (domain/orders/order_query.ts) in SQL: the same filters
 * and search term as `matchesQuery`, one page newest first and the count of all matches.
 * Only the conditions asked for are written (each a parameter), so the planner picks the
 * index that fits: at 100,000 orders a catch-all `($1 IS NULL OR ...)` statement read
 * every order for a phone number (docs/benchmarks.md).
 */
import type { OrderPage, OrderQuery } from "../../domain/orders/order_query.ts";
import { searchTerm } from "../../domain/orders/order_query.ts";
import { ORDER_COLUMNS, orderFromRow } from "./order_rows.ts";
import type { SqlClient } from "./sql_client.ts";

/** `%` and `_` in a term are text, not LIKE patterns. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/** The WHERE clause over `orders o` and its parameters. */
export function matchClause(query: OrderQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.status) conditions.push(`o.status = ${param(query.status)}`);
  if (query.paymentStatus) conditions.push(`o.payment_status = ${param(query.paymentStatus)}`);
  if (query.paymentMethod) conditions.push(`o.payment_method = ${param(query.paymentMethod)}`);
  if (query.from) conditions.push(`o.order_date >= ${param(query.from)}::timestamptz`);
  if (query.to) conditions.push(`o.order_date < ${param(query.to)}::timestamptz`);
  if (query.q?.trim()) {
    const term = searchTerm(query.q);
    const text = param(likeContains(term.text));
    const any = [`o.name_search LIKE ${text}`, `o.email_search LIKE ${text}`];
    if (term.id !== null) any.push(`o.id = ${param(term.id)}::bigint`);
    if (term.phoneDigits) any.push(`o.phone_digits LIKE ${param(likeContains(term.phoneDigits))}`);
    conditions.push(`(${any.join(" OR ")})`);
  }
  return { where: conditions.length > 0 ? conditions.join(" AND ") : "true", params };
}

/**
 * How many orders match, exactly. Filtered by status, payment status and payment method
 * alone, the answer is a sum over the few rows of `order_counts` (migration 0017, kept by
 * triggers in each order change's transaction): counting the orders themselves read every
 * matching index entry, 100,000 for the unfiltered list. A search or a date range counts
 * the orders it matches, through the indexes that find them.
 */
function countStatement(query: OrderQuery): { text: string; params: unknown[] } {
  if (query.q?.trim() || query.from || query.to) {
    const { where, params } = matchClause(query);
    return { text: `SELECT count(*) AS total FROM orders o WHERE ${where}`, params };
  }
  const params: unknown[] = [];
  const conditions: string[] = [];
  const columns = [
    ["status", query.status],
    ["payment_status", query.paymentStatus],
    ["payment_method", query.paymentMethod],
  ] as const;
  for (const [column, value] of columns) {
    if (!value) continue;
    params.push(value);
    conditions.push(`${column} = $${params.length}`);
  }
  const where = conditions.length > 0 ? conditions.join(" AND ") : "true";
  return {
    text: `SELECT coalesce(sum(orders), 0)::bigint AS total FROM order_counts WHERE ${where}`,
    params,
  };
}

/** One page of matching orders, newest first (ties by id), and how many match in all. */
export async function searchOrders(sql: SqlClient, query: OrderQuery): Promise<OrderPage> {
  const { where, params } = matchClause(query);
  const n = params.length;
  const count = countStatement(query);
  const [[{ total }], rows] = await Promise.all([
    sql.query<{ total: number | string }>(count.text, count.params),
    sql.query(
      `SELECT ${ORDER_COLUMNS}
       FROM (SELECT * FROM orders o WHERE ${where}
             ORDER BY o.order_date DESC, o.id DESC LIMIT $${n + 1} OFFSET $${n + 2}) o
       ORDER BY o.order_date DESC, o.id DESC`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    ),
  ]);
  return { orders: rows.map(orderFromRow), total: Number(total) };
}
