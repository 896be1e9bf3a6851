/**
 * The zod schemas of every request: path parameters, queries, JSON and multipart
 * fields. The routes validate with them and the OpenAPI document is generated from
 * them, so the two cannot drift. Wire units go in (rupees, kg, camelCase) and domain
 * units come out (cents, grams).
 */
import { z } from "zod";
import {
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
import { MAX_LINE_QUANTITY } from "../domain/catalogue/stock.ts";
import { MAX_VOUCHER_CENTS } from "../domain/vouchers/rules.ts";
import { PARCEL_CHOICES } from "../domain/fulfilment/delivery_fees.ts";
import {
  ITEM_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from "../domain/orders/model.ts";
import { BOOK_FIELDS } from "../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../domain/catalogue/stationery_record.ts";
import {
  idText,
  idValue,
  isoDate,
  rupees,
  rupeesText,
  sriLankanPhone,
  sriLankanPostcode,
  text,
} from "./field_schemas.ts";
import { creationFields, productChangesBody } from "./record_fields.ts";

export {
  idText,
  idValue,
  isbn13,
  isbn13Digits,
  isoDate,
  type RuleName,
  rupees,
  rupeesText,
} from "./field_schemas.ts";

/** Lines in one order. */
export const MAX_ORDER_LINES = 100;

export const idParam = z.object({ id: idText });

const flagText = z.enum(["1", "0", "true", "false"], { error: "must be 1 or 0" })
  .transform((v) => v === "1" || v === "true");

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

/** A category's name in Sinhala or Tamil: blank or null for none. */
const categoryNameIn = (label: string) =>
  z.string().trim().max(100, `${label} must be at most 100 characters`).nullable().optional()
    .describe(`its name in ${label.replace(/^Name in /, "")}; blank or null for none`);

/**
 * A category: its English name, and its Sinhala and Tamil names (a change without them
 * keeps those it has; with them, they become these).
 */
export const categoryBody = z.object({
  name: text("Name", 100),
  name_si: categoryNameIn("Name in Sinhala"),
  name_ta: categoryNameIn("Name in Tamil"),
});

/** The Sinhala and Tamil names of a category body; undefined when it gave neither. */
export function categoryBodyNames(
  body: { name_si?: string | null; name_ta?: string | null },
): { si?: string; ta?: string } | undefined {
  if (body.name_si === undefined && body.name_ta === undefined) return undefined;
  return {
    ...(body.name_si ? { si: body.name_si } : {}),
    ...(body.name_ta ? { ta: body.name_ta } : {}),
  };
}

export const priceBody = z.object({ price: rupees });

/**
 * The changes of a product (PUT /api/{books,stationery}/{id}) and the text fields of its
 * creation form, derived from its declaration (contract/record_fields.ts).
 */
export const stationeryChangesBody = productChangesBody(STATIONERY_FIELDS);
export const bookChangesBody = productChangesBody(BOOK_FIELDS);

/** The text fields of the new-book form (the images are checked apart). */
export const newBookFields = creationFields(BOOK_FIELDS);

/** The text fields of the new-stationery form (the image is checked apart). */
export const newStationeryFields = creationFields(STATIONERY_FIELDS);

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

/** One line of a cart or an order: an item and how many copies. */
export const orderLine = z.object({
  id: idValue,
  quantity: z.number({ error: "must be a whole number" }).int("must be a whole number")
    .min(1, "must be at least 1").max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
  type: z.enum(ITEM_TYPES, { error: `must be one of ${ITEM_TYPES.join(", ")}` }),
});

/** A discount code as a shopper types it: 3 to 32 letters, digits or hyphens. */
export const discountCode = z.string({ error: "must be a discount code" }).trim().regex(
  /^[A-Za-z0-9-]{3,32}$/,
  "must be 3 to 32 letters, digits or hyphens",
);

/**
 * A gift voucher's code as typed: up to 40 letters, digits, spaces or hyphens (whether it is
 * one of the shop's is the shop's answer, not a bad input).
 */
export const voucherCodeText = z.string({ error: "must be a gift voucher code" }).trim()
  .regex(/^[A-Za-z0-9 -]{1,40}$/, "must be 1 to 40 letters, digits, spaces or hyphens");

/** How a mixed cart is sent: together (when the pre-order arrives) or split (two parcels). */
export const parcelChoice = z.enum(PARCEL_CHOICES, {
  error: `must be one of ${PARCEL_CHOICES.join(", ")}`,
});

export const newOrderBody = z.object({
  total: rupees,
  name: text("Name", 200),
  address: text("Address", 500),
  email: z.string({ error: "Email is required" }).trim().max(254)
    .pipe(z.email("must be an e-mail address")),
  phone: sriLankanPhone,
  postalCode: sriLankanPostcode,
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
  code: discountCode.optional().describe(
    "a discount code, matched without regard to case; one an order",
  ),
  voucher: z.strictObject({
    code: voucherCodeText,
    amount: rupees.refine((cents) => cents > 0, "must be above 0")
      .refine((cents) => cents <= MAX_VOUCHER_CENTS, "must be at most 1000000").describe(
        "what the shopper was shown it pays (its balance, up to the order total): 409 VOUCHER_CHANGED when it pays another amount now",
      ),
  }).optional().describe("a gift voucher that pays part or all of the order; one an order"),
  parcels: z.strictObject({
    send: parcelChoice,
    fee: rupees.describe(
      "the second parcel's extra delivery fee the shopper was shown beside the choice (0 for together): 409 PRICE_CHANGED when it is another now",
    ),
  }).optional().describe(
    "how a cart holding books in stock and pre-ordered books is sent; together when absent. split for a cart without both: 400",
  ),
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
