/** The checkout's order summary, recomputed from the cart and the payment method. */
import {
  type Cart,
  cartTotalCents,
  cartWeightGrams,
  checkoutProblems,
  lineKey,
} from "../../domain/cart/cart.ts";
import { formatKg } from "../../domain/money.ts";
import type { FeeRules } from "../../domain/orders/fees.ts";
import { deliveryFee } from "../../domain/orders/payment_policy.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { useI18n } from "../i18n/mod.ts";
import { Availability } from "./ProductFacts.tsx";
import { checkoutProblemText } from "../lib/cart_words.ts";
import { preorderArrival } from "../../domain/orders/preorder_arrival.ts";

export function OrderSummary(
  { cart, method, maxPerLine, feeRules }: {
    cart: Cart;
    method: PaymentMethod;
    /** The copies of one item an order may hold: a line above it is named. */
    maxPerLine: number;
    feeRules?: FeeRules;
  },
) {
  const i18n = useI18n();
  const { t, lkr } = i18n;
  const problems = new Map(
    checkoutProblems(cart, maxPerLine).map((p) => [p.key, checkoutProblemText(i18n, p)]),
  );
  // A cart whose pre-orders all have dates: each line says its own, so no weeks are promised.
  const arrival = preorderArrival(cart);
  const weight = cartWeightGrams(cart);
  const total = cartTotalCents(cart);
  const fee = deliveryFee(weight, method, feeRules);
  return (
    <section className="order-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t("summary.title")}</h2>
      <ul className="summary-lines">
        {cart.map((line) => (
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
                  price: lkr(line.unitPriceCents),
                  quantity: line.quantity,
                })}
              </span>
            </span>
            {problems.has(lineKey(line))
              ? <span className="line-problem" role="alert">{problems.get(lineKey(line))}</span>
              : null}
          </li>
        ))}
      </ul>
      <dl className="totals">
        <div>
          <dt>{t("summary.totalWeight")}</dt>
          <dd>{t("book.weightKg", { kg: formatKg(weight) })}</dd>
        </div>
        <div>
          <dt>{t("amount.items")}</dt>
          <dd>{lkr(total)}</dd>
        </div>
        <div>
          <dt>{t("amount.deliveryFee")}</dt>
          <dd>{lkr(fee)}</dd>
        </div>
        <div className="grand-total">
          <dt>{t("amount.totalToPay")}</dt>
          <dd>{lkr(total + fee)}</dd>
        </div>
      </dl>
      <ul className="delivery-notes">
        <li>{t("summary.deliveryDays")}</li>
        {/* Dated pre-orders say their date on their lines, as their pages do: no weeks. */}
        {arrival?.kind === "date" ? null : <li>{t("summary.deliveryWeeks")}</li>}
      </ul>
    </section>
  );
}
