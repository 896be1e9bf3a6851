/** My Shopping Cart: the stored lines, refreshed from the shop, with quantities and totals. */
import { useState } from "react";
import {
  type Cart as StoredCart,
  type CartLine,
  checkoutProblems,
  decrement,
  increment,
  lineCeiling,
  lineKey,
  removeLine,
} from "../../domain/cart/cart.ts";
import { setTypedQuantity } from "../../domain/cart/typed_quantity.ts";
import { CartLineView } from "../components/CartLineView.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { useStoredCart } from "../lib/use_cart.ts";
import { useCartPrice } from "../lib/use_cart_price.ts";
import { DiscountCodeField } from "../components/DiscountCodeField.tsx";
import { cartFigures, PricingNotice } from "../components/CartPrice.tsx";
import { BreakdownTotals } from "../components/MoneyBreakdown.tsx";
import { EmptyCart } from "../components/EmptyCart.tsx";
import type { WireCartPrice } from "../../contract/cart_price.ts";
import { useI18n } from "../i18n/mod.ts";
import {
  type CartNotice,
  ceilingText,
  checkoutProblemText,
  refusalText,
} from "../lib/cart_words.ts";

/** The notices above the cart, each said once. */
function Notices({ notices }: { notices: CartNotice[] }) {
  const { t } = useI18n();
  const texts = [...new Map(notices.map((n) => [t(n.key, n.values), n.tone])).entries()];
  return (
    <>
      {texts.map(([text, tone]) => (
        <p key={text} className={tone === "error" ? "notice notice-error" : "notice"} role="status">
          {text}
        </p>
      ))}
    </>
  );
}

/**
 * The stored cart as the server drew it from the cart's cookie (http/pages/drawn_cart.ts):
 * its lines as the shop sells them now and the shop's price of them (the cart's without a
 * method, the checkout's for the method it starts with).
 */
export type DrawnCart =
  | { cart: StoredCart; price: WireCartPrice }
  // An empty cart (no cookie came): nothing to price.
  | { cart: []; price?: undefined };

export interface CartProps {
  /** The copies of one item an order may hold (`MAX_LINE_QUANTITY`, from the server). */
  maxPerLine: number;
  /** The cart the server drew; absent when the browser draws it (the loading state first). */
  drawn?: DrawnCart;
}

export function Cart({ maxPerLine, drawn }: CartProps) {
  const { cart, setCart, notices, refreshing, settled } = useStoredCart(drawn?.cart);
  // Priced by the shop without a payment method: delivery is chosen at checkout.
  const pricing = useCartPrice(cart, null, "together", drawn?.price);
  const [alert, setAlert] = useState<string | null>(null);
  const i18n = useI18n();
  const { t, href } = i18n;

  if (cart === null) return <Spinner label={t("cart.loading")} />;
  if (cart.length === 0) {
    return (
      <EmptyCart
        message={t("cart.empty")}
        notices={<Notices notices={notices.map((n) => ({ ...n, tone: "info" }))} />}
      />
    );
  }

  const found = checkoutProblems(cart, maxPerLine);
  const problems = new Map(found.map((p) => [p.key, checkoutProblemText(i18n, p)]));
  const price = pricing.price;
  const figures = cartFigures(price, cart, null);
  // The breakdown's line of this very line (same quantity), else none: the cart's own price.
  const pricedLine = (line: CartLine) =>
    figures.lines.find((p) =>
      p.type === line.type && p.id === line.id && p.quantity === line.quantity
    );
  // A press while the shop is asked about the cart waits for its answer: the button stays
  // live, so a press as the check begins is never lost.
  const checkout = async () => {
    const problem = checkoutProblems(await settled(), maxPerLine)[0];
    if (problem) {
      setAlert(checkoutProblemText(i18n, problem));
      return;
    }
    location.assign(href("/checkout"));
  };

  return (
    <div className="cart">
      <div className="notices">
        <Notices notices={notices} />
        {alert ? <p className="notice notice-error" role="alert">{alert}</p> : null}
        {refreshing ? <Spinner label={t("cart.checking")} /> : null}
      </div>
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">{t("cart.description")}</th>
            <th scope="col">{t("cart.actions")}</th>
            <th scope="col" className="line-price">{t("cart.price")}</th>
          </tr>
        </thead>
        <tbody>
          {cart.map((line) => {
            const key = lineKey(line);
            return (
              <CartLineView
                key={key}
                line={line}
                priced={pricedLine(line)}
                problem={problems.get(key)}
                atCeiling={ceilingText(i18n, line, maxPerLine)}
                ceiling={lineCeiling(line, maxPerLine)}
                onQuantity={(quantity) => {
                  setAlert(null);
                  setCart(setTypedQuantity(cart, key, String(quantity), maxPerLine));
                }}
                onMinus={() => {
                  setAlert(null);
                  setCart(decrement(cart, key));
                }}
                onPlus={() => {
                  const change = increment(cart, key, maxPerLine);
                  setAlert(refusalText(i18n, change, line) ?? null);
                  setCart(change.cart);
                }}
                onRemove={() => {
                  setAlert(null);
                  setCart(removeLine(cart, key));
                }}
              />
            );
          })}
        </tbody>
      </table>
      <div className="cart-price">
        <DiscountCodeField
          code={pricing.code}
          answer={price?.code ?? null}
          pricing={pricing.pricing}
          blockedSeconds={pricing.blockedSeconds}
          onApply={pricing.setCode}
          onRemove={() => pricing.setCode(null)}
        />
        <div className="cart-sums" aria-busy={pricing.pricing}>
          <PricingNotice pricing={pricing} />
          <BreakdownTotals breakdown={figures} />
          {price?.free_delivery ? null : <p className="hint">{t("cart.feeLater")}</p>}
        </div>
      </div>
      <div className="cart-actions">
        <a href={href("/")} className="button button-ghost">{t("cart.continue")}</a>
        <button
          type="button"
          className="button button-large"
          onClick={checkout}
          aria-busy={refreshing}
        >
          {t("cart.checkout")}
        </button>
      </div>
    </div>
  );
}
