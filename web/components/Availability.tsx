/**
 * Availability in the one wording every card, page, popup and the checkout's summary uses:
 * "In stock" / "Out of stock", and for a pre-order its expected date. Apart from the prices
 * (ProductFacts.tsx): the checkout shows it without the shelf prices' code
 * (docs/benchmarks.md, item 43).
 */
import { useI18n } from "../i18n/mod.ts";

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
