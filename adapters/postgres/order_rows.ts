/** Reading orders with their items in one query, on any SqlClient (or transaction). */
import type {
  EventActor,
  EventKind,
  ItemType,
  Order,
  OrderEvent,
  OrderLine,
  OrderStatus,
  PaymentProof,
  RefundGiven,
} from "../../domain/orders/model.ts";
import type { PromotionNames } from "../../domain/promotions/names.ts";
import {
  isAdjustmentKind,
  type LineAdjustment,
  type OrderAdjustment,
} from "../../domain/pricing/adjustment_kinds.ts";
import { ORDER_FIELDS } from "../../domain/orders/order_record.ts";
import type { VoucherTender } from "../../domain/vouchers/rules.ts";
import type { SqlClient } from "./sql_client.ts";
import { recordTable, RowShapeError } from "./record_table.ts";

/** A timestamp as json_build_object writes it, as ISO 8601 in UTC. */
function isoFromJson(at: string): string {
  return new Date(at).toISOString();
}

/** The checks of a JSON row's values. */
const CHECKS = {
  number: (v: unknown) => typeof v === "number",
  string: (v: unknown) => typeof v === "string",
  boolean: (v: unknown) => typeof v === "boolean",
  "string or null": (v: unknown) => v === null || typeof v === "string",
  "number or null": (v: unknown) => v === null || typeof v === "number",
  array: (v: unknown) => Array.isArray(v),
  object: (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v),
};

/** A promotion's Sinhala and Tamil names, from their JSON (only the texts given). */
function namesOf(names: Record<string, unknown>): PromotionNames {
  return {
    ...(typeof names.si === "string" ? { si: names.si } : {}),
    ...(typeof names.ta === "string" ? { ta: names.ta } : {}),
  };
}

/** One row of order_adjustments, as its JSON reads. */
function readAdjustment(row: unknown): OrderAdjustment {
  const r = shaped("order_adjustments", row, {
    kind: "string",
    sourceId: "number or null",
    name: "string or null",
    names: "object",
    amountCents: "number",
    freeDelivery: "boolean",
  });
  if (!isAdjustmentKind(r.kind as string)) {
    throw new RowShapeError("order_adjustments", "kind", "a kind of adjustment", r.kind);
  }
  return {
    kind: r.kind as OrderAdjustment["kind"],
    sourceId: r.sourceId as number | null,
    name: r.name as string | null,
    names: namesOf(r.names as Record<string, unknown>),
    amountCents: r.amountCents as number,
    freeDelivery: r.freeDelivery as boolean,
  };
}

/** A line's adjustment: an order's row without free delivery (a line's never has it). */
function lineAdjustment(row: unknown): LineAdjustment {
  const { freeDelivery: _, ...adjustment } = readAdjustment(row);
  return adjustment;
}

/** The JSON of an adjustment row in SQL, for json_agg. */
const ADJUSTMENT_JSON = `json_build_object('kind', a.kind, 'sourceId', a.source_id,
  'name', a.name, 'names', a.names, 'amountCents', a.amount_cents,
  'freeDelivery', a.free_delivery)`;

type Expected = keyof typeof CHECKS;

/** A JSON row of another table, each key checked; a wrong one throws, naming the column. */
function shaped<K extends string>(
  table: string,
  row: unknown,
  keys: Record<K, Expected>,
): Record<K, unknown> {
  const found = (row ?? {}) as Record<string, unknown>;
  for (const [key, expected] of Object.entries(keys) as [K, Expected][]) {
    if (!CHECKS[expected](found[key])) {
      throw new RowShapeError(table, key, expected, found[key]);
    }
  }
  return found as Record<K, unknown>;
}

function readLine(row: unknown): OrderLine & { id: number } {
  const r = shaped("order_items", row, {
    id: "number",
    type: "string",
    itemId: "number",
    title: "string",
    isbn13: "string or null",
    quantity: "number",
    listUnitCents: "number",
    unitPriceCents: "number",
    adjustments: "array",
    weightGrams: "number",
    preorder: "boolean",
    preorderDate: "string or null",
  });
  return {
    id: r.id as number,
    type: r.type as ItemType,
    itemId: r.itemId as number,
    title: r.title as string,
    isbn13: r.isbn13 as string | null,
    quantity: r.quantity as number,
    listUnitCents: r.listUnitCents as number,
    unitPriceCents: r.unitPriceCents as number,
    adjustments: (r.adjustments as unknown[]).map(lineAdjustment),
    weightGrams: r.weightGrams as number,
    preorder: r.preorder as boolean,
    preorderDate: r.preorderDate as string | null,
  };
}

function readVoucher(row: unknown): VoucherTender {
  const r = shaped("voucher_ledger", row, {
    voucherId: "number",
    last4: "string",
    cents: "number",
  });
  return { voucherId: r.voucherId as number, last4: r.last4 as string, cents: r.cents as number };
}

function readRefund(row: unknown): RefundGiven {
  const r = shaped("refunds", row, { amountCents: "number", at: "string" });
  return { amountCents: r.amountCents as number, at: isoFromJson(r.at as string) };
}

function readEvent(row: unknown): OrderEvent {
  const r = shaped("order_events", row, {
    at: "string",
    kind: "string",
    actor: "string",
    note: "string or null",
  });
  return {
    at: isoFromJson(r.at as string),
    kind: r.kind as EventKind,
    actor: r.actor as EventActor,
    note: r.note as string | null,
  };
}

function readProof(row: unknown): PaymentProof {
  const r = shaped("payment_proofs", row, {
    id: "number",
    uploadedAt: "string",
    contentType: "string",
  });
  return {
    id: Number(r.id),
    uploadedAt: isoFromJson(r.uploadedAt as string),
    contentType: r.contentType as string,
  };
}

/**
 * The orders table as ORDER_FIELDS declares it; its lines, timeline and deposit slips each
 * aggregated as JSON in the order's row.
 */
export const ORDER_SQL = recordTable(ORDER_FIELDS, {
  table: "orders",
  alias: "o",
  rows: {
    items: {
      sql: `COALESCE((
        SELECT json_agg(json_build_object(
          'id', oi.id, 'type', oi.type, 'itemId', COALESCE(oi.book_id, oi.stationery_id),
          'title', oi.title, 'isbn13', oi.isbn13, 'quantity', oi.quantity,
          'listUnitCents', oi.list_unit_cents,
          'unitPriceCents', oi.unit_price_cents,
          'adjustments', COALESCE((SELECT json_agg(${ADJUSTMENT_JSON} ORDER BY a.position)
            FROM order_adjustments a WHERE a.order_item_id = oi.id), '[]'::json),
          'weightGrams', oi.weight_grams,
          'preorder', oi.preorder,
          'preorderDate', to_char(oi.preorder_date, 'YYYY-MM-DD')) ORDER BY oi.id)
        FROM order_items oi WHERE oi.order_id = o.id), '[]'::json)`,
      read: readLine,
    },
    // What the order as a whole got: its own rows of order_adjustments (migration 0050).
    adjustments: {
      sql: `COALESCE((SELECT json_agg(${ADJUSTMENT_JSON} ORDER BY a.position)
        FROM order_adjustments a WHERE a.order_id = o.id AND a.order_item_id IS NULL),
        '[]'::json)`,
      read: readAdjustment,
    },
    // The gift vouchers spent on it, as their ledger keeps them (migration 0052).
    vouchers: {
      sql: `COALESCE((SELECT json_agg(json_build_object('voucherId', l.voucher_id,
          'last4', v.last4, 'cents', l.amount_cents) ORDER BY l.id)
        FROM voucher_ledger l JOIN vouchers v ON v.id = l.voucher_id
        WHERE l.order_id = o.id AND l.move = 'spent'), '[]'::json)`,
      read: readVoucher,
    },
    // The refunds that gave money back (migration 0062, the succeeded ones).
    refundsGiven: {
      sql: `COALESCE((SELECT json_agg(json_build_object('amountCents', r.amount_cents,
          'at', r.settled_at) ORDER BY r.settled_at, r.id)
        FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded'), '[]'::json)`,
      read: readRefund,
    },
    events: {
      sql: `COALESCE((
        SELECT json_agg(json_build_object('at', e.at, 'kind', e.kind, 'actor', e.actor,
          'note', e.note) ORDER BY e.at, e.id)
        FROM order_events e WHERE e.order_id = o.id), '[]'::json)`,
      read: readEvent,
    },
    paymentProofs: {
      sql: `COALESCE((
        SELECT json_agg(json_build_object('id', p.id, 'uploadedAt', p.uploaded_at,
          'contentType', p.content_type) ORDER BY p.id)
        FROM payment_proofs p WHERE p.order_id = o.id), '[]'::json)`,
      read: readProof,
    },
  },
});

/** The order's columns and its items, events and proofs, each aggregated as JSON. */
export const ORDER_COLUMNS = ORDER_SQL.columns;

const ORDER_SELECT = `SELECT ${ORDER_COLUMNS} FROM orders o`;

/** An order read with ORDER_COLUMNS; a row of the wrong shape throws, naming the column. */
export function orderFromRow(row: Record<string, unknown>): Order {
  return ORDER_SQL.fromRow(row);
}

/** The order when `keyHash` is its key's hash: one query, whatever is wrong. */
export async function findOrderByKey(
  sql: SqlClient,
  id: number,
  keyHash: string,
): Promise<Order | undefined> {
  const rows = await sql.query(`${ORDER_SELECT} WHERE o.id = $1 AND o.key_hash = $2`, [
    id,
    keyHash,
  ]);
  return rows.length > 0 ? orderFromRow(rows[0]) : undefined;
}

export async function findOrder(sql: SqlClient, id: number): Promise<Order | undefined> {
  const rows = await sql.query(`${ORDER_SELECT} WHERE o.id = $1`, [id]);
  return rows.length > 0 ? orderFromRow(rows[0]) : undefined;
}

/** Newest first; ties (same instant) by id, newest first too. */
/** One customer's orders, newest first. */
export async function listOrdersByUser(sql: SqlClient, userId: number): Promise<Order[]> {
  const rows = await sql.query(
    `${ORDER_SELECT} WHERE o.user_id = $1 ORDER BY o.order_date DESC, o.id DESC`,
    [userId],
  );
  return rows.map(orderFromRow);
}

export async function listOrders(sql: SqlClient, status?: OrderStatus): Promise<Order[]> {
  const rows = await sql.query(
    `${ORDER_SELECT} WHERE $1::text IS NULL OR o.status = $1
     ORDER BY o.order_date DESC, o.id DESC`,
    [status ?? null],
  );
  return rows.map(orderFromRow);
}

/**
 * The orders not cancelled holding a pre-ordered line of the book, oldest first, at most
 * `limit` (OrderRepository.holdingPreorder).
 */
export async function ordersHoldingPreorder(
  sql: SqlClient,
  bookId: number,
  limit: number,
): Promise<Order[]> {
  const rows = await sql.query(
    `${ORDER_SELECT} WHERE o.status <> 'rejected' AND EXISTS (
       SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.book_id = $1 AND i.preorder)
     ORDER BY o.order_date, o.id LIMIT $2`,
    [bookId, limit],
  );
  return rows.map(orderFromRow);
}
