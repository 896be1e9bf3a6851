/**
 * A product's sale price, declared once for books and stationery alike (book_record.ts and
 * stationery_record.ts spread these fields after the price): a nullable price below the
 * usual one and an optional window of whole days in Sri Lanka. The rules between them
 * (sale_price.ts) are the domain's; each layer derives the fields' shape from here.
 */
import { date, money } from "../records/fields.ts";

export const SALE_PRICE_NOTE =
  "LKR, at most 2 decimals: what a copy costs while the sale runs; at least 0.01 and below the price. Empty (null) for no sale";
export const SALE_STARTS_NOTE =
  "YYYY-MM-DD: the first day of the sale, from 00:00 in Sri Lanka (Asia/Colombo). Empty for a sale that runs from now; only with a sale price";
export const SALE_ENDS_NOTE =
  "YYYY-MM-DD: the last day of the sale, through 23:59:59 in Sri Lanka (Asia/Colombo); not before the first day. Empty for a sale with no end; only with a sale price";

export const SALE_FIELDS = {
  salePriceCents: money({ label: "Sale price", nullable: true, note: SALE_PRICE_NOTE }),
  /** YYYY-MM-DD or null: the sale runs from 00:00 of this day in Colombo. */
  saleStarts: date({ label: "Sale starts", nullable: true, note: SALE_STARTS_NOTE }),
  /** YYYY-MM-DD or null: the sale runs through the end of this day in Colombo. */
  saleEnds: date({ label: "Sale ends", nullable: true, note: SALE_ENDS_NOTE }),
} as const;
