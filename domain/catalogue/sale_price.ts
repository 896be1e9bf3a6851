/**
 * A product's sale price (sale_record.ts): the rules between its fields, and its window as
 * moments for the pricing rule (domain/promotions/pricing.ts).
 *
 * A sale's window is whole days in Sri Lanka, as the owner thinks of it: a sale from
 * 2026-09-20 to 2026-09-25 runs from 00:00 on the 20th in Colombo up to, not including,
 * 00:00 on the 26th. Asia/Colombo has kept UTC+05:30 without summer time since 2006, so a
 * day's start is its date at +05:30. Either end may be left open.
 */
import { type Cents, formatLkr } from "../money.ts";
import type { SalePrice } from "../promotions/pricing.ts";
import { shopDate } from "./preorder.ts";
import { colomboDayEnd as dayEnd, colomboDayStart as dayStart } from "../dates/colombo.ts";
import { compareDays } from "../dates/day.ts";

/** The fields a sale is made of, as a product holds them. */
export interface SaleFields {
  priceCents: Cents;
  salePriceCents: Cents | null;
  /** YYYY-MM-DD or null. */
  saleStarts: string | null;
  /** YYYY-MM-DD or null. */
  saleEnds: string | null;
}

/** A problem with a product's sale, on the field (its domain name) that should change. */
export interface SaleProblem {
  field: "salePriceCents" | "saleStarts" | "saleEnds";
  message: string;
}

export const SALE_PRICE_TOO_LOW = "Sale price must be at least LKR 0.01";
export const SALE_WINDOW_NEEDS_PRICE =
  "A sale's first or last day needs a sale price: give one, or leave both days empty";
export const SALE_ENDS_BEFORE_START = "Sale ends must not be before the day the sale starts";

/** Why a sale price must be lower than the price it is shown against. */
export function salePriceNotBelow(priceCents: Cents): string {
  return `Sale price must be below the price (${formatLkr(priceCents)})`;
}

/**
 * What is wrong with a product's sale, every problem at once: a sale price under LKR 0.01
 * or not below the price, a last day before the first, a window without a sale price.
 *
 * @example saleProblems({ priceCents: 100000, salePriceCents: 120000, saleStarts: null, saleEnds: null })
 *   // [{ field: "salePriceCents", message: "Sale price must be below the price (LKR 1,000.00)" }]
 */
export function saleProblems(sale: SaleFields): SaleProblem[] {
  const problems: SaleProblem[] = [];
  if (sale.salePriceCents !== null) {
    if (sale.salePriceCents < 1) {
      problems.push({ field: "salePriceCents", message: SALE_PRICE_TOO_LOW });
    } else if (sale.salePriceCents >= sale.priceCents) {
      problems.push({ field: "salePriceCents", message: salePriceNotBelow(sale.priceCents) });
    }
  } else if (sale.saleStarts !== null || sale.saleEnds !== null) {
    problems.push({ field: "salePriceCents", message: SALE_WINDOW_NEEDS_PRICE });
  }
  if (
    sale.saleStarts !== null && sale.saleEnds !== null &&
    compareDays(sale.saleEnds, sale.saleStarts) < 0
  ) {
    problems.push({ field: "saleEnds", message: SALE_ENDS_BEFORE_START });
  }
  return problems;
}

const SALE_KEYS = ["priceCents", "salePriceCents", "saleStarts", "saleEnds"] as const;

/**
 * The problems a change would leave in a product's sale (`current` undefined for a new
 * product, whose every field is in `changes`). A change that touches neither the price
 * nor the sale is never refused, so a product keeps its other edits whatever it holds.
 *
 * @example saleChangeProblems({ priceCents: 100000, salePriceCents: 80000, saleStarts: null, saleEnds: null }, { priceCents: 70000 })
 *   // [{ field: "salePriceCents", message: "Sale price must be below the price (LKR 700.00)" }]
 */
export function saleChangeProblems(
  current: SaleFields | undefined,
  changes: Partial<SaleFields>,
): SaleProblem[] {
  if (SALE_KEYS.every((key) => changes[key] === undefined)) return [];
  const merged = { ...current, ...definedOf(changes) };
  if (merged.priceCents === undefined) return [];
  return saleProblems({
    priceCents: merged.priceCents,
    salePriceCents: merged.salePriceCents ?? null,
    saleStarts: merged.saleStarts ?? null,
    saleEnds: merged.saleEnds ?? null,
  });
}

function definedOf(changes: Partial<SaleFields>): Partial<SaleFields> {
  return Object.fromEntries(
    SALE_KEYS.flatMap((key) => changes[key] === undefined ? [] : [[key, changes[key]]]),
  );
}

/**
 * The moment a day begins in Sri Lanka, ISO 8601 in UTC.
 *
 * @example colomboDayStart("2026-09-20") // "2026-09-19T18:30:00.000Z"
 */
export function colomboDayStart(date: string): string {
  return dayStart(date);
}

/**
 * The moment after a day ends in Sri Lanka: the next day's 00:00 there, in UTC.
 *
 * @example colomboDayEnd("2026-09-25") // "2026-09-25T18:30:00.000Z"
 */
export function colomboDayEnd(date: string): string {
  return dayEnd(date);
}

/**
 * A product's sale as the pricing rule reads it (its window as moments), or null when it
 * has no sale price.
 *
 * @example saleOf({ salePriceCents: 80000, saleStarts: "2026-09-20", saleEnds: null })
 *   // { priceCents: 80000, startsAt: "2026-09-19T18:30:00.000Z", endsAt: null }
 */
export function saleOf(
  product: Pick<SaleFields, "salePriceCents" | "saleStarts" | "saleEnds">,
): SalePrice | null {
  if (product.salePriceCents === null) return null;
  return {
    priceCents: product.salePriceCents,
    startsAt: product.saleStarts === null ? null : colomboDayStart(product.saleStarts),
    endsAt: product.saleEnds === null ? null : colomboDayEnd(product.saleEnds),
  };
}

/**
 * The last day (YYYY-MM-DD, in Sri Lanka) of something that holds until `until` (the
 * moment it stops): what a shopper is told ("Sale ends 25 September") and what the JSON-LD
 * `priceValidUntil` says.
 *
 * @example lastShopDay("2026-09-25T18:30:00.000Z") // "2026-09-25"
 */
export function lastShopDay(until: string): string {
  return shopDate(new Date(Date.parse(until) - 1));
}
