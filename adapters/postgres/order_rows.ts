/** Reading orders with their items in one query, on any SqlClient (or transaction). */
import type { Order, OrderLine, OrderStatus, PaymentMethod } from "../../domain/orders/model.ts";
import type { SqlClient } from "./sql_client.ts";

const ORDER_SELECT = `SELECT o.id, o.user_id, o.status, o.order_date, o.name, o.address,
  o.email, o.phone, o.postal_code, o.province_name, o.district_name, o.area_name,
  o.total_cents, o.delivery_fee_cents, o.payment_method,
  COALESCE((
    SELECT json_agg(json_build_object(
      'id', oi.id, 'type', oi.type, 'itemId', COALESCE(oi.book_id, oi.stationery_id),
      'title', oi.title, 'isbn13', oi.isbn13, 'quantity', oi.quantity,
      'unitPriceCents', oi.unit_price_cents, 'weightGrams', oi.weight_grams,
      'preorder', oi.preorder) ORDER BY oi.id)
    FROM order_items oi WHERE oi.order_id = o.id), '[]'::json) AS items
  FROM orders o`;

interface OrderRow {
  id: number;
  user_id: number | null;
  status: string;
  order_date: Date;
  name: string;
  address: string;
  email: string;
  phone: string;
  postal_code: string;
  province_name: string;
  district_name: string;
  area_name: string;
  total_cents: number;
  delivery_fee_cents: number;
  payment_method: string;
  items: (OrderLine & { id: number })[];
}

function orderFromRow(row: OrderRow): Order {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status as OrderStatus,
    orderDate: row.order_date.toISOString(),
    customer: {
      name: row.name,
      address: row.address,
      email: row.email,
      phone: row.phone,
      postalCode: row.postal_code,
    },
    provinceName: row.province_name,
    districtName: row.district_name,
    areaName: row.area_name,
    totalCents: row.total_cents,
    deliveryFeeCents: row.delivery_fee_cents,
    paymentMethod: row.payment_method as PaymentMethod,
    items: row.items.map((item) => ({
      id: item.id,
      type: item.type,
      itemId: item.itemId,
      title: item.title,
      isbn13: item.isbn13,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      weightGrams: item.weightGrams,
      preorder: item.preorder,
    })),
  };
}

export async function findOrder(sql: SqlClient, id: number): Promise<Order | undefined> {
  const rows = await sql.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1`, [id]);
  return rows.length > 0 ? orderFromRow(rows[0]) : undefined;
}

/** Newest first; ties (same instant) by id, newest first too. */
/** One customer's orders, newest first. */
export async function listOrdersByUser(sql: SqlClient, userId: number): Promise<Order[]> {
  const rows = await sql.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.user_id = $1 ORDER BY o.order_date DESC, o.id DESC`,
    [userId],
  );
  return rows.map(orderFromRow);
}

export async function listOrders(sql: SqlClient, status?: OrderStatus): Promise<Order[]> {
  const rows = await sql.query<OrderRow>(
    `${ORDER_SELECT} WHERE $1::text IS NULL OR o.status = $1
     ORDER BY o.order_date DESC, o.id DESC`,
    [status ?? null],
  );
  return rows.map(orderFromRow);
}
