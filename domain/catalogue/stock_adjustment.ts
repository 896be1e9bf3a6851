/**
 * A stock adjustment: copies taken out of stock (damaged, lost), put back (found, a
 * recount) or brought in (a delivery received), with a reason from a small list and a note, who made it and when, kept for the
 * audit trail. The `stock` the shop counts is what no order holds: an order takes its copies
 * when it is placed and a rejected one gives them back. So a reduction takes at most the
 * current stock, never below zero: copies held by unpaid (pending) orders cannot be written
 * off until the order is rejected.
 */
import type { ProductKind } from "./model.ts";
import { MAX_STOCK } from "./stock.ts";

/** Why the stock changed, in the order the admin's list offers them. */
export const ADJUSTMENT_REASONS = ["received", "damaged", "lost", "found", "recount"] as const;
export type AdjustmentReason = typeof ADJUSTMENT_REASONS[number];

/**
 * Which way each reason moves the stock: damaged and lost copies leave, found ones return,
 * a delivery brings new ones.
 */
export const REASON_DIRECTION: Record<AdjustmentReason, "down" | "up" | "either"> = {
  received: "up",
  damaged: "down",
  lost: "down",
  found: "up",
  recount: "either",
};

/** The reasons as the admin area names them. */
export const REASON_LABELS: Record<AdjustmentReason, string> = {
  received: "Delivery received",
  damaged: "Damaged",
  lost: "Lost or stolen",
  found: "Found again",
  recount: "Stock count correction",
};

/** The longest note an adjustment keeps. */
export const MAX_ADJUSTMENT_NOTE = 500;

/** Who made an adjustment: the admin's account. */
export interface AdjustmentActor {
  id: number;
  email: string;
}

/** An adjustment as asked for: `quantity` is signed (-3 takes three copies out). */
export interface NewStockAdjustment {
  kind: ProductKind;
  productId: number;
  quantity: number;
  reason: AdjustmentReason;
  /** Null when none was given. */
  note: string | null;
  actor: AdjustmentActor;
  at: Date;
}

/** An adjustment as recorded, with the stock before and after it. */
export interface StockAdjustment extends NewStockAdjustment {
  id: number;
  stockBefore: number;
  stockAfter: number;
}

/** What an adjustment's request may be refused for before any stock is read. */
export type AdjustmentProblem =
  | { kind: "zero_quantity" }
  /** The quantity goes against its reason's direction (damaged copies are taken, not added). */
  | { kind: "wrong_direction"; reason: AdjustmentReason; direction: "down" | "up" }
  /** More than the shop could ever count. */
  | { kind: "quantity_too_large"; limit: number };

/**
 * Why a requested adjustment cannot be made whatever the stock, or undefined.
 *
 * @example
 * adjustmentProblem({ quantity: 3, reason: "damaged" }) // { kind: "wrong_direction", reason: "damaged", direction: "down" }
 */
export function adjustmentProblem(
  adjustment: { quantity: number; reason: AdjustmentReason },
): AdjustmentProblem | undefined {
  const { quantity, reason } = adjustment;
  if (quantity === 0) return { kind: "zero_quantity" };
  if (Math.abs(quantity) > MAX_STOCK) return { kind: "quantity_too_large", limit: MAX_STOCK };
  const direction = REASON_DIRECTION[reason];
  if (direction === "down" && quantity > 0) return { kind: "wrong_direction", reason, direction };
  if (direction === "up" && quantity < 0) return { kind: "wrong_direction", reason, direction };
  return undefined;
}

/** The stock after an adjustment, or why it cannot be made on this stock. */
export type AdjustedStock =
  | { kind: "ok"; stock: number }
  /** A reduction past the copies no order holds: `free` is the most it may take. */
  | { kind: "below_free_stock"; free: number }
  | { kind: "stock_above_limit"; limit: number };

/**
 * The stock after adding `quantity` (signed) to `current`: never below zero, so never into
 * the copies that orders hold (they are not in `current`); never above the ceiling when
 * adding. A repository applies the same rule in the statement that writes the stock.
 *
 * @example
 * adjustedStock(2, -3) // { kind: "below_free_stock", free: 2 }
 * adjustedStock(5, -3) // { kind: "ok", stock: 2 }
 */
export function adjustedStock(current: number, quantity: number): AdjustedStock {
  const stock = current + quantity;
  if (stock < 0) return { kind: "below_free_stock", free: current };
  if (quantity > 0 && stock > MAX_STOCK) return { kind: "stock_above_limit", limit: MAX_STOCK };
  return { kind: "ok", stock };
}

/** What a repository's adjustment did. */
export type AdjustmentResult =
  | { kind: "ok"; adjustment: StockAdjustment }
  | { kind: "not_found" }
  | Exclude<AdjustedStock, { kind: "ok" }>;

/** A note as kept: trimmed, and none when blank. */
export function adjustmentNote(note: string | null | undefined): string | null {
  const trimmed = note?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** The records a repository keeps: adjusts and lists. */
export interface StockAdjusting {
  /**
   * Adds `quantity` copies (signed) to a product on sale and records the adjustment, in one
   * transaction, with adjustedStock()'s rule judged on the product's row locked for the write
   * (so an order placed at the same moment waits, then sees the new count).
   */
  adjustStock(adjustment: NewStockAdjustment): Promise<AdjustmentResult>;
  /** A product's adjustments, newest first, at most `limit` of them. */
  stockAdjustments(
    product: { kind: ProductKind; id: number },
    limit: number,
  ): Promise<StockAdjustment[]>;
}

/**
 * Adjusts a product's stock for the audit trail: the request's own rule first
 * (adjustmentProblem), then the repository's, which knows the stock.
 */
export async function adjustStock(
  admin: StockAdjusting,
  adjustment: NewStockAdjustment,
): Promise<AdjustmentResult | AdjustmentProblem> {
  const problem = adjustmentProblem(adjustment);
  if (problem) return problem;
  return await admin.adjustStock({ ...adjustment, note: adjustmentNote(adjustment.note) });
}
