/**
 * Price and availability in the one wording every card, page and popup uses: "LKR 950.00",
 * "In stock" / "Out of stock", and for a pre-order its expected date.
 */
import { expectedDateLabel } from "../../domain/catalogue/preorder.ts";
import { useI18n } from "../i18n/mod.ts";

export function Price({ cents, className }: { cents: number; className: string }) {
  return <span className={className}>{useI18n().lkr(cents)}</span>;
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
  const { t, date } = useI18n();
  if (preorder) {
    return (
      <span className="stock preorder">
        {preorderDate
          ? t("product.preorderExpected", { date: date(preorderDate) })
          : t("product.preorder")}
      </span>
    );
  }
  return (
    <span className={stock > 0 ? "stock in" : "stock out"}>
      {t(stock > 0 ? "product.inStock" : "product.outOfStock")}
    </span>
  );
}
