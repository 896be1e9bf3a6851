/**
 * The stock screen's row edits, turned into a PUT body. New quantities are added to the
 * stock (`addStock`), never written as an absolute figure, so that sales made while the
 * admin was typing are kept. Empty new values are left out.
 */
import { type FieldErrors, isCalendarDate, parseCount, parsePrice } from "../validation.ts";
import {
  PREORDER_NEEDS_DATE,
  preorderDateProblemOn,
  preorderWithoutDate,
} from "../../../domain/catalogue/preorder.ts";
import { formatRupees } from "../format.ts";

/** What the admin typed in one row. */
export interface StockEdit {
  newQuantity: string;
  newPrice: string;
  /** Books only. */
  preorder?: boolean;
  preorderDate?: string;
  preorderedStock?: string;
}

/** The row's current values, to send only what changed. */
export interface StockCurrent {
  preorder?: boolean;
  preorderDate?: string | null;
  preorderedStock?: number;
  /** Today in Sri Lanka (YYYY-MM-DD): a pre-order date before it is refused. */
  today?: string;
}

export interface StockChanges {
  addStock?: number;
  price?: number;
  preorder?: boolean;
  preorderDate?: string;
  preorderedStock?: number;
}

export type StockUpdate =
  | { kind: "changes"; changes: StockChanges }
  | { kind: "nothing" }
  | { kind: "invalid"; errors: FieldErrors };

/** The row as first shown: empty new values, the current pre-order settings. */
export function initialEdit(current: StockCurrent): StockEdit {
  return {
    newQuantity: "",
    newPrice: "",
    preorder: current.preorder,
    preorderDate: current.preorderDate ?? "",
    preorderedStock: current.preorderedStock === undefined ? "" : String(current.preorderedStock),
  };
}

/** The body of PUT /api/books/{id} or /api/stationery/{id} for a row, or why there is none. */
export function stockUpdate(edit: StockEdit, current: StockCurrent): StockUpdate {
  const errors: FieldErrors = {};
  const changes: StockChanges = {};
  if (edit.newQuantity.trim() !== "") {
    const parsed = parseCount(edit.newQuantity, "New quantity");
    if (parsed.ok) {
      if (parsed.value > 0) changes.addStock = parsed.value;
    } else errors.newQuantity = parsed.message;
  }
  if (edit.newPrice.trim() !== "") {
    const parsed = parsePrice(edit.newPrice);
    if (parsed.ok) changes.price = parsed.value;
    else errors.newPrice = parsed.message.replace(/^Price/, "New price");
  }
  if (edit.preorder !== undefined && edit.preorder !== current.preorder) {
    changes.preorder = edit.preorder;
  }
  const date = edit.preorderDate?.trim() ?? "";
  if (date !== "" && date !== (current.preorderDate ?? "")) {
    if (!isCalendarDate(date)) errors.preorderDate = "Preorder date must be a date (YYYY-MM-DD)";
    else {
      const past = current.today ? preorderDateProblemOn(date, current.today) : undefined;
      if (past) errors.preorderDate = past;
      else changes.preorderDate = date;
    }
  }
  // Pre-order ticked with no date, here or before: the shopper would be told none.
  const was = { preorder: current.preorder ?? false, preorderDate: current.preorderDate ?? null };
  if (!errors.preorderDate && preorderWithoutDate(was, changes)) {
    errors.preorderDate = PREORDER_NEEDS_DATE;
  }
  const ordered = edit.preorderedStock?.trim() ?? "";
  if (ordered !== "" && ordered !== String(current.preorderedStock ?? "")) {
    const parsed = parseCount(ordered, "Preordered stock");
    if (parsed.ok) changes.preorderedStock = parsed.value;
    else errors.preorderedStock = parsed.message;
  }
  if (Object.keys(errors).length > 0) return { kind: "invalid", errors };
  if (Object.keys(changes).length === 0) return { kind: "nothing" };
  return { kind: "changes", changes };
}

/**
 * What a row's save changed, in words: a price change is never called a stock update.
 *
 * @example savedMessage({ price: 1250 }) // "Saved: price LKR 1,250.00"
 */
export function savedMessage(changes: StockChanges): string {
  const parts: string[] = [];
  if (changes.addStock !== undefined) {
    parts.push(`${changes.addStock} ${changes.addStock === 1 ? "copy" : "copies"} added to stock`);
  }
  if (changes.price !== undefined) parts.push(`price ${formatRupees(changes.price)}`);
  if (changes.preorder !== undefined) {
    parts.push(changes.preorder ? "sold as a pre-order" : "no longer a pre-order");
  }
  if (changes.preorderDate !== undefined) parts.push(`expected ${changes.preorderDate}`);
  if (changes.preorderedStock !== undefined) {
    parts.push(`${changes.preorderedStock} on order from the supplier`);
  }
  return `Saved: ${parts.join(", ")}`;
}
