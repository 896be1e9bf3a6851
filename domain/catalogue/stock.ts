/**
 * Bounds on stock: no count the shop keeps can grow past what its columns hold. An
 * admin's change above the ceiling is refused; stock coming back from a rejected order is
 * capped instead, so that a rejection always goes through.
 */

/** The most copies of one product the shop counts; far below a 32-bit column's limit. */
export const MAX_STOCK = 1_000_000;

/** Copies of one product in one order line, whatever the configured per-line limit. */
export const MAX_LINE_QUANTITY = 10_000;

export type StockChange = { stock?: number; addStock?: number };

export type StockOutcome =
  | { kind: "ok"; stock: number }
  | { kind: "negative_stock" }
  | { kind: "stock_above_limit"; limit: number };

/**
 * The stock after an admin's change: an absolute `stock`, or the current one plus
 * `addStock`. Lowering a count that is already above the ceiling is allowed.
 *
 * @example
 * nextStock(999_990, { addStock: 20 }) // { kind: "stock_above_limit", limit: 1_000_000 }
 */
export function nextStock(current: number, change: StockChange): StockOutcome {
  const stock = change.stock ?? current + (change.addStock ?? 0);
  if (stock < 0) return { kind: "negative_stock" };
  if (stock > MAX_STOCK && stock > current) return { kind: "stock_above_limit", limit: MAX_STOCK };
  return { kind: "ok", stock };
}

/**
 * The stock after `quantity` copies come back from a rejected order: capped at the
 * ceiling (or at the current count, when that is already higher), never refused.
 *
 * @example
 * returnedStock(999_998, 5) // 1_000_000
 */
export function returnedStock(current: number, quantity: number): number {
  return Math.min(current + quantity, Math.max(current, MAX_STOCK));
}

/**
 * The stock a shopper is told: exact up to `cap`, and `cap` above it. A shopper needs no
 * more to fill a cart (a line holds at most MAX_LINE_QUANTITY copies, the usual cap), and
 * the shop does not publish how much there is to whoever would buy it all up; the admin's
 * answers keep the exact count.
 *
 * @example shownStock(3, 20) // 3
 * @example shownStock(500, 20) // 20
 */
export function shownStock(stock: number, cap: number): number {
  return Math.min(stock, cap);
}

/** A product with the stock a shopper is told (`shownStock`). */
export function withShownStock<P extends { stock: number }>(product: P, cap: number): P {
  return product.stock <= cap ? product : { ...product, stock: cap };
}
