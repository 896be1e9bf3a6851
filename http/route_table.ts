/**
 * Every API route in one table: method, path, who may call it and the schemas of its
 * request and answer. The app guards the admin rows from this table, the OpenAPI
 * document is generated from it, and a test checks that the app serves exactly these
 * routes: a new route cannot slip in unguarded or undocumented.
 */
import { z } from "zod";
import { loginSchema, registerSchema } from "./auth/routes.ts";
import { passwordChangeSchema } from "./auth/session_routes.ts";
import { resetConfirmSchema, resetRequestSchema } from "./auth/reset_routes.ts";
import { accountRecordSchema, addressBody } from "./routes/account.ts";
import { accountOrderSchema } from "./records_account.ts";
import {
  archivedQuery,
  areaQuery,
  arrangeImagesBody,
  bookChangesBody,
  bookQuery,
  categoryBody,
  districtQuery,
  idempotencyHeader,
  idParam,
  importQuery,
  lookupBody,
  newBookFields,
  newOrderBody,
  newStationeryFields,
  noteBody,
  orderKeyQuery,
  orderListQuery,
  paymentBody,
  priceBody,
  proofParams,
  stationeryChangesBody,
  stationeryQuery,
  statusBody,
} from "./schemas.ts";
import {
  AreaSchema,
  BankDetailsSchema,
  BookSchema,
  CategorySchema,
  CustomerOrderSchema,
  DistrictSchema,
  ImportSummarySchema,
  OrderSchema,
  OrderStatsSchema,
  PlacedOrderSchema,
  ProvinceSchema,
  StationerySchema,
} from "./records.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RouteSpec {
  method: Method;
  /** Hono style: `/api/books/:id`. */
  path: string;
  summary: string;
  admin: boolean;
  /** Needs a live token of anyone signed in ("any") or of a customer; checked by the route. */
  signedIn?: "any" | "customer";
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  json?: z.ZodType;
  /** The body is CSV text (`text/csv`). */
  csv?: boolean;
  /** Text fields of a multipart form, and the names of its file fields. */
  multipart?: { fields: z.ZodType; files: Record<string, "one" | "many"> };
  ok: { status: 200 | 201 | 202 | 204; schema?: z.ZodType; contentType?: string };
  /** The error statuses the route answers by contract. */
  errors: number[];
}

function data<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

function pageOf<T extends z.ZodType>(schema: T) {
  return z.object({
    data: z.array(schema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

/** A storefront search's page: with the help of a search that found nothing. */
function searchPageOf<T extends z.ZodType>(schema: T) {
  return pageOf(schema).extend({
    suggestions: z.array(z.string()).optional().describe(
      "Only when `q` found nothing: up to 5 titles or authors close to `q` (typos forgiven), best first",
    ),
    elsewhere: z.object({ store: z.enum(["books", "stationery"]), total: z.number().int() })
      .optional().describe(
        "Only when `q` found nothing here: the other store's matches for `q`, when it has some",
      ),
  });
}

const ADMIN_ERRORS = [401, 403];

/** A bearer token, when it ends, and whose it is. */
const SignedInSchema = z.object({
  token: z.string(),
  expiresAt: z.string().describe("ISO 8601"),
  role: z.enum(["admin", "customer"]),
});

export const ROUTES: readonly RouteSpec[] = [
  // Books
  {
    method: "GET",
    path: "/api/books",
    summary: "List books, filtered and paged",
    admin: false,
    query: bookQuery,
    ok: { status: 200, schema: searchPageOf(BookSchema) },
    errors: [400],
  },
  {
    method: "GET",
    path: "/api/books/authors",
    summary: "Distinct authors, sorted",
    admin: false,
    ok: { status: 200, schema: data(z.array(z.string())) },
    errors: [],
  },
  {
    method: "GET",
    path: "/api/books/export",
    summary: "Every book on sale as CSV (the creation fields, plus id and images)",
    admin: true,
    ok: { status: 200, contentType: "text/csv" },
    errors: ADMIN_ERRORS,
  },
  {
    method: "POST",
    path: "/api/books/import",
    summary:
      "Create and update books from a CSV body matched by isbn13; nothing is written when any row has an error or with dryRun=1",
    admin: true,
    query: importQuery,
    csv: true,
    ok: { status: 200, schema: data(ImportSummarySchema) },
    errors: [...ADMIN_ERRORS, 400, 409, 413, 415],
  },
  {
    method: "GET",
    path: "/api/books/archived",
    summary: "Archived books (hidden from the shop), newest first",
    admin: true,
    query: archivedQuery,
    ok: { status: 200, schema: pageOf(BookSchema) },
    errors: [...ADMIN_ERRORS, 400],
  },
  {
    method: "POST",
    path: "/api/books/:id/restore",
    summary: "Put an archived book back on sale (409 when its ISBN-13 is taken again)",
    admin: true,
    params: idParam,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409],
  },
  {
    method: "POST",
    path: "/api/books/:id/images",
    summary: "Add images to a book (after its current ones)",
    admin: true,
    params: idParam,
    multipart: { fields: z.object({}), files: { images: "many" } },
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 413, 415],
  },
  {
    method: "PUT",
    path: "/api/books/:id/images",
    summary: "Reorder and remove a book's images: the ones to keep, in order (at least one)",
    admin: true,
    params: idParam,
    json: arrangeImagesBody,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415],
  },
  {
    method: "POST",
    path: "/api/books/:id/images/replace",
    summary: "Replace one of a book's images (old: its URL) with an uploaded one, in its place",
    admin: true,
    params: idParam,
    multipart: {
      fields: z.object({ old: z.string().describe("the URL of the image to replace") }),
      files: { image: "one" },
    },
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 413, 415],
  },
  {
    method: "GET",
    path: "/api/books/:id",
    summary: "One book",
    admin: false,
    params: idParam,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [400, 404],
  },
  {
    method: "POST",
    path: "/api/books",
    summary: "Add a book with its images",
    admin: true,
    multipart: { fields: newBookFields, files: { images: "many" } },
    ok: { status: 201, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 409, 413, 415],
  },
  {
    method: "PUT",
    path: "/api/books/price/:id",
    summary: "Change a book's price",
    admin: true,
    params: idParam,
    json: priceBody,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415],
  },
  {
    method: "PUT",
    path: "/api/books/:id",
    summary:
      "Change any field of a book: its listing, stock (absolute or relative), price and pre-order settings; absent fields stay",
    admin: true,
    params: idParam,
    json: bookChangesBody,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  },
  {
    method: "DELETE",
    path: "/api/books/:id",
    summary: "Delete a book (archived when orders refer to it)",
    admin: true,
    params: idParam,
    ok: { status: 204 },
    errors: [...ADMIN_ERRORS, 400, 404],
  },
  // Stationery
  {
    method: "GET",
    path: "/api/stationery",
    summary: "List stationery, filtered and paged",
    admin: false,
    query: stationeryQuery,
    ok: { status: 200, schema: searchPageOf(StationerySchema) },
    errors: [400],
  },
  {
    method: "GET",
    path: "/api/stationery/export",
    summary: "Every stationery item on sale as CSV (the creation fields, plus id and image)",
    admin: true,
    ok: { status: 200, contentType: "text/csv" },
    errors: ADMIN_ERRORS,
  },
  {
    method: "POST",
    path: "/api/stationery/import",
    summary:
      "Create (rows without id) and update (rows with the id of an item on sale) stationery from a CSV body; nothing is written when any row has an error or with dryRun=1",
    admin: true,
    query: importQuery,
    csv: true,
    ok: { status: 200, schema: data(ImportSummarySchema) },
    errors: [...ADMIN_ERRORS, 400, 409, 413, 415],
  },
  {
    method: "GET",
    path: "/api/stationery/archived",
    summary: "Archived stationery items (hidden from the shop), newest first",
    admin: true,
    query: archivedQuery,
    ok: { status: 200, schema: pageOf(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400],
  },
  {
    method: "POST",
    path: "/api/stationery/:id/restore",
    summary: "Put an archived stationery item back on sale",
    admin: true,
    params: idParam,
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 404],
  },
  {
    method: "PUT",
    path: "/api/stationery/:id/image",
    summary: "Replace a stationery item's image",
    admin: true,
    params: idParam,
    multipart: { fields: z.object({}), files: { image: "one" } },
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 413, 415],
  },
  {
    method: "GET",
    path: "/api/stationery/:id",
    summary: "One stationery item",
    admin: false,
    params: idParam,
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [400, 404],
  },
  {
    method: "POST",
    path: "/api/stationery",
    summary: "Add a stationery item with its image",
    admin: true,
    multipart: { fields: newStationeryFields, files: { image: "one" } },
    ok: { status: 201, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 413, 415],
  },
  {
    method: "PUT",
    path: "/api/stationery/price/:id",
    summary: "Change a stationery item's price",
    admin: true,
    params: idParam,
    json: priceBody,
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415],
  },
  {
    method: "PUT",
    path: "/api/stationery/:id",
    summary:
      "Change a stationery item's title, weight, category, stock (absolute or relative) and price; absent fields stay",
    admin: true,
    params: idParam,
    json: stationeryChangesBody,
    ok: { status: 200, schema: data(StationerySchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  },
  {
    method: "DELETE",
    path: "/api/stationery/:id",
    summary: "Delete a stationery item (archived when orders refer to it)",
    admin: true,
    params: idParam,
    ok: { status: 204 },
    errors: [...ADMIN_ERRORS, 400, 404],
  },
  // Categories
  ...(["categories", "stationery-categories"] as const).flatMap((name): RouteSpec[] => [
    {
      method: "GET",
      path: `/api/${name}`,
      summary: `List ${name.replace("-", " ")}`,
      admin: false,
      ok: { status: 200, schema: data(z.array(CategorySchema)) },
      errors: [],
    },
    {
      method: "POST",
      path: `/api/${name}`,
      summary: `Add one of the ${name.replace("-", " ")}`,
      admin: true,
      json: categoryBody,
      ok: { status: 201, schema: data(CategorySchema) },
      errors: [...ADMIN_ERRORS, 400, 409, 415],
    },
    {
      method: "PUT",
      path: `/api/${name}/:id`,
      summary: `Rename one of the ${name.replace("-", " ")} (409 when the name exists)`,
      admin: true,
      params: idParam,
      json: categoryBody,
      ok: { status: 200, schema: data(CategorySchema) },
      errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
    },
    {
      method: "DELETE",
      path: `/api/${name}/:id`,
      summary: `Delete one of the ${
        name.replace("-", " ")
      }: 409 IN_USE (details: products, archived) while products use it`,
      admin: true,
      params: idParam,
      ok: { status: 204 },
      errors: [...ADMIN_ERRORS, 400, 404, 409],
    },
  ]),
  // Locations
  {
    method: "GET",
    path: "/api/locations/provinces",
    summary: "Sri Lanka's provinces",
    admin: false,
    ok: { status: 200, schema: data(z.array(ProvinceSchema)) },
    errors: [],
  },
  {
    method: "GET",
    path: "/api/locations/districts",
    summary: "Districts, of one province when asked",
    admin: false,
    query: districtQuery,
    ok: { status: 200, schema: data(z.array(DistrictSchema)) },
    errors: [400],
  },
  {
    method: "GET",
    path: "/api/locations/areas",
    summary: "Areas (cities), of one district when asked",
    admin: false,
    query: areaQuery,
    ok: { status: 200, schema: data(z.array(AreaSchema)) },
    errors: [400],
  },
  // Orders
  {
    method: "GET",
    path: "/api/orders/bank-details",
    summary: "The shop's bank account for Bank Deposit",
    admin: false,
    ok: { status: 200, schema: data(BankDetailsSchema) },
    errors: [],
  },
  {
    method: "POST",
    path: "/api/orders",
    summary: "Place a guest order (prices, fee and stock decided by the shop)",
    admin: false,
    headers: idempotencyHeader,
    json: newOrderBody,
    ok: { status: 201, schema: PlacedOrderSchema },
    errors: [400, 401, 409, 415, 422, 429],
  },
  {
    method: "GET",
    path: "/api/orders",
    summary:
      "Orders, newest first, a page at a time: searched by number, name, e-mail or phone and filtered",
    admin: true,
    query: orderListQuery,
    ok: { status: 200, schema: pageOf(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400],
  },
  {
    method: "GET",
    path: "/api/orders/export",
    summary: "The orders the same filters find, as CSV: one row per order line",
    admin: true,
    query: orderListQuery,
    ok: { status: 200, contentType: "text/csv" },
    errors: [...ADMIN_ERRORS, 400],
  },
  {
    method: "GET",
    path: "/api/orders/:id",
    summary: "One order with its payment, proofs and timeline",
    admin: true,
    params: idParam,
    ok: { status: 200, schema: data(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400, 404],
  },
  {
    method: "GET",
    path: "/api/orders/:id/payment-proofs/:proofId",
    summary: "A deposit slip the customer uploaded (JPEG, PNG, WebP or PDF)",
    admin: true,
    params: proofParams,
    ok: { status: 200, contentType: "image/* or application/pdf" },
    errors: [...ADMIN_ERRORS, 400, 404],
  },
  {
    method: "POST",
    path: "/api/orders/lookup",
    summary:
      "Ask for an order's link: mailed to the order's address when the number and address match; 202 whatever the input",
    admin: false,
    json: lookupBody,
    ok: { status: 202, schema: data(z.object({ accepted: z.literal(true) })) },
    errors: [400, 415, 429],
  },
  {
    method: "GET",
    path: "/api/orders/:id/view",
    summary:
      "The customer's view of an order, opened by its key (404 for a wrong key, as for a missing order)",
    admin: false,
    params: idParam,
    query: orderKeyQuery,
    ok: { status: 200, schema: data(CustomerOrderSchema) },
    errors: [400, 404],
  },
  {
    method: "POST",
    path: "/api/orders/:id/payment-proof",
    summary:
      "Send the deposit slip of a Bank Deposit order (multipart `proof`: JPEG, PNG, WebP or PDF by its bytes, at most 5 MB, at most 5 an order)",
    admin: false,
    params: idParam,
    query: orderKeyQuery,
    multipart: { fields: z.object({}), files: { proof: "one" } },
    ok: { status: 201, schema: data(CustomerOrderSchema) },
    errors: [400, 404, 409, 413, 415],
  },
  {
    method: "PUT",
    path: "/api/orders/:id/payment",
    summary: "Record an order paid (cash received, deposit verified) or unpaid again",
    admin: true,
    params: idParam,
    json: paymentBody,
    ok: { status: 200, schema: data(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  },
  {
    method: "POST",
    path: "/api/orders/:id/notes",
    summary: "Add the admin's note to an order's timeline (never shown to the customer)",
    admin: true,
    params: idParam,
    json: noteBody,
    ok: { status: 201, schema: data(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415],
  },
  {
    method: "GET",
    path: "/api/orders/stats",
    summary:
      "Order counts, the items' total of completed orders, orders awaiting payment or a proof check, today's orders",
    admin: true,
    ok: { status: 200, schema: data(OrderStatsSchema) },
    errors: ADMIN_ERRORS,
  },
  {
    method: "PUT",
    path: "/api/orders/status",
    summary:
      "Confirm (completed, with an optional courier and tracking number) or reject (with an optional reason) a pending order",
    admin: true,
    json: statusBody,
    ok: { status: 200, schema: data(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  },
  {
    method: "GET",
    path: "/api/orders/:id/slip",
    summary: "The saved PDF order slip of a completed order",
    admin: true,
    params: idParam,
    ok: { status: 200, contentType: "application/pdf" },
    errors: [...ADMIN_ERRORS, 400, 404],
  },
  // Accounts
  {
    method: "POST",
    path: "/api/auth/login",
    summary: "Log an admin or a customer in: a bearer token and the role",
    admin: false,
    json: loginSchema,
    ok: { status: 200, schema: SignedInSchema },
    errors: [400, 401, 415, 429, 503],
  },
  {
    method: "POST",
    path: "/api/auth/register",
    summary: "Register a customer account; a taken e-mail is answered alike (its owner is mailed)",
    admin: false,
    json: registerSchema,
    ok: {
      status: 201,
      schema: data(z.object({ username: z.string(), email: z.string() })),
    },
    errors: [400, 415, 429, 503],
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    summary: "End this token's session at once",
    admin: false,
    signedIn: "any",
    ok: { status: 204 },
    errors: [401],
  },
  {
    method: "POST",
    path: "/api/auth/password",
    summary: "Change one's password: every earlier token of the account ends; a new one",
    admin: false,
    signedIn: "any",
    json: passwordChangeSchema,
    ok: { status: 200, schema: SignedInSchema },
    errors: [400, 401, 415, 503],
  },
  {
    method: "POST",
    path: "/api/auth/password-reset",
    summary:
      "Ask for a password reset link: 202 whatever the address; a known one is mailed a link that works once, for one hour",
    admin: false,
    json: resetRequestSchema,
    ok: { status: 202 },
    errors: [400, 415],
  },
  {
    method: "POST",
    path: "/api/auth/password-reset/confirm",
    summary:
      "Set a new password with a reset link's token: every earlier token of the account ends",
    admin: false,
    json: resetConfirmSchema,
    ok: { status: 204 },
    errors: [400, 415, 503],
  },
  {
    method: "GET",
    path: "/api/account",
    summary: "The signed-in customer's account: name, e-mail, default delivery address",
    admin: false,
    signedIn: "customer",
    ok: { status: 200, schema: data(accountRecordSchema) },
    errors: [401, 403],
  },
  {
    method: "PUT",
    path: "/api/account/address",
    summary: "Save the default delivery address that prefills checkout",
    admin: false,
    signedIn: "customer",
    json: addressBody,
    ok: { status: 200, schema: data(addressBody) },
    errors: [400, 401, 403, 415],
  },
  {
    method: "GET",
    path: "/api/account/orders",
    summary: "The signed-in customer's orders, newest first",
    admin: false,
    signedIn: "customer",
    ok: { status: 200, schema: data(z.array(accountOrderSchema)) },
    errors: [401, 403],
  },
  {
    method: "GET",
    path: "/uploads/:key",
    summary: "An uploaded product image",
    admin: false,
    params: z.object({ key: z.string().describe("as listed in a product's images") }),
    ok: { status: 200, contentType: "image/*" },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This API, described as OpenAPI 3.1",
    admin: false,
    ok: { status: 200, schema: z.record(z.string(), z.unknown()) },
    errors: [],
  },
];

/** The routes behind the admin guard. */
export const ADMIN_ROUTES: readonly RouteSpec[] = ROUTES.filter((r) => r.admin);
