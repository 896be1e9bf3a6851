/**
 * The admin's catalogue changes: the rules that sit above the repository's own checks
 * (unique names, known categories, stock never below zero).
 */
import type { CatalogueAdmin, WriteResult } from "../ports.ts";
import type {
  Book,
  BookChanges,
  Category,
  NewBook,
  StationeryChanges,
  StationeryItem,
} from "./model.ts";

/** Refusals of the use cases, on top of the repository's WriteResult. */
export type ChangeRefusal =
  /** `stock` sets, `addStock` adds: saying both is ambiguous. */
  | { kind: "stock_and_add_stock" }
  /** A book is listed with at least one image. */
  | { kind: "no_images" }
  | { kind: "blank_name" };

export type ChangeResult<T> = WriteResult<T> | ChangeRefusal;

/** Whether the change says both `stock` and `addStock`. */
export function hasConflictingStock(changes: StationeryChanges): boolean {
  return changes.stock !== undefined && changes.addStock !== undefined;
}

/**
 * The book changes as stored: a book taken off pre-order keeps no expected date unless
 * one is given.
 *
 * @example normaliseBookChanges({ preorder: false }) // { preorder: false, preorderDate: null }
 */
export function normaliseBookChanges(changes: BookChanges): BookChanges {
  if (changes.preorder === false && changes.preorderDate === undefined) {
    return { ...changes, preorderDate: null };
  }
  return changes;
}

/** A description of only spaces is no description. */
export function normaliseDescription(description: string | null): string | null {
  const trimmed = description?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** Lists a new book; it must show at least one image. */
export async function addBook(admin: CatalogueAdmin, book: NewBook): Promise<ChangeResult<Book>> {
  if (book.images.length === 0) return { kind: "no_images" };
  return await admin.createBook({ ...book, description: normaliseDescription(book.description) });
}

/** Changes a book's stock (absolute or relative), price and pre-order settings. */
export async function changeBook(
  admin: CatalogueAdmin,
  change: { id: number; changes: BookChanges },
): Promise<ChangeResult<Book>> {
  if (hasConflictingStock(change.changes)) return { kind: "stock_and_add_stock" };
  return await admin.updateBook(change.id, normaliseBookChanges(change.changes));
}

/** Changes a stationery item's stock (absolute or relative) and price. */
export async function changeStationery(
  admin: CatalogueAdmin,
  change: { id: number; changes: StationeryChanges },
): Promise<ChangeResult<StationeryItem>> {
  if (hasConflictingStock(change.changes)) return { kind: "stock_and_add_stock" };
  return await admin.updateStationery(change.id, change.changes);
}

/** Adds a book or stationery category under a trimmed, non-blank name. */
export async function addCategory(
  admin: CatalogueAdmin,
  category: { kind: "book" | "stationery"; name: string },
): Promise<ChangeResult<Category>> {
  const name = category.name.trim();
  if (name === "") return { kind: "blank_name" };
  return category.kind === "book"
    ? await admin.createCategory(name)
    : await admin.createStationeryCategory(name);
}
