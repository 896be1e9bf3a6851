/** Reading orders with their items in one query, on any SqlClient (or transaction). */
import type {
  Order,
  OrderEvent,
  OrderLine,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from "../../domain/orders/model.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import type { SqlClient } from "./sql_client.ts";

/** The order's columns and its items, events and proofs, each aggregated as JSON. */
export const ORDER_COLUMNS = `o.id, o.user_id, o.status, o.order_date, o.name, o.address,
  o.email, o.phone, o.postal_code, o.province_name, o.district_name, o.area_name,
  o.total_cents, o.delivery_fee_cents, o.payment_method, o.payment_status, o.courier,
  o.tracking_number, o.reject_reason, o.expires_at, o.locale, o.key_salt,
  COALESCE((
    SELECT json_agg(json_build_object('at', e.at, 'kind', e.kind, 'actor', e.actor,
      'note', e.note) ORDER BY e.at, e.id)
    FROM order_events e WHERE e.order_id = o.id), '[]'::json) AS events,
  COALESCE((
    SELECT json_agg(json_build_object('id', p.id, 'uploadedAt', p.uploaded_at,
      'contentType', p.content_type) ORDER BY p.id)
    FROM payment_proofs p WHERE p.order_id = o.id), '[]'::json) AS proofs,
  COALESCE((
    SELECT json_agg(json_build_object(
      'id', oi.id, 'type', oi.type, 'itemId', COALESCE(oi.book_id, oi.stationery_id),
      'title', oi.title, 'isbn13', oi.isbn13, 'quantity', oi.quantity,
      'unitPriceCents', oi.unit_price_cents, 'weightGrams', oi.weight_grams,
      'preorder', oi.preorder) ORDER BY oi.id)
    FROM order_items oi WHERE oi.order_id = o.id), '[]'::json) AS items`;

const ORDER_SELECT = `SELECT ${ORDER_COLUMNS} FROM orders o`;

export interface OrderRow {
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
  payment_status: string;
  courier: string | null;
  tracking_number: string | null;
  reject_reason: string | null;
  expires_at: Date | null;
  locale: string;
  key_salt: string | null;
  events: OrderEvent[];
  proofs: { id: number; uploadedAt: string; contentType: string }[];
}

/** A timestamp as json_build_object writes it, as ISO 8601 in UTC. */
function isoFromJson(at: string): string {
  return new Date(at).toISOString();
}

export function orderFromRow(row: OrderRow): Order {
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
    paymentStatus: row.payment_status as PaymentStatus,
    courier: row.courier,
    trackingNumber: row.tracking_number,
    rejectReason: row.reject_reason,
    expiresAt: row.expires_at === null ? null : row.expires_at.toISOString(),
    locale: row.locale as Locale,
    events: row.events.map((e) => ({
      at: isoFromJson(e.at),
      kind: e.kind,
      actor: e.actor,
      note: e.note,
    })),
    paymentProofs: row.proofs.map((p) => ({
      id: Number(p.id),
      uploadedAt: isoFromJson(p.uploadedAt),
      contentType: p.contentType,
    })),
    keySalt: row.key_salt,
  };
}

/** The order when `keyHash` is its key's hash: one query, whatever is wrong. */
export async function findOrderByKey(
  sql: SqlClient,
  id: number,
  keyHash: string,
): Promise<Order | undefined> {
  const rows = await sql.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1 AND o.key_hash = $2`, [
    id,
    keyHash,
  ]);
  return rows.length > 0 ? orderFromRow(rows[0]) : undefined;
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
