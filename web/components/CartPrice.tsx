/**
 * What the cart costs, as the shop priced it (web/lib/use_cart_price.ts): the items at their
 * usual prices, what the offers and the code take off, delivery and the total; and the
 * notice of a pricing under way or one that failed, with a way to try again. Until the shop
 * answers (or when it cannot), the amounts are the usual prices the cart holds, and the
 * notice says so.
 */
import type { WireCartPrice } from "../../contract/cart_price.ts";
import { useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { type CartPricing, wireCents } from "../lib/use_cart_price.ts";
import { Spinner } from "./Spinner.tsx";

/** What the lines' own sale prices and campaigns took off (the offer and the code aside). */
function lineOfferCents(price: WireCartPrice): number {
  return price.lines.reduce(
    (sum, line) =>
      sum + wireCents(line.saving) - wireCents(line.offer_saving) - wireCents(line.code_saving),
    0,
  );
}

export interface PriceTotalsProps {
  price: WireCartPrice | null;
  /** The items at the cart's own prices, shown until the shop answers. */
  fallbackItemsCents: number;
  /**
   * Checkout: the delivery fee without the shop's answer, and the total to pay. Absent on
   * the cart page, where delivery is added at checkout and the total is the items'.
   */
  fallbackFeeCents?: number;
}

export function PriceTotals({ price, fallbackItemsCents, fallbackFeeCents }: PriceTotalsProps) {
  const { t, lkr } = useI18n();
  const checkout = fallbackFeeCents !== undefined;
  const minus = (cents: number) => t("promo.minus", { amount: lkr(cents) });
  const usual = price ? wireCents(price.usual_items) : fallbackItemsCents;
  const items = price ? wireCents(price.items) : fallbackItemsCents;
  const campaigns = price ? lineOfferCents(price) : 0;
  const offer = price?.offer && price.offer.saving > 0 ? price.offer : null;
  const code = price?.code?.status === "applied" && price.code.saving > 0 ? price.code : null;
  const free = price?.free_delivery ?? false;
  const fee = price?.delivery_fee !== null && price?.delivery_fee !== undefined
    ? wireCents(price.delivery_fee)
    : fallbackFeeCents;
  const saved = campaigns > 0 || offer !== null || code !== null;
  const minusRow = (key: string, label: string, cents: number) => (
    <div className="saving-row" key={key}>
      <dt>{label}</dt>
      <dd>{minus(cents)}</dd>
    </div>
  );
  return (
    <dl className="totals">
      {checkout || saved
        ? (
          <div>
            <dt>{t("amount.items")}</dt>
            <dd>{lkr(usual)}</dd>
          </div>
        )
        : null}
      {campaigns > 0 ? minusRow("campaigns", t("promo.savings"), campaigns) : null}
      {offer ? minusRow("offer", offer.name, wireCents(offer.saving)) : null}
      {code
        ? minusRow("code", t("promo.codeRow", { code: code.code }), wireCents(code.saving))
        : null}
      {checkout || free
        ? (
          <div>
            <dt>{t("amount.deliveryFee")}</dt>
            <dd className={free ? "is-free" : undefined}>
              {free ? t("promo.free") : lkr(fee ?? 0)}
            </dd>
          </div>
        )
        : null}
      <div className="grand-total">
        <dt>{t(checkout ? "amount.totalToPay" : "promo.itemsTotal")}</dt>
        <dd>{lkr(checkout ? items + (free ? 0 : fee ?? 0) : items)}</dd>
      </div>
    </dl>
  );
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
