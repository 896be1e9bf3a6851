/**
 * The edit forms: a product's fields as typed, checked by the add forms' rules, and the
 * JSON of PUT /api/books/{id} holding only what changed (so another edit of another
 * field, or a sale changing the stock meanwhile, is never undone).
 */
import {
  type BookFormValues,
  type StationeryFormValues,
  validateBookFields,
  validateStationeryFields,
} from "./catalogue_forms.ts";
import type { FieldErrors } from "../validation.ts";
import type { WireBook, WireStationery } from "../../../contract/records.ts";

export function bookValues(book: WireBook): BookFormValues {
  return {
    title: book.title,
    author: book.author,
    price: String(book.price),
    stock: String(book.stock),
    categoryId: String(book.category_id),
    isbn13: book.isbn13,
    language: book.language,
    binding: book.binding,
    publisher: book.publisher,
    publishingDate: book.publishing_date,
    productEdition: book.product_edition,
    weight: String(book.weight),
    description: book.description ?? "",
    preorder: book.preorder === 1,
  };
}

export function stationeryValues(item: WireStationery): StationeryFormValues {
  return {
    title: item.title,
    price: String(item.price),
    stock: String(item.stock),
    weight: String(item.weight),
    categoryId: String(item.category_id),
  };
}

/**
 * The add form's checks, without the images (kept) and the stock (changed on Stock). An
 * ISBN-13 left as it was is not checked again (books listed before the check digit was
 * checked keep theirs until the owner corrects it).
 */
export function validateBookEdit(values: BookFormValues, before?: BookFormValues): FieldErrors {
  const errors = validateBookFields(values, { stock: false });
  if (before && values.isbn13.replace(/[\s-]/g, "") === before.isbn13) delete errors.isbn13;
  return errors;
}

export function validateStationeryEdit(values: StationeryFormValues): FieldErrors {
  return validateStationeryFields(values, { stock: false });
}

/** The PUT body of a book edit: the changed fields only, in wire units. */
export function bookChanges(
  before: BookFormValues,
  after: BookFormValues,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const text = ["title", "author", "binding", "publisher", "productEdition"] as const;
  for (const name of text) {
    if (after[name].trim() !== before[name].trim()) changes[name] = after[name].trim();
  }
  if (after.isbn13.replace(/[\s-]/g, "") !== before.isbn13) {
    changes.isbn13 = after.isbn13.replace(/[\s-]/g, "");
  }
  if (after.language !== before.language) changes.language = after.language;
  if (after.publishingDate !== before.publishingDate) {
    changes.publishingDate = after.publishingDate;
  }
  if (Number(after.price) !== Number(before.price)) changes.price = Number(after.price);
  if (Number(after.weight) !== Number(before.weight)) changes.weight = Number(after.weight);
  if (after.categoryId !== before.categoryId) changes.categoryId = Number(after.categoryId);
  if (after.description.trim() !== before.description.trim()) {
    changes.description = after.description.trim() === "" ? null : after.description.trim();
  }
  if (after.preorder !== before.preorder) changes.preorder = after.preorder;
  return changes;
}

export function stationeryChanges(
  before: StationeryFormValues,
  after: StationeryFormValues,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (after.title.trim() !== before.title.trim()) changes.title = after.title.trim();
  if (Number(after.price) !== Number(before.price)) changes.price = Number(after.price);
  if (Number(after.weight) !== Number(before.weight)) changes.weight = Number(after.weight);
  if (after.categoryId !== before.categoryId) changes.categoryId = Number(after.categoryId);
  return changes;
}

/** A book's images with one moved by `step` places (-1 up, 1 down), within the list. */
export function moveImage(images: string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (target < 0 || target >= images.length) return images;
  const moved = [...images];
  [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved;
}
