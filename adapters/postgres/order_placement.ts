/**
 * Placing an order in one transaction: claim the idempotency key, take the stock of every
 * line, store the order and its lines, enqueue the checkout mail. All or nothing.
 */
import type {
  IdempotencyClaim,
  NewOrder,
  PlaceOrderOutcome,
  SellableItem,
  StockShortfall,
} from "../../domain/ports.ts";
import type { ItemType, Order, OrderLine } from "../../domain/orders/model.ts";
import type { SqlClient } from "./sql_client.ts";
import { findOrder } from "./order_rows.ts";

/** Carries an outcome out of a transaction that must roll back. */
class Rollback extends Error {
  constructor(readonly outcome: PlaceOrderOutcome) {
    super(`Order not placed: ${outcome.kind}`);
  }
}

/** One item's share of an order: its lines summed. */
interface StockTake {
  type: ItemType;
  id: number;
  title: string;
  quantity: number;
  unitPriceCents: number;
  /** Lines for the item disagree on the unit price. */
  mixedPrices: boolean;
}

const TABLE: Record<ItemType, "books" | "stationery_items"> = {
  book: "books",
  stationery: "stationery_items",
};

/** Lines for the same item summed; books then stationery, each in id order, so that
 * concurrent orders lock rows in one global order and never deadlock. */
export function stockTakes(lines: OrderLine[]): StockTake[] {
  const byItem = new Map<string, StockTake>();
  for (const line of lines) {
    const key = `${line.type}:${line.itemId}`;
    const take = byItem.get(key);
    if (take) {
      take.quantity += line.quantity;
      take.mixedPrices ||= take.unitPriceCents !== line.unitPriceCents;
    } else {
      byItem.set(key, {
        type: line.type,
        id: line.itemId,
        title: line.title,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        mixedPrices: false,
      });
    }
  }
  return [...byItem.values()].sort((a, b) =>
    a.type === b.type ? a.id - b.id : a.type === "book" ? -1 : 1
  );
}

type Claim =
  | { kind: "claimed" }
  | { kind: "seen"; requestHash: string; orderId: number | null };

/** Claims the key, or takes over an expired one; otherwise reports what was stored under it. */
async function claimKey(tx: SqlClient, claim: IdempotencyClaim, now: string): Promise<Claim> {
  const claimed = await tx.query(
    `INSERT INTO idempotency_keys (key, request_hash, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE
       SET request_hash = excluded.request_hash, expires_at = excluded.expires_at, order_id = NULL
       WHERE idempotency_keys.expires_at <= $4
     RETURNING key`,
    [claim.key, claim.requestHash, claim.expiresAt, now],
  );
  if (claimed.length > 0) return { kind: "claimed" };
  const [seen] = await tx.query<{ request_hash: string; order_id: number | null }>(
    "SELECT request_hash, order_id FROM idempotency_keys WHERE key = $1",
    [claim.key],
  );
  return { kind: "seen", requestHash: seen.request_hash, orderId: seen.order_id };
}

/** What a take that touched nothing ran into. */
type Miss = { kind: "price" } | { kind: "short"; shortfall: StockShortfall };

async function take(tx: SqlClient, item: StockTake): Promise<Miss | undefined> {
  const table = TABLE[item.type];
  if (!item.mixedPrices) {
    const taken = await tx.query(
      `UPDATE ${table} SET stock = stock - $1
       WHERE id = $2 AND stock >= $1 AND price_cents = $3 AND NOT archived
       RETURNING id`,
      [item.quantity, item.id, item.unitPriceCents],
    );
    if (taken.length === 1) return undefined;
  }
  const rows = await tx.query<{ stock: number; price_cents: number }>(
    `SELECT stock, price_cents FROM ${table} WHERE id = $1 AND NOT archived`,
    [item.id],
  );
  const shortfall = (available: number): Miss => ({
    kind: "short",
    shortfall: {
      type: item.type,
      id: item.id,
      title: item.title,
      requested: item.quantity,
      available,
    },
  });
  if (rows.length === 0) return shortfall(0);
  if (item.mixedPrices || rows[0].price_cents !== item.unitPriceCents) return { kind: "price" };
  return shortfall(rows[0].stock);
}

/** Takes the stock of every line, or names why the order cannot be served. */
async function takeStock(
  tx: SqlClient,
  order: NewOrder,
  findSellable: (tx: SqlClient, items: { type: ItemType; id: number }[]) => Promise<SellableItem[]>,
): Promise<PlaceOrderOutcome | undefined> {
  const takes = stockTakes(order.lines);
  const shortfalls: StockShortfall[] = [];
  let priceChanged = false;
  for (const item of takes) {
    const miss = await take(tx, item);
    if (miss?.kind === "price") priceChanged = true;
    if (miss?.kind === "short") shortfalls.push(miss.shortfall);
  }
  if (priceChanged) return { kind: "price_changed", items: await findSellable(tx, takes) };
  if (shortfalls.length > 0) return { kind: "insufficient_stock", lines: shortfalls };
  return undefined;
}

/**
 * Stores the order, all its lines and its checkout mail in one statement (one round trip
 * instead of one per line: at 32 concurrent checkouts the shop's CPU went mostly to
 * sending statements), and marks the idempotency key as this order's when there is one.
 * The lines keep their order: their ids follow it.
 */
async function insertOrder(tx: SqlClient, order: NewOrder, key?: string): Promise<Order> {
  const lines = order.lines;
  const [{ id, item_ids }] = await tx.query<{ id: number; item_ids: number[] }>(
    `WITH placed AS (
       INSERT INTO orders (user_id, status, order_date, name, address, email, phone, postal_code,
         province_id, district_id, area_id, province_name, district_name, area_name,
         payment_method, total_cents, delivery_fee_cents)
       VALUES ($1, 'pending', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       RETURNING id
     ), lines AS (
       INSERT INTO order_items (order_id, type, book_id, stationery_id, title, isbn13,
         unit_price_cents, weight_grams, quantity, preorder)
       SELECT placed.id, l.type, CASE WHEN l.type = 'book' THEN l.item_id END,
         CASE WHEN l.type = 'stationery' THEN l.item_id END, l.title, l.isbn13,
         l.unit_price_cents, l.weight_grams, l.quantity, l.preorder::boolean
       FROM placed, unnest($17::text[], $18::integer[], $19::text[], $20::text[], $21::bigint[],
         $22::integer[], $23::integer[], $24::text[])
         WITH ORDINALITY AS l(type, item_id, title, isbn13, unit_price_cents, weight_grams,
           quantity, preorder, n)
       ORDER BY l.n
       RETURNING id
     ), mail AS (
       INSERT INTO mail_outbox (kind, order_id) SELECT 'order_placed', id FROM placed
     ), claimed AS (
       UPDATE idempotency_keys SET order_id = placed.id FROM placed WHERE key = $25
     )
     SELECT placed.id, (SELECT array_agg(lines.id ORDER BY lines.id) FROM lines) AS item_ids
     FROM placed`,
    [
      order.userId,
      order.orderDate,
      order.customer.name,
      order.customer.address,
      order.customer.email,
      order.customer.phone,
      order.customer.postalCode,
      order.destination.provinceId,
      order.destination.districtId,
      order.destination.areaId,
      order.provinceName,
      order.districtName,
      order.areaName,
      order.paymentMethod,
      order.totalCents,
      order.deliveryFeeCents,
      lines.map((l) => l.type),
      lines.map((l) => l.itemId),
      lines.map((l) => l.title),
      lines.map((l) => l.isbn13),
      lines.map((l) => l.unitPriceCents),
      lines.map((l) => l.weightGrams),
      lines.map((l) => l.quantity),
      // As text: postgres.js sends an array of booleans as one boolean.
      lines.map((l) => String(l.preorder)),
      key ?? null,
    ],
  );
  return placedOrder(order, id, item_ids.map(Number));
}

/** The order as stored, from what was inserted: no second read. */
function placedOrder(order: NewOrder, id: number, itemIds: number[]): Order {
  return {
    id,
    userId: order.userId,
    status: "pending",
    orderDate: new Date(order.orderDate).toISOString(),
    customer: { ...order.customer },
    provinceName: order.provinceName,
    districtName: order.districtName,
    areaName: order.areaName,
    totalCents: order.totalCents,
    deliveryFeeCents: order.deliveryFeeCents,
    paymentMethod: order.paymentMethod,
    items: order.lines.map((line, i) => ({ ...line, id: itemIds[i] })),
  };
}

/** See OrderRepository.place in domain/ports.ts. */
export async function placeOrder(
  sql: SqlClient,
  request: { order: NewOrder; idempotency?: IdempotencyClaim },
  findSellable: (tx: SqlClient, items: { type: ItemType; id: number }[]) => Promise<SellableItem[]>,
): Promise<PlaceOrderOutcome> {
  const { order, idempotency } = request;
  try {
    return await sql.transaction(async (tx): Promise<PlaceOrderOutcome> => {
      if (idempotency) {
        const claim = await claimKey(tx, idempotency, order.orderDate);
        if (claim.kind === "seen") {
          if (claim.requestHash !== idempotency.requestHash) {
            return { kind: "idempotency_mismatch" };
          }
          const first = claim.orderId === null ? undefined : await findOrder(tx, claim.orderId);
          if (!first) throw new Error(`Idempotency key "${idempotency.key}" has no order`);
          return { kind: "replayed", order: first };
        }
      }
      const refused = await takeStock(tx, order, findSellable);
      if (refused) throw new Rollback(refused);
      return { kind: "placed", order: await insertOrder(tx, order, idempotency?.key) };
    });
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    throw error;
  }
}
