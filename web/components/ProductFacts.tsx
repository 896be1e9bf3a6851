/**
 * Price and availability in the one wording every card, page and popup uses: "LKR 950.00",
 * "In stock" / "Out of stock", and for a pre-order its expected date.
 */
import { expectedDateLabel } from "../../domain/catalogue/preorder.ts";
import { formatLkr } from "../../domain/money.ts";

export function Price({ cents, className }: { cents: number; className: string }) {
  return <span className={className}>{formatLkr(cents)}</span>;
}

/** The stock line's words. */
export function stockLabel(stock: number): string {
  return stock > 0 ? "In stock" : "Out of stock";
}

/** What a pre-order shopper is told about its arrival. */
export function preorderLabel(preorderDate: string | null | undefined): string {
  return preorderDate ? `Pre-order: expected ${expectedDateLabel(preorderDate)}` : "Pre-order";
}

export function Availability(
  { stock, preorder, preorderDate }: {
    stock: number;
    preorder?: boolean;
    preorderDate?: string | null;
  },
) {
  if (preorder) return <span className="stock preorder">{preorderLabel(preorderDate)}</span>;
  return <span className={stock > 0 ? "stock in" : "stock out"}>{stockLabel(stock)}</span>;
}
