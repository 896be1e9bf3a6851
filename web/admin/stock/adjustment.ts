/**
 * The stock adjustment form's input, turned into the body of
 * POST /api/{books,stationery}/{id}/stock-adjustments with the shop's own rules
 * (domain/catalogue/stock_adjustment.ts): a signed change, its reason's way, never more
 * copies out than are in stock.
 */
import {
  adjustedStock,
  adjustmentProblem,
  type AdjustmentReason,
  MAX_ADJUSTMENT_NOTE,
} from "../../../domain/catalogue/stock_adjustment.ts";
import type { FieldErrors } from "../validation.ts";

/** What the admin typed. */
export interface AdjustmentEdit {
  change: string;
  reason: AdjustmentReason;
  note: string;
}

export interface AdjustmentBody {
  quantity: number;
  reason: AdjustmentReason;
  note?: string;
}

export type AdjustmentRequest =
  | { kind: "ok"; body: AdjustmentBody }
  | { kind: "invalid"; errors: FieldErrors };

const SIGNED = /^[+-]?\d+$/;

/** The words of a count of copies. */
export function copies(count: number): string {
  return `${count} ${Math.abs(count) === 1 ? "copy" : "copies"}`;
}

/**
 * The request for an edit, or the problems to show beside its fields. `stock` is the count
 * shown: copies held by orders are not in it and cannot be taken out.
 *
 * @example adjustmentRequest({ change: "-3", reason: "damaged", note: "" }, 2) // invalid: only 2 copies
 */
export function adjustmentRequest(edit: AdjustmentEdit, stock: number): AdjustmentRequest {
  const errors: FieldErrors = {};
  const text = edit.change.trim().replace(/^\u2212/, "-");
  const quantity = Number(text);
  if (text === "") errors.change = "Enter the change in copies, e.g. -3 to take three out";
  else if (!SIGNED.test(text) || !Number.isSafeInteger(quantity)) {
    errors.change = "The change must be a whole number of copies, e.g. -3 or 2";
  } else {
    const problem = adjustmentProblem({ quantity, reason: edit.reason });
    if (problem?.kind === "zero_quantity") errors.change = "The change must not be 0";
    else if (problem?.kind === "quantity_too_large") {
      errors.change = `The change must be between -${problem.limit} and ${problem.limit}`;
    } else if (problem?.kind === "wrong_direction") {
      errors.change = problem.direction === "down"
        ? "Damaged or lost copies leave the stock: enter a negative change, e.g. -3"
        : "Found copies come back to the stock: enter a positive change, e.g. 2";
    } else {
      const next = adjustedStock(stock, quantity);
      if (next.kind === "below_free_stock") {
        errors.change = `Only ${
          copies(next.free)
        } in stock can be taken out: copies held by orders are not in stock`;
      } else if (next.kind === "stock_above_limit") {
        errors.change = `Stock cannot go above ${next.limit}`;
      }
    }
  }
  const note = edit.note.trim();
  if (note.length > MAX_ADJUSTMENT_NOTE) {
    errors.note = `The note must be at most ${MAX_ADJUSTMENT_NOTE} characters`;
  }
  if (Object.keys(errors).length > 0) return { kind: "invalid", errors };
  return {
    kind: "ok",
    body: { quantity, reason: edit.reason, ...(note ? { note } : {}) },
  };
}
