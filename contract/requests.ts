/**
 * The zod schemas of every request: path parameters, queries, JSON and multipart
 * fields. The routes validate with them and the OpenAPI document is generated from
 * them, so the two cannot drift. Wire units go in (rupees, kg, camelCase) and domain
 * units come out (cents, grams).
 */
import { z } from "zod";
import { kgToGrams, rupeesToCents } from "../domain/money.ts";
import {
  BOOK_LANGUAGES,
  BOOK_SORT_KEYS,
  type BookFilter,
  type BookSortKey,
  type CatalogueSort,
  SORT_DIRECTIONS,
  type SortDirection,
  STATIONERY_SORT_KEYS,
  type StationeryFilter,
} from "../domain/catalogue/model.ts";
import { SHOP_LANGUAGES } from "../domain/i18n/language.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../domain/catalogue/pagination.ts";
import { MAX_LINE_QUANTITY, MAX_STOCK } from "../domain/catalogue/stock.ts";
import {
  ITEM_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from "../domain/orders/model.ts";
import { ID_DIGITS, MAX_INTEGER } from "./ids.ts";

/** A price no shop item reaches: keeps every sum a safe integer. */
const MAX_RUPEES = 10_000_000;
const MAX_KG = 1000;
/** Lines in one order. */
export const MAX_ORDER_LINES = 100;

/** A record id in a path or query: a positive whole number. */
export const idText = z.string().regex(ID_DIGITS, "must be a positive whole number")
  .transform(Number).refine((n) => n <= MAX_INTEGER, "is too large");

/** An id in JSON: a positive whole number, or its digits as text (form selects send text). */
export const idValue = z.union([
  z.number().int("must be a whole number").positive("must be positive").max(MAX_INTEGER),
  idText,
], { error: "must be a positive whole number" });

export const idParam = z.object({ id: idText });

const flagText = z.enum(["1", "0", "true", "false"], { error: "must be 1 or 0" })
  .transform((v) => v === "1" || v === "true");

/** Rupees with at most 2 decimals, as a JSON number, to cents. */
export const rupees = z.number({ error: "must be a number of rupees" })
  .min(0, "must not be negative").max(MAX_RUPEES, `must be at most ${MAX_RUPEES}`)
  .refine((n) => rupeesToCents(n) !== undefined, "must have at most 2 decimals")
  .transform((n) => rupeesToCents(n)!);

/** Rupees written as text (queries, multipart fields), to cents. */
export const rupeesText = z.string().trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, "must be an amount of rupees with at most 2 decimals")
  .transform(Number).pipe(rupees);

const kgText = z.string().trim()
  .regex(/^\d{1,4}(\.\d{1,3})?$/, "must be a weight in kg with at most 3 decimals")
  .transform(Number)
  .refine((kg) => kg > 0 && kg <= MAX_KG, `must be above 0 and at most ${MAX_KG} kg`)
  .transform((kg) => kgToGrams(kg)!);

const countText = z.string().trim().regex(/^\d{1,7}$/, "must be a whole number, 0 or more")
  .transform(Number).refine((n) => n <= MAX_STOCK, `must be at most ${MAX_STOCK}`);

const count = z.number({ error: "must be a whole number" }).int("must be a whole number")
  .min(0, "must not be negative").max(MAX_STOCK, `must be at most ${MAX_STOCK}`);

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** YYYY-MM-DD, a real day. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine(isCalendarDate, "must be a real calendar date");

function text(label: string, max: number) {
  return z.string({ error: `${label} is required` }).trim()
    .min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
}

// Catalogue queries

const stationeryQueryShape = {
  q: z.string().max(200, "must be at most 200 characters").optional(),
  categoryId: idText.optional(),
  minPrice: rupeesText.optional(),
  maxPrice: rupeesText.optional(),
  inStock: flagText.optional(),
  outOfStock: flagText.optional(),
  page: z.string().regex(/^[1-9]\d{0,6}$/, "must be a page number from 1").transform(Number)
    .optional(),
  pageSize: z.string().regex(/^\d{1,3}$/, "must be a whole number").transform(Number)
    .refine((n) => n >= 1 && n <= MAX_PAGE_SIZE, `must be from 1 to ${MAX_PAGE_SIZE}`)
    .optional(),
};

function sortParam<const Keys extends readonly [BookSortKey, ...BookSortKey[]]>(keys: Keys) {
  return z.enum(keys, { error: `must be one of ${keys.join(", ")}` })
    .describe("The column the whole list is sorted by before paging (default id); ties go by id")
    .optional();
}

const orderParam = z.enum(SORT_DIRECTIONS, { error: "must be asc or desc" })
  .describe("The sort direction (default asc)").optional();

export const stationeryQuery = z.object({
  ...stationeryQueryShape,
  sort: sortParam(STATIONERY_SORT_KEYS),
  order: orderParam,
});
export const bookQuery = z.object({
  ...stationeryQueryShape,
  author: z.string().max(200, "must be at most 200 characters").optional(),
  sort: sortParam(BOOK_SORT_KEYS),
  order: orderParam,
});

/** The order a query asks for: a column (id by default) and a direction (asc by default). */
export function sortOf<Key extends BookSortKey>(
  query: { sort?: Key; order?: SortDirection },
): CatalogueSort<Key | "id"> {
  return { by: query.sort ?? "id", direction: query.order ?? "asc" };
}

/**
 * The order a storefront list asks for: none when the query names neither `sort` nor
 * `order`, so that a search lists title matches first (see the Catalogue port).
 */
export function searchSortOf<Key extends BookSortKey>(
  query: { sort?: Key; order?: SortDirection },
): CatalogueSort<Key | "id"> | undefined {
  return query.sort === undefined && query.order === undefined ? undefined : sortOf(query);
}

/** The stationery filter a list query asks for; both stock boxes are ticked by default. */
export function stationeryFilterOf(query: {
  q?: string;
  categoryId?: number;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  outOfStock?: boolean;
}): StationeryFilter {
  return {
    q: query.q,
    categoryId: query.categoryId,
    minPriceCents: query.minPrice,
    maxPriceCents: query.maxPrice,
    inStock: query.inStock ?? true,
    outOfStock: query.outOfStock ?? true,
  };
}

/** The book filter: the stationery filter plus the author. */
export function bookFilterOf(
  query: Parameters<typeof stationeryFilterOf>[0] & { author?: string },
): BookFilter {
  return { ...stationeryFilterOf(query), author: query.author };
}

/** The page a query asks for, with the shop's defaults. */
export function pageOf(query: { page?: number; pageSize?: number }) {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE };
}

// Locations

export const districtQuery = z.object({ provinceId: idText.optional() });
export const areaQuery = z.object({ districtId: idText.optional() });

// Catalogue writes (admin)

export const categoryBody = z.object({ name: text("Name", 100) });

export const priceBody = z.object({ price: rupees });

const stockChangeShape = {
  stock: count.optional(),
  addStock: z.number({ error: "must be a whole number" }).int("must be a whole number")
    .min(-MAX_STOCK, `must be at least -${MAX_STOCK}`).max(
      MAX_STOCK,
      `must be at most ${MAX_STOCK}`,
    )
    .optional(),
  price: rupees.optional(),
};

function oneStockChange(value: { stock?: number; addStock?: number }, ctx: z.RefinementCtx) {
  if (value.stock !== undefined && value.addStock !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["addStock"],
      message: "give either stock (absolute) or addStock (relative), not both",
    });
  }
}

/** A weight in kg as a JSON number, to grams. */
const kg = z.number({ error: "must be a weight in kg" })
  .refine((n) => n > 0 && n <= MAX_KG, `must be above 0 and at most ${MAX_KG} kg`)
  .refine((n) => kgToGrams(n) !== undefined, "must have at most 3 decimals")
  .transform((n) => kgToGrams(n)!);

const isbn13 = z.string({ error: "ISBN-13 is required" })
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{13}$/, "must be 13 digits"));

const language = z.enum(BOOK_LANGUAGES, { error: `must be one of ${BOOK_LANGUAGES.join(", ")}` });

const description = z.string().max(10_000, "must be at most 10000 characters");

/** The listing fields both kinds of product can change, with creation's rules. */
const productEditShape = {
  title: text("Title", 300).optional(),
  weight: kg.optional(),
  categoryId: idValue.optional(),
};

export const stationeryChangesBody = z.strictObject({
  ...stockChangeShape,
  ...productEditShape,
}).superRefine(oneStockChange);

const PREORDER_DATE_NOTE =
  "When the pre-ordered book is expected (YYYY-MM-DD); a date before today in Sri Lanka is 400";

export const bookChangesBody = z.strictObject({
  ...stockChangeShape,
  ...productEditShape,
  author: text("Author", 200).optional(),
  isbn13: isbn13.optional(),
  language: language.optional(),
  binding: text("Binding", 100).optional(),
  publisher: text("Publisher", 200).optional(),
  publishingDate: isoDate.optional(),
  productEdition: text("Edition", 100).optional(),
  description: z.union([description, z.null()]).optional(),
  preorder: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: "must be true or false" })
    .transform(Boolean).optional(),
  preorderDate: z.union([isoDate, z.literal("").transform(() => null), z.null()]).optional()
    .describe(PREORDER_DATE_NOTE),
  preorderedStock: count.optional(),
}).superRefine(oneStockChange);

const formFlag = z.enum(["1", "0", "true", "false", "on", "off"], { error: "must be 1 or 0" })
  .transform((v) => v === "1" || v === "true" || v === "on");

/** The text fields of the new-book form (the images are checked apart). */
export const newBookFields = z.object({
  title: text("Title", 300),
  author: text("Author", 200),
  price: rupeesText,
  stock: countText,
  categoryId: idText,
  isbn13,
  language,
  binding: text("Binding", 100),
  publisher: text("Publisher", 200),
  publishingDate: isoDate,
  productEdition: text("Edition", 100),
  weight: kgText,
  description: description.optional(),
  preorder: formFlag.optional(),
  preorderDate: z.union([isoDate, z.literal("")]).optional().describe(PREORDER_DATE_NOTE),
  preorderedStock: z.union([countText, z.literal("").transform(() => 0)]).optional(),
});

/** The text fields of the new-stationery form (the image is checked apart). */
export const newStationeryFields = z.object({
  title: text("Title", 300),
  price: rupeesText,
  stock: countText,
  weight: kgText,
  categoryId: idText,
});

/** A book's images in their new order: some or all of the ones it has. */
export const arrangeImagesBody = z.strictObject({
  images: z.array(z.string().max(500), { error: "must be a list of image URLs" })
    .min(1, "must keep at least one image").max(100, "must hold at most 100 images"),
});

export const importQuery = z.object({
  dryRun: flagText.optional().describe("1: check and count, write nothing"),
});

/** An admin list of archived products. */
export const archivedQuery = z.object({
  q: stationeryQueryShape.q,
  page: stationeryQueryShape.page,
  pageSize: stationeryQueryShape.pageSize,
});

// Orders

const orderLine = z.object({
  id: idValue,
  quantity: z.number({ error: "must be a whole number" }).int("must be a whole number")
    .min(1, "must be at least 1").max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
  type: z.enum(ITEM_TYPES, { error: `must be one of ${ITEM_TYPES.join(", ")}` }),
});

export const newOrderBody = z.object({
  total: rupees,
  name: text("Name", 200),
  address: text("Address", 500),
  email: z.string({ error: "Email is required" }).trim().max(254)
    .pipe(z.email("must be an e-mail address")),
  phone: z.string({ error: "Phone is required" }).trim()
    .regex(/^\+?[\d\s()-]{7,20}$/, "must be a phone number"),
  postalCode: z.string({ error: "Postal code is required" }).trim()
    .regex(/^[A-Za-z\d\s-]{3,10}$/, "must be a postal code"),
  province: idValue,
  district: idValue,
  area: idValue,
  paymentMethod: z.enum(PAYMENT_METHODS, {
    error: `must be one of ${PAYMENT_METHODS.join(", ")}`,
  }),
  items: z.array(orderLine).min(1, "must hold at least one item")
    .max(MAX_ORDER_LINES, `must hold at most ${MAX_ORDER_LINES} lines`),
  locale: z.enum(SHOP_LANGUAGES, { error: `must be one of ${SHOP_LANGUAGES.join(", ")}` })
    .optional().describe("the language the order is placed in; en when absent"),
});

/** The default delivery address: the same fields and rules as checkout's. */
export const addressBody = newOrderBody.pick({
  name: true,
  address: true,
  phone: true,
  postalCode: true,
  province: true,
  district: true,
  area: true,
});

export const idempotencyHeader = z.object({
  "idempotency-key": z.string().regex(
    /^[\x21-\x7e]{1,200}$/,
    "must be 1 to 200 visible ASCII characters",
  ).optional(),
});

export const orderListQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(", ")}` })
    .optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, {
    error: `must be one of ${PAYMENT_STATUSES.join(", ")}`,
  }).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, {
    error: `must be one of ${PAYMENT_METHODS.join(", ")}`,
  }).optional(),
  q: z.string().max(200, "must be at most 200 characters").optional()
    .describe("an order number, or part of a name, an e-mail address or a phone number"),
  from: isoDate.optional().describe("placed on or after this day in Sri Lanka"),
  to: isoDate.optional().describe("placed on or before this day in Sri Lanka"),
  page: stationeryQueryShape.page,
  pageSize: stationeryQueryShape.pageSize.describe(`default 20, at most ${MAX_PAGE_SIZE}`),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  message: "must not be before from",
  path: ["to"],
});

const optionalLine = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).optional().nullable();

export const statusBody = z.object({
  id: idValue,
  status: z.enum(["completed", "rejected"], { error: "must be completed or rejected" }),
  courier: optionalLine(100).describe("with completed: who carries the parcel"),
  trackingNumber: optionalLine(100).describe("with completed: the courier's tracking number"),
  reason: optionalLine(500).describe("with rejected: why, told to the customer"),
});

export const proofParams = z.object({
  id: idText,
  proofId: idText,
});

export const lookupBody = z.object({
  orderId: idValue,
  email: z.string({ error: "Email is required" }).trim().max(254)
    .pipe(z.email("must be an e-mail address")),
});

export const orderKeyQuery = z.object({
  key: z.string().max(200, "must be at most 200 characters").optional()
    .describe("the order's key, from the link in its mails"),
});

export const paymentBody = z.object({
  status: z.enum(["paid", "unpaid"], { error: "must be paid or unpaid" }),
  note: optionalLine(500),
});

export const noteBody = z.object({
  note: z.string({ error: "Note is required" }).trim().min(1, "Note is required")
    .max(2000, "Note must be at most 2000 characters"),
});
