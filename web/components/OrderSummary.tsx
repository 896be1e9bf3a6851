/** The checkout's order summary, recomputed from the cart and the payment method. */
import {
  type Cart,
  cartTotalCents,
  cartWeightGrams,
  checkoutProblems,
  lineKey,
} from "../../domain/cart/cart.ts";
import { formatKg, formatLkr } from "../../domain/money.ts";
import { deliveryFee, type FeeRules } from "../../domain/orders/fees.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { AMOUNT_LABELS } from "../../domain/orders/amount_labels.ts";
import { kindLabel } from "./CartLineView.tsx";
import { preorderLabel } from "./ProductFacts.tsx";

export function OrderSummary(
  { cart, method, feeRules }: { cart: Cart; method: PaymentMethod; feeRules?: FeeRules },
) {
  const problems = new Map(checkoutProblems(cart).map((p) => [p.key, p.message]));
  const weight = cartWeightGrams(cart);
  const total = cartTotalCents(cart);
  const fee = deliveryFee(weight, method, feeRules);
  return (
    <section className="order-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Order summary</h2>
      <ul className="summary-lines">
        {cart.map((line) => (
          <li key={lineKey(line)}>
            <span className="summary-title">{line.title}</span>
            <span className="line-kind">{kindLabel(line.type)}</span>
            {line.preorder
              ? <span className="stock preorder">{preorderLabel(line.preorderDate)}</span>
              : null}
            <span className="summary-figures">
              <span>{formatKg(line.weightGrams)} Kg x {line.quantity}</span>
              <span>{formatLkr(line.unitPriceCents)} x {line.quantity}</span>
            </span>
            {problems.has(lineKey(line))
              ? <span className="line-problem" role="alert">{problems.get(lineKey(line))}</span>
              : null}
          </li>
        ))}
      </ul>
      <dl className="totals">
        <div>
          <dt>Total weight</dt>
          <dd>{formatKg(weight)} Kg</dd>
        </div>
        <div>
          <dt>{AMOUNT_LABELS.items}</dt>
          <dd>{formatLkr(total)}</dd>
        </div>
        <div>
          <dt>{AMOUNT_LABELS.deliveryFee}</dt>
          <dd>{formatLkr(fee)}</dd>
        </div>
        <div className="grand-total">
          <dt>{AMOUNT_LABELS.totalToPay}</dt>
          <dd>{formatLkr(total + fee)}</dd>
        </div>
      </dl>
      <ul className="delivery-notes">
        <li>Orders Will Be Delivered in 3 - 5 Working Days</li>
        <li>Pre-Orders Will Be Delivered in 3 - 4 Weeks</li>
      </ul>
    </section>
  );
}
