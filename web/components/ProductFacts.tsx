/**
 * Price and availability in the one wording every card, page and popup uses: "LKR 950.00",
 * "In stock" / "Out of stock", and for a pre-order its expected date.
 */
import { useI18n } from "../i18n/mod.ts";

export function Price({ cents, className }: { cents: number; className: string }) {
  return <span className={className}>{useI18n().lkr(cents)}</span>;
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
