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
import { BOOK_FIELDS } from "../../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../../domain/catalogue/stationery_record.ts";
import { formChanges, formValuesFromWire } from "./record_form.ts";

export function bookValues(book: WireBook): BookFormValues {
  return formValuesFromWire(BOOK_FIELDS, book);
}

export function stationeryValues(item: WireStationery): StationeryFormValues {
  return formValuesFromWire(STATIONERY_FIELDS, item);
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
  return formChanges(BOOK_FIELDS, before, after);
}

export function stationeryChanges(
  before: StationeryFormValues,
  after: StationeryFormValues,
): Record<string, unknown> {
  return formChanges(STATIONERY_FIELDS, before, after);
}

/** A book's images with one moved by `step` places (-1 up, 1 down), within the list. */
export function moveImage(images: string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (target < 0 || target >= images.length) return images;
  const moved = [...images];
  [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved;
}
