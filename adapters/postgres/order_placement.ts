/**
 * Carries out a placement plan (domain/orders/plans.ts) in one transaction: the idempotency
 * key, the client's hold (order_holds.ts), the stock of every take, the order and its lines
 * in the plan's status, its mails. All or nothing.
 */
import { markOrderStock } from "./attributed_client.ts";
import type {
  IdempotencyClaim,
  OutboxChannels,
  PlaceOrderOutcome,
  SellableItem,
} from "../../domain/ports.ts";
import { outboxItems } from "../../domain/notifications/sms_kinds.ts";
import type { ItemType, Order, OrderLine } from "../../domain/orders/model.ts";
import {
  type CodeUse,
  decideIdempotency,
  type IdempotencyDecision,
  type PlacementPlan,
  placementRefusal,
  type StockTake,
  type TakeMiss,
} from "../../domain/orders/plans.ts";
import type { SqlClient } from "./sql_client.ts";
import { findOrder, ORDER_SQL } from "./order_rows.ts";
import { Params } from "./record_table.ts";
import { claimHold } from "./order_holds.ts";
import { inTurn } from "./pipeline.ts";
import { spendVouchers } from "./vouchers.ts";
import { shopDate } from "../../domain/catalogue/preorder.ts";
import { keptNamesOf } from "../../domain/orders/place_names.ts";

/** Carries an outcome out of a transaction that must roll back. */
class Rollback extends Error {
  constructor(readonly outcome: PlaceOrderOutcome) {
    super(`Order not placed: ${outcome.kind}`);
  }
}

const TABLE: Record<ItemType, "books" | "stationery_items"> = {
  book: "books",
  stationery: "stationery_items",
};

/**
 * Claims the key for this request, or reads what is stored under it, locked until the
 * transaction ends; the domain decides what that means. A concurrent request with the
 * same key waits here until this one commits or rolls back.
 */
async function decideKey(
  tx: SqlClient,
  claim: IdempotencyClaim,
  now: string,
): Promise<IdempotencyDecision> {
  const claimed = await tx.query(
    `INSERT INTO idempotency_keys (key, request_hash, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO NOTHING RETURNING key`,
    [claim.key, claim.requestHash, claim.expiresAt],
  );
  if (claimed.length > 0) return { kind: "place" };
  const [stored] = await tx.query<
    { request_hash: string; order_id: number | null; expires_at: Date | string }
  >(
    "SELECT request_hash, order_id, expires_at FROM idempotency_keys WHERE key = $1 FOR UPDATE",
    [claim.key],
  );
  const decision = decideIdempotency(
    {
      requestHash: stored.request_hash,
      orderId: stored.order_id === null ? null : Number(stored.order_id),
      expiresAt: new Date(stored.expires_at).toISOString(),
    },
    claim,
    now,
  );
  if (decision.kind === "place") {
    // The stored key has expired or never led to an order: this request takes it over.
    await tx.query(
      `UPDATE idempotency_keys SET request_hash = $2, expires_at = $3, order_id = NULL
       WHERE key = $1`,
      [claim.key, claim.requestHash, claim.expiresAt],
    );
  }
  return decision;
}

/**
 * What a copy sells at on `$day` (the order's day in Sri Lanka, a date parameter): its sale
 * price while the sale's days hold that day (never above the price), else its price; the
 * rule of domain/catalogue/sale_price.ts, whose windows are whole days in Colombo.
 */
function shelfUnitSql(day: string): string {
  return `(CASE WHEN sale_price_cents IS NOT NULL
      AND (sale_starts IS NULL OR sale_starts <= ${day}::date)
      AND (sale_ends IS NULL OR ${day}::date <= sale_ends)
    THEN LEAST(sale_price_cents, price_cents) ELSE price_cents END)`;
}

/**
 * Takes one item's stock, guarded by the quantity and the price it was priced at: what a
 * copy sells at on the order's day, its sale price while the sale runs.
 */
function take(tx: SqlClient, item: StockTake, day: string): Promise<boolean> {
  if (item.mixedPrices) return Promise.resolve(false);
  const table = TABLE[item.type];
  return tx.query(
    `UPDATE ${table} SET stock = stock - $1
     WHERE id = $2 AND stock >= $1 AND price_cents = $5 AND ${shelfUnitSql("$4")} = $3
       AND NOT archived
     RETURNING id`,
    [item.quantity, item.id, item.unitPriceCents, day, item.listUnitCents],
  ).then((taken) => taken.length === 1);
}

/** Why one take was refused: too few copies, or a price no longer the one priced. */
async function missOf(tx: SqlClient, item: StockTake, day: string): Promise<TakeMiss> {
  const table = TABLE[item.type];
  const rows = await tx.query<{ stock: number; price_cents: number; unit_cents: number }>(
    `SELECT stock, price_cents, ${shelfUnitSql("$2")} AS unit_cents FROM ${table}
     WHERE id = $1 AND NOT archived`,
    [item.id, day],
  );
  const shortfall = (available: number): TakeMiss => ({
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
  // Held to the usual price and to what a copy sells for on the order's day (its sale
  // price while it runs) as they were priced.
  if (
    item.mixedPrices || Number(rows[0].price_cents) !== item.listUnitCents ||
    Number(rows[0].unit_cents) !== item.unitPriceCents
  ) {
    return { kind: "price" };
  }
  return shortfall(rows[0].stock);
}

/** Takes the stock of every take of the plan, or answers why the order cannot be served. */
async function takeStock(
  tx: SqlClient,
  plan: PlacementPlan,
  findSellable: (tx: SqlClient, items: { type: ItemType; id: number }[]) => Promise<SellableItem[]>,
): Promise<PlaceOrderOutcome | undefined> {
  const day = shopDate(new Date(plan.order.orderDate));
  // The transaction is marked as an order's before any stock moves, and every take is sent
  // with it in one round trip (pipeline.ts): the server takes them in the plan's order.
  const [, ...taken] = await inTurn<[void, ...boolean[]]>([
    markOrderStock(tx, { genericPlans: true }),
    ...plan.takes.map((item) => take(tx, item, day)),
  ]);
  const misses: (TakeMiss | undefined)[] = [];
  for (const [i, item] of plan.takes.entries()) {
    misses.push(taken[i] ? undefined : await missOf(tx, item, day));
  }
  const refusal = placementRefusal(misses);
  if (refusal?.kind === "price_changed") {
    return { kind: "price_changed", items: await findSellable(tx, plan.takes) };
  }
  return refusal;
}

/**
 * Stores the order, all its lines and its checkout mail in one statement (one round trip
 * instead of one per line: at 32 concurrent checkouts the shop's CPU went mostly to
 * sending statements), and marks the idempotency key as this order's when there is one.
 * The lines keep their order: their ids follow it. The order's columns come from
 * ORDER_FIELDS; every other value stands beside its column (Params).
 */
async function insertOrder(
  tx: SqlClient,
  plan: PlacementPlan,
  opts: { key?: string; channels: OutboxChannels },
): Promise<Order> {
  const { order } = plan;
  const { key } = opts;
  // Each mail, and its text beside it when SMS is on (domain/notifications/sms_kinds.ts).
  const outbox = outboxItems(plan.mails, opts.channels);
  const lines = order.lines;
  const p = new Params();
  const placed = ORDER_SQL.insertOf(p, placedOrder(plan, 0, []), {
    province_id: order.destination.provinceId,
    district_id: order.destination.districtId,
    area_id: order.destination.areaId,
    key_hash: order.key?.hash ?? null,
  });
  // Every adjustment as a row (migration 0050): a line's by its line's place in the order
  // (1-based), the order's own with none; each with its place among its line's or order's.
  const adjustments = [
    ...lines.flatMap((line, i) =>
      line.adjustments.map((a, at) => ({
        ...a,
        line: i + 1,
        position: at + 1,
        freeDelivery: false,
      }))
    ),
    ...order.adjustments.map((a, at) => ({ ...a, line: null, position: at + 1 })),
  ];
  const events = plan.events;
  // The pre-order flags go as text: postgres.js sends an array of booleans as one boolean.
  const [{ id, item_ids }] = await tx.query<{ id: number; item_ids: number[] }>(
    `WITH placed AS (
       ${placed}
       RETURNING id
     ), events AS (
       INSERT INTO order_events (order_id, at, kind, actor, note)
       SELECT placed.id, e.at, e.kind, e.actor, e.note
       FROM placed, unnest(${p.add(events.map((e) => e.at))}::timestamptz[],
         ${p.add(events.map((e) => e.kind))}::text[],
         ${p.add(events.map((e) => e.actor))}::text[],
         ${p.add(events.map((e) => e.note))}::text[])
         WITH ORDINALITY AS e(at, kind, actor, note, n)
       ORDER BY e.n
     ), lines AS (
       INSERT INTO order_items (order_id, type, book_id, stationery_id, title, isbn13,
         list_unit_cents, unit_price_cents, saving_cents, weight_grams, quantity, preorder,
         preorder_date)
       SELECT placed.id, l.type, CASE WHEN l.type = 'book' THEN l.item_id END,
         CASE WHEN l.type = 'stationery' THEN l.item_id END, l.title, l.isbn13,
         l.list_unit_cents, l.unit_price_cents, l.saving_cents, l.weight_grams, l.quantity,
         l.preorder::boolean, l.preorder_date::date
       FROM placed, unnest(${p.add(lines.map((l) => l.type))}::text[],
         ${p.add(lines.map((l) => l.itemId))}::integer[],
         ${p.add(lines.map((l) => l.title))}::text[],
         ${p.add(lines.map((l) => l.isbn13))}::text[],
         ${p.add(lines.map((l) => l.listUnitCents))}::bigint[],
         ${p.add(lines.map((l) => l.unitPriceCents))}::bigint[],
         ${p.add(lines.map(afterSaleCents))}::bigint[],
         ${p.add(lines.map((l) => l.weightGrams))}::integer[],
         ${p.add(lines.map((l) => l.quantity))}::integer[],
         ${p.add(lines.map((l) => String(l.preorder)))}::text[],
         ${p.add(lines.map((l) => l.preorderDate ?? null))}::text[])
         WITH ORDINALITY AS l(type, item_id, title, isbn13, list_unit_cents, unit_price_cents,
           saving_cents, weight_grams, quantity, preorder, preorder_date, n)
       ORDER BY l.n
       RETURNING id
     ), adjusted AS (
       INSERT INTO order_adjustments (order_id, order_item_id, position, kind, source_id, name,
         names, amount_cents, free_delivery)
       SELECT placed.id, numbered.id, a.position, a.kind, a.source_id, a.name, a.names::jsonb,
         a.amount_cents, a.free_delivery::boolean
       FROM placed, unnest(${p.add(adjustments.map((a) => a.line))}::integer[],
         ${p.add(adjustments.map((a) => a.position))}::integer[],
         ${p.add(adjustments.map((a) => a.kind))}::text[],
         ${p.add(adjustments.map((a) => a.sourceId))}::bigint[],
         ${p.add(adjustments.map((a) => a.name))}::text[],
         ${p.add(adjustments.map((a) => JSON.stringify(a.names)))}::text[],
         ${p.add(adjustments.map((a) => a.amountCents))}::bigint[],
         ${p.add(adjustments.map((a) => String(a.freeDelivery)))}::text[])
         AS a(line, position, kind, source_id, name, names, amount_cents, free_delivery)
       LEFT JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM lines) numbered
         ON numbered.n = a.line
     ), mail AS (
       INSERT INTO mail_outbox (channel, kind, order_id)
       SELECT m.channel, m.kind, placed.id
       FROM placed, unnest(${p.add(outbox.map((m) => m.channel))}::text[],
         ${p.add(outbox.map((m) => m.kind))}::text[])
         WITH ORDINALITY AS m(channel, kind, n)
       ORDER BY m.n
     ), claimed AS (
       UPDATE idempotency_keys SET order_id = placed.id FROM placed
       WHERE key = ${p.add(key ?? null)}
     )
     SELECT placed.id, (SELECT array_agg(lines.id ORDER BY lines.id) FROM lines) AS item_ids
     FROM placed`,
    p.values,
  );
  return placedOrder(plan, id, item_ids.map(Number));
}

/**
 * What a line's adjustments after its sale price took off: the line keeps it beside them
 * (`order_items.saving_cents`) for the reports' sums of what lines cost.
 */
function afterSaleCents(line: OrderLine): number {
  return line.adjustments.filter((a) => a.kind !== "sale").reduce((t, a) => t + a.amountCents, 0);
}

/** The order as stored, from what was inserted: no second read. */
function placedOrder(plan: PlacementPlan, id: number, itemIds: number[]): Order {
  const { order } = plan;
  return {
    id,
    userId: order.userId,
    status: plan.status,
    orderDate: new Date(order.orderDate).toISOString(),
    customer: { ...order.customer },
    provinceName: order.provinceName,
    districtName: order.districtName,
    areaName: order.areaName,
    ...keptNamesOf(order),
    totalCents: order.totalCents,
    deliveryFeeCents: order.deliveryFeeCents,
    parcels: order.parcels ?? "together",
    secondParcelFeeCents: order.secondParcelFeeCents ?? 0,
    paymentMethod: order.paymentMethod,
    items: order.lines.map((line, i) => ({
      ...line,
      adjustments: line.adjustments.map((a) => ({ ...a, names: { ...a.names } })),
      id: itemIds[i],
    })),
    adjustments: order.adjustments.map((a) => ({ ...a, names: { ...a.names } })),
    vouchers: order.vouchers.map((v) => ({ ...v })),
    refundsGiven: [],
    paymentStatus: plan.paymentStatus,
    courier: null,
    trackingNumber: null,
    rejectReason: null,
    expiresAt: plan.expiresAt,
    locale: order.locale,
    events: plan.events.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
    paymentProofs: [],
    keySalt: order.key?.salt ?? null,
  };
}

/**
 * Counts the order's use of its code: the code's row is updated only while uses are left,
 * which locks it, so checkouts with one code queue here and never pass its cap together;
 * then the customer's uses are counted under that lock. Refused: the outcome to roll back.
 */
async function useCode(
  tx: SqlClient,
  orderId: number,
  use: CodeUse | undefined,
): Promise<PlaceOrderOutcome | undefined> {
  if (!use) return undefined;
  const taken = await tx.query<{ paused: boolean }>(
    `UPDATE discount_codes SET uses = uses + 1
     WHERE id = $1 AND (max_uses IS NULL OR uses < max_uses) RETURNING paused`,
    [use.codeId],
  );
  if (taken.length === 0) return { kind: "code_refused", reason: "used_up" };
  if (taken[0].paused) return { kind: "code_refused", reason: "paused" };
  if (use.maxPerCustomer !== null) {
    const [{ held }] = await tx.query<{ held: number }>(
      `SELECT count(*)::int AS held FROM discount_code_uses
       WHERE code_id = $1 AND returned_at IS NULL AND customer_keys && $2::text[]`,
      [use.codeId, use.customerKeys],
    );
    if (held >= use.maxPerCustomer) return { kind: "code_refused", reason: "customer_limit" };
  }
  await tx.query(
    "INSERT INTO discount_code_uses (order_id, code_id, customer_keys) VALUES ($1, $2, $3::text[])",
    [orderId, use.codeId, use.customerKeys],
  );
  return undefined;
}

/** See OrderRepository.place in domain/ports.ts. */
export async function placeOrder(
  sql: SqlClient,
  request: { plan: PlacementPlan; idempotency?: IdempotencyClaim; channels: OutboxChannels },
  findSellable: (tx: SqlClient, items: { type: ItemType; id: number }[]) => Promise<SellableItem[]>,
): Promise<PlaceOrderOutcome> {
  const { plan, idempotency } = request;
  try {
    return await sql.transaction(async (tx): Promise<PlaceOrderOutcome> => {
      if (idempotency) {
        const decision = await decideKey(tx, idempotency, plan.order.orderDate);
        if (decision.kind === "mismatch") return { kind: "idempotency_mismatch" };
        if (decision.kind === "replay") {
          const first = await findOrder(tx, decision.orderId);
          if (!first) throw new Error(`Idempotency key "${idempotency.key}" has no order`);
          return { kind: "replayed", order: first };
        }
      }
      // The stock an order takes is the order's entry in the audit trail, not the products'
      // (takeStock marks the transaction so).
      const refused = await takeStock(tx, plan, findSellable);
      if (refused) throw new Rollback(refused);
      // The client's marks are locked last, so that one client's orders queue only for the
      // sum and the commit, not for each other's stock and rows: with the marks locked first,
      // one address placing orders at once could place 97-140 a second. They go in the same
      // round trip as the order's insert (pipeline.ts), which the server runs first.
      const [order, overHeld] = await inTurn([
        insertOrder(tx, plan, { key: idempotency?.key, channels: request.channels }),
        claimHold(tx, plan.hold),
      ]);
      if (overHeld) throw new Rollback({ kind: "too_much_held", refusal: overHeld });
      const codeRefused = await useCode(tx, order.id, plan.codeUse);
      if (codeRefused) throw new Rollback(codeRefused);
      // Its gift vouchers last: each voucher's row is locked only while this commits.
      const unpaid = await spendVouchers(
        tx,
        order.id,
        plan.order.vouchers,
        new Date(plan.order.orderDate).toISOString(),
      );
      if (unpaid) throw new Rollback({ kind: "voucher_changed", ...unpaid });
      return { kind: "placed", order };
    });
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    throw error;
  }
}
