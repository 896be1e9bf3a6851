/**
 * The records the API answers with, as zod schemas: snake_case names, prices in rupees,
 * weights in kg, `preorder` as 0 or 1. The OpenAPI document is generated from them, the
 * record builders (http/routes/answers.ts) are typed by them, and the browser's code reads them
 * too (contract/ is the layer both sides import), so the server, the document and the
 * islands read one description.
 */
import { z } from "zod";
import { ADMIN_ROLES } from "../domain/accounts/admin_roles.ts";
import { BOOK_FIELDS } from "../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../domain/catalogue/stationery_record.ts";
import { EVENT_ACTORS, EVENT_KINDS, ITEM_TYPES, ORDER_STATUSES } from "../domain/orders/model.ts";
import { AdjustmentSchema, BreakdownSchema, OrderAdjustmentSchema } from "./breakdown.ts";
import { ORDER_FIELDS } from "../domain/orders/order_record.ts";
import { addressBody } from "./requests.ts";
import { recordSchema } from "./record_fields.ts";

const id = z.number().int();
const money = z.number().describe("LKR, at most 2 decimals");

/**
 * What one copy of a product costs now (domain/promotions/shelf_price.ts): its sale price
 * while its days run, then the best running campaign that covers it.
 */
export const ShelfSchema = z.object({
  price: money.describe("what one copy costs now"),
  usual_price: money.describe("its usual price, shown struck through"),
  saving: money.describe("usual_price less price"),
  sale: z.union([z.literal(0), z.literal(1)]).describe("1 when its sale price gave a saving"),
  campaign: z.object({
    id,
    name: z.string().describe("the campaign's name in English"),
    name_si: z.string().nullable().describe("its name in Sinhala, when given"),
    name_ta: z.string().nullable().describe("its name in Tamil, when given"),
  }).nullable().describe("the campaign that took the rest off"),
  until: z.string().nullable().describe(
    "ISO 8601: when this price stops holding (the earliest end of the sale and the campaign that gave it); null when neither ends",
  ),
});

const shelf = ShelfSchema.nullable().optional().describe(
  "What one copy costs now, in the storefront's reads (the list and one product); null when it costs its usual price. Absent from the admin's answers to writes.",
);

/**
 * A book and a stationery item as their declarations give them (record_fields.ts), and in
 * the storefront's reads, what one copy costs now.
 */
export const BookSchema = recordSchema(BOOK_FIELDS).extend({ shelf });
export const StationerySchema = recordSchema(STATIONERY_FIELDS).extend({ shelf });

export const CategorySchema = z.object({
  id,
  name: z.string(),
  name_si: z.string().nullable().describe("its name in Sinhala, where the owner gave one"),
  name_ta: z.string().nullable().describe("its name in Tamil, where the owner gave one"),
});
/** A place's Sinhala and Tamil names beside its English `name`; null where none is known. */
const placeNames = {
  name_si: z.string().nullable().describe("the name in Sinhala"),
  name_ta: z.string().nullable().describe("the name in Tamil"),
};
export const ProvinceSchema = z.object({ id, name: z.string(), ...placeNames });
export const DistrictSchema = z.object({ id, name: z.string(), province_id: id, ...placeNames });
export const AreaSchema = z.object({
  id,
  name: z.string(),
  district_id: id,
  postcode: z.string().nullable().describe("five digits; null where the post office lists none"),
  ...placeNames,
});

export const OrderEventSchema = z.object({
  at: z.string().describe("ISO 8601"),
  kind: z.enum(EVENT_KINDS),
  actor: z.enum(EVENT_ACTORS),
  note: z.string().nullable(),
});

/** An order's line in answers: its book or stationery item, the price it was sold at. */
export const OrderItemSchema = z.object({
  id,
  type: z.enum(ITEM_TYPES),
  book_id: id.optional(),
  stationery_id: id.optional(),
  title: z.string(),
  isbn13: z.string().nullable(),
  quantity: z.number().int(),
  list_price: money.describe("the usual price of a copy, before anything"),
  price: money.describe("the price of a copy after its sale price (its usual price without one)"),
  saving: money.describe(
    "everything taken off the whole line: its sale price, its campaign, its shares of the offer and the code",
  ),
  adjustments: z.array(AdjustmentSchema).describe(
    "what changed the line's price, each with its source, as it was when placed",
  ),
  line_total: money.describe("list_price x quantity less saving: what the line cost"),
  preorder: z.boolean().describe("a pre-ordered book: it ships once its stock has arrived"),
  preorder_date: z.string().nullable().describe(
    "a pre-ordered book's expected date (YYYY-MM-DD) as its page said when placed; null when none",
  ),
});

/** A deposit slip the customer sent, without its bytes. */
export const PaymentProofSchema = z.object({
  id,
  uploaded_at: z.string().describe("ISO 8601"),
  content_type: z.string(),
});

/** An order as ORDER_FIELDS declares it, with its lines, timeline and deposit slips. */
export const OrderSchema = recordSchema(ORDER_FIELDS, {
  items: OrderItemSchema,
  adjustments: OrderAdjustmentSchema,
  // Never answered (the breakdown names an order's vouchers): declared for the type alone.
  vouchers: z.object({ voucherId: id, last4: z.string(), cents: z.number().int() }),
  // Never answered either (the breakdown counts them): declared for the type alone.
  refundsGiven: z.object({ amountCents: z.number().int(), at: z.string() }),
  events: OrderEventSchema,
  paymentProofs: PaymentProofSchema,
}).extend({ breakdown: BreakdownSchema });

export const CustomerOrderSchema = OrderSchema.pick({
  id: true,
  status: true,
  payment_status: true,
  order_date: true,
  payment_method: true,
  name: true,
  address: true,
  postal_code: true,
  province_name: true,
  district_name: true,
  area_name: true,
  province_name_si: true,
  province_name_ta: true,
  district_name_si: true,
  district_name_ta: true,
  area_name_si: true,
  area_name_ta: true,
  items: true,
  adjustments: true,
  total: true,
  delivery_fee: true,
  parcels: true,
  courier: true,
  tracking_number: true,
  expires_at: true,
  events: true,
  breakdown: true,
}).extend({ subtotal: money.describe("the order total: items after savings and delivery") })
  .describe("what a customer sees of an order: never the admin's notes");

/** An order in the signed-in customer's list: with the link to its page. */
export const AccountOrderSchema = CustomerOrderSchema.extend({
  order_url: z.string().nullable().describe(
    "PUBLIC_URL/orders/{id}?key=KEY, the order's page (null only for an order without a key)",
  ),
});

export const OrderStatsSchema = z.object({
  completedItemsTotal: money,
  pending: z.number().int(),
  completed: z.number().int(),
  rejected: z.number().int(),
  awaitingPayment: z.number().int().describe("pending orders not paid"),
  proofsToCheck: z.number().int().describe("pending orders with a deposit proof to check"),
  today: z.object({
    orders: z.number().int().describe(
      "orders placed today, whatever became of them: the sales report's count of the day",
    ),
    subtotal: money.describe(
      "what the orders placed today and not rejected come to with delivery",
    ),
    paidOrders: z.number().int().describe(
      "orders whose payment was recorded today, still paid and not rejected",
    ),
    takings: money.describe(
      "money received today: what the paid orders came to with delivery (not orders placed)",
    ),
  }).describe("today in Sri Lanka"),
});

export const BankDetailsSchema = z.object({
  bank_name: z.string(),
  bank_branch: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  whatsapp_number: z.string(),
});

/** A form the shopper's browser posts to the card gateway: its address and its signed fields. */
export const GatewayFormSchema = z.object({
  action: z.string().describe("the gateway's checkout address"),
  fields: z.record(z.string(), z.string()).describe("hidden fields, signed by the shop"),
});

export const PlacedOrderSchema = z.object({
  orderId: id,
  total: money,
  deliveryFee: money,
  subtotal: money,
  saved: money.describe(
    "Savings: sale prices, campaigns, the order offer and the code (0 for none)",
  ),
  breakdown: BreakdownSchema,
  status: z.enum(ORDER_STATUSES).describe("pending when placed; a replay answers the status now"),
  orderUrl: z.string().describe(
    "the order's page for the customer: PUBLIC_URL/orders/{id}?key=KEY",
  ),
  cardPayment: GatewayFormSchema.optional().describe(
    "a Card order's payment: the form to post to the gateway (absent for other methods)",
  ),
});

export const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** The answer of a book import (or its dry run). */
export const ImportSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  written: z.boolean().describe("false for a dry run and for a file with errors"),
  errors: z.array(z.object({
    row: z.number().int().describe(
      "the data row: data rows count from 1, the header not counted (nor empty lines)",
    ),
    line: z.number().int().describe(
      "the row's number as a spreadsheet shows the file: the header is line 1, empty lines count, a cell of several lines is one row; what a person is told",
    ),
    field: z.string(),
    message: z.string(),
  })).describe("every problem of the file at once, in the order of its rows"),
  changes: z.array(z.object({
    row: z.number().int(),
    line: z.number().int(),
    id: z.number().int().describe("the product the row updates"),
    fields: z.array(z.object({
      field: z.string().describe("the column"),
      before: z.string().describe("the value now, as the file writes it; empty for none"),
      after: z.string().describe("the value the import writes; empty for none"),
    })),
  })).describe(
    "per updated row, each field that changes; an empty cell never clears a value, [clear] does",
  ),
});

/** `{ data }`: how a single record or a plain list travels. */
export function data<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** A list page as the API sends it: the records and where they stand. */
export function recordPageOf<T extends z.ZodType>(schema: T) {
  return z.object({
    data: z.array(schema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

/**
 * `totalCapped` of a page whose total a search counted only up to a bound
 * (domain/catalogue/search_count.ts): present, and true, only then.
 */
export const TotalCappedSchema = z.literal(true).optional().describe(
  "true when more than `total` match: a search counts its matches up to a bound (1,000, then the next thousand past the page asked for); absent when `total` is exact",
);

/** The help of a storefront search that found nothing. */
export const SearchHelpSchema = z.object({
  suggestions: z.array(z.string()).optional().describe(
    "Only when `q` found nothing: up to 5 titles or authors close to `q` (typos forgiven), best first",
  ),
  elsewhere: z.object({
    store: z.enum(["books", "stationery"]),
    total: z.number().int(),
    totalCapped: TotalCappedSchema,
  })
    .optional().describe(
      "Only when `q` found nothing here: the other store's matches for `q`, when it has some",
    ),
});

/**
 * A storefront search's page: its total may be a lower bound (`totalCapped`), and it comes
 * with the help of a search that found nothing.
 */
export function searchPageOf<T extends z.ZodType>(schema: T) {
  return recordPageOf(schema).extend({ totalCapped: TotalCappedSchema })
    .extend(SearchHelpSchema.shape);
}

/** A bearer token, when it ends, and whose it is. */
export const SignedInSchema = z.object({
  token: z.string(),
  expiresAt: z.string().describe("ISO 8601"),
  role: z.enum(["admin", "customer"]),
  adminRole: z.enum(ADMIN_ROLES).optional().describe(
    "an admin's role (owner or staff), which decides what the admin area lets them do; absent for a customer",
  ),
});

/** A customer's own account, with the default delivery address that prefills checkout. */
export const AccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  address: addressBody.nullable(),
  /** Whether the e-mail address was confirmed (its earlier guest orders joined then). */
  emailVerified: z.boolean(),
});

export type WireBook = z.output<typeof BookSchema>;
export type WireStationery = z.output<typeof StationerySchema>;
export type WireShelf = z.output<typeof ShelfSchema>;
export type WireCategory = z.output<typeof CategorySchema>;
export type WireProvince = z.output<typeof ProvinceSchema>;
export type WireDistrict = z.output<typeof DistrictSchema>;
export type WireArea = z.output<typeof AreaSchema>;
export type WireOrder = z.output<typeof OrderSchema>;
export type WireOrderStats = z.output<typeof OrderStatsSchema>;
export type WireBankDetails = z.output<typeof BankDetailsSchema>;
export type WirePlacedOrder = z.output<typeof PlacedOrderSchema>;
export type WireSearchHelp = z.output<typeof SearchHelpSchema>;
export type WireSignedIn = z.output<typeof SignedInSchema>;
export type WireAccount = z.output<typeof AccountSchema>;
/** The error every failed call answers with. */
export type WireError = z.output<typeof ErrorSchema>;

/** A page of a list, as GET /api/books, /api/stationery and /api/orders answer. */
export interface WirePage<T> {
  data: T[];
  page: number;
  pageSize: number;
  total: number;
  /** Only on a search's page (books, stationery): more than `total` match. */
  totalCapped?: true;
}
