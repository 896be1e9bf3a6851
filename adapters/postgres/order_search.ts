/**
 * The admin's search over orders (domain/orders/order_query.ts) in SQL: the same filters
 * and search term as `matchesQuery`, one page newest first and the count of all matches.
 */
import type { OrderPage, OrderQuery } from "../../domain/orders/order_query.ts";
import { searchTerm } from "../../domain/orders/order_query.ts";
import { ORDER_COLUMNS, orderFromRow, type OrderRow } from "./order_rows.ts";
import type { SqlClient } from "./sql_client.ts";

/** `%` and `_` in a term are text, not LIKE patterns. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/** The WHERE clause over `orders o`, with parameters $1 to $8. */
const MATCHES = `($1::text IS NULL OR o.status = $1)
  AND ($2::text IS NULL OR o.payment_status = $2)
  AND ($3::text IS NULL OR o.payment_method = $3)
  AND ($4::timestamptz IS NULL OR o.order_date >= $4)
  AND ($5::timestamptz IS NULL OR o.order_date < $5)
  AND ($6::text IS NULL
    OR lower(o.name) LIKE $6 OR lower(o.email) LIKE $6
    OR o.id = $7::bigint
    OR ($8::text IS NOT NULL AND regexp_replace(regexp_replace(o.phone, '\\D', '', 'g'),
      '^(94|0)', '') LIKE $8))`;

function matchParams(query: OrderQuery): unknown[] {
  const q = query.q?.trim() ? searchTerm(query.q) : undefined;
  return [
    query.status ?? null,
    query.paymentStatus ?? null,
    query.paymentMethod ?? null,
    query.from ?? null,
    query.to ?? null,
    q ? likeContains(q.text) : null,
    q?.id ?? null,
    q?.phoneDigits ? likeContains(q.phoneDigits) : null,
  ];
}

/** One page of matching orders, newest first (ties by id), and how many match in all. */
export async function searchOrders(sql: SqlClient, query: OrderQuery): Promise<OrderPage> {
  const params = matchParams(query);
  const [[{ total }], rows] = await Promise.all([
    sql.query<{ total: number }>(`SELECT count(*) AS total FROM orders o WHERE ${MATCHES}`, params),
    sql.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS}
       FROM (SELECT * FROM orders o WHERE ${MATCHES}
             ORDER BY o.order_date DESC, o.id DESC LIMIT $9 OFFSET $10) o
       ORDER BY o.order_date DESC, o.id DESC`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    ),
  ]);
  return { orders: rows.map(orderFromRow), total };
}
