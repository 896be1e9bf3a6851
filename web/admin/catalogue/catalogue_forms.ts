/**
 * The catalogue forms of the dashboard: their values as typed, their checks, and the
 * multipart bodies of POST /api/books and POST /api/stationery, each from the product's
 * declaration (record_form.ts). Field names are the API's creation names, so the
 * server's 400 details land on the same fields.
 */
import { PREORDER_NEEDS_DATE } from "../../../domain/catalogue/preorder.ts";
import { saleProblems } from "../../../domain/catalogue/sale_price.ts";
import { rupeesToCents } from "../../../domain/money.ts";
import { type FieldErrors, requireText } from "../validation.ts";
import { MAX_BOOK_IMAGES } from "../../../domain/catalogue/images.ts";
import { BOOK_FIELDS } from "../../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../../domain/catalogue/stationery_record.ts";
import {
  emptyFormValues,
  formDataOf,
  type FormValuesOf,
  validateFormValues,
} from "./record_form.ts";

export type BookFormValues = FormValuesOf<typeof BOOK_FIELDS>;

export type StationeryFormValues = FormValuesOf<typeof STATIONERY_FIELDS>;

export const EMPTY_BOOK_FORM: BookFormValues = emptyFormValues(BOOK_FIELDS);

export const EMPTY_STATIONERY_FORM: StationeryFormValues = emptyFormValues(STATIONERY_FIELDS);

/** Images the shop accepts, by media type (the server checks the bytes again). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** What the forms need to know of a chosen file. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

/** The message for a set of chosen images, or undefined when they will do. */
export function checkImages(
  files: ChosenFile[],
  rule: { min: number; max: number },
): string | undefined {
  if (files.length < rule.min) {
    return rule.max === 1 ? "An image is required" : "At least one image is required";
  }
  if (files.length > rule.max) return `At most ${rule.max} image${rule.max === 1 ? "" : "s"}`;
  const wrongType = files.find((f) => !IMAGE_TYPES.includes(f.type));
  if (wrongType) return `"${wrongType.name}" is not a JPEG, PNG, WebP or GIF image`;
  const tooLarge = files.find((f) => f.size > MAX_IMAGE_BYTES);
  if (tooLarge) return `"${tooLarge.name}" is larger than 5 MB`;
  return undefined;
}

/** The checks of Add New Book, on the fields as typed. */
export function validateBookForm(values: BookFormValues, images: ChosenFile[]): FieldErrors {
  const errors = validateBookFields(values, { stock: true });
  const imageProblem = checkImages(images, { min: 1, max: MAX_BOOK_IMAGES });
  if (imageProblem) errors.images = imageProblem;
  return errors;
}

/**
 * The checks of a book's fields but the images, for adding and editing (which changes
 * the images apart, and the stock on Stock: `stock: false`).
 */
export function validateBookFields(values: BookFormValues, form: { stock: boolean }): FieldErrors {
  const errors = validateFormValues(BOOK_FIELDS, values, form.stock ? "add" : "edit");
  // A pre-order is shown with its expected date everywhere: it cannot be ticked without one.
  if (values.preorder === true && values.preorderDate.trim() === "" && !errors.preorderDate) {
    errors.preorderDate = PREORDER_NEEDS_DATE;
  }
  return saleErrors(values, errors);
}

/**
 * The sale rules (domain/catalogue/sale_price.ts) on a form's typed price and sale, for the
 * fields whose own check passed: a sale price from LKR 0.01 and below the price, a last
 * day not before the first, no days without a sale price.
 */
export function saleErrors(
  values: { price: string; salePrice: string; saleStarts: string; saleEnds: string },
  errors: FieldErrors,
): FieldErrors {
  const keys = ["price", "salePrice", "saleStarts", "saleEnds"] as const;
  if (keys.some((key) => errors[key])) return errors;
  const cents = (text: string) => rupeesToCents(Number(text.trim())) ?? 0;
  const day = (text: string) => text.trim() === "" ? null : text.trim();
  const problems = saleProblems({
    priceCents: cents(values.price),
    salePriceCents: values.salePrice.trim() === "" ? null : cents(values.salePrice),
    saleStarts: day(values.saleStarts),
    saleEnds: day(values.saleEnds),
  });
  const formKey = { salePriceCents: "salePrice", saleStarts: "saleStarts", saleEnds: "saleEnds" };
  for (const problem of problems) errors[formKey[problem.field]] ??= problem.message;
  return errors;
}

/** The checks of Add New Stationery Item. */
export function validateStationeryForm(
  values: StationeryFormValues,
  image: ChosenFile | null,
): FieldErrors {
  const errors = validateStationeryFields(values, { stock: true });
  const imageProblem = checkImages(image ? [image] : [], { min: 1, max: 1 });
  if (imageProblem) errors.image = imageProblem;
  return errors;
}

/** The checks of a stationery item's fields but the image (see validateBookFields). */
export function validateStationeryFields(
  values: StationeryFormValues,
  form: { stock: boolean },
): FieldErrors {
  return saleErrors(
    values,
    validateFormValues(STATIONERY_FIELDS, values, form.stock ? "add" : "edit"),
  );
}

/** The checks of Add New Category and Add New Stationery Category. */
export function validateCategoryName(name: string): FieldErrors {
  const errors: FieldErrors = {};
  requireText(errors, "name", name, "Name");
  return errors;
}

/** The multipart body of POST /api/books, from values that passed validateBookForm. */
export function buildBookFormData(values: BookFormValues, images: Blob[]): FormData {
  const form = formDataOf(BOOK_FIELDS, values);
  for (const image of images) form.append("images", image);
  return form;
}

/** The multipart body of POST /api/stationery. */
export function buildStationeryFormData(values: StationeryFormValues, image: Blob): FormData {
  const form = formDataOf(STATIONERY_FIELDS, values);
  form.set("image", image);
  return form;
}
