/**
 * The back-in-stock requests (domain/stock_alerts, migration 0035). A request is written
 * against its product's row locked FOR SHARE, so a restock committing at that moment is
 * either seen (the product is orderable: refused) or waits for the request (and its
 * trigger then claims it). The claim itself is the triggers' (0035): in the transaction of
 * whatever brings the product back, each waiting request is marked notified once and one
 * `back_in_stock` mail each goes in the outbox.
 */
import type {
  StockAlertStore,
  StoredStockRequest,
  UnsubscribeOutcome,
  WaitingProduct,
} from "../../domain/stock_alerts/ports.ts";
import {
  type NewStockRequest,
  type RequestOutcome,
  requestRefusal,
} from "../../domain/stock_alerts/rules.ts";
import type { ItemType } from "../../domain/orders/model.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import type { SqlClient } from "./sql_client.ts";

/** Each kind's table and the request's column naming it. */
const PRODUCT = {
  book: { table: "books", column: "book_id" },
  stationery: { table: "stationery_items", column: "stationery_id" },
} as const satisfies Record<ItemType, { table: string; column: string }>;

interface RequestRow {
  id: number;
  book_id: number | null;
  stationery_id: number | null;
  email: string;
  language: Locale;
  created_at: Date;
  notified_at: Date | null;
  unsubscribed_at: Date | null;
}

function requestOf(row: RequestRow): StoredStockRequest {
  return {
    id: row.id,
    product: row.book_id !== null
      ? { kind: "book", id: row.book_id }
      : { kind: "stationery", id: row.stationery_id! },
    email: row.email,
    language: row.language,
    createdAt: row.created_at,
    notifiedAt: row.notified_at,
    unsubscribedAt: row.unsubscribed_at,
  };
}

export class PostgresStockAlerts implements StockAlertStore {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  request(request: NewStockRequest, at: Date): Promise<RequestOutcome> {
    const { table, column } = PRODUCT[request.product.kind];
    return this.#sql.transaction(async (tx) => {
      const rows = await tx.query<{ stock: number; archived: boolean }>(
        `SELECT stock, archived FROM ${table} WHERE id = $1 FOR SHARE`,
        [request.product.id],
      );
      const refused = requestRefusal(rows[0]);
      if (refused) return { kind: refused };
      // One waiting request per address and product: a second ask is the first.
      await tx.query(
        `INSERT INTO stock_requests (${column}, email, language, created_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (${column}, email)
           WHERE ${column} IS NOT NULL AND notified_at IS NULL AND unsubscribed_at IS NULL
         DO NOTHING`,
        [request.product.id, request.email, request.language, at],
      );
      return { kind: "waiting" };
    });
  }

  async find(id: number): Promise<StoredStockRequest | undefined> {
    const rows = await this.#sql.query<RequestRow>(
      `SELECT id, book_id, stationery_id, email, language, created_at, notified_at,
         unsubscribed_at
       FROM stock_requests WHERE id = $1`,
      [id],
    );
    return rows[0] && requestOf(rows[0]);
  }

  async unsubscribe(id: number, at: Date): Promise<UnsubscribeOutcome> {
    const rows = await this.#sql.query<{ known: boolean; ended: number }>(
      `WITH asked AS (SELECT email FROM stock_requests WHERE id = $1),
       ended AS (
         UPDATE stock_requests SET unsubscribed_at = $2
         WHERE email = (SELECT email FROM asked) AND unsubscribed_at IS NULL
         RETURNING notified_at)
       SELECT EXISTS (SELECT 1 FROM asked) AS known,
         (SELECT count(*) FROM ended WHERE notified_at IS NULL)::int AS ended`,
      [id, at],
    );
    return rows[0].known ? { kind: "done", ended: rows[0].ended } : { kind: "not_found" };
  }

  async waiting(): Promise<WaitingProduct[]> {
    const rows = await this.#sql.query<{
      kind: ItemType;
      id: number;
      title: string;
      stock: number;
      archived: boolean;
      waiting: number;
      oldest: Date;
    }>(
      `SELECT w.kind, w.id, p.title, p.stock, p.archived, w.waiting, w.oldest
       FROM (
         SELECT CASE WHEN book_id IS NOT NULL THEN 'book' ELSE 'stationery' END AS kind,
           coalesce(book_id, stationery_id) AS id, count(*)::int AS waiting,
           min(created_at) AS oldest
         FROM stock_requests
         WHERE notified_at IS NULL AND unsubscribed_at IS NULL
         GROUP BY 1, 2) AS w
       JOIN LATERAL (
         SELECT title, stock, archived FROM books WHERE w.kind = 'book' AND id = w.id
         UNION ALL
         SELECT title, stock, archived FROM stationery_items
         WHERE w.kind = 'stationery' AND id = w.id) AS p ON true
       ORDER BY w.waiting DESC, w.oldest, w.kind, w.id`,
    );
    return rows.map((r) => ({
      product: { kind: r.kind, id: r.id },
      title: r.title,
      stock: r.stock,
      archived: r.archived,
      waiting: r.waiting,
      oldest: r.oldest,
    }));
  }
}
