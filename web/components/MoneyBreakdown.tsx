/**
 * The price breakdown as the storefront draws it: a line's price (its usual price struck
 * above the price paid while anything was taken off) and its savings by source, and the
 * totals' rows in the one order every surface draws them (domain/pricing/figures.ts). The
 * figures come worked out by the domain (on the server, in the answer's `breakdown`); the
 * page names and lays them out and adds nothing up.
 */
import type { Breakdown, BreakdownLine } from "../../domain/pricing/breakdown.ts";
import {
  adjustmentLabel,
  breakdownRows,
  rowLabel,
  type Translate,
} from "../../domain/pricing/figures.ts";
import { type I18n, type MessageKey, useI18n } from "../i18n/mod.ts";

/** The page's words as the breakdown's names ask for them. */
export function translateWith(i18n: I18n): Translate {
  return (word, values) => i18n.t(word as MessageKey, values);
}

/** Each saving on a line with its source: "Sale price −LKR 150.00", "Book Fair −LKR 82.50". */
export function LineSavings({ line }: { line: BreakdownLine }) {
  const i18n = useI18n();
  const t = translateWith(i18n);
  if (line.savings.length === 0) return null;
  return (
    <span className="line-savings">
      {line.savings.map((saving, i) => (
        <span className="line-saving" key={i}>
          {adjustmentLabel(saving, i18n.language, t)}{" "}
          {i18n.t("money.minus", { amount: i18n.lkr(saving.amountCents) })}
        </span>
      ))}
    </span>
  );
}

/** A line's price: the usual price of the line struck while anything was taken off, then the price paid. */
export function LinePrice({ line }: { line: BreakdownLine }) {
  const { t, lkr } = useI18n();
  return (
    <>
      {line.savingCents > 0
        ? (
          <s className="usual-price">
            <span className="visually-hidden">{t("money.usualPrice")}:</span> {lkr(line.usualCents)}
          </s>
        )
        : null}
      <span className="price-paid">
        {line.savingCents > 0
          ? <span className="visually-hidden">{t("money.pricePaid")}:</span>
          : null} {lkr(line.paidCents)}
      </span>
    </>
  );
}

/**
 * The totals: Items at usual prices, each saving by its source, the delivery fee (or what
 * made it free; none while no payment method is chosen), the order total, then what paid
 * for it and what is still to pay, then what was refunded (apart, in no sum); and the savings
 * together, when there were any.
 */
export function BreakdownTotals({ breakdown }: { breakdown: Breakdown }) {
  const i18n = useI18n();
  const { t, lkr } = i18n;
  const translate = translateWith(i18n);
  return (
    <>
      <dl className="totals">
        {breakdownRows(breakdown).map((row, i) => (
          <div
            key={i}
            className={row.sign === "result"
              ? "grand-total"
              : row.figure === "saving" || row.figure === "voucher"
              ? "saving-row"
              : undefined}
            data-figure={row.figure}
          >
            <dt>{rowLabel(row, i18n.language, translate)}</dt>
            <dd className={row.figure === "deliveryFee" && row.free ? "is-free" : undefined}>
              {row.sign === "minus" ? t("money.minus", { amount: lkr(row.cents) }) : lkr(row.cents)}
            </dd>
          </div>
        ))}
      </dl>
      {breakdown.savingsCents > 0
        ? (
          <p className="saved" data-figure="savings">
            {t("money.savings")}: {lkr(breakdown.savingsCents)}
          </p>
        )
        : null}
    </>
  );
}
