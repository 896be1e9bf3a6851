/**
 * The admin's catalogue changes: the rules that sit above the repository's own checks
 * (unique names, known categories, stock never below zero).
 */
import type {
  CatalogueAdmin,
  DeleteResult,
  ImageStorage,
  ImageWriteResult,
  WriteResult,
} from "../ports.ts";
import type {
  Book,
  BookChanges,
  Category,
  CategoryNames,
  ImageChange,
  NewBook,
  ProductKind,
  StationeryChanges,
  StationeryItem,
} from "./model.ts";
import { cleanCategoryNames } from "./category_names.ts";
import { isValidIsbn13 } from "./isbn.ts";

/** Refusals of the use cases, on top of the repository's WriteResult. */
export type ChangeRefusal =
  /** `stock` sets, `addStock` adds: saying both is ambiguous. */
  | { kind: "stock_and_add_stock" }
  /** A book is listed with at least one image. */
  | { kind: "no_images" }
  | { kind: "blank_name" }
  /** A book's new ISBN-13 must end in its check digit (isbn.ts). */
  | { kind: "bad_isbn13" };

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
export function normaliseDescription(description: string | null | undefined): string | null {
  const trimmed = description?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** Lists a new book; it must show at least one image and a right ISBN-13. */
export async function addBook(admin: CatalogueAdmin, book: NewBook): Promise<ChangeResult<Book>> {
  if (book.images.length === 0) return { kind: "no_images" };
  if (!isValidIsbn13(book.isbn13)) return { kind: "bad_isbn13" };
  return await admin.createBook({ ...book, description: normaliseDescription(book.description) });
}

/**
 * Changes any field of a book. A new ISBN-13 must end in its check digit; the one the book
 * already has is never refused (books listed before the rule keep theirs until corrected).
 */
export async function changeBook(
  admin: CatalogueAdmin,
  change: { id: number; changes: BookChanges },
): Promise<ChangeResult<Book>> {
  if (hasConflictingStock(change.changes)) return { kind: "stock_and_add_stock" };
  const isbn = change.changes.isbn13;
  if (isbn !== undefined && !isValidIsbn13(isbn)) {
    const holders = await admin.findBooksByIsbn([isbn]);
    if (!holders.some((book) => book.id === change.id)) return { kind: "bad_isbn13" };
  }
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
  category: { kind: "book" | "stationery"; name: string; names?: CategoryNames },
): Promise<ChangeResult<Category>> {
  const name = category.name.trim();
  if (name === "") return { kind: "blank_name" };
  const names = cleanCategoryNames(category.names);
  return category.kind === "book"
    ? await admin.createCategory(name, names)
    : await admin.createStationeryCategory(name, names);
}

/** Renames a category of either kind to a trimmed, non-blank name. */
export async function renameCategory(
  admin: CatalogueAdmin,
  change: { kind: ProductKind; id: number; name: string; names?: CategoryNames },
): Promise<ChangeResult<Category>> {
  const name = change.name.trim();
  if (name === "") return { kind: "blank_name" };
  return change.names === undefined
    ? await admin.renameCategory(change.kind, change.id, name)
    : await admin.renameCategory(change.kind, change.id, name, cleanCategoryNames(change.names));
}

/**
 * Removes from storage the images no product lists any more. Archived products keep
 * theirs (orders name them and they can be restored); only the shop's own uploads are
 * touched.
 */
export async function discardUnusedImages(
  ports: { admin: CatalogueAdmin; storage: ImageStorage },
  candidates: string[],
): Promise<string[]> {
  const uploads = [...new Set(candidates.filter((i) => i.startsWith(UPLOADS)))];
  if (uploads.length === 0) return [];
  const used = new Set(await ports.admin.imagesInUse(uploads));
  const unused = uploads.filter((i) => !used.has(i));
  for (const image of unused) await ports.storage.delete(image.slice(UPLOADS.length));
  return unused;
}

const UPLOADS = "/uploads/";

/** Changes a book's images, then removes from storage the ones nothing lists any more. */
export async function changeBookImages(
  ports: { admin: CatalogueAdmin; storage: ImageStorage },
  change: { id: number; change: ImageChange },
): Promise<ImageWriteResult<Book>> {
  const result = await ports.admin.changeBookImages(change.id, change.change);
  if (result.kind === "ok") await discardUnusedImages(ports, result.removed);
  return result;
}

/** Replaces a stationery item's image, then removes the old one when nothing lists it. */
export async function replaceStationeryImage(
  ports: { admin: CatalogueAdmin; storage: ImageStorage },
  change: { id: number; image: string },
): Promise<ImageWriteResult<StationeryItem>> {
  const result = await ports.admin.replaceStationeryImage(change.id, change.image);
  if (result.kind === "ok") await discardUnusedImages(ports, result.removed);
  return result;
}

/** What follows a product's deletion: the answer, and the images to take out of storage. */
export interface DeletionPlan {
  outcome: "deleted" | "archived" | "not_found";
  /** Images to remove from storage unless another product lists them. */
  discard: string[];
}

/**
 * An erased product's images may leave storage; an archived one keeps its images (orders
 * name it and it can be restored).
 *
 * @example planAfterDeletion({ kind: "archived" }) // { outcome: "archived", discard: [] }
 */
export function planAfterDeletion(result: DeleteResult): DeletionPlan {
  return result.kind === "deleted"
    ? { outcome: "deleted", discard: result.images }
    : { outcome: result.kind, discard: [] };
}

/**
 * Deletes a product (erased, or archived when orders refer to it), then removes from
 * storage the images the erased product listed that nothing else lists.
 */
export async function deleteProduct(
  ports: { admin: CatalogueAdmin; storage: ImageStorage },
  target: { kind: ProductKind; id: number },
): Promise<DeletionPlan["outcome"]> {
  const result = target.kind === "book"
    ? await ports.admin.deleteBook(target.id)
    : await ports.admin.deleteStationery(target.id);
  const plan = planAfterDeletion(result);
  await discardUnusedImages(ports, plan.discard);
  return plan.outcome;
}
