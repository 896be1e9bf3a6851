/**
 * An order's money as the owner reads it: each line's savings by source and its price
 * paid, and the totals' rows, from the breakdown the shop worked out (the order's
 * `breakdown`), in the order and with the names every surface uses, in English
 * (domain/pricing/figures.ts). Nothing is added up here.
 */
import type { Breakdown, BreakdownLine } from "../../domain/pricing/breakdown.ts";
import {
  adjustmentLabel,
  breakdownRows,
  english,
  FIGURES,
  rowLabel,
} from "../../domain/pricing/figures.ts";
import { formatLkr } from "./format.ts";

/** A line's savings, each with its source: "Sale price −LKR 150.00". */
export function AdminLineSavings({ line }: { line: BreakdownLine }) {
  return (
    <>
      {line.savings.map((saving, i) => (
        <span className="item-saving" key={i}>
          {adjustmentLabel(saving, "en", english)} −{formatLkr(saving.amountCents)}
        </span>
      ))}
    </>
  );
}

/** The line at usual prices struck while anything was taken off, then its price paid. */
export function AdminLinePrice({ line }: { line: BreakdownLine }) {
  return (
    <>
      {line.savingCents > 0 && (
        <>
          <s className="money was" title={FIGURES.usualPrice.english}>
            {formatLkr(line.usualCents)}
          </s>
          {" "}
        </>
      )}
      <span className="money">{formatLkr(line.paidCents)}</span>
    </>
  );
}

/** The totals' rows as a table foot of `columns` columns, and the savings together. */
export function AdminBreakdownRows(
  { breakdown, columns }: { breakdown: Breakdown; columns: number },
) {
  return (
    <tfoot>
      {breakdownRows(breakdown).map((row, i) => (
        <tr
          key={i}
          className={row.figure === "saving" || row.figure === "voucher"
            ? "order-saving"
            : undefined}
          data-figure={row.figure}
        >
          <th scope="row" colSpan={columns - 1}>{rowLabel(row, "en", english)}</th>
          <td className="money">
            {row.sign === "result"
              ? <strong>{formatLkr(row.cents)}</strong>
              : row.sign === "minus"
              ? `−${formatLkr(row.cents)}`
              : formatLkr(row.cents)}
          </td>
        </tr>
      ))}
      {breakdown.savingsCents > 0 && (
        <tr className="order-saving" data-figure="savings">
          <th scope="row" colSpan={columns}>
            {FIGURES.savings.english}: {formatLkr(breakdown.savingsCents)}
          </th>
        </tr>
      )}
    </tfoot>
  );
}
