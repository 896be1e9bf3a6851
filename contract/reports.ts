/**
 * The owner's sales report on the wire (domain/reports/): the query (a range of days in Sri
 * Lanka, a grain, the idle spell), the report as JSON (amounts in rupees, shares and rates
 * in percent with two decimals) and the tables its CSV files hold.
 */
import { z } from "zod";
import { BOOK_LANGUAGES } from "../domain/catalogue/book_record.ts";
import { ITEM_TYPES, PAYMENT_METHODS } from "../domain/orders/model.ts";
import { checkReportRange, rangeProblem, REPORT_GRAINS } from "../domain/reports/range.ts";
import { DEFAULT_IDLE_DAYS, MAX_IDLE_DAYS } from "../domain/reports/sales_report.ts";
import { isoDate, wholeText } from "./field_schemas.ts";

/** The tables of a report, each its own CSV file. */
export const REPORT_TABLES = [
  "periods",
  "payment-methods",
  "products",
  "categories",
  "stores",
  "languages",
  "stock",
  "idle",
] as const;
export type ReportTable = typeof REPORT_TABLES[number];

/** GET /api/reports/sales and its CSV files. */
export const salesReportQuery = z.object({
  from: isoDate.describe("the first day, in Sri Lanka"),
  to: isoDate.describe(
    "the last day, in Sri Lanka (included); not before from, and at most 5 years after it",
  ),
  grain: z.enum(REPORT_GRAINS, { error: `must be one of ${REPORT_GRAINS.join(", ")}` }).default(
    "day",
  ).describe("the periods: each day, week (Monday to Sunday) or calendar month"),
  idleDays: wholeText(1, MAX_IDLE_DAYS).optional().describe(
    `products on sale with stock and no sale in this many days up to \`to\` are listed (default ${DEFAULT_IDLE_DAYS})`,
  ),
}).superRefine((query, ctx) => {
  const check = checkReportRange(query.from, query.to);
  if (check.kind === "ok" || check.kind === "not_a_date") return;
  ctx.addIssue({ code: "custom", path: ["to"], message: rangeProblem(check) });
});

export const reportTableParam = z.object({
  table: z.enum(REPORT_TABLES, { error: `must be one of ${REPORT_TABLES.join(", ")}` }),
});

const money = z.number().describe("LKR, at most 2 decimals");
const percent = z.number().nullable().describe("percent, 2 decimals; null when nothing to divide");
const day = z.string().describe("YYYY-MM-DD, in Sri Lanka");
const range = z.object({ from: day, to: day });

const figures = {
  orders: z.number().int().describe("orders placed"),
  paid_orders: z.number().int().describe("orders whose money was received"),
  takings: money.describe("money received: items and delivery of the paid orders"),
};

const totals = z.object({
  ...figures,
  delivery_fees: money.describe("the delivery fees within the takings"),
  average_order: money.nullable().describe("takings over paid orders"),
  lapsed: z.number().int().describe("orders placed that lapsed unpaid"),
  rejected: z.number().int().describe("orders placed that the shop rejected"),
  lapse_rate: percent,
  rejection_rate: percent,
});

const voucherFigures = z.object({
  sold: z.number().int().describe("gift vouchers issued in the range"),
  sold_amount: money.describe("what they were issued for"),
  redeemed: money.describe("what vouchers paid of orders placed in the range"),
  returned: money.describe("what cancelled orders gave back to their vouchers in the range"),
});

const refundFigures = z.object({
  refunds: z.number().int().describe("refunds made in the range (by the day each was made)"),
  refunded: money.describe("what they gave back"),
  net: money.describe("the takings less the refunds"),
});

const productSales = z.object({
  store: z.enum(ITEM_TYPES),
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  language: z.enum(BOOK_LANGUAGES).nullable(),
  units: z.number().int(),
  sales: money,
});

const ranking = z.object({ best: z.array(productSales), worst: z.array(productSales) });

export const SalesReportSchema = z.object({
  range,
  previous_range: range.describe("the same number of days, ending the day before `from`"),
  grain: z.enum(REPORT_GRAINS),
  periods: z.array(z.object({
    start: day,
    end: day,
    ...figures,
    previous: z.object({ start: day, end: day, ...figures }).describe(
      "the same period one range earlier",
    ),
  })),
  totals: z.object({ current: totals, previous: totals }),
  vouchers: z.object({ current: voucherFigures, previous: voucherFigures }).describe(
    "gift vouchers, apart from takings: a voucher is money paid in advance, not a sale",
  ),
  refunds: z.object({ current: refundFigures, previous: refundFigures }).describe(
    "refunds made in the range, apart from takings, and the takings net of them",
  ),
  payment_methods: z.array(z.object({
    method: z.enum(PAYMENT_METHODS),
    name: z.string(),
    orders: z.number().int(),
    orders_share: percent,
    paid_orders: z.number().int(),
    takings: money,
    takings_share: percent,
    lapsed: z.number().int(),
    lapse_rate: percent,
    rejected: z.number().int(),
    rejection_rate: percent,
  })),
  sellers: z.object({
    products_sold: z.number().int(),
    by_units: ranking,
    by_sales: ranking,
    categories: z.array(z.object({
      store: z.enum(ITEM_TYPES),
      category: z.string(),
      units: z.number().int(),
      sales: money,
    })),
    stores: z.array(z.object({ store: z.enum(ITEM_TYPES), units: z.number().int(), sales: money })),
    languages: z.array(
      z.object({ language: z.enum(BOOK_LANGUAGES), units: z.number().int(), sales: money }),
    ),
  }).describe(
    "lines of orders placed in the range and not cancelled; sales in LKR after promotions",
  ),
  stock: z.object({
    cost_recorded: z.literal(false).describe(
      "the catalogue keeps no cost price: stock is valued at price only",
    ),
    categories: z.array(z.object({
      store: z.enum(ITEM_TYPES),
      category: z.string(),
      products: z.number().int(),
      units: z.number().int(),
      value: money.describe("at price"),
    })),
    stores: z.array(z.object({
      store: z.enum(ITEM_TYPES),
      products: z.number().int(),
      units: z.number().int(),
      value: money,
    })),
    total: z.object({ products: z.number().int(), units: z.number().int(), value: money }),
  }).describe("products on sale now"),
  idle: z.object({
    days: z.number().int(),
    since: day,
    as_of: day,
    total: z.number().int(),
    products: z.array(z.object({
      store: z.enum(ITEM_TYPES),
      id: z.number().int(),
      title: z.string(),
      category: z.string(),
      stock: z.number().int(),
      value: money,
      last_sold: day.nullable(),
    })),
  }).describe("products on sale with stock and no sale from `since` to `as_of`"),
});

export type WireSalesReport = z.infer<typeof SalesReportSchema>;
