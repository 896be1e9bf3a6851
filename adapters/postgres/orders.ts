import type {
  CustomerOrders,
  IdempotencyClaim,
  OrderRepository,
  PlaceOrderOutcome,
  SellableItem,
  StatusChangeOutcome,
} from "../../domain/ports.ts";
import type { ItemType, Order, OrderStats, OrderStatus } from "../../domain/orders/model.ts";
import type { SqlClient } from "./sql_client.ts";
import { MAX_STOCK } from "../../domain/catalogue/stock.ts";
import { findOrder, listOrders, listOrdersByUser } from "./order_rows.ts";
import { placeOrder } from "./order_placement.ts";
import type { PlacementPlan, TransitionPlan } from "../../domain/orders/plans.ts";

interface SellableRow {
  id: number;
  title: string;
  isbn13: string | null;
  price_cents: number;
  stock: number;
  weight_grams: number;
  preorder: boolean;
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
  const rows = await sql.query<SellableRow & { type: ItemType }>(
    `SELECT 'book' AS type, id, title, isbn13, price_cents, stock, weight_grams, preorder
     FROM books WHERE id = ANY($1::integer[]) AND NOT archived
     UNION ALL
     SELECT 'stationery', id, title, NULL, price_cents, stock, weight_grams, false
     FROM stationery_items WHERE id = ANY($2::integer[]) AND NOT archived`,
    [ids("book"), ids("stationery")],
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

/** Orders, their stock, slips and mail, each change in one transaction. */
export class PostgresOrderRepository implements OrderRepository, CustomerOrders {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  findSellable(items: { type: ItemType; id: number }[]): Promise<SellableItem[]> {
    return findSellable(this.#sql, items);
  }

  place(plan: PlacementPlan, idempotency?: IdempotencyClaim): Promise<PlaceOrderOutcome> {
    return placeOrder(this.#sql, { plan, idempotency }, findSellable);
  }

  findById(id: number): Promise<Order | undefined> {
    return findOrder(this.#sql, id);
  }

  list(status?: OrderStatus): Promise<Order[]> {
    return listOrders(this.#sql, status);
  }

  listByUser(userId: number): Promise<Order[]> {
    return listOrdersByUser(this.#sql, userId);
  }

  async stats(): Promise<OrderStats> {
    const [row] = await this.#sql.query<OrderStats>(
      `SELECT
         (SELECT COALESCE(sum(oi.unit_price_cents * oi.quantity), 0)
            FROM order_items oi JOIN orders o ON o.id = oi.order_id
           WHERE o.status = 'completed') AS "completedItemsTotalCents",
         count(*) FILTER (WHERE status = 'pending') AS pending,
         count(*) FILTER (WHERE status = 'completed') AS completed,
         count(*) FILTER (WHERE status = 'rejected') AS rejected
       FROM orders`,
    );
    return {
      completedItemsTotalCents: row.completedItemsTotalCents,
      pending: row.pending,
      completed: row.completed,
      rejected: row.rejected,
    };
  }

  changeStatus(plan: TransitionPlan, slipPdf?: Uint8Array): Promise<StatusChangeOutcome> {
    if (plan.saveSlip && !slipPdf) throw new Error(`The move to ${plan.to} needs the order slip`);
    return this.#sql.transaction(async (tx) => {
      const refused = await move(tx, plan);
      if (refused) return refused;
      if (plan.returnStock) await returnStock(tx, plan.orderId);
      if (plan.saveSlip) {
        await tx.query("INSERT INTO order_slips (order_id, pdf) VALUES ($1, $2)", [
          plan.orderId,
          slipPdf,
        ]);
      }
      if (plan.mails.length > 0) {
        await tx.query(
          `INSERT INTO mail_outbox (kind, order_id)
           SELECT m.kind, $1 FROM unnest($2::text[]) WITH ORDINALITY AS m(kind, n) ORDER BY m.n`,
          [plan.orderId, plan.mails],
        );
      }
      return { kind: "changed", order: (await findOrder(tx, plan.orderId))! };
    });
  }

  async findSlip(id: number): Promise<Uint8Array | undefined> {
    const rows = await this.#sql.query<{ pdf: Uint8Array }>(
      "SELECT pdf FROM order_slips WHERE order_id = $1",
      [id],
    );
    return rows.length > 0 ? rows[0].pdf : undefined;
  }
}

/** Moves the order as planned while it still has the plan's `from` status: once. */
async function move(tx: SqlClient, plan: TransitionPlan): Promise<StatusChangeOutcome | undefined> {
  const moved = await tx.query(
    "UPDATE orders SET status = $2 WHERE id = $1 AND status = $3 RETURNING id",
    [plan.orderId, plan.to, plan.from],
  );
  if (moved.length > 0) return undefined;
  const rows = await tx.query<{ status: OrderStatus }>("SELECT status FROM orders WHERE id = $1", [
    plan.orderId,
  ]);
  return rows.length > 0 ? { kind: "not_pending", status: rows[0].status } : { kind: "not_found" };
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
