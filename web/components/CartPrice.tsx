/**
 * What the cart costs, as the shop priced it (web/lib/use_cart_price.ts): the breakdown's
 * totals (MoneyBreakdown.tsx); and the notice of a pricing under way or one that failed,
 * with a way to try again. Until the shop answers (or when it cannot), the figures are the
 * usual prices the cart holds, told by the same breakdown, and the notice says so.
 */
import type { WireCartPrice } from "../../contract/cart_price.ts";
import type { Cart } from "../../domain/cart/cart.ts";
import { breakdown } from "../../domain/pricing/breakdown.ts";
import { breakdownFromRecord } from "../../domain/pricing/breakdown_record.ts";
import type { Breakdown } from "../../domain/pricing/breakdown.ts";
import { useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import type { CartPricing } from "../lib/use_cart_price.ts";
import { Spinner } from "./Spinner.tsx";

/**
 * The cart's breakdown: the shop's, or until it answers, the cart's own usual prices with
 * nothing taken off (and the delivery fee of the chosen method, when there is one).
 */
export function cartFigures(
  price: WireCartPrice | null,
  cart: Cart,
  fallbackFeeCents: number | null,
): Breakdown {
  if (price) return breakdownFromRecord(price.breakdown);
  return breakdown({
    lines: cart.map((line) => ({
      type: line.type,
      id: line.id,
      title: line.title,
      quantity: line.quantity,
      usualUnitCents: line.unitPriceCents,
      adjustments: [],
    })),
    orderAdjustments: [],
    deliveryFeeCents: fallbackFeeCents,
  });
}

/** A pricing under way (a spinner), or one that failed: why, and Try again. */
export function PricingNotice({ pricing }: { pricing: CartPricing }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (pricing.error) {
    return (
      <div className="notice notice-error pricing-failed" role="alert">
        <p>
          {t("promo.priceFailed", {
            reason: failureText(i18n, pricing.error, { NETWORK: "error.network" }),
          })}
        </p>
        <button
          type="button"
          className="button button-ghost"
          onClick={pricing.reprice}
          disabled={pricing.pricing}
        >
          {t("promo.retry")}
        </button>
      </div>
    );
  }
  return pricing.pricing
    ? (
      <p className="pricing-now">
        <Spinner label={t("promo.pricing")} /> <span aria-hidden="true">{t("promo.pricing")}</span>
      </p>
    )
    : null;
}
