/**
 * The catalogue forms of the dashboard: their values as typed, their checks, and the
 * multipart bodies of POST /api/books and POST /api/stationery. Field names are the
 * API's creation names, so the server's 400 details land on the same fields.
 */
import { BOOK_LANGUAGES } from "../../../domain/catalogue/model.ts";
import {
  collect,
  type FieldErrors,
  isCalendarDate,
  parseCount,
  parseIsbn13,
  parsePrice,
  parseWeight,
  requireText,
} from "../validation.ts";
import { MAX_BOOK_IMAGES } from "../../../domain/catalogue/images.ts";

export interface BookFormValues {
  title: string;
  author: string;
  price: string;
  stock: string;
  categoryId: string;
  isbn13: string;
  language: string;
  binding: string;
  publisher: string;
  publishingDate: string;
  productEdition: string;
  weight: string;
  description: string;
  preorder: boolean;
}

export interface StationeryFormValues {
  title: string;
  price: string;
  stock: string;
  weight: string;
  categoryId: string;
}

export const EMPTY_BOOK_FORM: BookFormValues = {
  title: "",
  author: "",
  price: "",
  stock: "",
  categoryId: "",
  isbn13: "",
  language: "",
  binding: "",
  publisher: "",
  publishingDate: "",
  productEdition: "",
  weight: "",
  description: "",
  preorder: false,
};

export const EMPTY_STATIONERY_FORM: StationeryFormValues = {
  title: "",
  price: "",
  stock: "",
  weight: "",
  categoryId: "",
};

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
  const errors: FieldErrors = {};
  requireText(errors, "title", values.title, "Title");
  requireText(errors, "author", values.author, "Author");
  collect(errors, "price", parsePrice(values.price));
  if (form.stock) collect(errors, "stock", parseCount(values.stock, "Stock"));
  if (values.categoryId === "") errors.categoryId = "Category is required";
  collect(errors, "isbn13", parseIsbn13(values.isbn13));
  if (!(BOOK_LANGUAGES as readonly string[]).includes(values.language)) {
    errors.language = "Language is required";
  }
  requireText(errors, "binding", values.binding, "Binding");
  requireText(errors, "publisher", values.publisher, "Publisher");
  if (values.publishingDate === "") errors.publishingDate = "Publishing date is required";
  else if (!isCalendarDate(values.publishingDate)) {
    errors.publishingDate = "Publishing date must be a date (YYYY-MM-DD)";
  }
  requireText(errors, "productEdition", values.productEdition, "Edition");
  collect(errors, "weight", parseWeight(values.weight));
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
  const errors: FieldErrors = {};
  requireText(errors, "title", values.title, "Title");
  collect(errors, "price", parsePrice(values.price));
  if (form.stock) collect(errors, "stock", parseCount(values.stock, "Stock"));
  collect(errors, "weight", parseWeight(values.weight));
  if (values.categoryId === "") errors.categoryId = "Category is required";
  return errors;
}

/** The checks of Add New Category and Add New Stationery Category. */
export function validateCategoryName(name: string): FieldErrors {
  const errors: FieldErrors = {};
  requireText(errors, "name", name, "Name");
  return errors;
}

/** The multipart body of POST /api/books, from values that passed validateBookForm. */
export function buildBookFormData(values: BookFormValues, images: Blob[]): FormData {
  const form = new FormData();
  form.set("title", values.title.trim());
  form.set("author", values.author.trim());
  form.set("price", values.price.trim());
  form.set("stock", values.stock.trim());
  form.set("categoryId", values.categoryId);
  form.set("isbn13", values.isbn13.replace(/[\s-]/g, ""));
  form.set("language", values.language);
  form.set("binding", values.binding.trim());
  form.set("publisher", values.publisher.trim());
  form.set("publishingDate", values.publishingDate);
  form.set("productEdition", values.productEdition.trim());
  form.set("weight", values.weight.trim());
  form.set("description", values.description.trim());
  form.set("preorder", values.preorder ? "1" : "0");
  for (const image of images) form.append("images", image);
  return form;
}

/** The multipart body of POST /api/stationery. */
export function buildStationeryFormData(values: StationeryFormValues, image: Blob): FormData {
  const form = new FormData();
  form.set("title", values.title.trim());
  form.set("price", values.price.trim());
  form.set("stock", values.stock.trim());
  form.set("weight", values.weight.trim());
  form.set("categoryId", values.categoryId);
  form.set("image", image);
  return form;
}
