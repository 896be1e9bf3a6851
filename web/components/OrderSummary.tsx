/**
 * The checkout's order summary: the cart's lines and totals as the shop priced them for the
 * chosen payment method, from the breakdown it answered (each line's usual price, its
 * savings by source and its price paid; Items, the savings, delivery and the order total),
 * with the discount code's and the gift voucher's fields (what a voucher pays shows below the
 * order total, with what is still to pay); the cart's own prices until the shop answers. The lines'
 * usual prices add up to Items and their prices paid to the order total less delivery.
 */
import type { ReactNode } from "react";
import { type Cart, cartWeightGrams, checkoutProblems, lineKey } from "../../domain/cart/cart.ts";
import { formatKg } from "../../domain/money.ts";
import type { FeeRules } from "../../domain/fulfilment/delivery_fees.ts";
import { deliveryFee } from "../../domain/orders/payment_policy.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { useI18n } from "../i18n/mod.ts";
import { Availability } from "./Availability.tsx";
import { checkoutProblemText } from "../lib/cart_words.ts";
import { preorderArrival } from "../../domain/orders/preorder_arrival.ts";
import type { CartPricing } from "../lib/use_cart_price.ts";
import { cartFigures, PricingNotice } from "./CartPrice.tsx";
import { BreakdownTotals, LinePrice, LineSavings } from "./MoneyBreakdown.tsx";
import { GiftVoucherField } from "./GiftVoucherField.tsx";

export function OrderSummary(
  { cart, method, maxPerLine, feeRules, pricing, codeField }: {
    cart: Cart;
    method: PaymentMethod;
    /** The copies of one item an order may hold: a line above it is named. */
    maxPerLine: number;
    feeRules?: FeeRules;
    /** The cart as the shop priced it (web/lib/use_cart_price.ts). */
    pricing: CartPricing;
    /** The discount code's field, shown above the totals. */
    codeField?: ReactNode;
  },
) {
  const i18n = useI18n();
  const { t, lkr } = i18n;
  const problems = new Map(
    checkoutProblems(cart, maxPerLine).map((p) => [p.key, checkoutProblemText(i18n, p)]),
  );
  // When the cart's pre-orders come (the last date); one without a date is sent when it arrives.
  const arrival = preorderArrival(cart);
  const weight = cartWeightGrams(cart);
  const fee = deliveryFee(weight, method, feeRules);
  // The shop's price answers this method's delivery only once it has priced for it.
  const price = pricing.price?.payment_method === method ? pricing.price : null;
  const figures = cartFigures(price, cart, fee);
  return (
    <section className="order-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t("summary.title")}</h2>
      <ul className="summary-lines">
        {cart.map((line) => {
          const priced = figures.lines.find((p) =>
            p.type === line.type && p.id === line.id && p.quantity === line.quantity
          );
          return (
            <li key={lineKey(line)}>
              <span className="summary-title">{line.title}</span>
              <span className="line-kind">
                {t(line.type === "book" ? "cart.book" : "cart.stationery")}
              </span>
              {line.preorder
                ? <Availability stock={line.stock} preorder preorderDate={line.preorderDate} />
                : null}
              <span className="summary-figures">
                <span>
                  {t("summary.weightTimes", {
                    kg: formatKg(line.weightGrams),
                    quantity: line.quantity,
                  })}
                </span>
                <span>
                  {t("summary.priceTimes", {
                    price: lkr(priced?.usualUnitCents ?? line.unitPriceCents),
                    quantity: line.quantity,
                  })}
                </span>
              </span>
              {priced
                ? (
                  <>
                    <LineSavings line={priced} />
                    <span className="summary-paid">
                      <LinePrice line={priced} />
                    </span>
                  </>
                )
                : null}
              {problems.has(lineKey(line))
                ? <span className="line-problem" role="alert">{problems.get(lineKey(line))}</span>
                : null}
            </li>
          );
        })}
      </ul>
      {codeField}
      <GiftVoucherField
        voucher={pricing.voucher}
        answer={pricing.price?.voucher ?? null}
        pricing={pricing.pricing}
        blockedSeconds={pricing.voucherBlockedSeconds}
        onApply={pricing.setVoucher}
        onRemove={() => pricing.setVoucher(null)}
      />
      <PricingNotice pricing={pricing} />
      <dl className="totals">
        <div>
          <dt>{t("summary.totalWeight")}</dt>
          <dd>{t("book.weightKg", { kg: formatKg(weight) })}</dd>
        </div>
      </dl>
      <BreakdownTotals breakdown={figures} />
      <ul className="delivery-notes">
        <li>{t("summary.deliveryDays")}</li>
        {/* Only a cart with a pre-order is told when it comes: its date, or that it is sent when it arrives. */}
        {arrival?.kind === "date"
          ? <li>{t("summary.preorderExpected", { date: i18n.date(arrival.date) })}</li>
          : arrival?.kind === "weeks"
          ? <li>{t("summary.deliveryWeeks")}</li>
          : null}
      </ul>
    </section>
  );
}
