/** Reading orders with their items in one query, on any SqlClient (or transaction). */
import type {
  EventActor,
  EventKind,
  ItemType,
  Order,
  OrderEvent,
  OrderLine,
  OrderPromotion,
  OrderPromotionKind,
  OrderStatus,
  PaymentProof,
} from "../../domain/orders/model.ts";
import type { PromotionNames } from "../../domain/promotions/names.ts";
import { ORDER_FIELDS } from "../../domain/orders/order_record.ts";
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
};

/** A promotion's Sinhala and Tamil names, from their columns (null where none was given). */
function namesOf(si: unknown, ta: unknown): PromotionNames {
  return {
    ...(typeof si === "string" ? { si } : {}),
    ...(typeof ta === "string" ? { ta } : {}),
  };
}

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
    savingCents: "number",
    campaignId: "number or null",
    campaignName: "string or null",
    campaignNameSi: "string or null",
    campaignNameTa: "string or null",
    campaignSavingCents: "number",
    offerSavingCents: "number",
    codeSavingCents: "number",
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
    savingCents: r.savingCents as number,
    campaign: r.campaignId === null ? null : {
      id: r.campaignId as number,
      name: r.campaignName as string,
      names: namesOf(r.campaignNameSi, r.campaignNameTa),
      savingCents: r.campaignSavingCents as number,
    },
    offerSavingCents: r.offerSavingCents as number,
    codeSavingCents: r.codeSavingCents as number,
    weightGrams: r.weightGrams as number,
    preorder: r.preorder as boolean,
    preorderDate: r.preorderDate as string | null,
  };
}

function readPromotion(row: unknown): OrderPromotion {
  const r = shaped("orders", row, {
    kind: "string",
    id: "number",
    name: "string",
    nameSi: "string or null",
    nameTa: "string or null",
    savingCents: "number",
    freeDelivery: "boolean",
  });
  return {
    kind: r.kind as OrderPromotionKind,
    id: r.id as number,
    name: r.name as string,
    names: namesOf(r.nameSi, r.nameTa),
    savingCents: r.savingCents as number,
    freeDelivery: r.freeDelivery as boolean,
  };
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
          'unitPriceCents', oi.unit_price_cents, 'savingCents', oi.saving_cents,
          'campaignId', oi.campaign_id, 'campaignName', oi.campaign_name,
          'campaignNameSi', oi.campaign_name_si, 'campaignNameTa', oi.campaign_name_ta,
          'campaignSavingCents', oi.campaign_saving_cents,
          'offerSavingCents', oi.offer_saving_cents, 'codeSavingCents', oi.code_saving_cents,
          'weightGrams', oi.weight_grams,
          'preorder', oi.preorder,
          'preorderDate', to_char(oi.preorder_date, 'YYYY-MM-DD')) ORDER BY oi.id)
        FROM order_items oi WHERE oi.order_id = o.id), '[]'::json)`,
      read: readLine,
    },
    // The order's offer and code are columns of its own row (migration 0029), read as rows.
    promotions: {
      sql: `(SELECT COALESCE(json_agg(json_build_object('kind', p.kind, 'id', p.id,
          'name', p.name, 'nameSi', p.name_si, 'nameTa', p.name_ta, 'savingCents', p.saving_cents,
          'freeDelivery', p.free_delivery) ORDER BY p.n), '[]'::json)
        FROM (
          SELECT 1 AS n, 'offer' AS kind, o.offer_id AS id, o.offer_name AS name,
            o.offer_name_si AS name_si, o.offer_name_ta AS name_ta,
            o.offer_saving_cents AS saving_cents,
            o.offer_free_delivery AS free_delivery
          WHERE o.offer_id IS NOT NULL
          UNION ALL
          SELECT 2, 'code', o.code_id, o.code, NULL, NULL, o.code_saving_cents,
            o.code_free_delivery
          WHERE o.code_id IS NOT NULL
        ) p)`,
      read: readPromotion,
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
