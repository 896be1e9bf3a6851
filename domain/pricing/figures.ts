/**
 * The names of the breakdown's figures, once: each figure's word in the catalogues
 * (messages/*.json, `money.`), the same on every page, mail, text and slip in each
 * language, and its English in the admin area (which has no catalogue; the catalogue's
 * English says the same, web/i18n/catalogue_test.ts). And the rows of the totals every
 * surface draws, in one order: the items at usual prices, each saving by its source, the
 * delivery fee, a payment fee, the order total, then what paid for it (vouchers, payments
 * received) and what is still to pay, and last what was refunded.
 */
import type { Cents } from "../money.ts";
import type { Locale } from "../i18n/language.ts";
import { promotionName } from "../promotions/names.ts";
import { ADJUSTMENT_KINDS, type OrderAdjustment } from "./adjustment_kinds.ts";
import type { Breakdown, SourceSaving } from "./breakdown.ts";

/** Every figure the breakdown names, with its word and its English. */
export const FIGURES = {
  usualPrice: { word: "money.usualPrice", english: "Usual price" },
  pricePaid: { word: "money.pricePaid", english: "Price paid" },
  items: { word: "money.items", english: "Items" },
  savings: { word: "money.savings", english: "Savings" },
  deliveryFee: { word: "money.deliveryFee", english: "Delivery fee" },
  freeDelivery: { word: "money.freeDelivery", english: "Free delivery: {name}" },
  secondParcel: { word: "money.secondParcel", english: "Second parcel delivery" },
  paymentFee: { word: "money.paymentFee", english: "Payment fee" },
  total: { word: "money.total", english: "Order total" },
  totalBeforeDelivery: { word: "money.totalBeforeDelivery", english: "Total before delivery" },
  voucher: { word: "money.voucher", english: "Gift voucher {name}" },
  received: { word: "money.received", english: "Paid" },
  refunded: { word: "money.refunded", english: "Refunded" },
  due: { word: "money.due", english: "To pay" },
} as const satisfies Record<string, { word: `money.${string}`; english: string }>;

export type Figure = keyof typeof FIGURES;

/** One row of the totals: its figure, the amount and how it adds up. */
export type BreakdownRow =
  & {
    cents: Cents;
    /** How it adds up; "apart" stands beside the sums, in none (what was refunded). */
    sign: "plus" | "minus" | "result" | "apart";
  }
  & (
    | { figure: "items" | "secondParcel" | "paymentFee" | "received" | "refunded" | "due" }
    | { figure: "saving"; saving: SourceSaving }
    | { figure: "deliveryFee"; free: OrderAdjustment | null }
    | { figure: "total"; beforeDelivery: boolean }
    | { figure: "voucher"; code: string }
  );

/**
 * The totals' rows of a breakdown, in the one order every surface draws them. The items'
 * rows add up to the order total; the rows after it add up to what is still to pay, shown
 * only when something paid for the order already (otherwise it is the total); what was
 * refunded stands after them, apart.
 *
 * @example breakdownRows(b).map((r) => r.figure) // ["items", "saving", "deliveryFee", "total"]
 */
export function breakdownRows(b: Breakdown): BreakdownRow[] {
  const rows: BreakdownRow[] = [{ figure: "items", cents: b.itemsCents, sign: "plus" }];
  for (const saving of b.savings) {
    rows.push({ figure: "saving", saving, cents: saving.cents, sign: "minus" });
  }
  if (b.deliveryFeeCents !== null) {
    rows.push({
      figure: "deliveryFee",
      free: b.freeDelivery,
      cents: b.deliveryFeeCents,
      sign: "plus",
    });
  }
  if (b.secondParcelFeeCents > 0) {
    rows.push({ figure: "secondParcel", cents: b.secondParcelFeeCents, sign: "plus" });
  }
  if (b.methodFeeCents > 0) {
    rows.push({ figure: "paymentFee", cents: b.methodFeeCents, sign: "plus" });
  }
  rows.push({
    figure: "total",
    beforeDelivery: b.deliveryFeeCents === null,
    cents: b.totalCents,
    sign: "result",
  });
  const paidBy: BreakdownRow[] = [
    ...b.vouchers.map((v): BreakdownRow => ({
      figure: "voucher",
      code: v.code,
      cents: v.cents,
      sign: "minus",
    })),
    ...(b.receivedCents > 0
      ? [{ figure: "received", cents: b.receivedCents, sign: "minus" } as const]
      : []),
  ];
  if (paidBy.length > 0 && b.owes) {
    rows.push(...paidBy, { figure: "due", cents: b.dueCents, sign: "result" });
  } else rows.push(...paidBy);
  // What was given back settles itself: it stands after what is to pay, in no sum.
  if (b.refundedCents > 0) {
    rows.push({ figure: "refunded", cents: b.refundedCents, sign: "apart" });
  }
  return rows;
}

/**
 * Fills a word with its values in one language: a catalogue's `t` on the pages, in mails,
 * texts and slips, `english` in the admin area.
 */
export type Translate = (word: `money.${string}`, values: Record<string, string>) => string;

/** The admin area's words: each figure's and kind's English with its values filled in. */
export const english: Translate = (word, values) => {
  const known = [...Object.values(FIGURES), ...Object.values(ADJUSTMENT_KINDS)]
    .find((entry) => entry.word === word);
  const text = known ? ("english" in known ? known.english : known.adminWord) : word;
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
};

/**
 * An adjustment as its kind's word names it in `language`: "Code SCHOOL10", a campaign or
 * an offer by its name there (its English name when it has none), "Sale price".
 *
 * @example adjustmentLabel({ kind: "code", name: "SCHOOL10", names: {} }, "en", english) // "Code SCHOOL10"
 */
export function adjustmentLabel(
  adjustment: Pick<OrderAdjustment, "kind" | "name" | "names">,
  language: Locale,
  t: Translate,
): string {
  const name = adjustment.name === null
    ? ""
    : promotionName({ name: adjustment.name, names: adjustment.names }, language);
  return t(ADJUSTMENT_KINDS[adjustment.kind].word, { name });
}

/**
 * A row's label in `language`: a saving by its source, the delivery fee or what made it
 * free, the total (before delivery while the fee is not known), a voucher by its code.
 *
 * @example rowLabel({ figure: "deliveryFee", free: codeFreeDelivery, cents: 0, sign: "plus" }, "en", english) // "Free delivery: Code SHIPFREE"
 */
export function rowLabel(row: BreakdownRow, language: Locale, t: Translate): string {
  switch (row.figure) {
    case "saving":
      return adjustmentLabel(row.saving, language, t);
    case "deliveryFee":
      return row.free
        ? t(FIGURES.freeDelivery.word, { name: adjustmentLabel(row.free, language, t) })
        : t(FIGURES.deliveryFee.word, {});
    case "total":
      return t(FIGURES[row.beforeDelivery ? "totalBeforeDelivery" : "total"].word, {});
    case "voucher":
      return t(FIGURES.voucher.word, { name: row.code });
    default:
      return t(FIGURES[row.figure].word, {});
  }
}
