import { markOrderStock } from "./attributed_client.ts";
import type {
  CustomerOrders,
  IdempotencyClaim,
  MailKind,
  OrderRepository,
  OutboxChannels,
  PaymentChangeOutcome,
  PlaceOrderOutcome,
  ProofOutcome,
  SellableItem,
  StatusChangeOutcome,
} from "../../domain/ports.ts";
import type {
  ItemType,
  Order,
  OrderEvent,
  OrderStats,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from "../../domain/orders/model.ts";
import type { OrderPage, OrderQuery, TimeRange } from "../../domain/orders/order_query.ts";
import type { PaymentPlan } from "../../domain/orders/payment.ts";
import { searchOrders } from "./order_search.ts";
import { planLapse } from "../../domain/orders/lapse.ts";
import { LAPSING_METHODS } from "../../domain/orders/payment_policy.ts";
import type { SqlClient } from "./sql_client.ts";
import { MAX_STOCK } from "../../domain/catalogue/stock.ts";
import {
  findOrder,
  findOrderByKey,
  listOrders,
  listOrdersByUser,
  ordersHoldingPreorder,
} from "./order_rows.ts";
import { addProof, findProof } from "./payment_proofs.ts";
import { enqueueMails } from "./outbox_rows.ts";
import { MAIL_ONLY } from "../../domain/notifications/sms_kinds.ts";
import type { ProofPlan, ProofType } from "../../domain/orders/payment_proofs.ts";
import { placeOrder } from "./order_placement.ts";
import { Params } from "./record_table.ts";
import { releaseHold } from "./order_holds.ts";
import type { PlacementPlan, TransitionPlan } from "../../domain/orders/plans.ts";
import { saleOf } from "../../domain/catalogue/sale_price.ts";
import { returnVouchers } from "./vouchers.ts";

interface SellableRow {
  id: number;
  title: string;
  isbn13: string | null;
  price_cents: number;
  stock: number;
  weight_grams: number;
  preorder: boolean;
  preorder_date: string | null;
  category_id: number;
  language: string | null;
  sale_price_cents: number | null;
  sale_starts: string | null;
  sale_ends: string | null;
}

/** A product's sale, its days as YYYY-MM-DD on both engines. */
const SALE_COLUMNS = `sale_price_cents, to_char(sale_starts, 'YYYY-MM-DD') AS sale_starts,
       to_char(sale_ends, 'YYYY-MM-DD') AS sale_ends`;

/** The most ids a list names one by one; a longer list goes as one array. */
const LISTED_IDS = 16;

/**
 * Ids for `= ANY(...)`: up to LISTED_IDS as that many values (`ARRAY[$1, $2]`), so that the
 * prepared statement's generic plan knows how many and is kept. Given as one array
 * parameter, its length is unknown to that plan, which then looked dearer than one made
 * for the values, and every checkout's read was planned again (0.22 ms of the server's
 * 2.7 ms an order: docs/benchmarks.md, item 51).
 */
function idList(params: Params, ids: number[]): string {
  if (ids.length > LISTED_IDS) return `${params.add(ids)}::integer[]`;
  return `ARRAY[${ids.map((id) => params.add(id)).join(", ")}]::integer[]`;
}

/** Current state of the asked items, in the order asked, each once; archived ones left out. */
async function findSellable(
  sql: SqlClient,
  items: { type: ItemType; id: number }[],
): Promise<SellableItem[]> {
  const ids = (
    type: ItemType,
  ) => [...new Set(items.filter((i) => i.type === type).map((i) => i.id))];
  // One statement for both kinds: each statement is a round trip of its own.
  const params = new Params();
  const rows = await sql.query<SellableRow & { type: ItemType }>(
    `SELECT 'book' AS type, id, title, isbn13, price_cents, stock, weight_grams, preorder,
       to_char(preorder_date, 'YYYY-MM-DD') AS preorder_date, category_id, language,
       ${SALE_COLUMNS}
     FROM books WHERE id = ANY(${idList(params, ids("book"))}) AND NOT archived
     UNION ALL
     SELECT 'stationery', id, title, NULL, price_cents, stock, weight_grams, false, NULL,
       category_id, NULL, ${SALE_COLUMNS}
     FROM stationery_items WHERE id = ANY(${idList(params, ids("stationery"))}) AND NOT archived`,
    params.values,
  );
  const found = new Map<string, SellableItem>();
  const add = (type: ItemType) => (row: SellableRow) =>
    found.set(`${type}:${row.id}`, {
      type,
      id: row.id,
      title: row.title,
      isbn13: row.isbn13,
      priceCents: row.price_cents,
      stock: row.stock,
      weightGrams: row.weight_grams,
      preorder: row.preorder,
      preorderDate: row.preorder_date,
      categoryId: row.category_id,
      language: row.language,
      sale: saleOf({
        salePriceCents: row.sale_price_cents === null ? null : Number(row.sale_price_cents),
        saleStarts: row.sale_starts,
        saleEnds: row.sale_ends,
      }),
    });
  for (const row of rows) add(row.type)(row);
  const ordered = new Map<string, SellableItem>();
  for (const item of items) {
    const key = `${item.type}:${item.id}`;
    const hit = found.get(key);
    if (hit) ordered.set(key, hit);
  }
  return [...ordered.values()];
}

/**
 * Orders, their stock, slips and mail, each change in one transaction. Told at
 * construction whether texts go out (`channels.sms`): then each customer mail of an SMS
 * kind gets its text in the outbox beside it, in the same transaction.
 */
export class PostgresOrderRepository implements OrderRepository, CustomerOrders {
  readonly #sql: SqlClient;
  readonly #channels: OutboxChannels;

  constructor(sql: SqlClient, channels: OutboxChannels = MAIL_ONLY) {
    this.#sql = sql;
    this.#channels = channels;
  }

  findSellable(items: { type: ItemType; id: number }[]): Promise<SellableItem[]> {
    return findSellable(this.#sql, items);
  }

  place(plan: PlacementPlan, idempotency?: IdempotencyClaim): Promise<PlaceOrderOutcome> {
    return placeOrder(this.#sql, { plan, idempotency, channels: this.#channels }, findSellable);
  }

  findById(id: number): Promise<Order | undefined> {
    return findOrder(this.#sql, id);
  }

  findByKey(id: number, keyHash: string): Promise<Order | undefined> {
    return findOrderByKey(this.#sql, id, keyHash);
  }

  addProof(plan: ProofPlan): Promise<ProofOutcome> {
    return addProof(this.#sql, plan, this.#channels);
  }

  findProof(
    orderId: number,
    proofId: number,
  ): Promise<{ contentType: ProofType; bytes: Uint8Array } | undefined> {
    return findProof(this.#sql, orderId, proofId);
  }

  list(status?: OrderStatus): Promise<Order[]> {
    return listOrders(this.#sql, status);
  }

  search(query: OrderQuery): Promise<OrderPage> {
    return searchOrders(this.#sql, query);
  }

  holdingPreorder(bookId: number, limit: number): Promise<Order[]> {
    return ordersHoldingPreorder(this.#sql, bookId, limit);
  }

  listByUser(userId: number): Promise<Order[]> {
    return listOrdersByUser(this.#sql, userId);
  }

  async stats(today: TimeRange): Promise<OrderStats> {
    type Row = Omit<OrderStats, "today"> & {
      todayOrders: number;
      todaySubtotalCents: number;
      todayPaidOrders: number;
      todayTakingsCents: number;
    };
    // Takings (domain/orders/takings.ts): the orders whose last "paid" event is today, still
    // paid and not rejected; read from the day's payment events, not from every order.
    const [row] = await this.#sql.query<Row>(
      `WITH taken AS (
         SELECT o.total_cents + o.delivery_fee_cents - order_voucher_cents(o.id) AS cents
           FROM orders o
          WHERE o.payment_status = 'paid' AND o.status <> 'rejected'
            AND o.id IN (SELECT e.order_id FROM order_events e
                          WHERE e.kind = 'paid' AND e.at >= $1 AND e.at < $2)
            AND NOT EXISTS (SELECT 1 FROM order_events e
                             WHERE e.order_id = o.id AND e.kind = 'paid' AND e.at >= $2)
       )
       SELECT
         (SELECT COALESCE(sum(oi.unit_price_cents * oi.quantity - oi.saving_cents), 0)
            FROM order_items oi JOIN orders o ON o.id = oi.order_id
           WHERE o.status = 'completed') AS "completedItemsTotalCents",
         count(*) FILTER (WHERE status = 'pending') AS pending,
         count(*) FILTER (WHERE status = 'completed') AS completed,
         count(*) FILTER (WHERE status = 'rejected') AS rejected,
         count(*) FILTER (WHERE status = 'pending' AND payment_status <> 'paid')
           AS "awaitingPayment",
         count(*) FILTER (WHERE status = 'pending' AND payment_status = 'proof_submitted')
           AS "proofsToCheck",
         count(*) FILTER (WHERE status <> 'rejected' AND order_date >= $1 AND order_date < $2)
           AS "todayOrders",
         COALESCE(sum(total_cents + delivery_fee_cents)
           FILTER (WHERE status <> 'rejected' AND order_date >= $1 AND order_date < $2), 0)
           AS "todaySubtotalCents",
         (SELECT count(*) FROM taken) AS "todayPaidOrders",
         (SELECT COALESCE(sum(cents), 0) FROM taken) AS "todayTakingsCents"
       FROM orders`,
      [today.from, today.to],
    );
    return {
      completedItemsTotalCents: row.completedItemsTotalCents,
      pending: row.pending,
      completed: row.completed,
      rejected: row.rejected,
      awaitingPayment: row.awaitingPayment,
      proofsToCheck: row.proofsToCheck,
      today: {
        orders: row.todayOrders,
        subtotalCents: row.todaySubtotalCents,
        paidOrders: row.todayPaidOrders,
        takingsCents: row.todayTakingsCents,
      },
    };
  }

  changePayment(plan: PaymentPlan, slipPdf?: Uint8Array): Promise<PaymentChangeOutcome> {
    if (plan.saveSlip && !slipPdf) throw new Error("The payment change needs the order slip");
    return this.#sql.transaction(async (tx) => {
      const moved = await tx.query(
        `UPDATE orders SET payment_status = $2,
           expires_at = CASE WHEN $6::timestamptz IS NOT NULL THEN $6::timestamptz
             WHEN $5::boolean THEN NULL ELSE expires_at END
         WHERE id = $1 AND status = $3 AND payment_status = $4 RETURNING id`,
        [
          plan.orderId,
          plan.to,
          plan.orderStatus,
          plan.from,
          plan.clearExpiry,
          plan.newExpiry ?? null,
        ],
      );
      if (moved.length === 0) {
        const rows = await tx.query<{ status: OrderStatus; payment_status: PaymentStatus }>(
          "SELECT status, payment_status FROM orders WHERE id = $1",
          [plan.orderId],
        );
        return rows.length === 0 ? { kind: "not_found" } : {
          kind: "conflict",
          status: rows[0].status,
          paymentStatus: rows[0].payment_status,
        };
      }
      await insertEvent(tx, plan.orderId, plan.event);
      if (plan.saveSlip) {
        await tx.query(
          `INSERT INTO order_slips (order_id, pdf) VALUES ($1, $2)
           ON CONFLICT (order_id) DO UPDATE SET pdf = EXCLUDED.pdf`,
          [plan.orderId, slipPdf],
        );
      }
      await enqueueMails(tx, plan.orderId, plan.mails, this.#channels);
      return { kind: "changed", order: (await findOrder(tx, plan.orderId))! };
    });
  }

  async enqueueMail(orderId: number, kind: MailKind): Promise<void> {
    await enqueueMails(this.#sql, orderId, [kind], this.#channels);
  }

  addEvent(orderId: number, event: OrderEvent): Promise<Order | undefined> {
    return this.#sql.transaction(async (tx) => {
      const found = await tx.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE", [orderId]);
      if (found.length === 0) return undefined;
      await insertEvent(tx, orderId, event);
      return await findOrder(tx, orderId);
    });
  }

  changeStatus(plan: TransitionPlan, slipPdf?: Uint8Array): Promise<StatusChangeOutcome> {
    if (plan.saveSlip && !slipPdf) throw new Error(`The move to ${plan.to} needs the order slip`);
    return this.#sql.transaction((tx) => applyTransition(tx, plan, this.#channels, slipPdf));
  }

  async lapseDue(now: string, limit: number): Promise<number[]> {
    const lapsed: number[] = [];
    while (lapsed.length < limit) {
      // One order a transaction: a lock held for one order only, and another process takes
      // the next one meanwhile (SKIP LOCKED) instead of waiting behind this one.
      const id = await this.#sql.transaction(async (tx) => {
        // lapses() as SQL: pending, not paid, its hold up.
        const due = await tx.query<
          { id: number; payment_method: PaymentMethod; payment_status: PaymentStatus }
        >(
          `SELECT o.id, o.payment_method, o.payment_status
           FROM orders o
           WHERE o.status = 'pending' AND o.payment_method = ANY($2::text[])
             AND o.payment_status <> 'paid' AND o.expires_at IS NOT NULL
             AND o.expires_at <= $1
           ORDER BY o.expires_at, o.id LIMIT 1
           FOR UPDATE OF o SKIP LOCKED`,
          [now, LAPSING_METHODS],
        );
        if (due.length === 0) return undefined;
        const [order] = due;
        const plan = planLapse(Number(order.id), now, {
          paymentMethod: order.payment_method,
          paymentStatus: order.payment_status,
        });
        const outcome = await applyTransition(tx, plan, this.#channels);
        return outcome.kind === "changed" ? outcome.order.id : undefined;
      });
      if (id === undefined) break;
      lapsed.push(id);
    }
    return lapsed;
  }

  async findSlip(id: number): Promise<Uint8Array | undefined> {
    const rows = await this.#sql.query<{ pdf: Uint8Array }>(
      "SELECT pdf FROM order_slips WHERE order_id = $1",
      [id],
    );
    return rows.length > 0 ? rows[0].pdf : undefined;
  }
}

/** Carries out a transition plan in the caller's transaction (see OrderRepository.changeStatus). */
async function applyTransition(
  tx: SqlClient,
  plan: TransitionPlan,
  channels: OutboxChannels,
  slipPdf?: Uint8Array,
): Promise<StatusChangeOutcome> {
  const refused = await move(tx, plan);
  if (refused) return refused;
  await releaseHold(tx, plan.orderId);
  await insertEvent(tx, plan.orderId, plan.event);
  if (plan.returnStock) {
    // The stock given back is the order's entry in the audit trail, not the products'.
    await markOrderStock(tx);
    await returnStock(tx, plan.orderId);
    await returnCodeUse(tx, plan.orderId);
    await returnVouchers(tx, plan.orderId, new Date(plan.event.at).toISOString());
  }
  if (plan.saveSlip) {
    await tx.query("INSERT INTO order_slips (order_id, pdf) VALUES ($1, $2)", [
      plan.orderId,
      slipPdf,
    ]);
  }
  await enqueueMails(tx, plan.orderId, plan.mails, channels);
  return { kind: "changed", order: (await findOrder(tx, plan.orderId))! };
}

/** Moves the order as planned while it still has the plan's `from` status: once. */
async function move(tx: SqlClient, plan: TransitionPlan): Promise<StatusChangeOutcome | undefined> {
  const moved = await tx.query(
    `UPDATE orders SET status = $2, expires_at = NULL,
       courier = COALESCE($4, courier), tracking_number = COALESCE($5, tracking_number),
       reject_reason = COALESCE($6, reject_reason)
     WHERE id = $1 AND status = $3 RETURNING id`,
    [plan.orderId, plan.to, plan.from, plan.courier, plan.trackingNumber, plan.rejectReason],
  );
  if (moved.length > 0) return undefined;
  const rows = await tx.query<{ status: OrderStatus }>("SELECT status FROM orders WHERE id = $1", [
    plan.orderId,
  ]);
  return rows.length > 0 ? { kind: "not_pending", status: rows[0].status } : { kind: "not_found" };
}

/** Adds one event to an order's timeline. */
async function insertEvent(tx: SqlClient, orderId: number, event: OrderEvent): Promise<void> {
  await tx.query(
    "INSERT INTO order_events (order_id, at, kind, actor, note) VALUES ($1, $2, $3, $4, $5)",
    [orderId, event.at, event.kind, event.actor, event.note],
  );
}

/**
 * Gives a rejected or lapsed order's discount code use back, once: the use is marked
 * returned, and only the statement that marks it takes one off the code's count.
 */
async function returnCodeUse(tx: SqlClient, orderId: number): Promise<void> {
  await tx.query(
    `WITH returned AS (
       UPDATE discount_code_uses SET returned_at = now()
       WHERE order_id = $1 AND returned_at IS NULL RETURNING code_id
     )
     UPDATE discount_codes SET uses = uses - 1 FROM returned WHERE discount_codes.id = returned.code_id`,
    [orderId],
  );
}

/** Gives a rejected order's stock back: books then stationery, each in id order. */
async function returnStock(tx: SqlClient, orderId: number): Promise<void> {
  const items = await tx.query<{ type: ItemType; item_id: number; quantity: number }>(
    `SELECT type, COALESCE(book_id, stationery_id) AS item_id, sum(quantity) AS quantity
     FROM order_items WHERE order_id = $1
     GROUP BY type, COALESCE(book_id, stationery_id)
     ORDER BY type, item_id`,
    [orderId],
  );
  for (const item of items) {
    const table = item.type === "book" ? "books" : "stationery_items";
    // Capped as returnedStock() caps it: a rejection never fails on a full count.
    await tx.query(
      `UPDATE ${table} SET stock = LEAST(stock::bigint + $1, GREATEST(stock, ${MAX_STOCK}))
       WHERE id = $2`,
      [item.quantity, item.item_id],
    );
  }
}
