/**
 * Stock adjustments in SQL (migration 0025): the product's row is locked, the domain's rule
 * (adjustedStock) judges the new stock, and the stock and the adjustment's record are written
 * in the same transaction, so a concurrent order waits and then sees the new count.
 */
import type { ProductKind } from "../../domain/catalogue/model.ts";
import {
  adjustedStock,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  type AdjustmentResult,
  type NewStockAdjustment,
  type StockAdjustment,
} from "../../domain/catalogue/stock_adjustment.ts";
import type { SqlClient } from "./sql_client.ts";

const TABLES: Record<ProductKind, string> = { book: "books", stationery: "stationery_items" };

const COLUMNS = `id, product_kind, product_id, quantity, reason, note, stock_before,
  stock_after, actor_id, actor_email, at`;

interface AdjustmentRow {
  id: number;
  product_kind: string;
  product_id: number;
  quantity: number;
  reason: string;
  note: string | null;
  stock_before: number;
  stock_after: number;
  actor_id: number;
  actor_email: string;
  at: Date;
}

/** A row as the domain's record; a kind or reason the domain does not know throws. */
function adjustmentOf(row: AdjustmentRow): StockAdjustment {
  if (row.product_kind !== "book" && row.product_kind !== "stationery") {
    throw new Error(`stock_adjustments.product_kind: unknown kind ${row.product_kind}`);
  }
  if (!(ADJUSTMENT_REASONS as readonly string[]).includes(row.reason)) {
    throw new Error(`stock_adjustments.reason: unknown reason ${row.reason}`);
  }
  return {
    id: Number(row.id),
    kind: row.product_kind,
    productId: row.product_id,
    quantity: row.quantity,
    reason: row.reason as AdjustmentReason,
    note: row.note,
    stockBefore: row.stock_before,
    stockAfter: row.stock_after,
    actor: { id: row.actor_id, email: row.actor_email },
    at: row.at,
  };
}

/** Adjusts a product on sale and records it, or says why not; nothing is written on a refusal. */
export function adjustStock(
  sql: SqlClient,
  adjustment: NewStockAdjustment,
): Promise<AdjustmentResult> {
  const table = TABLES[adjustment.kind];
  return sql.transaction(async (tx) => {
    const [product] = await tx.query<{ stock: number }>(
      `SELECT stock FROM ${table} WHERE id = $1 AND NOT archived FOR UPDATE`,
      [adjustment.productId],
    );
    if (!product) return { kind: "not_found" };
    const next = adjustedStock(product.stock, adjustment.quantity);
    if (next.kind !== "ok") return next;
    await tx.query(`UPDATE ${table} SET stock = $2 WHERE id = $1`, [
      adjustment.productId,
      next.stock,
    ]);
    const [row] = await tx.query<AdjustmentRow>(
      `INSERT INTO stock_adjustments (product_kind, product_id, quantity, reason, note,
         stock_before, stock_after, actor_id, actor_email, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING ${COLUMNS}`,
      [
        adjustment.kind,
        adjustment.productId,
        adjustment.quantity,
        adjustment.reason,
        adjustment.note,
        product.stock,
        next.stock,
        adjustment.actor.id,
        adjustment.actor.email,
        adjustment.at,
      ],
    );
    return { kind: "ok", adjustment: adjustmentOf(row) };
  });
}

/** A product's adjustments, newest first. */
export async function listStockAdjustments(
  sql: SqlClient,
  product: { kind: ProductKind; id: number },
  limit: number,
): Promise<StockAdjustment[]> {
  const rows = await sql.query<AdjustmentRow>(
    `SELECT ${COLUMNS} FROM stock_adjustments
     WHERE product_kind = $1 AND product_id = $2
     ORDER BY id DESC LIMIT $3`,
    [product.kind, product.id, limit],
  );
  return rows.map(adjustmentOf);
}
